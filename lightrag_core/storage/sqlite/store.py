"""The embedded store: SQLite for rows, in-memory numpy matrices for vectors.

One SQLite file per work directory in WAL mode. Writes go through one
connection behind the write lock; reads borrow pooled read-only connections
(`readers.ReaderPool`) and take no store lock, so a query never waits for a
write transaction. Vectors live as float32 blobs in their rows and in
in-memory matrices (`live_vectors.LiveIndexes`): every `apply` brings the
matrices up to the write it committed; when another process has committed
(the stored write version is ahead), they are reloaded before the next search.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import TypeVar

import numpy as np

from lightrag_core.blas import single_threaded_blas
from lightrag_core.models import (
    Chunk,
    DocumentInfo,
    Entity,
    GraphWrite,
    Neighbourhood,
    Relation,
    relation_key,
)
from lightrag_core.places import Place
from lightrag_core.storage.base import check_dimensions, check_embedding_model, least_name_per_key
from lightrag_core.storage.sqlite import search as sqlite_search
from lightrag_core.storage.sqlite import vectors
from lightrag_core.storage.sqlite.live_vectors import Indexes, LiveIndexes
from lightrag_core.storage.sqlite.readers import ReaderPool
from lightrag_core.storage.sqlite.schema import (
    DEGREE_SQL,
    DOC_COLS,
    ENTITY_COLS,
    RELATION_COLS,
    REVIEW_COLS,
    document_row,
    ensure_schema,
    entity_row,
    relation_row,
)
from lightrag_core.storage.sqlite.writes import SQLiteWriteSteps, save_document_row, update_indexes
from lightrag_core.storage.writes import apply_write


class SQLiteStore:
    kind = "embedded"

    def __init__(self, workdir: Path, ann_min_vectors: int = 200_000) -> None:
        single_threaded_blas()  # searches run from many threads at once (see blas.py)
        workdir.mkdir(parents=True, exist_ok=True)
        self.path = workdir / "graph.sqlite"
        self.ann_dir = workdir / "ann"  # approximate indexes of big namespaces, stamped with the write version
        self.ann_min_vectors = ann_min_vectors
        # The writer's connection and lock; reads never take either (see ReaderPool).
        self._conn = sqlite3.connect(str(self.path), check_same_thread=False, timeout=60, isolation_level=None)
        self._lock = threading.RLock()
        with self._lock:
            _wal(self._conn)
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.execute("PRAGMA busy_timeout=60000")
            # INSERT OR REPLACE must fire the delete triggers that keep the search tables in step.
            self._conn.execute("PRAGMA recursive_triggers=ON")
            ensure_schema(self._conn)
        self._readers = ReaderPool(self.path)
        self._live = LiveIndexes(self._db_version, self._load_indexes, ann_min_vectors)

    # -- lifecycle ---------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            version = _version_of(self._conn)
            indexes = self._live.loaded_at(version)  # None if another writer has committed since
            if indexes is not None:
                vectors.save(indexes, self.ann_dir, str(version))
            self._conn.close()
        self._readers.close()

    def _q(self, sql: str, params: tuple = ()) -> list[tuple]:
        """A read on a pooled connection: no store lock, so it never waits for a write in progress."""
        return self._readers.query(sql, params)

    def _vectors(self) -> Indexes:
        """The vector indexes as searches see them now (reloaded first if another process committed)."""
        return self._live.current()

    def _db_version(self) -> int:
        with self._readers.connection() as conn:
            return _version_of(conn)

    def _load_indexes(self) -> tuple[int, Indexes]:
        """Every vector index, read from one snapshot, with the write version it reflects."""
        with self._readers.snapshot() as conn:
            version = _version_of(conn)
            dim = conn.execute("SELECT value FROM meta WHERE key = 'embedding_dim'").fetchone()
            return version, vectors.load(conn, self._readers.query, int(dim[0]) if dim else 0, self.ann_dir,
                                         self.ann_min_vectors, str(version))

    # -- embedding bookkeeping ---------------------------------------------
    def embedding_meta(self) -> tuple[str, int] | None:
        rows = dict(self._q("SELECT key, value FROM meta WHERE key IN ('embedding_model', 'embedding_dim')"))
        if "embedding_model" not in rows or "embedding_dim" not in rows:  # half of it: never recorded whole
            return None
        return rows["embedding_model"], int(rows["embedding_dim"])

    def set_embedding_meta(self, model: str, dim: int) -> None:
        current = self.embedding_meta()
        check_embedding_model(current, model, dim, "this workspace", "Use a new --workdir")
        if current == (model, dim):
            return  # every indexing run sets it: unchanged, it writes nothing and the matrices stay loaded
        with self._lock:
            # One statement, so one transaction: a process killed here leaves both rows or neither.
            self._conn.execute("INSERT OR REPLACE INTO meta VALUES ('embedding_model', ?), ('embedding_dim', ?)",
                               (model, str(dim)))
            self._live.invalidate()

    def graph_vectors_scheme(self) -> str:
        row = self._q("SELECT value FROM meta WHERE key = 'graph_vectors'")
        return str(row[0][0]) if row else ""

    def set_graph_vectors_scheme(self, scheme: str) -> None:
        with self._lock:
            self._conn.execute("INSERT OR REPLACE INTO meta VALUES ('graph_vectors', ?)", (scheme,))

    # -- documents -----------------------------------------------------------
    def get_document(self, doc_id: str) -> DocumentInfo | None:
        rows = self._q(f"SELECT {DOC_COLS} FROM documents WHERE id=?", (doc_id,))
        return document_row(rows[0]) if rows else None

    def list_documents(self) -> list[DocumentInfo]:
        return [document_row(r) for r in self._q(f"SELECT {DOC_COLS} FROM documents ORDER BY created_at, id")]

    def save_document(self, info: DocumentInfo, text: str | None = None, places: list[Place] | None = None) -> None:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                save_document_row(self._conn, info, text, places)
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise

    def get_document_text(self, doc_id: str) -> str | None:
        rows = self._q("SELECT content FROM documents WHERE id=?", (doc_id,))
        return rows[0][0] if rows else None

    def document_heads(self, doc_ids: list[str], chars: int) -> dict[str, tuple[str, int]]:
        rows = self._q("SELECT id, substr(content, 1, ?), length(content) FROM documents "
                       "WHERE id IN (SELECT value FROM json_each(?)) AND content IS NOT NULL",
                       (chars, json.dumps(doc_ids)))
        return {r[0]: (r[1], r[2]) for r in rows}

    def get_document_places(self, doc_id: str) -> list[Place]:
        rows = self._q("SELECT places FROM documents WHERE id=? AND places IS NOT NULL", (doc_id,))
        return [tuple(p) for p in json.loads(rows[0][0])] if rows else []

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

    def get_chunk_places(self, ids: list[str]) -> dict[str, list[Place]]:
        rows = self._q(
            "SELECT id, places FROM chunks WHERE id IN (SELECT value FROM json_each(?)) AND places IS NOT NULL",
            (json.dumps(ids),),
        )
        return {r[0]: [tuple(p) for p in json.loads(r[1])] for r in rows}

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
        # Loaded (or reloaded) before the write lock: a writer keeps the matrices in step, and a namespace
        # grown past the approximate threshold is rebuilt and saved here, not by the next search.
        self._live.current()
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                steps = SQLiteWriteSteps(self._conn)
                apply_write(steps, write)
                cascaded = (steps.cascaded_chunks, steps.cascaded_relations)
                version = _version_of(self._conn)  # bumped by the write's lock step
                indexes = self._live.committing(version)
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                self._live.aborted()  # the matrices were not touched: they still match the rows
                raise
            self._live.committed(version, indexes, lambda ix: update_indexes(ix, write, cascaded))

    def search_entities(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Entity]:
        hits = self._live.search("entities", lambda ix: ix.search(vector, top_k, threshold))
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
        hits = self._live.search("relations", lambda ix: ix.search(vector, top_k, threshold))
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
        hits = self._live.search("chunks", lambda ix: ix.search(vector, top_k, threshold))
        return in_hit_order(hits, self.get_chunks([h[0] for h in hits]))

    def chunk_scores(self, ids: list[str], vector: np.ndarray) -> dict[str, float]:
        return self._live.search("chunks", lambda ix: ix.scores(ids, vector))

    def search_chunks_text(self, terms: list[str], top_k: int) -> list[Chunk]:
        return sqlite_search.search_chunks_text(self._q, terms, top_k)

    def entities_with_tokens(self, token_lists: list[list[str]], limit: int) -> list[list[str]]:
        return sqlite_search.entities_with_tokens(self._q, token_lists, limit)

    def neighbourhood(self, names: list[str], max_neighbours: int) -> Neighbourhood:
        return sqlite_search.neighbourhood(self._q, names, max_neighbours)

    def title_chunks(self, lowered: list[str]) -> dict[str, dict[str, list[str]]]:
        return sqlite_search.title_chunks(self._q, lowered)

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

    # -- evaluation records --------------------------------------------------------
    def save_evaluation(self, kind: str, record: dict) -> None:
        with self._lock:
            self._conn.execute("INSERT OR REPLACE INTO evaluations (kind, id, at, body) VALUES (?,?,?,?)",
                               (kind, str(record["id"]), float(record["at"]), json.dumps(record)))

    def list_evaluations(self, kind: str) -> list[dict]:
        rows = self._q("SELECT body FROM evaluations WHERE kind = ? ORDER BY at, id", (kind,))
        return [json.loads(body) for (body,) in rows]

    def delete_evaluations(self, kind: str, ids: list[str]) -> None:
        with self._lock:
            self._conn.execute("DELETE FROM evaluations WHERE kind = ? AND id IN (SELECT value FROM json_each(?))",
                               (kind, json.dumps(ids)))

    # -- whole graph -------------------------------------------------------------
    def write_version(self) -> str:
        return str(self._db_version())

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


def _wal(conn: sqlite3.Connection, attempts: int = 50) -> None:
    """Switch to WAL. Another process opening a new workspace at the same moment can hold the lock that the
    switch needs, and SQLite answers "locked" at once instead of waiting (the busy timeout does not apply)."""
    for attempt in range(attempts):
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == attempts - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


def _version_of(conn: sqlite3.Connection) -> int:
    """The store's write version as `conn` sees it (every applied write bumps it; 0 before the first)."""
    row = conn.execute("SELECT value FROM meta WHERE key = 'write_version'").fetchone()
    return int(row[0]) if row else 0


def in_hit_order(hits: list[tuple[str, float]], found: dict[str, Scored]) -> list[Scored]:
    """The rows the vector search hit, in its order, carrying its scores (rows gone meanwhile are skipped)."""
    out = []
    for key, score in hits:
        if key in found:
            found[key].score = score
            out.append(found[key])
    return out
