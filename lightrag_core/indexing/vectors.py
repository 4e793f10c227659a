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
# A batch's passage vectors, being computed while its extraction runs (None: nothing to embed).
Prefetch = Future[dict[str, np.ndarray]] | None


class VectorStage:
    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._memo: OrderedDict[str, np.ndarray] = OrderedDict()
        self.texts_embedded = 0  # what reached the model, for reports and tests

    def prefetch(self, passages: list[str]) -> Prefetch:
        """Embed a batch's passages in the background while its extraction runs; `embed` takes the result.

        A passage's vector needs nothing extraction finds, and extraction (spaCy, or an LLM's
        replies) leaves the model's cores idle: the two overlap.
        """
        texts = [t for t in dict.fromkeys(passages) if t and t not in self._memo]
        if not texts:
            return None
        worker = ThreadPoolExecutor(1, thread_name_prefix="embed-ahead")
        ahead = worker.submit(lambda: dict(zip(texts, self.embedder.embed(texts))))
        worker.shutdown(wait=False)  # the thread ends with its one task
        return ahead

    def embed(self, chunks: list[Chunk], entities: list[Entity], relations: list[Relation],
              ahead: Prefetch = None) -> None:
        prefetched = taken(ahead) if chunks else {}  # a removal's re-embedding (no passages) has none
        # Reads see the prefetched passages; what embed_items keeps goes to the run's memo only.
        memo = ChainMap(self._memo, prefetched)
        embedded = embed_items(self.embedder, chunks, entities, relations, memo)
        self.texts_embedded += len(embedded) + len(prefetched)
        while len(self._memo) > MEMO_TEXTS:
            self._memo.popitem(last=False)


def taken(ahead: Prefetch) -> dict[str, np.ndarray]:
    """A prefetch's vectors once it is done; none when it failed (`embed` then embeds the passages itself and
    reports a failure). Also how a prefetch nobody will use is waited for, not left running."""
    if ahead is None:
        return {}
    try:
        return ahead.result()
    except Exception:
        return {}


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
