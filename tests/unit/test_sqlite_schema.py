"""The embedded store creates its schema all at once: a failure part-way leaves no tables behind."""

from __future__ import annotations

import sqlite3

import pytest

from lightrag_core.storage.sqlite import store as store_module
from lightrag_core.storage.sqlite.store import SQLiteStore


def _tables(path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))


def test_a_failure_inside_the_schema_leaves_no_table(tmp_path, monkeypatch):
    # The last statement fails, as a kill would interrupt it; the tables created before it must go too.
    monkeypatch.setattr(store_module, "SEARCH_SCHEMA", store_module.SEARCH_SCHEMA + "CREATE TABLE meta (x);")
    with pytest.raises(sqlite3.OperationalError, match="already exists"):
        SQLiteStore(tmp_path)
    assert _tables(tmp_path / "graph.sqlite") == []


def test_opening_again_keeps_what_is_stored(tmp_path):
    store = SQLiteStore(tmp_path)
    store.set_embedding_meta("model-x", 8)
    store.close()
    tables = _tables(tmp_path / "graph.sqlite")
    assert {"meta", "documents", "chunks", "entities", "relations", "mentions"} <= set(tables)
    reopened = SQLiteStore(tmp_path)
    assert reopened.embedding_meta() == ("model-x", 8)
    assert _tables(tmp_path / "graph.sqlite") == tables
    reopened.close()
