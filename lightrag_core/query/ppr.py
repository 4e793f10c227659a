"""Personalized PageRank over one graph of entities and chunks.

Entity-entity edges carry their relation weight; an entity-chunk edge joins an
entity to each chunk that mentions it. The walk restarts at the seed entities
(with probability 1 - damping at every step), so chunks close to several seeds,
or reachable from a seed through a bridging entity, gather the most mass.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse

from lightrag_core.models import Neighbourhood

CHUNK_EDGE_WEIGHT = 1.0


@dataclass
class PPRResult:
    entity_scores: dict[str, float]
    chunk_scores: dict[str, float]
    iterations: int
    nodes: int


def personalized_pagerank(
    hood: Neighbourhood,
    seed_weights: dict[str, float],
    damping: float = 0.5,
    max_iterations: int = 30,
    tolerance: float = 1e-6,
    max_chunks: int = 5000,
    chunk_seeds: dict[str, float] | None = None,
) -> PPRResult:
    """Scores of every entity and chunk in the neighbourhood; all scores sum to 1.

    `chunk_seeds` restart the walk at chunks too (a document named by its title); such a chunk
    is a node even when no entity of the neighbourhood mentions it.
    """
    entities = list(hood.entities)
    seeds = {n: w for n, w in seed_weights.items() if n in hood.entities and w > 0}
    chunk_seeds = {c: w for c, w in (chunk_seeds or {}).items() if w > 0}
    if not seeds and not chunk_seeds:
        return PPRResult({}, {}, 0, 0)
    chunks = list(chunk_seeds)
    chunks += [c for c in _capped_chunks(hood, max_chunks) if c not in chunk_seeds][: max(max_chunks - len(chunks), 0)]
    index = {n: i for i, n in enumerate(entities)}
    offset = len(entities)
    cindex = {c: offset + i for i, c in enumerate(chunks)}
    rows, cols, vals = [], [], []
    for src, tgt, weight in hood.relations:
        if src in index and tgt in index and src != tgt:
            rows += [index[src], index[tgt]]
            cols += [index[tgt], index[src]]
            vals += [max(weight, 0.0)] * 2
    for name, chunk_ids in hood.entities.items():
        for cid in chunk_ids:
            if cid in cindex:
                rows += [index[name], cindex[cid]]
                cols += [cindex[cid], index[name]]
                vals += [CHUNK_EDGE_WEIGHT] * 2
    n = offset + len(chunks)
    adjacency = sparse.csr_matrix((vals, (rows, cols)), shape=(n, n), dtype=np.float64)
    out_weight = np.asarray(adjacency.sum(axis=1)).ravel()
    dangling = out_weight == 0
    inv = np.divide(1.0, out_weight, out=np.zeros_like(out_weight), where=~dangling)
    transition_t = (sparse.diags(inv) @ adjacency).T.tocsr()  # column-stochastic, except dangling columns

    restart = np.zeros(n)
    for name, weight in seeds.items():
        restart[index[name]] = weight
    for cid, weight in chunk_seeds.items():
        restart[cindex[cid]] += weight
    restart /= restart.sum()
    scores = restart.copy()
    iterations = 0
    while iterations < max_iterations:
        iterations += 1
        spread = transition_t @ scores + scores[dangling].sum() * restart
        updated = (1.0 - damping) * restart + damping * spread
        delta = float(np.abs(updated - scores).sum())
        scores = updated
        if delta < tolerance:
            break
    return PPRResult(
        {name: float(scores[i]) for name, i in index.items()},
        {cid: float(scores[i]) for cid, i in cindex.items()},
        iterations,
        n,
    )


def _capped_chunks(hood: Neighbourhood, max_chunks: int) -> list[str]:
    """Chunks of the neighbourhood, those mentioned by the most of its entities first (ties by id)."""
    mentions: dict[str, int] = {}
    for chunk_ids in hood.entities.values():
        for cid in chunk_ids:
            mentions[cid] = mentions.get(cid, 0) + 1
    return sorted(mentions, key=lambda c: (-mentions[c], c))[:max_chunks]


def ranked(scores: dict[str, float]) -> list[str]:
    """Keys by score, best first; ties by key so every backend gives one order."""
    return sorted(scores, key=lambda k: (-scores[k], k))
