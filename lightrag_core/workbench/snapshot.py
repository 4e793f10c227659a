"""The whole graph for the analytics and review pages, read once per change of the graph.

A snapshot is the graph's outline (names, types, degrees; relation ends and weights) plus
the most-cited chunks, both aggregated by the store: reading every description and
provenance list would take seconds at 100k entities. A Streamlit page reruns on every
click, so the snapshot is kept until the store's write version changes. Pages fetch full
records only for the rows they show.
"""

from __future__ import annotations

import threading

from lightrag_core.storage.base import GraphStore
from lightrag_core.workbench.analytics import GraphSummary

_lock = threading.Lock()
_cache: dict[int, tuple[str, GraphSummary]] = {}
CITED = 100


def graph_snapshot(store: GraphStore) -> GraphSummary:
    """The store's entities and relations as of its current write version (shared by all sessions)."""
    version = store.write_version()
    with _lock:
        hit = _cache.get(id(store))
        if hit and hit[0] == version:
            return hit[1]
    entities, relations = store.graph_outline()
    summary = GraphSummary(entities, relations, cited=store.most_cited_chunks(CITED))
    with _lock:
        _cache[id(store)] = (version, summary)
    return summary
