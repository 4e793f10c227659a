"""The whole graph for the analytics and review pages, read once per change of the graph.

Reading every entity and relation takes seconds at 100k entities, and a Streamlit page
reruns on every click; the snapshot is kept until the store's write version changes.
"""

from __future__ import annotations

import threading

from lightrag_core.storage.base import GraphStore
from lightrag_core.workbench.analytics import GraphSummary, summarise_graph

_lock = threading.Lock()
_cache: dict[int, tuple[str, GraphSummary]] = {}


def graph_snapshot(store: GraphStore) -> GraphSummary:
    """The store's entities and relations as of its current write version (shared by all sessions)."""
    version = store.write_version()
    with _lock:
        hit = _cache.get(id(store))
        if hit and hit[0] == version:
            return hit[1]
    summary = summarise_graph(store)
    with _lock:
        _cache[id(store)] = (version, summary)
    return summary
