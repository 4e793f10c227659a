"""The embedded store's SQLite schema and the mapping between its rows and the engine's records."""

from __future__ import annotations

import json
import sqlite3

import numpy as np

from lightrag_core.models import DocumentInfo, Entity, Relation
from lightrag_core.storage.base import title_keys

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
    id TEXT PRIMARY KEY, title TEXT, file_path TEXT, content_hash TEXT, status TEXT NOT NULL,
    error TEXT DEFAULT '', chunk_count INTEGER DEFAULT 0, entity_count INTEGER DEFAULT 0,
    relation_count INTEGER DEFAULT 0, created_at REAL, updated_at REAL, subject TEXT DEFAULT '',
    content TEXT, whole_file INTEGER NOT NULL DEFAULT 0, places TEXT);
CREATE TABLE IF NOT EXISTS chunks (
    id TEXT PRIMARY KEY, doc_id TEXT NOT NULL REFERENCES documents(id), ord INTEGER, tokens INTEGER,
    content TEXT NOT NULL, file_path TEXT, records TEXT, embedding BLOB, places TEXT);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks(doc_id);
CREATE TABLE IF NOT EXISTS entities (
    name TEXT PRIMARY KEY, name_lower TEXT NOT NULL, type TEXT, description TEXT,
    source_ids TEXT, file_paths TEXT, created_at REAL, embedding BLOB);
CREATE INDEX IF NOT EXISTS entities_lower ON entities(name_lower);
CREATE TABLE IF NOT EXISTS relations (
    src TEXT NOT NULL, tgt TEXT NOT NULL, keywords TEXT, description TEXT, weight REAL,
    source_ids TEXT, file_paths TEXT, created_at REAL, embedding BLOB, PRIMARY KEY (src, tgt));
CREATE INDEX IF NOT EXISTS relations_tgt ON relations(tgt);
CREATE TABLE IF NOT EXISTS reviews (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, item TEXT NOT NULL, decision TEXT NOT NULL,
    comment TEXT, detail TEXT, reviewer TEXT, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS curation (
    id TEXT PRIMARY KEY, at REAL NOT NULL, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS evaluations (
    kind TEXT NOT NULL, id TEXT NOT NULL, at REAL NOT NULL, body TEXT NOT NULL, PRIMARY KEY (kind, id));
"""

# Search structures derived from the tables above and kept in step by triggers, so every
# write path (including INSERT OR REPLACE, with recursive triggers on) updates them in the
# same transaction: BM25 over chunk text, entity names by token (alias linking), and which
# chunks mention which entity (the neighbourhood personalized PageRank runs on).
SEARCH_SCHEMA = """
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
    content, content='chunks', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS entity_names_fts USING fts5(
    name, content='entities', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2');
CREATE TABLE IF NOT EXISTS mentions (
    chunk_id TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (chunk_id, name)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS mentions_name ON mentions(name);
CREATE TABLE IF NOT EXISTS title_keys (
    key TEXT NOT NULL, doc_id TEXT NOT NULL, PRIMARY KEY (key, doc_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS title_keys_doc ON title_keys(doc_id);
CREATE TRIGGER IF NOT EXISTS documents_title_keys_del AFTER DELETE ON documents BEGIN
    DELETE FROM title_keys WHERE doc_id = old.id; END;
-- Title links read title_keys (folded in Python); these indexes served the SQL lower() they replaced.
DROP INDEX IF EXISTS documents_title;
DROP INDEX IF EXISTS documents_title_stem;
DROP INDEX IF EXISTS documents_file_title;
CREATE TRIGGER IF NOT EXISTS chunks_fts_ins AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_fts(rowid, content) VALUES (new.rowid, new.content); END;
CREATE TRIGGER IF NOT EXISTS chunks_fts_del AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, content) VALUES ('delete', old.rowid, old.content); END;
CREATE TRIGGER IF NOT EXISTS chunks_fts_upd AFTER UPDATE ON chunks BEGIN
    INSERT INTO chunks_fts(chunks_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
    INSERT INTO chunks_fts(rowid, content) VALUES (new.rowid, new.content); END;
CREATE TRIGGER IF NOT EXISTS entities_ins AFTER INSERT ON entities BEGIN
    INSERT INTO entity_names_fts(rowid, name) VALUES (new.rowid, new.name);
    INSERT OR IGNORE INTO mentions (chunk_id, name) SELECT value, new.name FROM json_each(new.source_ids); END;
CREATE TRIGGER IF NOT EXISTS entities_del AFTER DELETE ON entities BEGIN
    INSERT INTO entity_names_fts(entity_names_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
    DELETE FROM mentions WHERE name = old.name; END;
CREATE TRIGGER IF NOT EXISTS entities_upd AFTER UPDATE ON entities BEGIN
    INSERT INTO entity_names_fts(entity_names_fts, rowid, name) VALUES ('delete', old.rowid, old.name);
    INSERT INTO entity_names_fts(rowid, name) VALUES (new.rowid, new.name);
    DELETE FROM mentions WHERE name = old.name;
    INSERT OR IGNORE INTO mentions (chunk_id, name) SELECT value, new.name FROM json_each(new.source_ids); END;
"""
SEARCH_SCHEMA_VERSION = "1"
# Columns added after workspaces were made without them: (table, column, type), added at open.
ADDED_COLUMNS = (
    ("documents", "whole_file", "INTEGER NOT NULL DEFAULT 0"),
    ("documents", "places", "TEXT"),
    ("chunks", "places", "TEXT"),
)
# A workspace made before the search structures existed gets them filled once, at open.
SEARCH_BACKFILL = (
    "INSERT INTO chunks_fts(chunks_fts) VALUES ('rebuild')",
    "INSERT INTO entity_names_fts(entity_names_fts) VALUES ('rebuild')",
    "DELETE FROM mentions",
    "INSERT OR IGNORE INTO mentions (chunk_id, name) SELECT j.value, e.name FROM entities e, json_each(e.source_ids) j",
)

DEGREE_SQL = (
    "((SELECT COUNT(*) FROM relations x WHERE x.src = {n}) + (SELECT COUNT(*) FROM relations x WHERE x.tgt = {n}))"
)
ENTITY_COLS = "name, type, description, source_ids, file_paths, created_at"
RELATION_COLS = "src, tgt, keywords, description, weight, source_ids, file_paths, created_at"


def rel_id(src: str, tgt: str) -> str:
    return f"{src}\x1f{tgt}"


def blob(vec: np.ndarray | None) -> bytes | None:
    return None if vec is None else np.asarray(vec, dtype=np.float32).tobytes()


def entity_row(row: tuple, degree: int = 0) -> Entity:
    return Entity(
        name=row[0],
        type=row[1],
        description=row[2],
        source_ids=json.loads(row[3]),
        file_paths=json.loads(row[4]),
        created_at=row[5],
        degree=degree,
    )


def relation_row(row: tuple, degree: int = 0) -> Relation:
    return Relation(
        src=row[0],
        tgt=row[1],
        keywords=row[2],
        description=row[3],
        weight=row[4],
        source_ids=json.loads(row[5]),
        file_paths=json.loads(row[6]),
        created_at=row[7],
        degree=degree,
    )


def document_row(row: tuple) -> DocumentInfo:
    info = DocumentInfo(*row)
    info.whole_file = bool(info.whole_file)  # stored as 0 / 1
    return info


DOC_COLS = (
    "id, title, file_path, content_hash, status, error, chunk_count, entity_count, "
    "relation_count, created_at, updated_at, subject, whole_file"
)
REVIEW_COLS = ("kind", "item", "decision", "comment", "detail", "reviewer", "at")


def save_title_keys(conn: sqlite3.Connection, doc_id: str, subject: str, title: str, whole_file: bool) -> None:
    """The document's title keys (storage/base.py, title_keys), replacing those it had."""
    conn.execute("DELETE FROM title_keys WHERE doc_id = ?", (doc_id,))
    conn.executemany("INSERT OR IGNORE INTO title_keys (key, doc_id) VALUES (?, ?)",
                     [(k, doc_id) for k in title_keys(subject or "", title or "", bool(whole_file))])


def fill_title_keys(conn: sqlite3.Connection) -> None:
    for doc_id, subject, title, whole_file in conn.execute(
            "SELECT id, subject, title, whole_file FROM documents").fetchall():
        save_title_keys(conn, doc_id, subject, title, whole_file)
    conn.execute("INSERT OR REPLACE INTO meta VALUES ('title_keys', '1')")


def ensure_schema(conn: sqlite3.Connection) -> None:
    """Create the tables in one transaction (a kill part-way leaves none of them), add the columns
    newer than the workspace, and fill the search tables once for a workspace made before they existed."""
    try:
        # IF NOT EXISTS throughout, so opening an existing workspace changes nothing.
        conn.executescript("BEGIN IMMEDIATE;" + SCHEMA + SEARCH_SCHEMA)
        for table, column, kind in ADDED_COLUMNS:
            if column not in {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
        if conn.execute("SELECT value FROM meta WHERE key='title_keys'").fetchone() is None:
            fill_title_keys(conn)  # a workspace written before the keys were stored gets them once
        row = conn.execute("SELECT value FROM meta WHERE key='search_schema'").fetchone()
        if row is None or row[0] != SEARCH_SCHEMA_VERSION:
            for statement in SEARCH_BACKFILL:
                conn.execute(statement)
            conn.execute("INSERT OR REPLACE INTO meta VALUES ('search_schema', ?)", (SEARCH_SCHEMA_VERSION,))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
