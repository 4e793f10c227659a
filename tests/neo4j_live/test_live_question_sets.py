"""Question sets on Neo4j: the same passages give the same generated set on both stores (same chunk ids, same
graph types), and the set and its run are kept in the Neo4j workspace. Runs when NEO4J_URI is set (a fresh
workspace, removed afterwards); otherwise skipped with the reason."""

from __future__ import annotations

import pytest

from lightrag_core import Engine, Settings
from lightrag_core.indexing.loaders import read_jsonl
from lightrag_core.workbench.testset import build, runs, sets
from tests.conftest import HOTPOT, _need_data
from tests.support.neo4j_live import live_settings

pytestmark = [pytest.mark.neo4j, pytest.mark.slow]


def test_a_set_generated_on_neo4j_equals_the_embedded_one_and_is_kept_there(tmp_path):
    settings = live_settings(tmp_path / "neo4j", "questions")
    _need_data()
    docs = read_jsonl(HOTPOT / "corpus.jsonl")[:40]
    embedded = Engine(Settings.from_env(tmp_path / "embedded", llm_model="", neo4j_uri="", embedding_model=""))
    embedded.index_documents(docs)
    neo = Engine(settings, store_kind="neo4j", embedder=embedded.embedder)
    try:
        neo.index_documents(docs)
        on_neo, _ = build.generate_set(neo, "parity", count=15, seed=3)
        on_sqlite, _ = build.generate_set(embedded, "parity", count=15, seed=3)
        assert [(q.question, q.gold_chunk_ids) for q in on_neo.questions] == [
            (q.question, q.gold_chunk_ids) for q in on_sqlite.questions]
        run = runs.run_set(neo, on_neo, ["naive", "multihop"], [5, 8])
        assert sets.find_set(neo.store, "parity").id == on_neo.id
        assert [r.id for r in runs.list_runs(neo.store, on_neo.id)] == [run.id]
        sets.delete_set(neo.store, on_neo.id)
        assert sets.list_sets(neo.store) == [] and runs.list_runs(neo.store) == []
    finally:
        neo.store.drop_workspace()
        neo.close()
        embedded.close()
