"""Stage 1, search: the local, global and vector paths, and their round-robin merge."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

import numpy as np

from lightrag_core.models import Chunk, Entity, Relation
from lightrag_core.storage.base import GraphStore

T = TypeVar("T")


def local_search(
    store: GraphStore, vector: np.ndarray, top_k: int, threshold: float
) -> tuple[list[Entity], list[Relation]]:
    """Entities nearest the low-level keywords, then their edges ranked by edge degree, then weight."""
    entities = store.search_entities(vector, top_k, threshold)
    relations = store.relations_of([e.name for e in entities]) if entities else []
    # Ties broken by name so every backend returns the same order.
    relations.sort(key=lambda r: (-r.degree, -r.weight, r.src, r.tgt))
    return entities, relations


def global_search(
    store: GraphStore, vector: np.ndarray, top_k: int, threshold: float
) -> tuple[list[Entity], list[Relation]]:
    """Relations nearest the high-level keywords (in similarity order), then their entities."""
    relations = store.search_relations(vector, top_k, threshold)
    names: dict[str, None] = {}
    for rel in relations:
        names.setdefault(rel.src, None)
        names.setdefault(rel.tgt, None)
    entities = store.entities_with_degree(list(names)) if names else []
    return entities, relations


def vector_search(store: GraphStore, vector: np.ndarray, chunk_top_k: int, threshold: float) -> list[Chunk]:
    return store.search_chunks(vector, chunk_top_k, threshold)


def round_robin(lists: list[list[T]], key: Callable[[T], Hashable]) -> list[T]:
    """Interleave the lists item by item, keeping the first of any duplicates."""
    return round_robin_tagged([("", items) for items in lists], key)[0]


def round_robin_tagged(
    lists: list[tuple[str, list[T]]], key: Callable[[T], Hashable]
) -> tuple[list[T], dict[Hashable, str]]:
    """Round-robin merge that also says which list each kept item was taken from."""
    merged: list[T] = []
    origin: dict[Hashable, str] = {}
    for i in range(max((len(x) for _, x in lists), default=0)):
        for tag, items in lists:
            if i < len(items):
                k = key(items[i])
                if k not in origin:
                    origin[k] = tag
                    merged.append(items[i])
    return merged, origin
