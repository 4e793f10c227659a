"""Tables a query result is shown as: what was found and kept, tokens per section, time per stage."""

from __future__ import annotations

from typing import Any

from lightrag_core.query.result import QueryResult


def truncation_rows(result: QueryResult) -> list[dict[str, Any]]:
    info = result.processing_info
    return [
        {"part": "entities", "found": info.total_entities_found, "kept": info.entities_after_truncation},
        {"part": "relations", "found": info.total_relations_found, "kept": info.relations_after_truncation},
        {"part": "chunks", "found": info.merged_chunks_count, "kept": info.final_chunks_count},
    ]


def token_rows(result: QueryResult) -> list[dict[str, Any]]:
    return [{"section": k, "tokens": v} for k, v in result.processing_info.tokens.sections().items()]


def timing_rows(result: QueryResult) -> list[dict[str, Any]]:
    return [{"stage": k, "ms": v} for k, v in result.timings_ms.items() if k != "total_retrieval"]


def chunk_rows(result: QueryResult) -> list[dict[str, Any]]:
    return [{"ref": c["reference_id"], "document": c["document_id"], "from": c["origin"], "tokens": c["tokens"],
             "content": c["content"][:200]} for c in result.chunks]


def link_rows(result: QueryResult) -> list[dict[str, Any]]:
    """The question's names linked to graph entities, and how (multihop)."""
    return [{"entity": lk["entity"], "from": lk["keyword"], "how": lk["method"], "confidence": lk["confidence"]}
            for lk in result.linked_entities]
