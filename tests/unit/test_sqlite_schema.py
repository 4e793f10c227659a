"""The embedded store creates its schema all at once: a failure part-way leaves no tables behind."""

from __future__ import annotations

import sqlite3

import pytest

from lightrag_core.models import DocumentInfo
from lightrag_core.storage.sqlite import schema as schema_module
from lightrag_core.storage.sqlite.store import SQLiteStore


def _tables(path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))


def test_a_failure_inside_the_schema_leaves_no_table(tmp_path, monkeypatch):
    # The last statement fails, as a kill would interrupt it; the tables created before it must go too.
    monkeypatch.setattr(schema_module, "SEARCH_SCHEMA", schema_module.SEARCH_SCHEMA + "CREATE TABLE meta (x);")
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


def test_a_workspace_from_before_whole_file_gains_the_column(tmp_path):
    store = SQLiteStore(tmp_path)
    store.save_document(DocumentInfo("d1", "a.txt", "a.txt", "h", "processed"))
    store.close()
    with sqlite3.connect(tmp_path / "graph.sqlite") as conn:  # as such a workspace was written
        conn.execute("ALTER TABLE documents DROP COLUMN whole_file")
    reopened = SQLiteStore(tmp_path)
    assert reopened.get_document("d1").whole_file is False
    reopened.save_document(DocumentInfo("d2", "b.txt", "b.txt", "h2", "processed", whole_file=True))
    assert [d.whole_file for d in reopened.list_documents()] == [False, True]
    reopened.close()


def test_a_workspace_from_before_places_gains_them_for_new_documents(tmp_path):
    store = SQLiteStore(tmp_path)
    store.save_document(DocumentInfo("d1", "a.txt", "a.txt", "h", "processed"), "old text")
    store.close()
    with sqlite3.connect(tmp_path / "graph.sqlite") as conn:  # as such a workspace was written
        conn.execute("ALTER TABLE documents DROP COLUMN places")
        conn.execute("ALTER TABLE chunks DROP COLUMN places")
    reopened = SQLiteStore(tmp_path)
    assert reopened.get_document_places("d1") == [] and reopened.get_document_text("d1") == "old text"
    reopened.save_document(DocumentInfo("d2", "b.pdf", "b.pdf", "h2", "processed"), "new", [(0, "p. 1")])
    assert reopened.get_document_places("d2") == [(0, "p. 1")]
    reopened.close()

def test_switching_to_wal_waits_out_a_lock_another_opener_holds_and_reports_anything_else():
    """SQLite answers "locked" at once (no busy wait) when two processes open a new workspace together."""
    import sqlite3

    from lightrag_core.storage.sqlite.store import _wal

    class Opener:
        def __init__(self, errors: list[str]) -> None:
            self.errors, self.calls = errors, 0

        def execute(self, sql: str) -> None:
            self.calls += 1
            if self.errors:
                raise sqlite3.OperationalError(self.errors.pop(0))

    busy = Opener(["database is locked", "database is locked"])
    _wal(busy)  # type: ignore[arg-type]
    assert busy.calls == 3
    broken = Opener(["disk I/O error"])
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        _wal(broken)  # type: ignore[arg-type]
    assert broken.calls == 1
    stuck = Opener(["database is locked"] * 10)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        _wal(stuck, attempts=3)  # type: ignore[arg-type]


def test_an_embedding_model_recorded_without_its_dimension_is_recorded_again(tmp_path):
    """A process killed between the two meta rows (they were two statements) left the model without its
    dimension, and every later indexing run of the workspace failed with KeyError: 'embedding_dim'."""
    import sqlite3

    from lightrag_core.storage.sqlite.store import SQLiteStore

    SQLiteStore(tmp_path).close()
    with sqlite3.connect(tmp_path / "graph.sqlite") as conn:
        conn.execute("INSERT OR REPLACE INTO meta VALUES ('embedding_model', 'all-MiniLM-L6-v2')")
    store = SQLiteStore(tmp_path)
    assert store.embedding_meta() is None
    store.set_embedding_meta("all-MiniLM-L6-v2", 384)
    assert store.embedding_meta() == ("all-MiniLM-L6-v2", 384)
    store.close()
