"""Title keys as indexed nodes, and vector search by the SEARCH clause, on a real server
(tests/unit/test_neo4j_title_keys.py and tests/unit/test_neo4j_search_clause.py show each offline).

Runs when NEO4J_URI is set (fresh workspaces, removed afterwards) and is skipped with the reason otherwise.
The store contract (tests/contract/test_store_contract.py), which runs here too, checks title_chunks' answers.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, Entity, GraphWrite, Relation
from lightrag_core.storage.neo4j.cypher_files import cypher
from lightrag_core.storage.neo4j.search import (
    SEARCH_CLAUSE_FROM,
    SEARCH_CLAUSE_STATEMENTS,
    vector_statement,
    widen_vector_search,
)
from lightrag_core.storage.neo4j.store import Neo4jStore
from lightrag_core.storage.neo4j.writes import vector as vector_param
from tests.support.neo4j_live import DIM, live_settings

pytestmark = [pytest.mark.neo4j]

# Test-only statements (values as parameters): what the store's own statements leave behind.
KEY_NODES = "MATCH (t:TitleKey {workspace: $workspace}) RETURN t.key AS key, t.doc_id AS doc_id ORDER BY key, doc_id"
AS_BEFORE = ("MATCH (t:TitleKey {workspace: $workspace}) DETACH DELETE t WITH count(*) AS gone "
             "MATCH (w:Workspace {name: $workspace}) REMOVE w.title_keys_indexed")


@pytest.fixture
def settings(tmp_path):
    return live_settings(tmp_path, "titlekeys")


@pytest.fixture
def store(settings):
    s = Neo4jStore.from_settings(settings)
    s.set_embedding_meta("test-model", DIM)
    yield s
    s.drop_workspace()
    s.close()


def _raw(store: Neo4jStore, statement: str) -> list[dict[str, Any]]:
    records, _, _ = store.driver.execute_query(statement, {"workspace": store.workspace}, database_=store.database)
    return [r.data() for r in records]


def _doc(doc_id: str, subject: str) -> GraphWrite:
    info = DocumentInfo(doc_id, f"{doc_id}.txt", f"{doc_id}.txt", "h", PROCESSED, subject=subject, chunk_count=1)
    return GraphWrite(document=info, chunks=[Chunk(f"{doc_id}-c0", doc_id, 0, 1, "text", f"{doc_id}.txt")])


def _operators(plan: dict[str, Any]) -> list[str]:
    """Every operator of an EXPLAIN plan with its details, depth first."""
    out = [f"{plan.get('operatorType', '')} {plan.get('args', {}).get('Details', '')}"]
    for child in plan.get("children", []):
        out += _operators(child)
    return out


def test_title_chunks_is_planned_from_the_title_key_index(store):
    store.apply(_doc("z1", "Émile Zola"))
    _, summary, _ = store.driver.execute_query("EXPLAIN " + cypher("title_chunks"),
                                               {"workspace": store.workspace, "lowered": ["émile zola"]},
                                               database_=store.database)
    ops = _operators(summary.plan)
    # The composite index (workspace and key), not the workspace-only one, which would read every key of it.
    assert any("NodeIndexSeek" in op and re.search(r"TitleKey\(workspace, ?key\)", op) for op in ops), ops
    assert not any(("LabelScan" in op or "NodeIndexScan" in op) and "Document" in op for op in ops), ops


def test_key_nodes_follow_the_document_through_rewrite_removal_and_drop(store):
    store.apply(_doc("z1", "Émile Zola"))
    store.save_document(DocumentInfo("f1", "Élan_Vital.md", "Élan_Vital.md", "h", PROCESSED))
    assert _raw(store, KEY_NODES) == [{"key": "élan vital", "doc_id": "f1"}, {"key": "émile zola", "doc_id": "z1"}]
    store.apply(_doc("z1", "Nana (novel)"))  # rewritten under another subject: the old key goes
    assert {r["key"] for r in _raw(store, KEY_NODES) if r["doc_id"] == "z1"} == {"nana (novel)", "nana"}
    assert store.title_chunks(["nana", "émile zola"]) == {"nana": {"Nana (novel)": ["z1-c0"]}}
    store.apply(GraphWrite(delete_document_ids=["z1"]))
    assert _raw(store, KEY_NODES) == [{"key": "élan vital", "doc_id": "f1"}]
    store.drop_workspace()
    assert _raw(store, KEY_NODES) == []


def test_a_workspace_written_before_key_nodes_is_answered_then_migrated(store, settings):
    store.apply(_doc("z1", "Émile Zola"))
    _raw(store, AS_BEFORE)  # as the previous version left it: the keys only as the document's list
    reader = Neo4jStore(store.driver, store.database, store.workspace)  # not opened: no migration ran
    assert reader.title_chunks(["émile zola"]) == {"émile zola": {"Émile Zola": ["z1-c0"]}}  # by the scan
    reopened = Neo4jStore.from_settings(settings)  # opening migrates, once
    try:
        assert _raw(store, KEY_NODES) == [{"key": "émile zola", "doc_id": "z1"}]
        assert reopened.title_chunks(["émile zola"]) == {"émile zola": {"Émile Zola": ["z1-c0"]}}
        assert reopened._title_keys_indexed
    finally:
        reopened.close()


# -- vector search: the statement this server gets, and both variants agreeing where SEARCH exists ------------

def test_the_store_runs_the_statements_this_server_version_gets(store):
    expected = "_25" if store.server_version >= SEARCH_CLAUSE_FROM else ""
    assert vector_statement("search_entities", store.server_version) == "search_entities" + expected


def _unit(i: int) -> np.ndarray:
    v = np.random.default_rng(i).standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def test_both_variants_return_the_same_rows_where_the_store_uses_the_search_clause(store):
    """Where the store runs SEARCH (2026.04+) the procedures still run (deprecated, not removed): both must agree."""
    if store.server_version < SEARCH_CLAUSE_FROM:
        pytest.skip(f"Neo4j {store.server_version} gets the procedures; the SEARCH statements run from 2026.04")
    entities = [Entity(f"E{i}", "t", "", ["d1-c0"], [], 1.0, _unit(i)) for i in range(12)]
    relations = [Relation(f"E{i}", f"E{i + 1}", "k", "d", 1.0, ["d1-c0"], [], 1.0, _unit(100 + i))
                 for i in range(11)]
    write = _doc("d1", "")
    write.chunks = [Chunk(f"d1-c{i}", "d1", i, 1, f"text {i}", "d1.txt", _unit(200 + i)) for i in range(12)]
    write.entities, write.relations = entities, relations
    store.apply(write)
    query = vector_param(_unit(7))
    for name, twin in SEARCH_CLAUSE_STATEMENTS.items():
        for top_k in (1, 5, 12):
            procedures = widen_vector_search(store._read, name, query, top_k, 0.0)
            clause = widen_vector_search(store._read, twin, query, top_k, 0.0)
            assert clause == procedures, (name, top_k)
