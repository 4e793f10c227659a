"""Query parameters (LightRAG's QueryParam and its defaults) and the result shape."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lightrag_core.models import LightRAGError

# LightRAG's six modes, then the project's own graph mode.
MODES = ("local", "global", "hybrid", "naive", "mix", "bypass", "multihop")


@dataclass
class QueryParam:
    mode: str = "mix"
    top_k: int = 40
    chunk_top_k: int = 20
    max_entity_tokens: int = 6000
    max_relation_tokens: int = 8000
    max_total_tokens: int = 30000
    cosine_threshold: float = 0.2
    related_chunk_number: int = 5
    kg_chunk_pick_method: str = "VECTOR"  # or "WEIGHT"
    response_type: str = "Multiple Paragraphs"
    hl_keywords: list[str] = field(default_factory=list)
    ll_keywords: list[str] = field(default_factory=list)
    conversation_history: list[dict[str, str]] = field(default_factory=list)
    history_turns: int = 0  # 0 = all turns given
    user_prompt: str = ""
    only_need_context: bool = False
    only_need_prompt: bool = False
    include_references: bool = True
    stream: bool = False
    # Rerank the final chunks on a configured /rerank endpoint (LightRAG's default is on;
    # without RERANK_MODEL it is reported as off).
    enable_rerank: bool = True
    # BM25 fused into the vector chunks of naive and mix (off: those modes stay LightRAG's).
    enable_lexical: bool = False
    # multihop: entity linking, personalized PageRank, fusion. Defaults measured on
    # hotpotqa_100 and lihuaworld (README, "Retrieval quality").
    link_threshold: float = 0.75
    ppr_damping: float = 0.5
    ppr_max_iterations: int = 30
    ppr_max_entities: int = 400
    graph_weight: float = 1.0
    vector_weight: float = 1.0
    lexical_weight: float = 1.0
    rrf_k: int = 60

    def validate(self) -> QueryParam:
        if self.mode not in MODES:
            raise LightRAGError(f"unknown mode {self.mode!r}; choose one of {', '.join(MODES)}")
        if self.kg_chunk_pick_method not in {"VECTOR", "WEIGHT"}:
            raise LightRAGError("kg_chunk_pick_method must be VECTOR or WEIGHT")
        for name in ("top_k", "chunk_top_k", "max_entity_tokens", "max_relation_tokens", "max_total_tokens"):
            if getattr(self, name) < 1:
                raise LightRAGError(f"{name} must be at least 1")
        if not 0.0 <= self.cosine_threshold <= 1.0:
            raise LightRAGError("cosine_threshold must be between 0 and 1")
        if not 0.0 <= self.link_threshold <= 1.0:
            raise LightRAGError("link_threshold must be between 0 and 1")
        if not 0.0 < self.ppr_damping < 1.0:
            raise LightRAGError("ppr_damping must be between 0 and 1 (exclusive)")
        for name in ("ppr_max_iterations", "ppr_max_entities", "rrf_k"):
            if getattr(self, name) < 1:
                raise LightRAGError(f"{name} must be at least 1")
        for name in ("graph_weight", "vector_weight", "lexical_weight"):
            if getattr(self, name) < 0:
                raise LightRAGError(f"{name} must not be negative")
        for turn in self.conversation_history:
            if (
                not isinstance(turn, dict)
                or turn.get("role") not in {"user", "assistant", "system"}
                or not isinstance(turn.get("content"), str)
            ):
                raise LightRAGError(
                    "each conversation_history turn needs a role (user/assistant/system) and a string content"
                )
        return self


@dataclass
class QueryResult:
    """What a query found and kept, in the shape of LightRAG's /query/data, plus timings."""

    mode: str
    high_level: list[str]
    low_level: list[str]
    entities: list[dict[str, Any]] = field(default_factory=list)
    relationships: list[dict[str, Any]] = field(default_factory=list)
    chunks: list[dict[str, Any]] = field(default_factory=list)
    references: list[dict[str, Any]] = field(default_factory=list)
    processing_info: dict[str, Any] = field(default_factory=dict)
    timings_ms: dict[str, float] = field(default_factory=dict)
    context: str = ""
    system_prompt: str = ""
    status: str = "success"
    message: str = "Query executed successfully"
    linked_entities: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "message": self.message,
            "data": {
                "entities": self.entities,
                "relationships": self.relationships,
                "chunks": self.chunks,
                "references": self.references,
            },
            "metadata": {
                "query_mode": self.mode,
                "keywords": {"high_level": self.high_level, "low_level": self.low_level},
                "processing_info": self.processing_info,
                "timings_ms": self.timings_ms,
                "linked_entities": self.linked_entities,
                "warnings": self.warnings,
            },
        }

    @property
    def document_ids(self) -> list[str]:
        """Distinct documents behind the final chunks, in context order."""
        seen: dict[str, None] = {}
        for chunk in self.chunks:
            seen.setdefault(chunk["document_id"], None)
        return list(seen)
