"""Searches over the Neo4j indexes every workspace of a database shares, widened per workspace.

An index answers for the whole database, so a search asks for more candidates than it needs,
keeps its own workspace's and widens (by OVERSAMPLE, up to MAX_CANDIDATES) until it has what it
asked for or the index can hold no more: a small workspace beside a big one keeps its recall.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from lightrag_core import lexical
from lightrag_core.models import LightRAGError
from lightrag_core.storage.neo4j.errors import is_statement_refused

log = logging.getLogger(__name__)

Read = Callable[..., list[dict]]
OVERSAMPLE = 4
MAX_CANDIDATES = 10_000
# Index scores are approximate (quantized from 5.23): widening stops once the exact score of the
# index's last candidate is this far below the threshold in cosine.
SCORE_SLACK = 0.02
# Neo4j 2026.04 deprecates db.index.vector.queryNodes / queryRelationships in Cypher 25 in favour of the SEARCH
# clause (Cypher 25 only, vector indexes from 2026.01); from there the store runs the `*_25` statements, which
# return the same columns in the same order. Older servers (5.18 up to 2026.03) keep the procedures.
SEARCH_CLAUSE_FROM = (2026, 4)
SEARCH_CLAUSE_STATEMENTS = {name: f"{name}_25" for name in ("search_entities", "search_relations", "search_chunks")}


def vector_statement(name: str, server_version: tuple[int, int]) -> str:
    """The vector search statement to run on a server of this (major, minor) version: `name` (the procedures)
    or its SEARCH clause twin. Calendar versions (2025.x, 2026.x) compare above 5.x as tuples."""
    return SEARCH_CLAUSE_STATEMENTS[name] if server_version >= SEARCH_CLAUSE_FROM else name


class VectorStatements:
    """Runs a vector search stage with the statement this server takes: the SEARCH clause from 2026.04, else the
    procedures; and the procedures from then on if the server refuses the SEARCH form itself (a release that
    wants a literal LIMIT, say), since they still run there, deprecated only in Cypher 25."""

    def __init__(self) -> None:
        self.refused = False

    def search(self, read: Read, name: str, server_version: tuple[int, int], vector: list[float] | None, top_k: int,
               threshold: float) -> list[dict[str, Any]]:
        statement = vector_statement(name, server_version)
        if statement == name or self.refused:
            return widen_vector_search(read, name, vector, top_k, threshold)
        try:
            return widen_vector_search(read, statement, vector, top_k, threshold)
        except LightRAGError as exc:
            if not is_statement_refused(exc):
                raise
            log.warning("Neo4j refused the SEARCH clause (%s); vector searches use the procedures from now on", exc)
            self.refused = True
            return widen_vector_search(read, name, vector, top_k, threshold)


def vector_search_path(server_version: tuple[int, int]) -> str:
    """How this server's vector searches run, in words (neo4j-check reports it)."""
    if server_version >= SEARCH_CLAUSE_FROM:
        return "Cypher 25 SEARCH clause (the procedures are deprecated from 2026.04)"
    return "db.index.vector.queryNodes / queryRelationships procedures"


def to_index_score(cosine: float) -> float:
    """Neo4j reports cosine similarity as (1 + cos) / 2, in [0, 1]."""
    return (1.0 + cosine) / 2.0


def from_index_score(score: float) -> float:
    return 2.0 * float(score) - 1.0


def widen_vector_search(read: Read, name: str, vector: list[float] | None, top_k: int,
                        threshold: float) -> list[dict]:
    """One vector search stage (statement `name`): this workspace's top_k rows by exact cosine, at or above
    the threshold, each with its score as plain cosine."""
    candidates, last_seen = max(top_k * OVERSAMPLE, 10), -1
    while True:
        rows = read(name, vector=vector, top_k=top_k, candidates=candidates)
        # Index scores and vector.similarity.cosine are both (1 + cos) / 2; the engine speaks plain cosine.
        hits = [{**r, "score": from_index_score(r["score"])} for r in rows if r["score"] is not None]
        hits = [r for r in hits if r["score"] >= threshold]
        seen, lowest = (rows[0]["seen"], rows[0]["lowest"]) if rows else (0, None)
        # The manual warns that an approximate index may return fewer than asked while holding more:
        # only a wider ask that finds no more proves it exhausted.
        exhausted = (seen < candidates and seen == last_seen) or candidates >= MAX_CANDIDATES
        below = lowest is not None and from_index_score(lowest) < threshold - SCORE_SLACK
        if len(hits) >= top_k or exhausted or below:
            return hits
        candidates, last_seen = min(candidates * OVERSAMPLE, MAX_CANDIDATES), seen


def chunks_by_words(read: Read, terms: list[str], top_k: int) -> list[dict]:
    """BM25 rows of this workspace's chunks holding any of the terms' index words (lexical.words)."""
    words = lexical.unique_words(terms)
    if not words or top_k < 1:
        return []
    text, candidates = lexical.any_of(words), max(top_k * OVERSAMPLE, 10)
    while True:  # Lucene's top hits are exact: fewer than asked means there are no more
        rows = read("search_chunks_text", text=text, top_k=top_k, candidates=candidates)
        hits = [r for r in rows if r["id"] is not None]
        seen = rows[0]["seen"] if rows else 0
        if len(hits) >= top_k or seen < candidates or candidates >= MAX_CANDIDATES:
            return hits
        candidates = min(candidates * OVERSAMPLE, MAX_CANDIDATES)


def entities_with_words(read: Read, token_lists: list[list[str]], limit: int) -> list[list[str]]:
    """For each token list, the first `limit` names (by name) of this workspace's entities holding all of
    its index words, as the embedded store gives them: the index ranks by score, not name, so each query
    widens until the index has no more hits."""
    words = [lexical.unique_words(tokens) for tokens in token_lists]
    todo = {i: lexical.all_of(w) for i, w in enumerate(words) if w} if limit >= 1 else {}
    found: dict[int, list[str]] = {}
    candidates = max(limit * OVERSAMPLE, 10)
    while todo:
        rows = read("entities_with_tokens", queries=[{"key": k, "text": t} for k, t in todo.items()],
                    candidates=candidates)
        seen = {r["key"]: r["seen"] for r in rows}
        for r in rows:
            found[r["key"]] = sorted(r["names"])[:limit]
        todo = {k: t for k, t in todo.items() if seen.get(k, 0) >= candidates}
        if candidates >= MAX_CANDIDATES:
            break
        candidates = min(candidates * OVERSAMPLE, MAX_CANDIDATES)
    if todo:  # past the cap the index may hide this workspace's first names: read them from its own entities
        rows = read("entities_with_words_scan", queries=[{"key": k, "words": words[k]} for k in todo], limit=limit)
        found.update({k: [] for k in todo})
        found.update({r["key"]: sorted(r["names"])[:limit] for r in rows})
    return [found.get(i, []) for i in range(len(token_lists))]
