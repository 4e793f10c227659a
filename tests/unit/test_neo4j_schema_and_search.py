"""Neo4j store logic that a server would only show by failing: index checks, search widening, batching.

The driver here answers each named statement the way the server does for that statement (its rows or
its error); the store's own code runs unchanged. The live suite runs the same paths on a real server.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from lightrag_core.models import LightRAGError
from lightrag_core.storage.neo4j import cypher_files, schema
from lightrag_core.storage.neo4j.store import Neo4jStore, to_index_score
from tests.support.fake_neo4j import FakeNeo4jDriver, IndexCatalogue


def _rows(name: str, label: str, prop: str, dim: int | None = 384, state: str = "ONLINE") -> dict:
    return {"name": name, "label": label, "property": prop, "dimensions": dim, "state": state}


GOOD = [_rows("entity_embedding", "Entity", "embedding"), _rows("related_embedding", "RELATED", "embedding"),
        _rows("chunk_embedding", "Chunk", "embedding")]


def test_the_three_indexes_pass_when_they_cover_their_label_property_and_dimension():
    schema.check_vector_indexes(GOOD, 384, "neo4j")


def test_another_tools_index_in_the_way_is_named_with_the_fix():
    langchain = [GOOD[0], GOOD[1], _rows("vector", "Chunk", "embedding", 1536)]
    with pytest.raises(LightRAGError, match=r"'vector' in database 'neo4j' already covers :Chunk\(embedding\).*"
                                            r"'chunk_embedding' could not be created.*DROP INDEX `vector`"):
        schema.check_vector_indexes(langchain, 384, "neo4j")


def test_wrong_dimension_wrong_target_missing_and_failed_indexes_are_refused():
    with pytest.raises(LightRAGError, match="has dimension 8, but this workspace's embeddings have 384"):
        schema.check_vector_indexes([_rows("entity_embedding", "Entity", "embedding", 8), *GOOD[1:]], 384, "db")
    with pytest.raises(LightRAGError, match=r"covers :Document\(embedding\), not :Chunk\(embedding\)"):
        schema.check_vector_indexes([*GOOD[:2], _rows("chunk_embedding", "Document", "embedding")], 384, "db")
    with pytest.raises(LightRAGError, match="'related_embedding' was not created"):
        schema.check_vector_indexes([GOOD[0], GOOD[2]], 384, "db")
    with pytest.raises(LightRAGError, match="has FAILED"):
        schema.check_vector_indexes([*GOOD[:2], _rows("chunk_embedding", "Chunk", "embedding", state="FAILED")],
                                    384, "db")


def test_setting_the_model_creates_waits_for_and_verifies_the_indexes():
    catalogue = IndexCatalogue(rest=lambda name, params: [])
    driver = FakeNeo4jDriver(catalogue)
    Neo4jStore(driver, "neo4j", "ws").set_embedding_meta("m", 384)
    names = [n for n, _ in driver.calls]
    assert names == ["meta_get", "schema_indexes", "index_entity_vector", "index_relation_vector",
                     "index_chunk_vector", "schema_indexes", "await_index", "await_index", "await_index", "meta_set"]
    assert catalogue.awaited == ["entity_embedding", "related_embedding", "chunk_embedding"]


def test_a_search_before_any_write_returns_nothing_instead_of_the_missing_index_error():
    from neo4j.exceptions import Neo4jError

    def answer(name, params):
        if name.startswith("search_"):  # what a database without the vector index says
            raise Neo4jError._hydrate_neo4j(code="Neo.ClientError.Procedure.ProcedureCallFailed",
                                            message="There is no such vector schema index: entity_embedding")
        return []

    store = Neo4jStore(FakeNeo4jDriver(answer), "neo4j", "ws")
    q = np.ones(4, dtype=np.float32)
    assert store.search_entities(q, 5, 0.2) == [] and store.search_relations(q, 5, 0.2) == []
    assert store.search_chunks(q, 5, 0.2) == []


class SharedIndex:
    """One vector index holding two workspaces, answering search_entities as the statement does:
    the index's `candidates` nearest, kept to the workspace, ordered by score, top_k of them."""

    def __init__(self, rows: list[tuple[str, str, float]]) -> None:
        self.rows = sorted(rows, key=lambda r: -r[2])  # (workspace, name, cosine)
        self.asked: list[int] = []

    def __call__(self, name, params):
        if name == "meta_get":
            return [{"model": "m", "dim": 4}]
        assert name == "search_entities"
        self.asked.append(params["candidates"])
        found = self.rows[:params["candidates"]]
        mine = [r for r in found if r[0] == params["workspace"]][:params["top_k"]]
        common = {"seen": len(found), "lowest": to_index_score(found[-1][2]) if found else None}
        if not mine:
            return [{**common, "name": None, "score": None}]
        return [{**common, "name": n, "type": "t", "description": "", "source_ids": [], "file_paths": [],
                 "created_at": 0.0, "degree": 0, "score": to_index_score(s)} for _, n, s in mine]


def test_a_small_workspace_beside_a_big_one_still_gets_its_top_k():
    big = [("big", f"b{i}", 0.9 - i * 1e-4) for i in range(3000)]
    small = [("small", f"s{i}", 0.5 - i * 0.01) for i in range(5)]
    index = SharedIndex(big + small)
    hits = Neo4jStore(FakeNeo4jDriver(index), "neo4j", "small").search_entities(np.ones(4), 5, 0.2)
    assert [h.name for h in hits] == ["s0", "s1", "s2", "s3", "s4"]
    assert index.asked == [20, 80, 320, 1280, 5120]  # widened until the workspace's rows were reached
    assert hits[0].score == pytest.approx(0.5)


def test_widening_stops_when_the_index_runs_out_or_falls_below_the_threshold():
    few = SharedIndex([("big", "b0", 0.9), ("small", "s0", 0.8)])
    assert [h.name for h in Neo4jStore(FakeNeo4jDriver(few), "n", "small").search_entities(np.ones(4), 5, 0.0)] == [
        "s0"]
    # Fewer rows than asked for proves nothing on an approximate index (the manual's warning); a wider
    # ask that finds no more does.
    assert few.asked == [20, 80]
    falling = SharedIndex([("big", f"b{i}", 0.6 - i * 0.01) for i in range(100)])
    assert Neo4jStore(FakeNeo4jDriver(falling), "n", "small").search_entities(np.ones(4), 5, 0.5) == []
    assert falling.asked == [20]  # its 20th candidate is already below 0.5: wider cannot help


def test_dropping_a_workspace_goes_label_by_label_in_batches():
    left = {"drop_workspace_reviews": [0], "drop_workspace_curation": [2, 0], "drop_workspace_evaluations": [1, 0],
            "drop_workspace_chunks": [5000, 1200, 0], "drop_workspace_documents": [3, 0],
            "drop_workspace_title_keys": [4, 0], "drop_workspace_entities": [5000, 0]}

    def answer(name, params):
        if name in left:
            assert params["batch"] == schema.DROP_BATCH
            return [{"deleted": left[name].pop(0)}]
        return []

    driver = FakeNeo4jDriver(answer)
    Neo4jStore(driver, "neo4j", "ws").drop_workspace()
    assert [n for n, _ in driver.calls] == [
        "drop_workspace_reviews", "drop_workspace_curation", "drop_workspace_curation",
        "drop_workspace_evaluations", "drop_workspace_evaluations",
        "drop_workspace_chunks", "drop_workspace_chunks", "drop_workspace_chunks",
        "drop_workspace_documents", "drop_workspace_documents", "drop_workspace_title_keys",
        "drop_workspace_title_keys", "drop_workspace_entities",
        "drop_workspace_entities", "drop_workspace_meta"]


def test_statements_use_the_degree_store_float32_vectors_and_workspace_indexes():
    texts = {n: cypher_files.cypher(n) for n in cypher_files.names()}
    # A label on the far end stops the planner from reading the degree from the node's store.
    assert not [n for n, t in texts.items() if re.search(r"COUNT \{ \(\w\)-\[:RELATED\]-\(:", t)]
    # Vectors go through the procedures that store float32, never through SET (float64 lists).
    assert not [n for n, t in texts.items() if re.search(r"\.embedding\s*=", t)]
    assert "setNodeVectorProperty" in texts["set_chunk_vectors"] + texts["set_entity_vectors"]
    assert "setRelationshipVectorProperty" in texts["set_relation_vectors"]
    for name in ("index_workspace_document", "index_workspace_chunk", "index_workspace_entity",
                 "index_workspace_review", "index_workspace_related", "index_workspace_title_key"):
        assert name in schema.SCHEMA_STATEMENTS.values() and "ON (" in texts[name]
    # Searches rescore exactly, so thresholds and order match the embedded store's exact search.
    for name in ("search_entities", "search_relations", "search_chunks", "search_entities_25",
                 "search_relations_25", "search_chunks_25"):
        assert "vector.similarity.cosine" in texts[name]
