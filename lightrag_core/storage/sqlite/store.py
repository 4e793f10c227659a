"""The embedded store: SQLite for rows, in-memory numpy matrices for vectors.

One SQLite file per work directory (WAL mode, so readers never wait for a
writer). Vectors live as float32 blobs in their rows and are loaded into
`VectorIndex` matrices at open; every `apply` updates rows and matrices
together. If another process commits (SQLite's `data_version` moves), the
matrices are reloaded before the next search.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import TypeVar

import numpy as np

from lightrag_core.models import (
    Chunk,
    DocumentInfo,
    Entity,
    GraphWrite,
    Neighbourhood,
    Relation,
    relation_key,
)
from lightrag_core.storage.base import check_dimensions, check_embedding_model, least_name_per_key
from lightrag_core.storage.sqlite import search as sqlite_search
from lightrag_core.storage.sqlite import vectors
from lightrag_core.storage.sqlite.schema import (
    DEGREE_SQL,
    DOC_COLS,
    ENTITY_COLS,
    RELATION_COLS,
    REVIEW_COLS,
    SCHEMA,
    SEARCH_BACKFILL,
    SEARCH_SCHEMA,
    SEARCH_SCHEMA_VERSION,
    document_row,
    entity_row,
    relation_row,
)
from lightrag_core.storage.sqlite.writes import SQLiteWriteSteps, save_document_row, update_indexes
from lightrag_core.storage.vector_index import VectorIndex
from lightrag_core.storage.writes import apply_write


class SQLiteStore:
    kind = "embedded"

    def __init__(self, workdir: Path, ann_min_vectors: int = 200_000) -> None:
        workdir.mkdir(parents=True, exist_ok=True)
        self.path = workdir / "graph.sqlite"
        self.ann_dir = workdir / "ann"  # approximate indexes of big namespaces, stamped with the write version
        self.ann_min_vectors = ann_min_vectors
        self._conn = sqlite3.connect(str(self.path), check_same_thread=False, timeout=60, isolation_level=None)
        self._lock = threading.RLock()
        with self._lock:
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute("PRAGMA busy_timeout=60000")
            # INSERT OR REPLACE must fire the delete triggers that keep the search tables in step.
            self._conn.execute("PRAGMA recursive_triggers=ON")
            self._ensure_schema()
        self._indexes: dict[str, vectors.Index] | None = None
        self._seen_version = -1

    def _ensure_schema(self) -> None:
        """Create the tables in one transaction (a kill part-way leaves none of them), and fill the
        search tables once for a workspace made before they existed."""
        try:
            # IF NOT EXISTS throughout, so opening an existing workspace changes nothing.
            self._conn.executescript("BEGIN IMMEDIATE;" + SCHEMA + SEARCH_SCHEMA)
            columns = {r[1] for r in self._conn.execute("PRAGMA table_info(documents)")}
            if "whole_file" not in columns:  # a workspace from before documents knew it
                self._conn.execute("ALTER TABLE documents ADD COLUMN whole_file INTEGER NOT NULL DEFAULT 0")
            row = self._conn.execute("SELECT value FROM meta WHERE key='search_schema'").fetchone()
            if row is None or row[0] != SEARCH_SCHEMA_VERSION:
                for statement in SEARCH_BACKFILL:
                    self._conn.execute(statement)
                self._conn.execute("INSERT OR REPLACE INTO meta VALUES ('search_schema', ?)", (SEARCH_SCHEMA_VERSION,))
            self._conn.execute("COMMIT")
        except BaseException:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise

    # -- lifecycle ---------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            current = self._conn.execute("PRAGMA data_version").fetchone()[0]
            if self._indexes is not None and current == self._seen_version:  # no other writer since
                vectors.save(self._indexes, self.ann_dir, self.write_version())
            self._conn.close()

    def _q(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    def _vectors(self) -> dict[str, vectors.Index]:
        """The vector indexes, (re)loaded when another connection has committed."""
        with self._lock:
            version = self._conn.execute("PRAGMA data_version").fetchone()[0]
            if self._indexes is not None and version == self._seen_version:
                return self._indexes
            meta = self.embedding_meta()
            self._indexes = vectors.load(self._conn, self._lock, meta[1] if meta else 0, self.ann_dir,
                                         self.ann_min_vectors, self.write_version())
            self._seen_version = version
            return self._indexes

    # -- embedding bookkeeping ---------------------------------------------
    def embedding_meta(self) -> tuple[str, int] | None:
        rows = dict(self._q("SELECT key, value FROM meta WHERE key IN ('embedding_model', 'embedding_dim')"))
        if "embedding_model" not in rows:
            return None
        return rows["embedding_model"], int(rows["embedding_dim"])

    def set_embedding_meta(self, model: str, dim: int) -> None:
        check_embedding_model(self.embedding_meta(), model, dim, "this workspace", "Use a new --workdir")
        with self._lock:
            self._conn.execute("INSERT OR REPLACE INTO meta VALUES ('embedding_model', ?)", (model,))
            self._conn.execute("INSERT OR REPLACE INTO meta VALUES ('embedding_dim', ?)", (str(dim),))
            self._indexes = None

    # -- documents -----------------------------------------------------------
    def get_document(self, doc_id: str) -> DocumentInfo | None:
        rows = self._q(f"SELECT {DOC_COLS} FROM documents WHERE id=?", (doc_id,))
        return document_row(rows[0]) if rows else None

    def list_documents(self) -> list[DocumentInfo]:
        return [document_row(r) for r in self._q(f"SELECT {DOC_COLS} FROM documents ORDER BY created_at, id")]

    def save_document(self, info: DocumentInfo, text: str | None = None) -> None:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                save_document_row(self._conn, info, text)
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise

    def get_document_text(self, doc_id: str) -> str | None:
        rows = self._q("SELECT content FROM documents WHERE id=?", (doc_id,))
        return rows[0][0] if rows else None

    def document_chunk_ids(self, doc_id: str) -> list[str]:
        return [r[0] for r in self._q("SELECT id FROM chunks WHERE doc_id=? ORDER BY ord", (doc_id,))]

    # -- batched reads ---------------------------------------------------------
    def get_chunks(self, ids: list[str]) -> dict[str, Chunk]:
        rows = self._q(
            "SELECT id, doc_id, ord, tokens, content, file_path FROM chunks "
            "WHERE id IN (SELECT value FROM json_each(?))",
            (json.dumps(ids),),
        )
        return {r[0]: Chunk(*r) for r in rows}

    def get_chunk_records(self, ids: list[str]) -> dict[str, dict]:
        rows = self._q(
            "SELECT id, records FROM chunks WHERE id IN (SELECT value FROM json_each(?)) AND records IS NOT NULL",
            (json.dumps(ids),),
        )
        return {r[0]: json.loads(r[1]) for r in rows}

    def get_entities(self, names: list[str]) -> dict[str, Entity]:
        rows = self._q(
            f"SELECT {ENTITY_COLS} FROM entities WHERE name IN (SELECT value FROM json_each(?))", (json.dumps(names),)
        )
        return {r[0]: entity_row(r) for r in rows}

    def resolve_names(self, lowered: list[str]) -> dict[str, str]:
        rows = self._q(
            "SELECT name_lower, name FROM entities WHERE name_lower IN (SELECT value FROM json_each(?))",
            (json.dumps(lowered),),
        )
        return least_name_per_key([(r[0], r[1]) for r in rows])

    def get_relations(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], Relation]:
        rows = self._q(
            f"SELECT {RELATION_COLS} FROM relations WHERE (src, tgt) IN "
            "(SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))",
            (json.dumps([list(relation_key(*k)) for k in keys]),),
        )
        return {(r[0], r[1]): relation_row(r) for r in rows}

    # -- writes ----------------------------------------------------------------
    def apply(self, write: GraphWrite) -> None:
        check_dimensions(write, self.embedding_meta())
        with self._lock:
            indexes = self._vectors()
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                steps = SQLiteWriteSteps(self._conn)
                apply_write(steps, write)
                cascaded = (steps.cascaded_chunks, steps.cascaded_relations)
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                self._indexes = None  # matrices may be ahead of the rows: reload
                raise
            if self._indexes is not None:
                update_indexes(indexes, write, cascaded)
                if any(isinstance(ix, VectorIndex) and len(ix) >= self.ann_min_vectors for ix in indexes.values()):
                    self._indexes = None  # grown past the threshold: the next search loads it approximate
            self._seen_version = self._conn.execute("PRAGMA data_version").fetchone()[0]

    def search_entities(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Entity]:
        hits = self._vectors()["entities"].search(vector, top_k, threshold)
        return in_hit_order(hits, {e.name: e for e in self.entities_with_degree([h[0] for h in hits])})

    def entities_with_degree(self, names: list[str]) -> list[Entity]:
        rows = self._q(
            f"SELECT {ENTITY_COLS}, {DEGREE_SQL.format(n='e.name')} FROM entities e "
            "WHERE e.name IN (SELECT value FROM json_each(?))",
            (json.dumps(names),),
        )
        by_name = {r[0]: entity_row(r[:6], r[6]) for r in rows}
        return [by_name[n] for n in names if n in by_name]

    def _relations_with_degree(self, where: str, params: tuple) -> list[Relation]:
        sql = (
            f"SELECT {RELATION_COLS}, {DEGREE_SQL.format(n='r.src')} + {DEGREE_SQL.format(n='r.tgt')} "
            f"FROM relations r WHERE {where}"
        )
        return [relation_row(r[:8], r[8]) for r in self._q(sql, params)]

    def search_relations(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Relation]:
        hits = self._vectors()["relations"].search(vector, top_k, threshold)
        pairs = [h[0].split("\x1f") for h in hits]
        found = {
            r.key: r
            for r in self._relations_with_degree(
                "(r.src, r.tgt) IN (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))",
                (json.dumps(pairs),),
            )
        }
        out = []
        for (src, tgt), (_, score) in zip(pairs, hits):
            rel = found.get((src, tgt))
            if rel is not None:
                rel.score = score
                out.append(rel)
        return out

    def relations_of(self, names: list[str]) -> list[Relation]:
        arg = json.dumps(names)
        found = self._relations_with_degree(
            "r.src IN (SELECT value FROM json_each(?)) OR r.tgt IN (SELECT value FROM json_each(?))", (arg, arg)
        )
        return sorted(found, key=lambda r: r.key)  # base.py's order contract

    def search_chunks(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Chunk]:
        hits = self._vectors()["chunks"].search(vector, top_k, threshold)
        return in_hit_order(hits, self.get_chunks([h[0] for h in hits]))

    def chunk_scores(self, ids: list[str], vector: np.ndarray) -> dict[str, float]:
        return self._vectors()["chunks"].scores(ids, vector)

    def search_chunks_text(self, terms: list[str], top_k: int) -> list[Chunk]:
        return sqlite_search.search_chunks_text(self._q, terms, top_k)

    def entities_with_tokens(self, token_lists: list[list[str]], limit: int) -> list[list[str]]:
        return sqlite_search.entities_with_tokens(self._q, token_lists, limit)

    def neighbourhood(self, names: list[str], max_neighbours: int) -> Neighbourhood:
        return sqlite_search.neighbourhood(self._q, names, max_neighbours)

    # -- review ------------------------------------------------------------------
    def save_review(self, record: dict) -> None:
        with self._lock:
            self._conn.execute(
                "INSERT INTO reviews (kind, item, decision, comment, detail, reviewer, at) VALUES (?,?,?,?,?,?,?)",
                tuple(record.get(k, "") for k in REVIEW_COLS),
            )

    def list_reviews(self) -> list[dict]:
        rows = self._q(f"SELECT {', '.join(REVIEW_COLS)} FROM reviews ORDER BY seq")
        return [dict(zip(REVIEW_COLS, r)) for r in rows]

    def save_rule(self, rule: dict) -> None:
        with self._lock:
            self._conn.execute("INSERT OR REPLACE INTO curation (id, at, body) VALUES (?,?,?)",
                               (rule["id"], float(rule["at"]), json.dumps(rule)))

    def list_rules(self) -> list[dict]:
        return [json.loads(body) for (body,) in self._q("SELECT body FROM curation ORDER BY at, id")]

    # -- whole graph -------------------------------------------------------------
    def write_version(self) -> str:
        rows = self._q("SELECT value FROM meta WHERE key = 'write_version'")
        return str(rows[0][0]) if rows else "0"

    def graph_outline(self) -> tuple[list[Entity], list[Relation]]:
        degrees = ("WITH d AS (SELECT name, COUNT(*) AS n FROM (SELECT src AS name FROM relations "
                   "UNION ALL SELECT tgt FROM relations) GROUP BY name) "
                   "SELECT e.name, e.type, COALESCE(d.n, 0) FROM entities e LEFT JOIN d ON d.name = e.name")
        entities = [Entity(n, t, "", [], [], degree=d) for n, t, d in self._q(degrees)]
        relations = [Relation(a, b, "", "", w, [], []) for a, b, w in self._q("SELECT src, tgt, weight FROM relations")]
        return entities, relations

    def most_cited_chunks(self, n: int) -> list[tuple[str, int]]:
        rows = self._q("SELECT chunk_id, COUNT(*) AS k FROM mentions GROUP BY chunk_id ORDER BY k DESC, chunk_id "
                       "LIMIT ?", (n,))
        return [(c, int(k)) for c, k in rows]

    def counts(self) -> dict[str, int]:
        row = self._q(
            "SELECT (SELECT COUNT(*) FROM documents), (SELECT COUNT(*) FROM chunks), "
            "(SELECT COUNT(*) FROM entities), (SELECT COUNT(*) FROM relations)"
        )[0]
        return dict(zip(("documents", "chunks", "entities", "relations"), row))

    def all_entities(self) -> list[Entity]:
        return [
            entity_row(r[:6], r[6])
            for r in self._q(f"SELECT {ENTITY_COLS}, {DEGREE_SQL.format(n='e.name')} FROM entities e")
        ]

    def all_relations(self) -> list[Relation]:
        return [relation_row(r) for r in self._q(f"SELECT {RELATION_COLS} FROM relations")]

    def size_bytes(self) -> int:
        return sum(p.stat().st_size for p in self.path.parent.glob(self.path.name + "*"))


Scored = TypeVar("Scored", Entity, Chunk)


def in_hit_order(hits: list[tuple[str, float]], found: dict[str, Scored]) -> list[Scored]:
    """The rows the vector search hit, in its order, carrying its scores (rows gone meanwhile are skipped)."""
    out = []
    for key, score in hits:
        if key in found:
            found[key].score = score
            out.append(found[key])
    return out
