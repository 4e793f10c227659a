"""Chunks behind the kept entities and relations: WEIGHT polling or VECTOR picking."""

from __future__ import annotations

from collections import Counter

import numpy as np

from lightrag_core.models import Chunk
from lightrag_core.storage.base import GraphStore


def _claimed_chunks(source_lists: list[list[str]]) -> list[list[str]]:
    """Each item keeps the chunks no earlier item claimed, most shared first."""
    counts: Counter[str] = Counter(cid for ids in source_lists for cid in dict.fromkeys(ids))
    claimed: set[str] = set()
    out = []
    for ids in source_lists:
        own = [cid for cid in dict.fromkeys(ids) if cid not in claimed]
        claimed.update(own)
        out.append(sorted(own, key=lambda c: counts[c], reverse=True))
    return out


def pick_by_weighted_polling(per_item: list[list[str]], max_related: int, min_related: int = 1) -> list[str]:
    """Earlier (better-ranked) items get more chunks: quotas fall linearly from max to min."""
    items = [ids for ids in per_item if ids]
    n = len(items)
    picked: list[str] = []
    for i, ids in enumerate(items):
        quota = max_related if n == 1 else round(max_related - (max_related - min_related) * i / (n - 1))
        picked.extend(ids[: max(quota, min_related)])
    return picked


def pick_by_vector(store: GraphStore, per_item: list[list[str]], vector: np.ndarray, limit: int) -> list[str]:
    """The candidate chunks most similar to the query, best first."""
    candidates = list(dict.fromkeys(cid for ids in per_item for cid in ids))
    scores = store.chunk_scores(candidates, vector)
    ranked = sorted(candidates, key=lambda c: scores.get(c, -1.0), reverse=True)
    return ranked[:limit]


def related_chunks(
    store: GraphStore,
    source_lists: list[list[str]],
    method: str,
    related_number: int,
    vector: np.ndarray | None,
) -> list[Chunk]:
    """Chunks for a list of entities or relations (given as their source-id lists), in pick order."""
    with_chunks = [ids for ids in _claimed_chunks(source_lists) if ids]
    if not with_chunks:
        return []
    if method == "VECTOR" and vector is not None:
        ids = pick_by_vector(store, with_chunks, vector, max(1, int(related_number * len(with_chunks) / 2)))
    else:
        ids = pick_by_weighted_polling(with_chunks, related_number)
    found = store.get_chunks(ids)
    return [found[c] for c in ids if c in found]
