"""LightRAG 1.5.7's label look-ups for its graph viewer: the most connected entity names, and names matching
what a user types. (The graph itself, /graphs and /graph/label/list, is served by the curation routes.)"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, Query

from lightrag_core.engine import Engine


def rank_matches(names: list[str], q: str, limit: int) -> list[str]:
    """Names holding `q` (case-insensitive): exact first, then those starting with it, then the rest; shorter first."""
    needle = q.strip().lower()
    hits = [n for n in names if needle and needle in n.lower()]
    hits.sort(key=lambda n: (n.lower() != needle, not n.lower().startswith(needle), len(n), n))
    return hits[:limit]


def label_router(engine: Engine, auth: Callable[..., Any]) -> APIRouter:
    router = APIRouter(prefix="/graph/label", tags=["graph"], dependencies=[Depends(auth)])

    @router.get("/popular", response_model=list[str])
    def popular(limit: int = Query(300, ge=1, le=1000)) -> list[str]:
        degree: Counter[str] = Counter()
        for rel in engine.store.all_relations():
            degree[rel.src] += 1
            degree[rel.tgt] += 1
        names = [e.name for e in engine.store.all_entities()]
        return sorted(names, key=lambda n: (-degree[n], n))[:limit]

    @router.get("/search", response_model=list[str])
    def search(q: str = Query(..., min_length=1, max_length=200), limit: int = Query(50, ge=1, le=100)) -> list[str]:
        return rank_matches([e.name for e in engine.store.all_entities()], q, limit)

    return router
