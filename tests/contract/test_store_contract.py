"""One contract for the storage protocol, run against every backend.

The embedded store always runs. The Neo4j store runs when NEO4J_URI is set
(in a fresh workspace that is removed afterwards) and is skipped otherwise,
saying why (the `store` fixtures are in conftest.py). Title links have their
own file, test_title_contract.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, Entity, GraphWrite, LightRAGError, Relation
from lightrag_core.storage.base import GraphStore
from lightrag_core.workbench.analytics import EntityLookup, find_entity
from tests.support.neo4j_live import DIM


def _vec(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def _doc_write(doc_id: str, n: int = 2) -> GraphWrite:
    info = DocumentInfo(doc_id, doc_id, f"{doc_id}.txt", "hash-" + doc_id, PROCESSED, chunk_count=n)
    chunks = [Chunk(f"{doc_id}-c{i}", doc_id, i, 10, f"text {i} of {doc_id}", f"{doc_id}.txt", _vec(100 + i))
              for i in range(n)]
    return GraphWrite(document=info, document_text="body", chunks=chunks,
                      chunk_records={c.id: {"entities": [], "relations": []} for c in chunks})


def _graph(store: GraphStore) -> None:
    w = _doc_write("d1", 3)
    names = ["Alpha", "Beta", "Gamma", "Delta"]
    w.entities = [Entity(n, "thing", f"{n} description", ["d1-c0"], ["d1.txt"], 1.0, _vec(i))
                  for i, n in enumerate(names)]
    # Alpha is a hub: Alpha-Beta, Alpha-Gamma, Alpha-Delta, and Beta-Gamma.
    pairs = [("Alpha", "Beta", 1.0), ("Alpha", "Gamma", 5.0), ("Alpha", "Delta", 2.0), ("Beta", "Gamma", 3.0)]
    w.relations = [Relation(a, b, "linked", f"{a}-{b}", wt, ["d1-c1"], ["d1.txt"], 1.0, _vec(10 + i))
                   for i, (a, b, wt) in enumerate(pairs)]
    store.apply(w)


def test_protocol_is_implemented(store):
    assert isinstance(store, GraphStore)


def test_searches_before_the_first_write_find_nothing(fresh_store):
    """No vectors yet (on a new Neo4j database not even the vector indexes): empty results, no error."""
    assert fresh_store.search_entities(_vec(1), 5, 0.0) == []
    assert fresh_store.search_relations(_vec(1), 5, 0.0) == []
    assert fresh_store.search_chunks(_vec(1), 5, 0.0) == []
    assert fresh_store.counts() == {"documents": 0, "chunks": 0, "entities": 0, "relations": 0}


def test_a_chunk_or_relation_without_its_parent_fails_and_writes_nothing(store):
    _graph(store)
    before = store.counts()
    orphan_chunk = GraphWrite(chunks=[Chunk("x-c0", "no-such-doc", 0, 3, "text", "x.txt", _vec(7))])
    with pytest.raises(LightRAGError, match="document 'no-such-doc'"):
        store.apply(orphan_chunk)
    orphan_relation = GraphWrite(
        entities=[Entity("Epsilon", "thing", "new", ["d1-c0"], ["d1.txt"], 1.0, _vec(5))],
        relations=[Relation("Epsilon", "Nowhere", "linked", "x", 1.0, ["d1-c0"], ["d1.txt"], 1.0, _vec(6))])
    with pytest.raises(LightRAGError, match="entity 'Nowhere'"):
        store.apply(orphan_relation)
    assert store.counts() == before and not store.get_entities(["Epsilon"])


def test_search_scores_are_exact_cosines_and_thresholds_cut_exactly(store):
    _graph(store)
    query = _vec(2)
    names = ["Alpha", "Beta", "Gamma", "Delta"]
    exact = {n: float(np.dot(query, _vec(i))) for i, n in enumerate(names)}
    hits = store.search_entities(query, top_k=4, threshold=-1.0)
    assert [h.name for h in hits] == sorted(names, key=lambda n: -exact[n])
    for h in hits:
        assert h.score == pytest.approx(exact[h.name], abs=1e-5)
    cut = sorted(exact.values())[1]  # keeps exactly the top three, the third scoring the threshold itself
    assert len(store.search_entities(query, top_k=4, threshold=cut - 1e-5)) == 3


def test_pages_and_headings_are_kept_with_the_text_and_the_chunks(store):
    """A citation needs the page: a document's places travel with its text (kept when only the status
    changes, replaced with a new text), and each chunk's places come back by chunk id."""
    w = _doc_write("d1")
    w.document_places = [(0, "p. 1"), (40, "p. 2")]
    w.chunks[1].places = [(0, "p. 1"), (12, "p. 2")]
    store.apply(w)
    assert store.get_document_places("d1") == [(0, "p. 1"), (40, "p. 2")]
    assert store.get_chunk_places(["d1-c0", "d1-c1", "nope"]) == {"d1-c1": [(0, "p. 1"), (12, "p. 2")]}
    info = store.get_document("d1")
    info.status = "processing"
    store.save_document(info)  # no new text: the places stay
    assert store.get_document_places("d1") == [(0, "p. 1"), (40, "p. 2")]
    store.save_document(info, "new body", [(0, "§ Intro")])
    assert store.get_document_places("d1") == [(0, "§ Intro")]
    store.save_document(info, "plain text again")  # a text with no places has none
    assert store.get_document_places("d1") == [] and store.get_document_places("nope") == []

def test_documents_round_trip_and_status(store):
    store.apply(_doc_write("d1"))
    info = store.get_document("d1")
    assert info.status == PROCESSED and info.chunk_count == 2
    assert store.get_document_text("d1") == "body"
    assert store.document_chunk_ids("d1") == ["d1-c0", "d1-c1"]
    info.status, info.error = "failed", "boom"
    store.save_document(info)
    assert store.get_document("d1").error == "boom"
    assert [d.id for d in store.list_documents()] == ["d1"]
    assert store.get_document("nope") is None


def test_document_heads_read_the_start_and_the_length_only(store):
    """A listing shows 100 characters and a length: the store returns those, not the whole text."""
    store.apply(_doc_write("d1"))
    info = store.get_document("d1")
    store.save_document(info, "é" * 500)
    assert store.document_heads(["d1", "nope"], 100) == {"d1": ("é" * 100, 500)}
    assert info.whole_file is False  # a document written without the flag
    info.whole_file = True  # a file's document: resume must know a new version replaces the old one
    store.save_document(info)
    assert store.get_document("d1").whole_file is True and store.list_documents()[0].whole_file is True


def test_embedding_model_mismatch_is_refused(store):
    with pytest.raises(LightRAGError, match="test-model"):
        store.set_embedding_meta("other-model", 1536)
    assert store.embedding_meta() == ("test-model", DIM)


def test_the_rule_behind_the_graph_vectors_is_recorded_beside_the_model(store):
    """graph_vectors.SCHEME: a workspace that never recorded one says "" (made before the rule was recorded)."""
    assert store.graph_vectors_scheme() == ""
    store.set_graph_vectors_scheme("rule-a")
    store.set_graph_vectors_scheme("rule-b")
    assert store.graph_vectors_scheme() == "rule-b" and store.embedding_meta() == ("test-model", DIM)


def test_degrees_and_edge_degrees(store):
    _graph(store)
    deg = {e.name: e.degree for e in store.entities_with_degree(["Alpha", "Beta", "Delta", "Nobody"])}
    assert deg == {"Alpha": 3, "Beta": 2, "Delta": 1}
    rels = {r.key: r.degree for r in store.relations_of(["Delta"])}
    assert rels == {("Alpha", "Delta"): 4}
    assert [r.key for r in store.relations_of(["Gamma", "Delta"])] == [
        ("Alpha", "Delta"), ("Alpha", "Gamma"), ("Beta", "Gamma")]  # by (src, tgt): base.py's contract
    around_beta = {r.key: r.degree for r in store.relations_of(["Beta"])}
    assert around_beta == {("Alpha", "Beta"): 5, ("Beta", "Gamma"): 4}


def test_vector_search_stages(store):
    _graph(store)
    hits = store.search_entities(_vec(2), top_k=2, threshold=0.0)
    assert hits[0].name == "Gamma" and hits[0].score == pytest.approx(1.0, abs=1e-4)
    assert hits[0].degree == 2 and len(hits) == 2
    rels = store.search_relations(_vec(11), top_k=1, threshold=0.0)
    assert rels[0].key == ("Alpha", "Gamma") and rels[0].degree == 5 and rels[0].weight == 5.0
    chunks = store.search_chunks(_vec(101), top_k=3, threshold=0.0)
    assert chunks[0].id == "d1-c1" and chunks[0].doc_id == "d1"
    assert store.search_chunks(_vec(101), top_k=3, threshold=0.9999)[0].id == "d1-c1"
    scores = store.chunk_scores(["d1-c0", "d1-c2", "missing"], _vec(100))
    assert set(scores) == {"d1-c0", "d1-c2"} and scores["d1-c0"] == pytest.approx(1.0, abs=1e-4)


def test_batched_reads(store):
    _graph(store)
    assert set(store.get_entities(["Alpha", "Zeta"])) == {"Alpha"}
    assert store.resolve_names(["alpha", "zeta"]) == {"alpha": "Alpha"}
    got = store.get_relations([("Gamma", "Alpha"), ("Beta", "Delta")])
    assert set(got) == {("Alpha", "Gamma")}
    assert set(store.get_chunks(["d1-c0", "x"])) == {"d1-c0"}
    assert store.get_chunk_records(["d1-c0"]) == {"d1-c0": {"entities": [], "relations": []}}
    assert store.counts() == {"documents": 1, "chunks": 3, "entities": 4, "relations": 4}


def test_deletes_cascade_and_leave_vectors_consistent(store):
    _graph(store)
    store.apply(GraphWrite(delete_entities=["Alpha"], delete_relations=[("Beta", "Gamma")]))
    assert store.counts()["relations"] == 0
    assert {e.name for e in store.search_entities(_vec(0), 10, -1.0)} == {"Beta", "Gamma", "Delta"}
    assert store.search_relations(_vec(11), 10, -1.0) == []
    store.apply(GraphWrite(delete_document_ids=["d1"]))
    assert store.search_chunks(_vec(101), 10, -1.0) == []
    assert store.counts()["documents"] == 0 and store.counts()["chunks"] == 0


def test_failed_write_changes_nothing(store):
    _graph(store)
    before = store.counts()
    bad = _doc_write("d2")
    bad.entities = [Entity("Broken", "thing", "x", [], [], 0.0, np.ones(DIM + 1, dtype=np.float32))]
    with pytest.raises(LightRAGError, match="dimension"):
        store.apply(bad)
    assert store.counts() == before
    assert store.get_document("d2") is None
    assert [e.name for e in store.search_entities(_vec(0), 1, 0.0)] == ["Alpha"]


def test_lexical_search_and_name_tokens(store):
    _graph(store)
    w = _doc_write("d2", 2)
    w.chunks[0].content = "The quick brown fox jumps over the lazy dog"
    w.chunks[1].content = "A lazy afternoon"
    w.entities = [Entity("Alpha Centauri", "star", "x", ["d2-c0"], ["d2.txt"], 1.0, _vec(50))]
    store.apply(w)
    hits = store.search_chunks_text(["fox", "lazy"], 5)
    assert [c.id for c in hits][:2] == ["d2-c0", "d2-c1"] and hits[0].score > hits[1].score > 0
    assert store.search_chunks_text(["nowhere"], 5) == [] and store.search_chunks_text([], 5) == []
    assert store.entities_with_tokens([["alpha"], ["centauri", "alpha"], [], ["zeta"]], 10) == [
        ["Alpha", "Alpha Centauri"], ["Alpha Centauri"], [], []]
    # Deleting the document takes its chunks out of the text index too.
    store.apply(GraphWrite(delete_document_ids=["d2"], delete_entities=["Alpha Centauri"]))
    assert store.search_chunks_text(["fox"], 5) == []
    assert store.entities_with_tokens([["centauri"]], 10) == [[]]


def test_neighbourhood_of_seeds(store):
    _graph(store)
    hood = store.neighbourhood(["Beta", "Nobody"], 2)
    assert hood.seeds == ["Beta"]
    # Closeness to Beta: Gamma 3 (relation) + 1 (shared chunk d1-c0) = 4; Alpha 1 + 1 = 2; Delta 0 + 1 = 1.
    assert list(hood.entities) == ["Beta", "Gamma", "Alpha"]
    assert hood.entities["Gamma"] == ["d1-c0"]
    assert hood.relations == [("Alpha", "Beta", 1.0), ("Alpha", "Gamma", 5.0), ("Beta", "Gamma", 3.0)]
    assert store.neighbourhood(["Nobody"], 5).entities == {}


def test_write_version_moves_with_every_write_and_the_snapshot_follows(store):
    from lightrag_core.workbench.snapshot import graph_snapshot

    before = store.write_version()
    _graph(store)
    after = store.write_version()
    assert after != before
    first = graph_snapshot(store)
    assert graph_snapshot(store) is first  # unchanged graph: the same snapshot, no second read
    assert len(first.entities) == 4
    store.apply(GraphWrite(delete_entities=["Delta"]))
    assert store.write_version() != after
    second = graph_snapshot(store)
    assert second is not first and len(second.entities) == 3


def test_graph_outline_and_most_cited_chunks(store):
    _graph(store)
    entities, relations = store.graph_outline()
    assert {e.name: e.degree for e in entities} == {"Alpha": 3, "Beta": 2, "Gamma": 2, "Delta": 1}
    assert {e.type for e in entities} == {"thing"} and all(e.description == "" for e in entities)
    assert sorted((r.src, r.tgt, r.weight) for r in relations) == [
        ("Alpha", "Beta", 1.0), ("Alpha", "Delta", 2.0), ("Alpha", "Gamma", 5.0), ("Beta", "Gamma", 3.0)]
    assert store.most_cited_chunks(5) == [("d1-c0", 4)]


def test_neighbourhood_keeps_the_given_seed_order_and_closeness_order(store):
    """base.py's order contract: seeds as given (not by name), then neighbours by closeness, ties by name."""
    _graph(store)
    hood = store.neighbourhood(["Gamma", "Nobody", "Beta", "Gamma"], 5)
    assert hood.seeds == ["Gamma", "Beta"]
    # Closeness to {Gamma, Beta}: Alpha 5 + 1 (relations) + 2 (shared chunk d1-c0 twice) = 8; Delta 0 + 2 = 2.
    assert list(hood.entities) == ["Gamma", "Beta", "Alpha", "Delta"]
    assert store.neighbourhood(["Delta", "Alpha"], 0).seeds == ["Delta", "Alpha"]


def test_equal_scores_come_in_key_order_also_at_the_cut(store):
    """Identical vectors tie exactly: the contract orders them by key, and the cut keeps the lowest keys."""
    w = _doc_write("d1", 3)
    same = _vec(42)
    for c in w.chunks:
        c.embedding = same
    w.chunks[0].id, w.chunks[2].id = "d1-zz", "d1-aa"
    w.chunks[0].content = w.chunks[1].content = w.chunks[2].content = "same words here"
    w.chunk_records = {c.id: {"entities": [], "relations": []} for c in w.chunks}
    w.entities = [Entity(n, "thing", "same", [w.chunks[0].id], ["d1.txt"], 1.0, same) for n in ("Zed", "Abe", "Mo")]
    w.relations = [Relation(a, b, "k", "same", 1.0, [w.chunks[0].id], ["d1.txt"], 1.0, same)
                   for a, b in (("Mo", "Zed"), ("Abe", "Zed"), ("Abe", "Mo"))]
    store.apply(w)
    assert [e.name for e in store.search_entities(same, 3, 0.0)] == ["Abe", "Mo", "Zed"]
    assert [e.name for e in store.search_entities(same, 2, 0.0)] == ["Abe", "Mo"]
    assert [r.key for r in store.search_relations(same, 2, 0.0)] == [("Abe", "Mo"), ("Abe", "Zed")]
    assert [c.id for c in store.search_chunks(same, 2, 0.0)] == ["d1-aa", "d1-c1"]
    assert [c.id for c in store.search_chunks_text(["same"], 2)] == ["d1-aa", "d1-c1"]
    assert store.entities_with_tokens([["same"], ["zed"]], 2) == [[], ["Zed"]]


def test_one_tokenisation_apostrophes_dots_and_accents(store):
    """Both stores index and ask for lexical.words: split at apostrophes and dots, accents folded."""
    from lightrag_core import lexical

    w = _doc_write("d3", 2)
    w.chunks[0].content = "O'Brien filmed Ocean's Eleven in the U.S. at Alû, rated 3.5"
    w.chunks[1].content = "Nothing to see here"
    w.entities = [Entity(n, "film", "x", ["d3-c0"], ["d3.txt"], 1.0, _vec(60 + i))
                  for i, n in enumerate(["Ocean's Eleven", "Alû", "U.S. Army"])]
    store.apply(w)
    for query in (["alu"], ["Alû"], ["brien"], ["ocean's"], ["3.5"]):
        assert [c.id for c in store.search_chunks_text(query, 5)] == ["d3-c0"], query
    assert store.entities_with_tokens([lexical.words("ocean's"), lexical.words("ALU"), lexical.words("u.s."),
                                       lexical.words("navy's")], 5) == [["Ocean's Eleven"], ["Alû"], ["U.S. Army"], []]


def test_case_variants_of_a_name_resolve_to_the_least_name(store):
    store.apply(GraphWrite(entities=[Entity(n, "place", "x", [], [], 1.0) for n in ("Paris", "PARIS", "paris")]))
    assert store.resolve_names(["paris", "nowhere"]) == {"paris": "PARIS"}


def test_a_typed_name_finds_its_entity_in_any_case_and_else_the_names_holding_it(store):
    """The Graph analytics explorer's look-up (workbench.analytics.find_entity) is the same on every store."""
    _graph(store)
    scrooges = GraphWrite(entities=[Entity(n, "person", "x", ["d1-c0"], ["d1.txt"], 1.0, _vec(70 + i))
                                    for i, n in enumerate(["Ebenezer Scrooge", "Uncle Scrooge"])],
                          relations=[Relation("Alpha", "Uncle Scrooge", "kin", "x", 1.0, ["d1-c1"], ["d1.txt"], 1.0,
                                              _vec(80))])
    store.apply(scrooges)
    outline, _ = store.graph_outline()
    assert find_entity(store, "alpha", outline) == EntityLookup("Alpha")
    assert find_entity(store, "  EBENEZER scrooge ", outline) == EntityLookup("Ebenezer Scrooge")
    # no entity is named "scrooge": the names holding it, most connected first
    assert find_entity(store, "scrooge", outline) == EntityLookup(None, ["Uncle Scrooge", "Ebenezer Scrooge"])
    assert find_entity(store, "nobody", outline) == EntityLookup(None, [])
    # names that differ only in case: the one typed, or the reader picks among them
    store.apply(GraphWrite(entities=[Entity(n, "place", "x", [], [], 1.0) for n in ("Paris", "PARIS")]))
    outline, _ = store.graph_outline()
    assert find_entity(store, "Paris", outline) == EntityLookup("Paris")
    assert find_entity(store, "PARIS", outline) == EntityLookup("PARIS")
    assert find_entity(store, "paris", outline) == EntityLookup(None, ["PARIS", "Paris"])


def test_evaluation_records_round_trip_replace_by_id_and_keep_kinds_apart(store):
    store.save_evaluation("question_set", {"id": "s2", "at": 2.0, "name": "later", "questions": [{"q": "b"}]})
    store.save_evaluation("question_set", {"id": "s1", "at": 1.0, "name": "first", "questions": [{"q": "a"}]})
    store.save_evaluation("run", {"id": "r1", "at": 3.0, "set_id": "s1", "summary": {"naive": {"recall@5": 0.5}}})
    assert [r["id"] for r in store.list_evaluations("question_set")] == ["s1", "s2"]  # oldest first
    assert store.list_evaluations("run")[0]["summary"] == {"naive": {"recall@5": 0.5}}
    store.save_evaluation("question_set", {"id": "s1", "at": 1.0, "name": "renamed", "questions": []})
    assert [r["name"] for r in store.list_evaluations("question_set")] == ["renamed", "later"]  # replaced, not added
    store.delete_evaluations("question_set", ["s1", "missing"])
    assert [r["id"] for r in store.list_evaluations("question_set")] == ["s2"]
    assert [r["id"] for r in store.list_evaluations("run")] == ["r1"]  # another kind is untouched
    assert store.list_evaluations("nothing") == []


def test_clearing_the_workspace_removes_every_document_and_the_graph_in_one_write(store):
    """DELETE /documents: everything indexed goes (searches find nothing), the expert's rules stay unless
    asked, and then they are undone in the same write."""
    from lightrag_core.indexing.removal import clear_write

    _graph(store)
    store.apply(_doc_write("d2"))
    store.save_rule({"id": "r1", "action": "approve", "kind": "entity", "target": {"name": "Alpha"}, "at": 1.0,
                     "state": "active"})
    kept = clear_write(store)
    assert sorted(kept.delete_document_ids) == ["d1", "d2"] and not kept.rules
    store.apply(kept)
    assert store.list_documents() == [] and store.counts() == {k: 0 for k in store.counts()}
    assert store.search_chunks(_vec(100), 5, 0.0) == [] and store.search_entities(_vec(0), 5, 0.0) == []
    assert [r["state"] for r in store.list_rules()] == ["active"]
    store.apply(clear_write(store, undo_rules=True, who="ann"))
    assert [(r["state"], r["undone_by"]) for r in store.list_rules()] == [("undone", "ann")]
