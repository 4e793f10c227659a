"""The embedded store's graph-and-text reads for multi-hop retrieval: BM25 over chunks (FTS5),
entity names by token, documents by title, and the bounded neighbourhood of seed entities.

The neighbourhood follows the same rule as `cypher/neighbourhood.cypher`, so both
stores hand personalized PageRank the same graph.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Callable

from lightrag_core import lexical
from lightrag_core.models import Chunk, Neighbourhood
from lightrag_core.storage.base import seeds_in_given_order, tie_score

Query = Callable[[str, tuple], list[tuple]]


def search_chunks_text(q: Query, terms: list[str], top_k: int) -> list[Chunk]:
    """Chunks ranked by BM25 for any of the terms; the score is BM25 (higher is better)."""
    words = lexical.unique_words(terms)  # the same words the Neo4j store asks for
    if not words or top_k < 1:
        return []
    rows = q(
        "SELECT c.id, c.doc_id, c.ord, c.tokens, c.content, c.file_path, -bm25(chunks_fts) AS s "
        "FROM chunks_fts JOIN chunks c ON c.rowid = chunks_fts.rowid "
        "WHERE chunks_fts MATCH ? ORDER BY s DESC, c.id LIMIT ?",
        (lexical.any_of(words), top_k),
    )
    return [Chunk(id=r[0], doc_id=r[1], order=r[2], tokens=r[3], content=r[4], file_path=r[5], score=float(r[6]))
            for r in rows]


def entities_with_tokens(q: Query, token_lists: list[list[str]], limit: int) -> list[list[str]]:
    """For each token list, entity names holding every token (name order), at most `limit`."""
    out: list[list[str]] = []
    for tokens in token_lists:
        words = lexical.unique_words(tokens)
        if not words:
            out.append([])
            continue
        rows = q(
            "SELECT e.name FROM entity_names_fts f JOIN entities e ON e.rowid = f.rowid "
            "WHERE entity_names_fts MATCH ? ORDER BY e.name LIMIT ?",
            (lexical.all_of(words), limit),
        )
        out.append([r[0] for r in rows])
    return out


def neighbourhood(q: Query, names: list[str], max_neighbours: int) -> Neighbourhood:
    """Seeds, then the entities closest to them (summed relation weight to a seed plus the number
    of the seeds' chunks that mention them; ties by name), the relations among all of them, and
    the chunks that mention each."""
    arg = json.dumps(names)
    found = {r[0] for r in q("SELECT name FROM entities WHERE name IN (SELECT value FROM json_each(?))", (arg,))}
    seeds = seeds_in_given_order(names, found)
    if not seeds:
        return Neighbourhood()
    seed_set = set(seeds)
    seed_arg = json.dumps(seeds)
    closeness: dict[str, float] = defaultdict(float)
    for src, tgt, weight in q(
        "SELECT src, tgt, weight FROM relations WHERE src IN (SELECT value FROM json_each(?)) "
        "UNION ALL SELECT src, tgt, weight FROM relations WHERE tgt IN (SELECT value FROM json_each(?)) "
        "AND src NOT IN (SELECT value FROM json_each(?))",
        (seed_arg, seed_arg, seed_arg),
    ):
        for end in (src, tgt):
            if end not in seed_set:
                closeness[end] += float(weight)
    for name, shared in q(
        "SELECT name, COUNT(*) FROM mentions WHERE chunk_id IN "
        "(SELECT DISTINCT chunk_id FROM mentions WHERE name IN (SELECT value FROM json_each(?))) GROUP BY name",
        (seed_arg,),
    ):
        if name not in seed_set:
            closeness[name] += float(shared)
    # Compared to TIE_DECIMALS: a sum's last bit depends on the order it was added in, which differs per store.
    near = sorted(closeness, key=lambda n: (-tie_score(closeness[n]), n))[: max(max_neighbours, 0)]
    nodes = seeds + near
    node_arg = json.dumps(nodes)
    sources: dict[str, list[str]] = {n: [] for n in nodes}
    for name, chunk_id in q(
        "SELECT name, chunk_id FROM mentions WHERE name IN (SELECT value FROM json_each(?)) ORDER BY name, chunk_id",
        (node_arg,),
    ):
        sources[name].append(chunk_id)
    relations = [
        (src, tgt, float(w))
        for src, tgt, w in q(
            "SELECT src, tgt, weight FROM relations WHERE src IN (SELECT value FROM json_each(?)) "
            "AND tgt IN (SELECT value FROM json_each(?)) ORDER BY src, tgt",
            (node_arg, node_arg),
        )
    ]
    return Neighbourhood(seeds, sources, relations)


def title_chunks(q: Query, lowered: list[str]) -> dict[str, dict[str, list[str]]]:
    """Processed documents one of whose title keys (storage/base.py, title_keys: the subject lower-cased, the
    subject before " (", a file's name without its extension) is one of `lowered`; for each name,
    {title: its chunk ids in order}. Same rule as `cypher/title_chunks.cypher`."""
    keys = [k for k in dict.fromkeys(lowered) if k]
    if not keys:
        return {}
    # The keys were folded in Python when each document was written (storage/base.py, title_keys).
    rows = q(
        "SELECT k.key, CASE WHEN d.subject <> '' THEN d.subject ELSE d.title END AS shown, c.id "
        "FROM title_keys k JOIN documents d ON d.id = k.doc_id JOIN chunks c ON c.doc_id = d.id "
        "WHERE k.key IN (SELECT value FROM json_each(?)) AND d.status = 'processed' "
        "ORDER BY k.key, shown, c.ord",
        (json.dumps(keys),),
    )
    out: dict[str, dict[str, list[str]]] = {}
    for key, subject, chunk_id in rows:
        out.setdefault(key, {}).setdefault(subject, []).append(chunk_id)
    return out
