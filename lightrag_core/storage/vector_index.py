"""Exact cosine search over an in-memory float32 matrix, updated in place.

Rows are L2-normalised on the way in, so a matrix-vector product gives the
cosine of every row at once. Deletes swap the last row into the hole, so
the matrix stays dense and a search never skips tombstones.
"""

from __future__ import annotations

import numpy as np

from lightrag_core.storage.base import TIE_DECIMALS, tie_score


class VectorIndex:
    def __init__(self, dim: int, capacity: int = 1024) -> None:
        self.dim = dim
        self._matrix = np.zeros((capacity, dim), dtype=np.float32)
        self._ids: list[str] = []
        self._pos: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._ids)

    def __contains__(self, key: str) -> bool:
        return key in self._pos

    def _grow(self, need: int) -> None:
        if need <= len(self._matrix):
            return
        bigger = np.zeros((max(need, 2 * len(self._matrix)), self.dim), dtype=np.float32)
        bigger[: len(self._ids)] = self._matrix[: len(self._ids)]
        self._matrix = bigger

    def upsert(self, ids: list[str], vectors: np.ndarray) -> None:
        if not ids:
            return
        vectors = np.asarray(vectors, dtype=np.float32).reshape(len(ids), -1)
        if vectors.shape[1] != self.dim:
            raise ValueError(f"vector dimension {vectors.shape[1]} does not match the index ({self.dim})")
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        vectors = vectors / np.maximum(norms, 1e-12)
        self._grow(len(self._ids) + len(ids))
        for key, vec in zip(ids, vectors):
            row = self._pos.get(key)
            if row is None:
                row = len(self._ids)
                self._ids.append(key)
                self._pos[key] = row
            self._matrix[row] = vec

    def remove(self, ids: list[str]) -> None:
        for key in ids:
            row = self._pos.pop(key, None)
            if row is None:
                continue
            last = len(self._ids) - 1
            if row != last:
                moved = self._ids[last]
                self._matrix[row] = self._matrix[last]
                self._ids[row] = moved
                self._pos[moved] = row
            self._ids.pop()

    def search(self, query: np.ndarray, top_k: int, threshold: float = 0.0) -> list[tuple[str, float]]:
        """The `top_k` ids most similar to `query` with cosine >= threshold, best first."""
        n = len(self._ids)
        if n == 0 or top_k <= 0:
            return []
        q = np.asarray(query, dtype=np.float32).ravel()
        q = q / max(float(np.linalg.norm(q)), 1e-12)
        scores = self._matrix[:n] @ q
        k = min(top_k, n)
        if k < n:
            # Every row tied with the k-th stays a candidate, so the cut keeps the lowest keys (base.py's contract).
            kth = np.partition(scores, n - k)[n - k]
            top = np.flatnonzero(scores >= kth - 10.0 ** -TIE_DECIMALS)
        else:
            top = np.arange(n)
        ranked = sorted(top.tolist(), key=lambda i: (-tie_score(float(scores[i])), self._ids[i]))[:k]
        return [(self._ids[i], float(scores[i])) for i in ranked if scores[i] >= threshold]

    def scores(self, ids: list[str], query: np.ndarray) -> dict[str, float]:
        """Cosine of `query` with each of `ids` that the index holds."""
        rows = [self._pos[i] for i in ids if i in self._pos]
        if not rows:
            return {}
        q = np.asarray(query, dtype=np.float32).ravel()
        q = q / max(float(np.linalg.norm(q)), 1e-12)
        values = self._matrix[rows] @ q
        return {self._ids[r]: float(v) for r, v in zip(rows, values)}

    def get(self, key: str) -> np.ndarray | None:
        row = self._pos.get(key)
        return None if row is None else self._matrix[row].copy()
