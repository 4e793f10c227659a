"""Approximate vector search for big embedded workspaces: faiss IVF lists of 8-bit quantized vectors.

Above a size threshold exact search costs too much (a million 384-d vectors
are ~80 ms per search), so candidates come from an inverted-file index and are
rescored exactly with the stored float32 vectors (`fetch`), which keeps scores,
thresholds and order exact among the candidates. faiss was picked by
measurement on clustered vectors like the graph's: usearch's HNSW reached
recall@10 0.45 where IVF-SQ8 with rescoring reached 1.0 at 0.4 ms
(bench/results/scale.md has the figures at 1M entities).

The index persists next to the SQLite file with the store's write version; a
file from another version is stale and is rebuilt, never used.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np

from lightrag_core.storage.base import tie_score

Fetch = Callable[[list[str]], dict[str, np.ndarray]]  # exact float32 vectors of the given ids
log = logging.getLogger(__name__)
NPROBE = 32
MIN_CANDIDATES = 64


def _unit(v: np.ndarray) -> np.ndarray:
    v = np.asarray(v, dtype=np.float32)
    v = v.reshape(-1, v.shape[-1])
    return v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)


class AnnIndex:
    """The same surface as `VectorIndex` (upsert, remove, search, scores, get), approximate underneath."""

    def __init__(self, dim: int, fetch: Fetch, index: Any, keys: list[str | None]) -> None:
        self.dim = dim
        self.fetch = fetch
        self._index = index
        self._keys = keys  # faiss id -> key (None once removed)
        self._ids = {k: i for i, k in enumerate(keys) if k is not None}
        self.saved_version: str | None = None  # the write version the files on disk hold, if any

    # -- building ----------------------------------------------------------
    @classmethod
    def build(cls, dim: int, fetch: Fetch, sample: np.ndarray, rows: Iterable[tuple[list[str], np.ndarray]],
              expected: int) -> AnnIndex:
        """Train the lists on `sample`, then add `rows` (batches of ids and vectors) as they stream in."""
        import faiss

        nlist = int(min(max(16, 2 * np.sqrt(max(expected, 1))), 8192))
        index: Any = faiss.IndexIVFScalarQuantizer(faiss.IndexFlatIP(dim), dim, nlist, faiss.ScalarQuantizer.QT_8bit,
                                              faiss.METRIC_INNER_PRODUCT)
        index.cp.min_points_per_centroid = 1  # a sample of ~20 per list is enough here; quiet the warning
        index.train(_unit(sample))
        index.nprobe = NPROBE
        ann = cls(dim, fetch, index, [])
        for ids, vectors in rows:
            ann.upsert(ids, vectors)
        return ann

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, key: str) -> bool:
        return key in self._ids

    def upsert(self, ids: list[str], vectors: np.ndarray) -> None:
        if not ids:
            return
        vectors = _unit(vectors)
        if vectors.shape[1] != self.dim:
            raise ValueError(f"vector dimension {vectors.shape[1]} does not match the index ({self.dim})")
        self.remove([k for k in ids if k in self._ids])
        start = len(self._keys)
        self._keys.extend(ids)
        self._ids.update({k: start + n for n, k in enumerate(ids)})
        self._index.add_with_ids(vectors, np.arange(start, start + len(ids), dtype=np.int64))

    def remove(self, ids: list[str]) -> None:
        gone = [self._ids.pop(k) for k in ids if k in self._ids]
        if gone:
            self._index.remove_ids(np.asarray(gone, dtype=np.int64))
            for i in gone:
                self._keys[i] = None

    # -- reading -----------------------------------------------------------
    def search(self, query: np.ndarray, top_k: int, threshold: float = 0.0) -> list[tuple[str, float]]:
        """The `top_k` most similar ids among the index's candidates, by exact cosine, best first."""
        if not self._ids or top_k <= 0:
            return []
        q = _unit(query)
        _, found = self._index.search(q, max(2 * top_k, MIN_CANDIDATES))
        candidates = [self._keys[i] for i in found[0] if i >= 0 and self._keys[i] is not None]
        scored = self.scores([k for k in candidates if k is not None], q[0])
        ranked = sorted(scored.items(), key=lambda kv: (-tie_score(kv[1]), kv[0]))[:top_k]  # ties by key (base.py)
        return [(k, s) for k, s in ranked if s >= threshold]

    def scores(self, ids: list[str], query: np.ndarray) -> dict[str, float]:
        vectors = self.fetch([k for k in ids if k in self._ids])
        if not vectors:
            return {}
        keys = list(vectors)
        values = _unit(np.stack([vectors[k] for k in keys])) @ _unit(query)[0]
        return {k: float(v) for k, v in zip(keys, values)}

    def get(self, key: str) -> np.ndarray | None:
        return self.fetch([key]).get(key)

    # -- persistence -------------------------------------------------------
    def save(self, folder: Path, name: str, version: str) -> None:
        """Write the index, its keys and its version stamp as one file, replaced atomically, so several
        processes saving at once leave one whole save, never a mix. Nothing is written when the file
        already holds this version (every change bumps it). The file is a cache: failing to write it
        costs a rebuild at the next open, so it is logged, not raised."""
        import faiss

        if self.saved_version == version:
            return
        header = json.dumps({"version": version, "count": len(self), "dim": self.dim, "keys": self._keys})
        tmp = folder / f"{name}.{os.getpid()}.{threading.get_ident()}.tmp"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with open(tmp, "wb") as out:
                np.savez(out, header=np.frombuffer(header.encode("utf-8"), dtype=np.uint8),
                         index=faiss.serialize_index(self._index))
            os.replace(tmp, folder / f"{name}.ann")
        except OSError as exc:
            log.warning("could not save the approximate %s index (%s); it will be rebuilt at the next open", name, exc)
            tmp.unlink(missing_ok=True)
            return
        self.saved_version = version

    @classmethod
    def load(cls, folder: Path, name: str, version: str, count: int, dim: int, fetch: Fetch) -> AnnIndex | None:
        """The saved index if it was saved at this write version with this many vectors; None otherwise."""
        import faiss

        try:
            with np.load(folder / f"{name}.ann") as saved:
                header = json.loads(saved["header"].tobytes().decode("utf-8"))
                if (header["version"], header["count"], header["dim"]) != (version, count, dim):
                    return None
                index: Any = faiss.deserialize_index(saved["index"])
        except (OSError, ValueError, KeyError, RuntimeError):
            return None
        index.nprobe = NPROBE
        ann = cls(dim, fetch, index, header["keys"])
        ann.saved_version = version
        return ann if len(ann) == count else None
