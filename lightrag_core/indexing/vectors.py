"""The embedding stage of indexing: each distinct text embedded once per run.

A batch repeats texts (an entity that several of its documents change, a
sentence several relations share) and later batches repeat earlier ones (a
hub whose first statement does not change); only new texts reach the model.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from lightrag_core.embeddings import Embedder
from lightrag_core.graph_vectors import embed_items
from lightrag_core.models import Chunk, Entity, Relation

# Vectors of recent entity and relation texts kept for the run (about 1.5 KB each at 384 dimensions).
MEMO_TEXTS = 50_000


class VectorStage:
    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._memo: OrderedDict[str, np.ndarray] = OrderedDict()
        self.texts_embedded = 0  # what reached the model, for reports and tests

    def embed(self, chunks: list[Chunk], entities: list[Entity], relations: list[Relation]) -> None:
        self.texts_embedded += len(embed_items(self.embedder, chunks, entities, relations, self._memo))
        while len(self._memo) > MEMO_TEXTS:
            self._memo.popitem(last=False)
