"""A question's embedding, computed once however many modes ask it.

The Compare page and question-set runs ask one question in up to seven modes; each mode used to embed
the same text again. The cache is small, bounded and keyed by the text and the embedding model, so a
changed model never serves an old vector. (The offline keywords have their own cache in keywords.py.)
"""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np

from lightrag_core.embeddings import Embedder

MAX_VECTORS = 512


class QueryVectors:
    """Embeddings of query texts, least recently used dropped first; safe across threads."""

    def __init__(self, embedder: Embedder, size: int = MAX_VECTORS) -> None:
        self._embedder = embedder
        self._size = size
        self._lock = threading.Lock()
        self._vectors: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self.embedded = 0  # texts actually sent to the model (tests and benchmarks read it)

    def embed(self, texts: list[str]) -> dict[str, np.ndarray]:
        model = getattr(self._embedder, "model_name", "")
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if (model, t) not in self._vectors]
        fresh = dict(zip(missing, self._embedder.embed(missing))) if missing else {}
        out: dict[str, np.ndarray] = {}
        with self._lock:
            self.embedded += len(missing)
            for text in dict.fromkeys(texts):
                key = (model, text)
                vector = fresh.get(text)
                if vector is None:
                    vector = self._vectors.get(key)
                if vector is None:  # dropped meanwhile by other threads' texts
                    vector = self._embedder.embed([text])[0]
                self._vectors[key] = vector
                self._vectors.move_to_end(key)
                out[text] = vector
            while len(self._vectors) > self._size:
                self._vectors.popitem(last=False)
        return out
