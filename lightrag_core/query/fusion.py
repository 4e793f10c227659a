"""Weighted reciprocal-rank fusion: several rankings of the same items into one."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

T = TypeVar("T", bound=Hashable)


def rrf(rankings: list[tuple[str, list[T], float]], k: int = 60) -> tuple[list[T], dict[T, str]]:
    """Items by the sum of weight / (k + rank) over the rankings they appear in (rank from 1).

    Returns the fused order (ties by first appearance) and, for each item, the name
    of the ranking that contributed most to its score.
    """
    score: dict[T, float] = {}
    best: dict[T, tuple[float, str]] = {}
    order: dict[T, int] = {}
    for name, items, weight in rankings:
        if weight <= 0:
            continue
        for rank, item in enumerate(dict.fromkeys(items), 1):
            part = weight / (k + rank)
            score[item] = score.get(item, 0.0) + part
            order.setdefault(item, len(order))
            if item not in best or part > best[item][0]:
                best[item] = (part, name)
    fused = sorted(score, key=lambda i: (-score[i], order[i]))
    return fused, {i: best[i][1] for i in fused}
