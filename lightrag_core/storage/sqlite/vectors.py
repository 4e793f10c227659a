"""The embedded store's vector indexes: exact matrices for most workspaces, approximate ones for big ones.

Each namespace (entities, relations, chunks) is loaded from its rows at open.
Below `ann_min` vectors it is an exact `VectorIndex`; from there on an
`AnnIndex`, read from its saved file when that was saved at the store's
current write version, else rebuilt from the rows (streamed, so the rebuild
never holds every vector twice). A namespace that grows past the threshold
during a run switches at the next save or open.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

from lightrag_core.storage.ann_index import AnnIndex, Fetch
from lightrag_core.storage.vector_index import VectorIndex

log = logging.getLogger(__name__)
Index = VectorIndex | AnnIndex
ROWS = {
    "entities": ("entities", "name"),
    "relations": ("relations", "src || char(31) || tgt"),
    "chunks": ("chunks", "id"),
}
FETCH = {
    "entities": "SELECT name, embedding FROM entities WHERE name IN (SELECT value FROM json_each(?))",
    "relations": ("SELECT src || char(31) || tgt, embedding FROM relations WHERE (src, tgt) IN "
                  "(SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))"),
    "chunks": "SELECT id, embedding FROM chunks WHERE id IN (SELECT value FROM json_each(?))",
}
STREAM = 50_000
TRAIN_PER_LIST = 24


Query = Callable[[str, tuple], list[tuple]]


def _fetcher(query: Query, ns: str) -> Fetch:
    def fetch(ids: list[str]) -> dict[str, np.ndarray]:
        if not ids:
            return {}
        arg = [i.split("\x1f", 1) for i in ids] if ns == "relations" else ids
        rows = query(FETCH[ns], (json.dumps(arg),))
        return {k: np.frombuffer(v, dtype=np.float32) for k, v in rows if v is not None}
    return fetch


def _stream(conn: sqlite3.Connection, ns: str, dim: int) -> Iterator[tuple[list[str], np.ndarray]]:
    table, key = ROWS[ns]
    cursor = conn.execute(f"SELECT {key}, embedding FROM {table} WHERE embedding IS NOT NULL")
    while rows := cursor.fetchmany(STREAM):
        yield [r[0] for r in rows], np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(-1, dim)


def _sample(conn: sqlite3.Connection, ns: str, dim: int, count: int, size: int) -> np.ndarray:
    """About `size` vectors spread evenly over the table (every n-th row)."""
    table, _ = ROWS[ns]
    step = max(count // max(size, 1), 1)
    rows = conn.execute(f"SELECT embedding FROM {table} WHERE embedding IS NOT NULL AND rowid % ? = 0",
                        (step,)).fetchall()
    return np.frombuffer(b"".join(r[0] for r in rows), dtype=np.float32).reshape(-1, dim)


def load(conn: sqlite3.Connection, query: Query, dim: int, folder: Path, ann_min: int, version: str
         ) -> dict[str, Index]:
    """Load every namespace from `conn` (one read snapshot, at `version`); an approximate index keeps
    `query` to fetch stored vectors later, from whichever connection is free then."""
    indexes: dict[str, Index] = {}
    for ns, (table, _) in ROWS.items():
        count = conn.execute(f"SELECT COUNT(*) FROM {table} WHERE embedding IS NOT NULL").fetchone()[0]
        if not dim or count < ann_min:
            exact = VectorIndex(dim or 1, capacity=max(count, 1024))
            if dim:
                for ids, vectors in _stream(conn, ns, dim):
                    exact.upsert(ids, vectors)
            indexes[ns] = exact
            continue
        fetch = _fetcher(query, ns)
        saved = AnnIndex.load(folder, ns, version, count, dim, fetch)
        if saved is None:
            log.info("building the approximate %s index (%d vectors): the saved one is missing or stale", ns, count)
            nlist = int(min(max(16, 2 * np.sqrt(count)), 8192))
            saved = AnnIndex.build(dim, fetch, _sample(conn, ns, dim, count, TRAIN_PER_LIST * nlist),
                                   _stream(conn, ns, dim), count)
            saved.save(folder, ns, version)
        indexes[ns] = saved
    return indexes


def save(indexes: dict[str, Index], folder: Path, version: str) -> None:
    """Save the approximate indexes at this write version (the exact ones are rebuilt from rows at open)."""
    for ns, index in indexes.items():
        if isinstance(index, AnnIndex):
            index.save(folder, ns, version)

