"""Tables a query result is shown as: what was found and kept, tokens per section, time per stage."""

from __future__ import annotations

from typing import Any

from lightrag_core.query.result import QueryResult


def truncation_rows(result: QueryResult) -> list[dict[str, Any]]:
    info = result.processing_info
    parts = [("entities", info.total_entities_found, info.entities_after_truncation),
             ("relations", info.total_relations_found, info.relations_after_truncation),
             ("chunks", info.merged_chunks_count, info.final_chunks_count)]
    return [{"part": part, "found": found, "kept": kept,
             "cut %": round(100 * (1 - kept / found), 1) if found else 0.0} for part, found, kept in parts]


# Which budget cuts each part, for the advice in the warnings.
BUDGETS = {"entities": "max_entity_tokens", "relations": "max_relation_tokens",
           "chunks": "max_total_tokens (or chunk_top_k)"}
MAX_HIGH_LEVEL, MAX_LOW_LEVEL, MAX_CUT_PERCENT = 5, 10, 30.0


def query_warnings(result: QueryResult) -> list[str]:
    """Plain warnings about a query, each with what to change (the /query/data checks people act on)."""
    out = list(result.warnings)
    if result.status != "success" or (not result.high_level and not result.low_level and result.mode not in
                                      {"naive", "bypass"}):
        out.append("No keywords were found in the question: rephrase it with the names it is about, or give "
                   "high-level / low-level keywords in the retrieval settings.")
    if len(result.high_level) > MAX_HIGH_LEVEL:
        out.append(f"{len(result.high_level)} high-level keywords (more than {MAX_HIGH_LEVEL}) blur the relation "
                   "search: ask about fewer themes at once, or give the keywords yourself.")
    if len(result.low_level) > MAX_LOW_LEVEL:
        out.append(f"{len(result.low_level)} low-level keywords (more than {MAX_LOW_LEVEL}) blur the entity "
                   "search: split the question, or give the keywords yourself.")
    return out


def budget_notes(result: QueryResult) -> list[str]:
    """What the token budgets cut, with the setting that keeps more. Notes, not warnings: the modes find
    more than the budget holds by design (LightRAG's defaults cut a third or more on most questions), and a
    warning on every answer read as a misconfigured workbench."""
    return [f"{row['cut %']:.0f}% of the {row['part']} found were cut by the token budget: raise "
            f"{BUDGETS[row['part']]} to keep more."
            for row in truncation_rows(result) if row["cut %"] > MAX_CUT_PERCENT]


def token_rows(result: QueryResult) -> list[dict[str, Any]]:
    return [{"section": k, "tokens": v} for k, v in result.processing_info.tokens.sections().items()]


def timing_rows(result: QueryResult) -> list[dict[str, Any]]:
    return [{"stage": k, "ms": v} for k, v in result.timings_ms.items() if k != "total_retrieval"]


def chunk_rows(result: QueryResult) -> list[dict[str, Any]]:
    # the file as uploaded (its id when it has none): an id alone says nothing to a reader
    return [{"ref": c["reference_id"], "document": c.get("file_path") or c["document_id"],
             "where": c.get("location", ""), "from": c["origin"], "tokens": c["tokens"], "content": c["content"][:200]}
            for c in result.chunks]


def short_answer_line(short: dict[str, Any]) -> str:
    """Where the short answer came from, in words: its path and the references (with pages) it cites."""
    refs = ", ".join(f"[{r}]" for r in short["references"])
    where = "; ".join(dict.fromkeys(short.get("where", [])))
    path = " → ".join(short["path"])
    cited = f"cited from {refs}" + (f" ({where})" if where else "")
    return f"Found along {path}; {cited}" if len(short["path"]) > 1 else "C" + cited[1:]


def link_rows(result: QueryResult) -> list[dict[str, Any]]:
    """The question's names linked to graph entities, and how (multihop)."""
    return [{"entity": lk["entity"], "from": lk["keyword"], "how": lk["method"], "confidence": lk["confidence"]}
            for lk in result.linked_entities]


def trust_summary(result: QueryResult) -> str:
    """multihop's fusion weights for this question and why, in one line ('' for other modes)."""
    graph = result.processing_info.graph
    if graph is None or not graph.trust_decision.weights:
        return ""
    decision = graph.trust_decision
    w = {k: f"{round(v, 2):g}" for k, v in decision.weights.items()}  # (a reader wants 0.33, not 0.3333)
    bridge = f", bridge {w['bridge']}" if "bridge" in w else ""
    why = "; ".join(decision.reasons)
    return f"Fusion weights: graph {w['graph']}, dense {w['vector']}, BM25 {w['lexical']}{bridge}. " + why[:1].upper() \
        + why[1:]


def decomposition_rows(result: QueryResult) -> list[dict[str, Any]]:
    """multihop's decomposition steps: each phrase the question names something through, what the text
    says it is, and the sentence that says so (empty when the question named everything it asks about)."""
    graph = result.processing_info.graph
    if graph is None:
        return []
    return [{"step": n, "phrase": s.phrase, "about": ", ".join(dict.fromkeys(s.subjects)), "found": s.found,
             "as": s.via, "sentence": s.sentence, "seed weight": s.seed_weight}
            for n, s in enumerate(graph.decomposition, 1)]


def coverage_rows(result: QueryResult) -> list[dict[str, Any]]:
    """The passages multihop's coverage stage brought into the first five, with the fused place each had."""
    graph = result.processing_info.graph
    if graph is None:
        return []
    # (named as the references name it: a corpus title such as "AC/DC" is no path)
    return [{"passage": m.file_path or m.chunk_id, "fused place": m.fused_place, "now": m.place}
            for m in graph.coverage]


def trust_rows(result: QueryResult) -> list[dict[str, Any]]:
    """The query-time signals multihop's trust decision read (empty for other modes)."""
    graph = result.processing_info.graph
    if graph is None:
        return []
    d = graph.trust_decision
    how = ", ".join(f"{m} {n}" for m, n in d.by_method.items()) or "none"
    return [{"signal": "names linked", "value": f"{d.linked} ({how})"},
            {"signal": "specific seeds (named exactly, few chunks)", "value": str(d.specific_seeds)},
            {"signal": "hub seeds (many chunks)", "value": str(d.hub_seeds)},
            {"signal": "walk concentration (mass in first 5 chunks)", "value": f"{d.concentration:.0%}"},
            {"signal": "graph/text agreement (first 5 graph chunks)", "value": f"{d.agreement:.0%}"},
            {"signal": "graph trust", "value": f"{d.trust:g}"}]
