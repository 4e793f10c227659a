"""Consistency checks and graph snapshots shared by the crash and concurrency tests."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def problems(workdir: Path, ann_min_vectors: int = 200_000) -> list[str]:
    """Everything that would make the store inconsistent; empty when it is sound."""
    db = workdir / "graph.sqlite"
    if not db.exists():
        return []
    conn = sqlite3.connect(db)
    out = []
    q = lambda sql: conn.execute(sql).fetchall()  # noqa: E731
    tables = [r[0] for r in q("SELECT name FROM sqlite_master WHERE type = 'table'")]
    if "meta" not in tables:
        # Killed before the schema's transaction committed: nothing of it may be there.
        conn.close()
        return [f"a partial schema: {sorted(tables)}"] if tables else []
    dim_row = q("SELECT value FROM meta WHERE key='embedding_dim'")
    dim = int(dim_row[0][0]) if dim_row else 0
    if n := q("SELECT COUNT(*) FROM chunks c LEFT JOIN documents d ON c.doc_id = d.id WHERE d.id IS NULL")[0][0]:
        out.append(f"{n} chunks without their document")
    if n := q("SELECT COUNT(*) FROM relations r WHERE r.src NOT IN (SELECT name FROM entities) "
              "OR r.tgt NOT IN (SELECT name FROM entities)")[0][0]:
        out.append(f"{n} relations without both entities")
    for table in ("chunks", "entities", "relations"):
        if n := q(f"SELECT COUNT(*) FROM {table} WHERE embedding IS NULL OR length(embedding) != {dim * 4}")[0][0]:
            out.append(f"{n} {table} rows without a matching vector")
    for doc_id, status, count in q("SELECT id, status, chunk_count FROM documents"):
        stored = conn.execute("SELECT COUNT(*) FROM chunks WHERE doc_id = ?", (doc_id,)).fetchone()[0]
        if status == "processed" and stored != count:
            out.append(f"{doc_id} processed with {stored} of {count} chunks")
        if status != "processed" and stored:
            out.append(f"{doc_id} is {status} but has {stored} chunks")
    chunk_ids = {r[0] for r in q("SELECT id FROM chunks")}
    for name, ids in q("SELECT name, source_ids FROM entities"):
        if missing := set(json.loads(ids)) - chunk_ids:
            out.append(f"entity {name!r} cites {len(missing)} missing chunks")
    conn.close()
    if not out:  # the in-memory matrices load one vector per row
        from lightrag_core.storage.sqlite.store import SQLiteStore

        store = SQLiteStore(workdir, ann_min_vectors=ann_min_vectors)
        counts, vectors = store.counts(), store._vectors()
        for ns in ("chunks", "entities", "relations"):
            if len(vectors[ns]) != counts[ns]:
                out.append(f"{len(vectors[ns])} {ns} vectors for {counts[ns]} rows")
        # Every search answers with rows the store has (an index from before a crash would not).
        names = {e.name for e in store.all_entities()}
        for name in sorted(names)[:20]:
            vec = vectors["entities"].get(name)
            hits = {k for k, _ in vectors["entities"].search(vec, 10)} if vec is not None else set()
            if hits - names:
                out.append(f"entity search returned {len(hits - names)} entities the store does not have")
        store.close()
    return out


def snapshot(workdir: Path, ordered: bool = True) -> tuple[dict, dict]:
    """Entities and relations as comparable values (creation times left out)."""
    conn = sqlite3.connect(workdir / "graph.sqlite")
    ents = {}
    for name, etype, desc, ids in conn.execute("SELECT name, type, description, source_ids FROM entities"):
        frags = desc.split("\n") if ordered else sorted(desc.split("\n"))
        ents[name] = (etype, tuple(frags), tuple(sorted(json.loads(ids))))
    rels = {}
    for src, tgt, kw, desc, weight, ids in conn.execute(
            "SELECT src, tgt, keywords, description, weight, source_ids FROM relations"):
        kws = kw if ordered else ", ".join(sorted(kw.split(", ")))
        frags = desc.split("\n") if ordered else sorted(desc.split("\n"))
        rels[(src, tgt)] = (kws, tuple(frags), round(weight, 2), tuple(sorted(json.loads(ids))))
    conn.close()
    return ents, rels
