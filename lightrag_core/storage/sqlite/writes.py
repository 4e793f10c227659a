"""Writes to the embedded store: the SQL behind each step of the shared write path
(storage/writes.py), and the in-memory matrices kept in step after a commit."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping

import numpy as np

from lightrag_core.models import Chunk, DocumentInfo, Entity, GraphWrite, Relation, relation_key
from lightrag_core.places import Place
from lightrag_core.storage.ann_index import AnnIndex
from lightrag_core.storage.sqlite.schema import DOC_COLS, RELATION_COLS, blob, rel_id, save_title_keys
from lightrag_core.storage.vector_index import VectorIndex


def save_document_row(
    conn: sqlite3.Connection, info: DocumentInfo, text: str | None, places: list[Place] | None = None
) -> None:
    """Upsert the row; its text and places are kept unless a new text is given."""
    conn.execute(
        f"INSERT INTO documents ({DOC_COLS}, content, places) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) "
        "ON CONFLICT(id) DO UPDATE SET title=excluded.title, file_path=excluded.file_path, "
        "content_hash=excluded.content_hash, status=excluded.status, error=excluded.error, "
        "chunk_count=excluded.chunk_count, entity_count=excluded.entity_count, "
        "relation_count=excluded.relation_count, updated_at=excluded.updated_at, subject=excluded.subject, "
        "whole_file=excluded.whole_file, "
        "places=CASE WHEN excluded.content IS NULL THEN documents.places ELSE excluded.places END, "
        "content=COALESCE(excluded.content, documents.content)",
        (
            info.id,
            info.title,
            info.file_path,
            info.content_hash,
            info.status,
            info.error,
            info.chunk_count,
            info.entity_count,
            info.relation_count,
            info.created_at,
            info.updated_at,
            info.subject,
            int(info.whole_file),
            text,
            json.dumps(places) if places else None,
        ),
    )
    save_title_keys(conn, info.id, info.subject, info.title, info.whole_file)


class SQLiteWriteSteps:
    """The embedded store's `WriteSteps` inside one BEGIN IMMEDIATE transaction (which is the lock).

    Chunks and relations removed by cascade are collected, so the in-memory matrices can follow.
    """

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.c = conn
        self.cascaded_chunks: list[str] = []
        self.cascaded_relations: list[str] = []

    def lock(self) -> None:
        """The caller opened the transaction with BEGIN IMMEDIATE, so the lock is held; count the write."""
        self.c.execute("INSERT INTO meta (key, value) VALUES ('write_version', '1') ON CONFLICT(key) "
                       "DO UPDATE SET value = CAST(value AS INTEGER) + 1")

    def entity_versions(self, names: list[str]) -> dict[str, list[str]]:
        rows = self.c.execute("SELECT name, source_ids FROM entities WHERE name IN (SELECT value FROM json_each(?))",
                              (json.dumps(names),))
        return {name: json.loads(ids) for name, ids in rows}

    def existing_documents(self, ids: list[str]) -> set[str]:
        rows = self.c.execute("SELECT id FROM documents WHERE id IN (SELECT value FROM json_each(?))",
                              (json.dumps(ids),))
        return {r[0] for r in rows}

    def relation_versions(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], list[str]]:
        rows = self.c.execute(
            "SELECT src, tgt, source_ids FROM relations WHERE (src, tgt) IN (SELECT json_extract(value, "
            "'$[0]'), json_extract(value, '$[1]') FROM json_each(?))",
            (json.dumps([list(k) for k in keys]),),
        )
        return {(a, b): json.loads(ids) for a, b, ids in rows}

    def delete_relations(self, keys: list[tuple[str, str]]) -> None:
        self.c.executemany("DELETE FROM relations WHERE src=? AND tgt=?", keys)

    def delete_entities(self, names: list[str]) -> None:
        ids = json.dumps(names)
        touching = "src IN (SELECT value FROM json_each(?)) OR tgt IN (SELECT value FROM json_each(?))"
        self.cascaded_relations += [rel_id(a, b) for a, b in
                                    self.c.execute(f"SELECT src, tgt FROM relations WHERE {touching}", (ids, ids))]
        self.c.execute(f"DELETE FROM relations WHERE {touching}", (ids, ids))
        self.c.execute("DELETE FROM entities WHERE name IN (SELECT value FROM json_each(?))", (ids,))

    def delete_chunks(self, ids: list[str]) -> None:
        self.c.execute("DELETE FROM chunks WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(ids),))

    def delete_documents(self, ids: list[str]) -> None:
        for doc_id in ids:
            self.cascaded_chunks += [r[0] for r in self.c.execute("SELECT id FROM chunks WHERE doc_id=?", (doc_id,))]
            self.c.execute("DELETE FROM chunks WHERE doc_id=?", (doc_id,))
            self.c.execute("DELETE FROM documents WHERE id=?", (doc_id,))

    def save_document(self, info: DocumentInfo, text: str | None, places: list[Place]) -> None:
        save_document_row(self.c, info, text, places)

    def upsert_chunks(self, chunks: list[Chunk], records: dict[str, dict]) -> None:
        self.c.executemany(
            "INSERT OR REPLACE INTO chunks (id, doc_id, ord, tokens, content, file_path, records, embedding, places) "
            "VALUES (?,?,?,?,?,?,?,?,?)",
            [(ch.id, ch.doc_id, ch.order, ch.tokens, ch.content, ch.file_path,
              json.dumps(records[ch.id]) if ch.id in records else None, blob(ch.embedding),
              json.dumps(ch.places) if ch.places else None) for ch in chunks],
        )

    def upsert_entities(self, entities: list[Entity]) -> None:
        self.c.executemany(
            "INSERT OR REPLACE INTO entities (name, name_lower, type, description, source_ids, file_paths, "
            "created_at, embedding) VALUES (?,?,?,?,?,?,?,?)",
            [(e.name, e.name.lower(), e.type, e.description, json.dumps(e.source_ids), json.dumps(e.file_paths),
              e.created_at, blob(e.embedding)) for e in entities],
        )

    def upsert_relations(self, relations: list[Relation]) -> None:
        rows = []
        for r in relations:
            src, tgt = relation_key(r.src, r.tgt)
            rows.append((src, tgt, r.keywords, r.description, r.weight, json.dumps(r.source_ids),
                         json.dumps(r.file_paths), r.created_at, blob(r.embedding)))
        self.c.executemany(f"INSERT OR REPLACE INTO relations ({RELATION_COLS}, embedding) VALUES (?,?,?,?,?,?,?,?,?)",
                           rows)

    def save_rules(self, rules: list[dict]) -> None:
        self.c.executemany("INSERT OR REPLACE INTO curation (id, at, body) VALUES (?,?,?)",
                              [(r["id"], float(r["at"]), json.dumps(r)) for r in rules])


def update_indexes(idx: Mapping[str, VectorIndex | AnnIndex], w: GraphWrite,
                   cascaded: tuple[list[str], list[str]]) -> None:
    """Bring the in-memory matrices in line with a committed write."""
    chunk_ids, relation_ids = cascaded
    idx["chunks"].remove(list(w.delete_chunk_ids) + chunk_ids)
    idx["entities"].remove(w.delete_entities)
    idx["relations"].remove([rel_id(*relation_key(*k)) for k in w.delete_relations] + relation_ids)
    with_vec = [c for c in w.chunks if c.embedding is not None]
    idx["chunks"].upsert([c.id for c in with_vec], np.array([c.embedding for c in with_vec]))
    ents = [e for e in w.entities if e.embedding is not None]
    idx["entities"].upsert([e.name for e in ents], np.array([e.embedding for e in ents]))
    rels = [r for r in w.relations if r.embedding is not None]
    idx["relations"].upsert([rel_id(*r.key) for r in rels], np.array([r.embedding for r in rels]))
