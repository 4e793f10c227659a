"""The embedding stage of indexing: each distinct text embedded once per run.

A batch repeats texts (an entity that several of its documents change, a
sentence several relations share) and later batches repeat earlier ones (a
hub whose first statement does not change); only new texts reach the model.
"""

from __future__ import annotations

from collections import ChainMap, OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor

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
        self._ahead: Future[dict[str, np.ndarray]] | None = None

    def prefetch(self, passages: list[str]) -> None:
        """Embed a batch's passages in the background while its extraction runs.

        A passage's vector needs nothing extraction finds, and extraction (spaCy, or an LLM's
        replies) leaves the model's cores idle: the two overlap. `embed` takes the result.
        """
        self._drop_ahead()
        texts = [t for t in dict.fromkeys(passages) if t and t not in self._memo]
        if not texts:
            return
        worker = ThreadPoolExecutor(1, thread_name_prefix="embed-ahead")
        self._ahead = worker.submit(lambda: dict(zip(texts, self.embedder.embed(texts))))
        worker.shutdown(wait=False)  # the thread ends with its one task

    def embed(self, chunks: list[Chunk], entities: list[Entity], relations: list[Relation]) -> None:
        ahead = self._take_ahead() if chunks else {}  # a removal's re-embedding (no passages) leaves it
        # Reads see the prefetched passages; what embed_items keeps goes to the run's memo only.
        memo = ChainMap(self._memo, ahead)
        embedded = embed_items(self.embedder, chunks, entities, relations, memo)
        self.texts_embedded += len(embedded) + len(ahead)
        while len(self._memo) > MEMO_TEXTS:
            self._memo.popitem(last=False)

    def _take_ahead(self) -> dict[str, np.ndarray]:
        ahead, self._ahead = self._ahead, None
        if ahead is None:
            return {}
        try:
            return ahead.result()
        except Exception:  # the passages are embedded again by `embed`, which reports a failure
            return {}

    def _drop_ahead(self) -> None:
        """A prefetch nobody took (its batch failed before embedding) is waited for, not left running."""
        self._take_ahead()


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
