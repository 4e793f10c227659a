"""The stores every contract test runs against: the embedded one always, Neo4j when NEO4J_URI is set."""

from __future__ import annotations

import pytest

from tests.support.neo4j_live import DIM, live_store


def _sqlite(tmp_path):
    from lightrag_core.storage.sqlite.store import SQLiteStore

    return SQLiteStore(tmp_path)


@pytest.fixture(params=["embedded", "neo4j"])
def fresh_store(request, tmp_path):
    """A store nothing was ever written to (for Neo4j: a new workspace, removed afterwards)."""
    s = _sqlite(tmp_path) if request.param == "embedded" else live_store(tmp_path, "contract")
    yield s
    if request.param == "neo4j":
        s.drop_workspace()
    s.close()


@pytest.fixture
def store(fresh_store):
    fresh_store.set_embedding_meta("test-model", DIM)
    return fresh_store
