"""The second Neo4j review's findings on a real server: a 5,000-chunk document, MENTIONS kept by what
changed, opening without schema changes, and lexical searches beside a bigger workspace.

Runs when NEO4J_URI is set (fresh workspaces, removed afterwards) and is skipped with the reason
otherwise. README, 'Neo4j' -> 'The live test suite' says which finding each test covers.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, Entity, GraphWrite, Relation
from tests.support.fake_neo4j import STATEMENT_NAMES
from tests.support.neo4j_live import DIM, live_store

pytestmark = [pytest.mark.neo4j]


def _mentions(store) -> dict[str, int]:
    """MENTIONS edges per chunk, as the store reads them."""
    return dict(store.most_cited_chunks(1_000_000))


def test_a_document_of_5000_chunks_is_written_and_a_hub_grows_by_what_changed(tmp_path):
    """Big documents: bounded statements in one transaction; MENTIONS maintained incrementally."""
    store = live_store(tmp_path, "big")
    try:
        store.set_embedding_meta("test-model", DIM)
        n = 5000
        vecs = np.random.default_rng(0).standard_normal((n, DIM)).astype(np.float32)
        vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
        chunks = [Chunk(f"big-c{i}", "big", i, 300, f"Section {i} of the long book about the river Alû",
                        "big.txt", vecs[i]) for i in range(n)]
        hub = Entity("River", "place", "the river", [c.id for c in chunks], ["big.txt"], 1.0, vecs[0])
        people = [Entity(f"Person {i}", "person", "x", [f"big-c{i}"], ["big.txt"], 1.0, vecs[i])
                  for i in range(0, n, 10)]
        relations = [Relation("River", p.name, "near", "x", 1.0, p.source_ids, ["big.txt"], 1.0, vecs[j])
                     for j, p in enumerate(people)]
        info = DocumentInfo("big", "big", "big.txt", "h", PROCESSED, chunk_count=n)
        store.apply(GraphWrite(document=info, document_text="the book", chunks=chunks, entities=[hub, *people],
                               relations=relations))
        assert store.counts() == {"documents": 1, "chunks": n, "entities": 1 + len(people),
                                  "relations": len(people)}
        assert store.document_chunk_ids("big") == [c.id for c in chunks]
        before = _mentions(store)
        assert sum(before.values()) == n + len(people) and before["big-c10"] == 2 and before["big-c11"] == 1
        assert [c.id for c in store.search_chunks(vecs[4321], 1, 0.9)] == ["big-c4321"]
        assert [c.id for c in store.search_chunks_text(["alu", "4321"], 1)] == ["big-c4321"]

        # A second document: the hub gains one chunk and loses one; its other 4,999 edges stay.
        doc2 = DocumentInfo("two", "two", "two.txt", "h2", PROCESSED, chunk_count=1)
        hub2 = Entity("River", "place", "the river", [*hub.source_ids[2:], hub.source_ids[0], "two-c0"],
                      ["big.txt", "two.txt"], 1.0, vecs[0])
        store.apply(GraphWrite(document=doc2, chunks=[Chunk("two-c0", "two", 0, 3, "the river again", "two.txt",
                                                            vecs[1])],
                               entities=[hub2], expected_entities={"River": hub.source_ids}))
        after = _mentions(store)
        assert after["two-c0"] == 1 and "big-c1" not in after
        assert sum(after.values()) == sum(before.values())  # one added, one removed
        assert store.neighbourhood(["River"], 0).entities["River"] == sorted(hub2.source_ids)

        # Re-indexing the document rewrites its chunks (their edges go with them): MENTIONS come back whole.
        store.apply(GraphWrite(document=info, delete_document_ids=["big"], chunks=chunks, entities=[hub2, *people],
                               expected_entities={"River": hub2.source_ids}))
        assert _mentions(store) == after
    finally:
        store.drop_workspace()
        store.close()


class RecordingDriver:
    """The real driver, recording which of the store's statements it is asked to run."""

    def __init__(self, driver: Any) -> None:
        self._driver = driver
        self.names: list[str] = []

    def execute_query(self, query: Any, *args: Any, **kwargs: Any) -> Any:
        self.names.append(STATEMENT_NAMES.get(query, query))
        return self._driver.execute_query(query, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._driver, name)


def test_opening_a_store_whose_schema_exists_changes_no_schema(tmp_path):
    """A reader can query: with the schema in place an open only reads (version, SHOW INDEXES, a flag)."""
    from lightrag_core.storage.neo4j.store import Neo4jStore

    first = live_store(tmp_path, "schema")  # creates whatever was missing
    recording = RecordingDriver(first.driver)
    try:
        store = Neo4jStore(recording, first.database, first.workspace, first.uri)
        store.check_version()
        store.create_schema()
        # The first open marked the workspace's words as indexed: nothing to fill, nothing written.
        assert recording.names == ["db_version", "schema_indexes", "words_done_get"] and store.read_only is None
        names = {r["name"]: r for r in store._read("schema_indexes")}
        assert names["chunk_words_fulltext"]["analyzer"] == "whitespace"
        assert names["chunk_words_fulltext"]["state"] == "ONLINE"
    finally:
        first.drop_workspace()
        first.close()


def test_lexical_searches_of_a_small_workspace_beside_a_big_one_find_its_own(tmp_path):
    """Full-text searches widen per workspace; alias candidates are the first names by name."""
    small, big = live_store(tmp_path / "s", "small"), live_store(tmp_path / "b", "big")
    try:
        for s in (small, big):
            s.set_embedding_meta("test-model", DIM)
        crowd = [Chunk(f"b-c{i}", "b", i, 3, "river river river delta", "b.txt") for i in range(2000)]
        big.apply(GraphWrite(document=DocumentInfo("b", "b", "b.txt", "h", PROCESSED, chunk_count=2000),
                             chunks=crowd, entities=[Entity(f"Nolan {i:03}", "person", "x", [], [], 1.0)
                                                     for i in range(300)]))
        mine = [Chunk(f"s-c{i}", "s", i, 3, f"a long text that mentions the river once, part {i}", "s.txt")
                for i in range(3)]
        small.apply(GraphWrite(document=DocumentInfo("s", "s", "s.txt", "h", PROCESSED, chunk_count=3),
                               chunks=mine, entities=[Entity(n, "person", "x", [], [], 1.0)
                                                      for n in ("Nolan Zed", "Christopher Nolan", "Jonathan Nolan")]))
        assert sorted(c.id for c in small.search_chunks_text(["river"], 3)) == ["s-c0", "s-c1", "s-c2"]
        assert small.entities_with_tokens([["nolan"]], 2) == [["Christopher Nolan", "Jonathan Nolan"]]
    finally:
        small.drop_workspace()
        big.drop_workspace()
        small.close()
        big.close()


def test_alias_candidates_and_bm25_hits_agree_on_the_hotpot_titles_with_apostrophes_and_accents(tmp_path):
    """Tokenisation parity on real titles ("Alû", "Hawaii's 2nd congressional district", "J. B. Handelsman"):
    each title's words find the same entity names in both stores, and the same chunks by BM25."""
    from lightrag_core import lexical
    from lightrag_core.storage.sqlite.store import SQLiteStore
    from tests.unit.test_neo4j_findings import _hotpot_titles

    titles = _hotpot_titles()
    neo, emb = live_store(tmp_path / "n", "titles"), SQLiteStore(tmp_path / "e")
    try:
        for s in (neo, emb):
            s.set_embedding_meta("test-model", DIM)
            s.apply(GraphWrite(
                document=DocumentInfo("t", "t", "t.txt", "h", PROCESSED, chunk_count=len(titles)),
                chunks=[Chunk(f"t-c{i:03}", "t", i, 5, f"About {t}.", "t.txt") for i, t in enumerate(titles)],
                entities=[Entity(t, "thing", "", [], [], 1.0) for t in titles]))
        queries = [lexical.words(t) for t in titles] + [["alu"], ["ocean", "s"], ["u", "s"]]
        assert neo.entities_with_tokens(queries, 50) == emb.entities_with_tokens(queries, 50)
        for title in titles:
            assert title in neo.entities_with_tokens([lexical.words(title)], 50)[0], title
            hits = {c.id for c in neo.search_chunks_text(lexical.words(title), 200)}
            assert hits == {c.id for c in emb.search_chunks_text(lexical.words(title), 200)}, title
    finally:
        neo.drop_workspace()
        neo.close()
        emb.close()
