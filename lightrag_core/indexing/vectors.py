"""The embedding stage of indexing: each distinct text embedded once per run.

A batch repeats texts (an entity that several of its documents change, a
sentence several relations share) and later batches repeat earlier ones (a
hub whose first statement does not change); only new texts reach the model.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np

from lightrag_core.embeddings import Embedder
from lightrag_core.graph_vectors import SCHEME, embed_items
from lightrag_core.models import Chunk, Entity, GraphWrite, Relation, WriteConflict
from lightrag_core.storage.base import GraphStore

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


# A workspace from before the rule was recorded (one embedded text per relation) gets its relations
# re-embedded by the next indexing run, so one workspace never ranks vectors made by two rules together.
REEMBED_BATCH = 5000


def adopt_scheme(store: GraphStore, embedder: Embedder) -> int:
    """Record `SCHEME`, re-embedding the stored relations first if another rule made them; returns how many."""
    if store.graph_vectors_scheme() == SCHEME:
        return 0
    relations = sorted(store.all_relations(), key=lambda r: r.key)
    memo: dict[str, np.ndarray] = {}  # sentences, keywords and names repeat across batches
    for start in range(0, len(relations), REEMBED_BATCH):
        batch = relations[start : start + REEMBED_BATCH]
        embed_items(embedder, [], [], batch, memo)
        try:
            # Refused if another writer changed one of them meanwhile; the next run tries again.
            store.apply(GraphWrite(relations=batch, expected_relations={r.key: r.source_ids for r in batch}))
        except WriteConflict:
            return start
    store.set_graph_vectors_scheme(SCHEME)
    return len(relations)
