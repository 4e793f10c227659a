"""Title links: a question naming a document's title reaches the document's chunks, even when no
entity carries that name."""

from __future__ import annotations

import numpy as np
import pytest

from lightrag_core.models import Chunk, DocumentInfo, Entity, GraphWrite, Neighbourhood
from lightrag_core.query import linking, ppr
from lightrag_core.query.multihop import multihop_search, title_seeds
from lightrag_core.query.params import QueryParam
from lightrag_core.storage.sqlite.store import SQLiteStore

DIM = 4


def _vec(*xs: float) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def _doc(store: SQLiteStore, doc_id: str, subject: str, texts: list[str], entities: list[tuple[str, int]]) -> None:
    chunks = [Chunk(f"{doc_id}-{i}", doc_id, i, 5, t, doc_id, _vec(1, i + 1, 0, 0)) for i, t in enumerate(texts)]
    ents = [Entity(name, "thing", f"about {name}", [chunks[i].id], [doc_id], embedding=_vec(0, 0, 1, i + 1))
            for name, i in entities]
    records = {c.id: {"entities": [[n, "thing", "x"] for n, i in entities if i == k], "relations": []}
               for k, c in enumerate(chunks)}
    store.apply(GraphWrite(document=DocumentInfo(doc_id, subject or doc_id, doc_id, "h" + doc_id, "processed",
                                                 subject=subject),
                           document_text="\n".join(texts), chunks=chunks, chunk_records=records, entities=ents))


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path)
    s.set_embedding_meta("test", DIM)
    # The extractor found no entity named after either title (spaCy small misses titles of works).
    _doc(s, "d1", "The Tin Drum (novel)", ["A novel of 1959 by Günter Grass.", "It follows Oskar."],
         [("Günter Grass", 0), ("Oskar", 1)])
    _doc(s, "d2", "Günter Grass", ["Günter Grass was born in Danzig."], [("Günter Grass", 0), ("Danzig", 0)])
    _doc(s, "d3", "Lilu (band)", ["A band."], [])
    _doc(s, "d4", "Lilu (mythology)", ["A spirit."], [])
    _doc(s, "d5", "Unrelated", ["Something about Danzig harbours."], [("Danzig", 0)])
    # Merged over both documents, as indexing would: the novel's first chunk and the author's page.
    s.apply(GraphWrite(entities=[Entity("Günter Grass", "person", "a writer", ["d1-0", "d2-0"], ["d1", "d2"],
                                        embedding=_vec(0, 0, 1, 1))]))
    _doc(s, "d6", "Mahlke", ["A schoolboy."], [])
    _doc(s, "d7", "Mahlke (film)", ["A film."], [])
    yield s
    s.close()


def test_a_question_naming_a_title_links_to_its_documents_chunks(store):
    links = linking.link_by_title(store, "Where was the author of The Tin Drum born?")
    assert [(lk.keyword, lk.entity, lk.method, lk.chunk_ids) for lk in links] == [
        ("the tin drum", "The Tin Drum (novel)", "title", ["d1-0", "d1-1"])]
    assert links[0].to_dict()["chunks"] == 2 and "chunk_ids" not in links[0].to_dict()


def test_a_title_with_its_article_is_linked_from_the_question_in_lower_case(store):
    """"by the Tin Drum" writes the title's own "The" in lower case: the title still links, under the run
    the question capitalises."""
    links = linking.link_by_title(store, "Who wrote the Tin Drum?")
    assert [(lk.keyword, lk.entity) for lk in links] == [("tin drum", "The Tin Drum (novel)")]
    assert linking.link_by_title(store, "Who played a tin drum at Tin Drum Hall?") == []


def test_an_ambiguous_title_links_nothing_unless_one_is_the_exact_name(store):
    assert linking.link_by_title(store, "What is Lilu?") == []  # Lilu (band) or Lilu (mythology)
    assert [lk.entity for lk in linking.link_by_title(store, "Who was Mahlke?")] == ["Mahlke"]
    # A qualifier alone does not make a title ambiguous.
    assert [lk.entity for lk in linking.link_by_title(store, "Who is The Tin Drum about?")] == [
        "The Tin Drum (novel)"]


def test_title_and_entity_links_of_one_name_both_survive(store):
    links = [linking.Link("günter grass", "Günter Grass", "question", 1.0),
             linking.Link("günter grass", "Günter Grass", "title", 1.0, ["d2-0"])]
    assert {lk.method for lk in linking.best_links(links)} == {"question", "title"}


def test_chunk_seeds_restart_the_walk_at_a_chunk_no_entity_mentions():
    hood = Neighbourhood(["A"], {"A": ["x"]}, [])
    walk = ppr.personalized_pagerank(hood, {}, chunk_seeds={"lonely": 1.0})
    assert ppr.ranked(walk.chunk_scores)[0] == "lonely"
    assert title_seeds([linking.Link("t", "T", "title", 1.0, ["a", "b"])]) == {"a": 0.5, "b": 0.5}


def test_multihop_reaches_the_titled_document_and_the_second_hop(store):
    links = linking.link_by_title(store, "Where was the author of The Tin Drum born?")
    hits = multihop_search(store, "Where was the author of The Tin Drum born?", links, _vec(0, 0, 0, 1),
                           QueryParam(mode="multihop", chunk_top_k=5))
    ranked_docs = list(dict.fromkeys(c.doc_id for c in hits.chunks))
    # The titled novel, and the author's own page reached through the entity the novel's chunk mentions.
    assert set(ranked_docs[:2]) == {"d1", "d2"}
    decision = hits.walk.trust_decision
    assert decision.by_method == {"title": 1} and decision.specific_seeds == 1 and decision.trust > 1
    assert decision.weights["graph"] == pytest.approx(decision.trust)


def test_the_neo4j_store_asks_its_title_statement_once_and_groups_the_rows():
    from lightrag_core.storage.neo4j.store import Neo4jStore
    from tests.support.fake_neo4j import FakeNeo4jDriver

    rows = [{"key": "lilu", "title": "Lilu (band)", "chunk_ids": ["d2-c0"]},
            {"key": "lilu", "title": "Lilu (mythology)", "chunk_ids": ["d1-c0", "d1-c1"]}]
    answers = {"title_chunks": rows, "title_keys_done_get": [{"done": True}]}
    driver = FakeNeo4jDriver(lambda name, params: answers.get(name, []))
    store = Neo4jStore(driver, "neo4j", "ws")
    assert store.title_chunks(["lilu", "mahlke"]) == {
        "lilu": {"Lilu (band)": ["d2-c0"], "Lilu (mythology)": ["d1-c0", "d1-c1"]}}
    # The workspace's keys are nodes (read once per store), then one statement per question.
    assert driver.calls == [("title_keys_done_get", {"workspace": "ws"}),
                            ("title_chunks", {"workspace": "ws", "lowered": ["lilu", "mahlke"]})]
    assert store.title_chunks(["lilu"]) and driver.calls[-1][0] == "title_chunks" and len(driver.calls) == 3
    assert store.title_chunks([]) == {} and len(driver.calls) == 3  # nothing to look up: no round trip


def test_a_file_name_is_a_title_when_the_document_has_no_subject(tmp_path):
    store = SQLiteStore(tmp_path)
    store.set_embedding_meta("test", DIM)
    chunk = Chunk("f-0", "f", 0, 5, "Chapter one.", "Blechtrommel_notes.md", _vec(1, 0, 0, 0))
    store.apply(GraphWrite(document=DocumentInfo("f", "Blechtrommel_notes.md", "Blechtrommel_notes.md", "h",
                                                 "processed", whole_file=True),
                           document_text="Chapter one.", chunks=[chunk]))
    links = linking.link_by_title(store, "What do the Blechtrommel Notes say?")
    assert [(lk.entity, lk.method, lk.chunk_ids) for lk in links] == [("Blechtrommel_notes.md", "title", ["f-0"])]
    store.close()


def test_a_possessive_name_links_to_its_own_document(store):
    # "Günter Grass's first novel": the author's page, as "the author of" would reach it
    links = linking.link_by_title(store, "Who published Günter Grass's first novel?")
    assert [(lk.entity, lk.chunk_ids) for lk in links] == [("Günter Grass", ["d2-0"])]


def test_a_title_with_an_initial_links_as_written(tmp_path):
    # "Jon L. Luther": the initial's full stop is part of the title; without it no document is named so
    store = SQLiteStore(tmp_path)
    store.set_embedding_meta("test", DIM)
    _doc(store, "j", "Ada K. Lorne", ["Ada K. Lorne was the chief executive officer of Two Crow Press."], [])
    links = linking.link_by_title(store, "Ada K. Lorne was the CEO of a publisher based in what city?")
    assert [(lk.keyword, lk.entity, lk.chunk_ids) for lk in links] == [("ada k. lorne", "Ada K. Lorne", ["j-0"])]
    store.close()
