"""How far multihop trusts the graph for one question, decided from what the query itself shows.

The fusion gives each channel (graph, dense, BM25) a weight. A fixed recipe cannot serve every
kind of question: a question whose names link exactly to entities few chunks mention is best
answered by walking the graph from them (the dense and BM25 channels then mostly add look-alike
distractors), while a question linked only by embedding, or through a hub every chunk mentions,
is best answered by the text channels. The signals below mean the same on any corpus:

  links          how many of the question's names linked, and how (exact, title, alias, vector)
  specificity    how few chunks a seed is mentioned in (a hub spreads the walk thin)
  concentration  the share of the walk's chunk mass held by its first few chunks
  agreement      how many of the graph's first chunks the dense or BM25 ranking also found
"""

from __future__ import annotations

from lightrag_core.query.linking import ALIAS, EXACT, QUESTION, REVIEW_MERGE, TITLE, VECTOR, Link
from lightrag_core.query.result import TrustDecision

# A seed mentioned in at most this many chunks points the walk somewhere specific.
SPECIFIC_CHUNKS = 3
# An embedding-only link is a guess about which entity the question means: it counts at half its similarity.
VECTOR_DISCOUNT = 0.5
# How the name linked, for trust: exact and title links name the thing, and so does a name a reviewer
# merged into the entity (an expert said it is that entity); an alias is a partial name.
_NAMED = {EXACT, QUESTION, TITLE, REVIEW_MERGE}
# The graph outweighs the other two channels together (each weighs 1) when it is trusted outright.
OUTWEIGH = 3.0
# How focused the walk is: the share of its chunk mass its first TOP_CHUNKS chunks hold. From
# SPREAD (the mass is everywhere) to FOCUSED the trust in exact specific seeds rises from 1 to OUTWEIGH.
TOP_CHUNKS = 5
SPREAD = 0.4
FOCUSED = 0.8


def specificity(entity: str, chunk_counts: dict[str, int]) -> float:
    """1 for a seed in at most SPECIFIC_CHUNKS chunks, falling as it is mentioned more widely."""
    return min(1.0, SPECIFIC_CHUNKS / max(chunk_counts.get(entity, 1), 1))


def link_quality(link: Link) -> float:
    return link.confidence * VECTOR_DISCOUNT if link.method == VECTOR else link.confidence


def concentration(chunk_scores: dict[str, float], top: int = TOP_CHUNKS) -> float:
    """Share of the walk's chunk mass in its `top` best chunks (1.0 when it reached at most `top`)."""
    total = sum(chunk_scores.values())
    if total <= 0:
        return 0.0
    return sum(sorted(chunk_scores.values(), reverse=True)[:top]) / total


def agreement(graph_ids: list[str], text_ids: list[str], top: int = TOP_CHUNKS) -> float:
    """Share of the graph's first `top` chunks that a text channel also ranked."""
    head = graph_ids[:top]
    return len(set(head) & set(text_ids)) / len(head) if head else 0.0


def decide(
    links: list[Link],
    chunk_counts: dict[str, int],
    chunk_scores: dict[str, float],
    graph_ids: list[str],
    text_ids: list[str],
) -> TrustDecision:
    """The graph channel's trust for this question: 0 (no graph) up to OUTWEIGH (the graph leads).

    Ordinary trust, 0 to 1, is the best seed's link quality times its specificity: fusion with
    equal weights at most. Trust rises above 1, up to OUTWEIGH, only when a name in the question
    linked exactly (or by a document's title) to a specific entity, and the more focused the walk
    from the seeds, the more, provided no other name of the question is a hub (the question is
    then about the hub's many chunks, the specific name one clue among several) and a text channel
    confirms at least one of the walk's first chunks (else the walk may have wandered off);
    alias-only and embedding-only links never get there.
    """
    methods = {m: sum(1 for lk in links if lk.method == m)
               for m in (EXACT, QUESTION, TITLE, REVIEW_MERGE, ALIAS, VECTOR)}
    strong = [lk for lk in links if lk.method in _NAMED and specificity(lk.entity, chunk_counts) >= 1.0]
    hubs = [lk for lk in links if specificity(lk.entity, chunk_counts) < 1.0]
    base = max((link_quality(lk) * specificity(lk.entity, chunk_counts) for lk in links), default=0.0)
    focus = concentration(chunk_scores)
    agree = agreement(graph_ids, text_ids)
    reasons: list[str] = []
    if not links:
        reasons.append("no name in the question linked to the graph: dense and BM25 only")
    elif strong and hubs:
        trust = base
        reasons.append(f"exact specific seeds, but the question also names widely mentioned ones "
                       f"({', '.join(lk.entity for lk in hubs[:3])}): fused with dense and BM25")
    elif strong and focus > SPREAD and agree == 0.0:
        trust = 1.0
        reasons.append(f"exact specific seeds, but neither dense nor BM25 found any of the walk's first "
                       f"{TOP_CHUNKS} chunks: fused with equal weights")
    elif strong and focus > SPREAD:
        trust = 1.0 + (OUTWEIGH - 1.0) * min(1.0, (focus - SPREAD) / (FOCUSED - SPREAD))
        verdict = "the graph leads" if trust > 2.0 else "the graph weighs more than each text channel"
        reasons.append(f"{len(strong)} name(s) linked exactly to specific entities (at most {SPECIFIC_CHUNKS} "
                       f"chunks each) and {focus:.0%} of the walk's mass is in its first {TOP_CHUNKS} chunks: "
                       f"{verdict}")
    else:
        trust = base
        if strong:
            reasons.append(f"exact specific seeds, but the walk spreads ({focus:.0%} of its mass in "
                           f"{TOP_CHUNKS} chunks, at most {SPREAD:.0%}): fused with dense and BM25")
        elif hubs:
            reasons.append(f"seeds are widely mentioned ({', '.join(lk.entity for lk in hubs[:3])}): "
                           "the graph is fused at reduced weight")
        elif methods[VECTOR] == len(links):
            reasons.append("names linked by embedding only: the graph is fused at reduced weight")
        else:
            reasons.append("names linked by partial name (alias): fused with dense and BM25")
    if not links:
        trust = 0.0
    return TrustDecision(
        trust=round(trust, 4),
        linked=len(links),
        by_method={m: n for m, n in methods.items() if n},
        specific_seeds=len(strong),
        hub_seeds=len(hubs),
        concentration=round(focus, 4),
        agreement=round(agree, 4),
        reasons=reasons,
    )
