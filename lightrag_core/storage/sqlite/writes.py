"""Writes to the embedded store: one GraphWrite applied as SQL in the caller's transaction,
with the optimistic-concurrency check, and the in-memory matrices kept in step afterwards."""

from __future__ import annotations

import json
import sqlite3

import numpy as np

from lightrag_core.models import DocumentInfo, GraphWrite, WriteConflict, relation_key
from lightrag_core.storage.sqlite.schema import DOC_COLS, RELATION_COLS, blob, rel_id
from lightrag_core.storage.vector_index import VectorIndex


def save_document_row(conn: sqlite3.Connection, info: DocumentInfo, text: str | None) -> None:
    conn.execute(
        f"INSERT INTO documents ({DOC_COLS}, content) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?) "
        "ON CONFLICT(id) DO UPDATE SET title=excluded.title, file_path=excluded.file_path, "
        "content_hash=excluded.content_hash, status=excluded.status, error=excluded.error, "
        "chunk_count=excluded.chunk_count, entity_count=excluded.entity_count, "
        "relation_count=excluded.relation_count, updated_at=excluded.updated_at, subject=excluded.subject, "
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
            text,
        ),
    )


def check_expected(conn: sqlite3.Connection, w: GraphWrite) -> None:
    if w.expected_entities:
        current = {
            name: json.loads(ids)
            for name, ids in conn.execute(
                "SELECT name, source_ids FROM entities WHERE name IN (SELECT value FROM json_each(?))",
                (json.dumps(list(w.expected_entities)),),
            )
        }
        for name, ids in w.expected_entities.items():
            if current.get(name) != ids:
                raise WriteConflict(f"entity {name!r} was changed by another writer")
    if w.expected_relations:
        keys = [list(relation_key(*k)) for k in w.expected_relations]
        current_r = {
            (a, b): json.loads(ids)
            for a, b, ids in conn.execute(
                "SELECT src, tgt, source_ids FROM relations WHERE (src, tgt) IN (SELECT json_extract(value, "
                "'$[0]'), json_extract(value, '$[1]') FROM json_each(?))",
                (json.dumps(keys),),
            )
        }
        for key, ids in w.expected_relations.items():
            if current_r.get(relation_key(*key)) != ids:
                raise WriteConflict(f"relation {key!r} was changed by another writer")


def apply_write(c: sqlite3.Connection, w: GraphWrite) -> tuple[list[str], list[str]]:
    """Apply the write; returns chunk and relation ids removed by cascade."""
    check_expected(c, w)
    cascaded_chunks: list[str] = []
    cascaded_relations: list[str] = []
    if w.delete_relations:
        c.executemany("DELETE FROM relations WHERE src=? AND tgt=?", [relation_key(*k) for k in w.delete_relations])
    if w.delete_entities:
        names = json.dumps(w.delete_entities)
        cascaded_relations = [
            rel_id(a, b)
            for a, b in c.execute(
                "SELECT src, tgt FROM relations WHERE src IN (SELECT value FROM json_each(?)) "
                "OR tgt IN (SELECT value FROM json_each(?))",
                (names, names),
            )
        ]
        c.execute(
            "DELETE FROM relations WHERE src IN (SELECT value FROM json_each(?)) "
            "OR tgt IN (SELECT value FROM json_each(?))",
            (names, names),
        )
        c.execute("DELETE FROM entities WHERE name IN (SELECT value FROM json_each(?))", (names,))
    if w.delete_chunk_ids:
        c.execute("DELETE FROM chunks WHERE id IN (SELECT value FROM json_each(?))", (json.dumps(w.delete_chunk_ids),))
    for doc_id in w.delete_document_ids:
        cascaded_chunks += [r[0] for r in c.execute("SELECT id FROM chunks WHERE doc_id=?", (doc_id,))]
        c.execute("DELETE FROM chunks WHERE doc_id=?", (doc_id,))
        c.execute("DELETE FROM documents WHERE id=?", (doc_id,))
    if w.document is not None:
        save_document_row(c, w.document, w.document_text or None)
    c.executemany(
        "INSERT OR REPLACE INTO chunks (id, doc_id, ord, tokens, content, file_path, records, embedding) "
        "VALUES (?,?,?,?,?,?,?,?)",
        [
            (
                ch.id,
                ch.doc_id,
                ch.order,
                ch.tokens,
                ch.content,
                ch.file_path,
                json.dumps(w.chunk_records[ch.id]) if ch.id in w.chunk_records else None,
                blob(ch.embedding),
            )
            for ch in w.chunks
        ],
    )
    c.executemany(
        "INSERT OR REPLACE INTO entities (name, name_lower, type, description, source_ids, file_paths, "
        "created_at, embedding) VALUES (?,?,?,?,?,?,?,?)",
        [
            (
                e.name,
                e.name.lower(),
                e.type,
                e.description,
                json.dumps(e.source_ids),
                json.dumps(e.file_paths),
                e.created_at,
                blob(e.embedding),
            )
            for e in w.entities
        ],
    )
    rows = []
    for r in w.relations:
        src, tgt = relation_key(r.src, r.tgt)
        rows.append(
            (
                src,
                tgt,
                r.keywords,
                r.description,
                r.weight,
                json.dumps(r.source_ids),
                json.dumps(r.file_paths),
                r.created_at,
                blob(r.embedding),
            )
        )
    c.executemany(f"INSERT OR REPLACE INTO relations ({RELATION_COLS}, embedding) VALUES (?,?,?,?,?,?,?,?,?)", rows)
    return cascaded_chunks, cascaded_relations


def update_indexes(idx: dict[str, VectorIndex], w: GraphWrite, cascaded: tuple[list[str], list[str]]) -> None:
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
