"""Linking, personalized PageRank, fusion and query escaping, on hand-built data with known answers."""

from __future__ import annotations

import numpy as np
import pytest

from lightrag_core import lexical
from lightrag_core.models import Chunk, DocumentInfo, Entity, GraphWrite, Neighbourhood, Relation
from lightrag_core.query import fusion, linking, ppr
from lightrag_core.query.multihop import seed_weights
from lightrag_core.storage.sqlite.store import SQLiteStore

DIM = 4


def _vec(*xs: float) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path)
    s.set_embedding_meta("test", DIM)
    chunks = [Chunk(f"c{i}", "d", i, 5, text, "d.txt", _vec(1, i, 0, 0)) for i, text in enumerate([
        "Inception is a film directed by Christopher Nolan.",
        "Christopher Nolan was born in London to Brendan Nolan.",
        "Jonathan Nolan is a screenwriter and the brother of Christopher.",
        "Sathish Kalathil is an Indian film director.",
    ])]

    def ent(name: str, ids: list[str], v: np.ndarray) -> Entity:
        return Entity(name, "person", f"about {name}", ids, ["d.txt"], embedding=v)

    entities = [
        ent("Inception", ["c0"], _vec(1, 0, 0, 0)),
        ent("Christopher Nolan", ["c0", "c1", "c2"], _vec(0, 1, 0, 0)),
        ent("Jonathan Nolan", ["c2"], _vec(0, 1, 1, 0)),
        ent("London", ["c1"], _vec(0, 0, 1, 0)),
        ent("Sathish Kalathil", ["c3"], _vec(0, 0, 0, 1)),
    ]
    relations = [
        Relation("Christopher Nolan", "Inception", "directed", "Nolan directed Inception", 2.0, ["c0"], ["d.txt"],
                 embedding=_vec(1, 1, 0, 0)),
        Relation("Christopher Nolan", "London", "born in", "born in London", 1.0, ["c1"], ["d.txt"],
                 embedding=_vec(0, 1, 1, 0)),
        Relation("Christopher Nolan", "Jonathan Nolan", "brother", "brothers", 1.5, ["c2"], ["d.txt"],
                 embedding=_vec(0, 1, 1, 1)),
    ]
    s.apply(GraphWrite(document=DocumentInfo("d", "d", "d.txt", "h", "processed"), document_text="x",
                       chunks=chunks, entities=entities, relations=relations))
    yield s
    s.close()


# -- linking ------------------------------------------------------------------------------------
def test_exact_link_is_case_insensitive(store):
    links, unlinked = linking.link_by_name(store, "who directed inception?", ["inception"])
    assert [(lk.entity, lk.method, lk.confidence) for lk in links] == [("Inception", "exact", 1.0)]
    assert unlinked == []


def test_alias_links_a_surname_only_when_unambiguous(store):
    links, unlinked = linking.link_by_name(store, "where was he born", ["Kalathil", "Nolan"])
    by_kw = {lk.keyword: lk for lk in links}
    assert by_kw["Kalathil"].entity == "Sathish Kalathil" and by_kw["Kalathil"].method == "alias"
    # Christopher Nolan and Jonathan Nolan tie: the alias is refused and left for the vector step.
    assert "Nolan" not in by_kw and unlinked == ["Nolan"]


def test_alias_prefers_the_one_shortest_name():
    names = ["Christopher Nolan", "Christopher Nolan filmography"]
    assert linking.alias_fits(["nolan"], names) == ["Christopher Nolan"]
    # a tie is two names, for the graph's degrees to settle or not (`popular`)
    assert linking.alias_fits(["nolan"], ["Christopher Nolan", "Jonathan Nolan"]) == ["Christopher Nolan",
                                                                                        "Jonathan Nolan"]
    assert linking.alias_fits(["nolan"], ["Nolan"]) == []  # same size: that is an exact match, not an alias


def test_a_tied_alias_goes_to_a_name_the_graph_connects_far_more():
    tied = ["Ebenezer Scrooge", "Uncle Scrooge"]
    assert linking.popular(tied, {"Ebenezer Scrooge": 69, "Uncle Scrooge": 2}) == "Ebenezer Scrooge"
    assert linking.popular(tied, {"Ebenezer Scrooge": 6, "Uncle Scrooge": 2}) is None  # not four times more
    assert linking.popular(tied, {"Ebenezer Scrooge": 4}) is None  # too few relations to judge by
    assert linking.popular(["Christopher Nolan", "Jonathan Nolan"], {"Christopher Nolan": 30, "Jonathan Nolan": 9}) \
        is None


def test_question_runs_link_names_the_keywords_missed(store):
    links, _ = linking.link_by_name(store, "Is Sathish Kalathil a director?", [])
    assert [(lk.entity, lk.method) for lk in links] == [("Sathish Kalathil", "question")]
    # Capitalised stop words ("Is", "The") link nothing.
    assert linking.link_by_name(store, "Is The It?", [])[0] == []


def test_vector_link_uses_each_keyword_vector_and_the_threshold(store):
    links = linking.link_by_vector(store, ["a brother", "noise"], np.stack([_vec(0, 1, 1, 0), _vec(-1, -1, -1, -1)]),
                                   0.9)
    assert [(lk.keyword, lk.entity, lk.method) for lk in links] == [("a brother", "Jonathan Nolan", "vector")]
    assert links[0].confidence == pytest.approx(1.0, abs=1e-5)


def test_best_links_keeps_the_most_confident_per_entity():
    links = [linking.Link("x", "E", "vector", 0.8), linking.Link("E", "E", "exact", 1.0),
             linking.Link("y", "F", "alias", 0.8)]
    assert [(lk.entity, lk.method) for lk in linking.best_links(links)] == [("E", "exact"), ("F", "alias")]


# -- neighbourhood and PageRank -----------------------------------------------------------------
def test_neighbourhood_follows_relations_and_shared_chunks(store):
    hood = store.neighbourhood(["Inception"], 10)
    assert hood.seeds == ["Inception"]
    # Christopher Nolan: relation weight 2 + one shared chunk (c0) = 3; nothing else touches Inception.
    assert list(hood.entities) == ["Inception", "Christopher Nolan"]
    assert hood.entities["Christopher Nolan"] == ["c0", "c1", "c2"]
    assert hood.relations == [("Christopher Nolan", "Inception", 2.0)]
    assert list(store.neighbourhood(["Christopher Nolan"], 1).entities) == ["Christopher Nolan", "Inception"]
    assert store.neighbourhood(["nobody"], 5) == Neighbourhood()


def test_ppr_ranks_a_hand_built_graph():
    # A -- B -- C chain of entities; chunk x mentions A, y mentions B, z mentions C.
    hood = Neighbourhood(["A"], {"A": ["x"], "B": ["y"], "C": ["z"]}, [("A", "B", 1.0), ("B", "C", 1.0)])
    walk = ppr.personalized_pagerank(hood, {"A": 1.0}, damping=0.5, max_iterations=100, tolerance=1e-12)
    assert ppr.ranked(walk.chunk_scores) == ["x", "y", "z"]
    assert ppr.ranked(walk.entity_scores) == ["A", "B", "C"]
    total = sum(walk.chunk_scores.values()) + sum(walk.entity_scores.values())
    assert total == pytest.approx(1.0)
    assert 1 < walk.iterations < 100 and walk.nodes == 6
    # Seeding C instead reverses the order; a chunk shared by two seeds outranks either's own.
    assert ppr.ranked(ppr.personalized_pagerank(hood, {"C": 1.0}).chunk_scores)[0] == "z"
    shared = Neighbourhood(["A", "C"], {"A": ["x", "m"], "C": ["z", "m"]}, [])
    assert ppr.ranked(ppr.personalized_pagerank(shared, {"A": 1.0, "C": 1.0}).chunk_scores)[0] == "m"


def test_ppr_with_no_seed_in_the_graph_scores_nothing():
    hood = Neighbourhood(["A"], {"A": ["x"]}, [])
    assert ppr.personalized_pagerank(hood, {"Z": 1.0}).chunk_scores == {}


def test_seed_weights_follow_specificity():
    links = [linking.Link("a", "Hub", "exact", 1.0), linking.Link("b", "Rare", "alias", 0.8)]
    weights = seed_weights(links, {"Hub": 100, "Rare": 2})
    assert weights["Rare"] == pytest.approx(0.4) and weights["Hub"] == pytest.approx(0.01)


# -- fusion and lexical ---------------------------------------------------------------------------
def test_rrf_sums_weighted_reciprocal_ranks():
    fused, origin = fusion.rrf([("g", ["a", "b", "c"], 2.0), ("v", ["c", "b"], 1.5), ("x", ["z"], 0.0)], k=1)
    # a: 2/2 = 1.0; b: 2/3 + 1.5/3 = 1.17; c: 2/4 + 1.5/2 = 1.25. A zero weight adds nothing.
    assert fused == ["c", "b", "a"] and "z" not in fused
    assert origin == {"a": "g", "b": "g", "c": "v"}
    fused, _ = fusion.rrf([("g", ["a", "b"], 1.0), ("v", ["b", "a"], 1.0)], k=1)
    assert fused == ["a", "b"]  # a tie keeps first appearance
    fused, _ = fusion.rrf([("g", ["a", "b"], 1.0), ("v", ["b", "a"], 1.0), ("l", ["b"], 1.0)], k=60)
    assert fused == ["b", "a"]


@pytest.mark.parametrize("query", [
    'what "quoted" text', "AND OR NOT NEAR", "a* b^2 c~ (d) {e} [f] -g +h : i", "Zoë Ünïcödé 東京 🎬",
    "'; DROP TABLE chunks; --", "\\\\ // || && !", '"', "NEAR(a b, 3)",
])
def test_lexical_search_never_raises_on_user_text(store, query):
    terms = lexical.terms(query)
    assert all(t.replace("_", "").isalnum() for t in terms)
    assert isinstance(store.search_chunks_text(terms, 5), list)
    assert isinstance(store.entities_with_tokens([lexical.words(query)], 5), list)


def test_lexical_search_ranks_by_bm25(store):
    hits = store.search_chunks_text(lexical.terms("Who is the Indian film director?"), 4)
    assert hits[0].id == "c3" and hits[0].score > 0
    assert lexical.terms("the of and") == ["the", "of", "and"]  # only stop words: keep them
    assert lexical.any_of(["a", "b"]) == '"a" OR "b"' and lexical.all_of(["a", "b"]) == '"a" AND "b"'


def test_question_runs_are_longest_first_and_do_not_overlap(store):
    spans = linking.question_ngrams("Is Christopher Nolan older than Nolan Ryan?")
    assert linking.longest_spans(["nolan", "christopher nolan", "nolan ryan"], spans, set()) == [
        "christopher nolan", "nolan ryan"]
    # A name linked from the keywords claims its span: "Nolan" inside it is not linked again.
    links, _ = linking.link_by_name(store, "Did Christopher Nolan direct it?", ["Christopher Nolan"])
    assert [(lk.entity, lk.method) for lk in links] == [("Christopher Nolan", "exact")]
