"""What a query returns: typed inside the engine, LightRAG's /query/data shape at the edge (`to_data`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class SectionTokens:
    """Tokens each part of the prompt takes, and the budget the chunks were cut to."""

    entities: int = 0
    relationships: int = 0
    chunks: int = 0
    references: int = 0
    chunk_budget: int = 0
    system_prompt: int = 0
    total: int = 0

    def sections(self) -> dict[str, int]:
        """The parts of the prompt (not the budget or the total)."""
        return {"entities": self.entities, "relationships": self.relationships, "chunks": self.chunks,
                "references": self.references, "system_prompt": self.system_prompt}


@dataclass
class TrustDecision:
    """How far multihop trusted the graph for one question, the signals it read, and why."""

    trust: float = 0.0  # the graph channel's weight factor: 0 none, 1 equal with each text channel, >1 leads
    linked: int = 0  # names in the question linked to the graph
    by_method: dict[str, int] = field(default_factory=dict)  # links per method (exact, title, alias, vector...)
    specific_seeds: int = 0  # named exactly (or by title) and in few chunks
    hub_seeds: int = 0  # mentioned in many chunks
    concentration: float = 0.0  # share of the walk's chunk mass in its first chunks
    agreement: float = 0.0  # share of the graph's first chunks a text channel also found
    reasons: list[str] = field(default_factory=list)
    weights: dict[str, float] = field(default_factory=dict)  # the fusion weight each channel got


@dataclass
class DecompositionStep:
    """One step of a compositional question: the phrase that named something only through another
    ("the film that"), what the text says it is, the sentence that says so, and the seed weight the
    walk gave it."""

    phrase: str
    subjects: list[str]  # the names the sentence was about
    found: str
    via: str  # what was seeded: "title" (the document's chunks), "title and entity" (its entity too)
    sentence: str
    chunk_id: str
    score: float
    seed_weight: float


@dataclass
class CoverageMove:
    """A passage multihop's coverage stage brought into the first five: its place in the fused ranking and
    where it stands now (1-based)."""

    chunk_id: str
    file_path: str
    fused_place: int
    place: int


@dataclass
class GraphWalkInfo:
    """What multihop's graph stage did."""

    seeds: int = 0
    graph_entities: int = 0
    graph_nodes: int = 0
    ppr_iterations: int = 0
    graph_chunks: int = 0
    graph_trust: float = 0.0
    trust_decision: TrustDecision = field(default_factory=TrustDecision)
    # Compositional questions: the bridges found first and seeded into the walk, in order (at most 3).
    decomposition: list[DecompositionStep] = field(default_factory=list)
    # The passages the coverage stage brought into the first five, to cover the question's other words.
    coverage: list[CoverageMove] = field(default_factory=list)


@dataclass
class ProcessingInfo:
    """How much each stage found and kept. A misspelt field is an error, not a silent 0."""

    # LightRAG's fields, with its names.
    total_entities_found: int = 0
    total_relations_found: int = 0
    entities_after_truncation: int = 0
    relations_after_truncation: int = 0
    merged_chunks_count: int = 0
    final_chunks_count: int = 0
    # Where the chunks and graph items came from.
    vector_chunks: int = 0
    entity_chunks: int = 0
    relation_chunks: int = 0
    lexical_chunks: int = 0
    local_entities: int = 0
    global_entities: int = 0
    local_relations: int = 0
    global_relations: int = 0
    linked_entities: int = 0
    rerank: str = "off (enable_rerank is false)"
    graph: GraphWalkInfo | None = None  # multihop only
    tokens: SectionTokens = field(default_factory=SectionTokens)

    def to_dict(self) -> dict[str, Any]:
        """LightRAG's flat dict: the graph walk's fields sit beside the others."""
        out = asdict(self)
        graph = out.pop("graph")
        tokens = out.pop("tokens")
        if graph:
            out.update(graph)
        out["tokens"] = tokens
        return out


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
    processing_info: ProcessingInfo = field(default_factory=ProcessingInfo)
    timings_ms: dict[str, float] = field(default_factory=dict)
    context: str = ""
    system_prompt: str = ""
    status: str = "success"
    message: str = "Query executed successfully"
    linked_entities: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    # The offline answer's short answer, once the answer has been written: its text, its path in
    # words (question entity → bridge → answer) and the references of its sentences.
    short_answer: dict[str, Any] | None = None

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
                "query_mode": str(self.mode),
                "keywords": {"high_level": self.high_level, "low_level": self.low_level},
                "processing_info": self.processing_info.to_dict(),
                "timings_ms": self.timings_ms,
                "linked_entities": self.linked_entities,
                "warnings": self.warnings,
            },
        }

    @property
    def chunk_ids(self) -> list[str]:
        """Distinct chunks in the final context, in context order."""
        return list(dict.fromkeys(chunk["chunk_id"] for chunk in self.chunks))

    @property
    def document_ids(self) -> list[str]:
        """Distinct documents behind the final chunks, in context order."""
        seen: dict[str, None] = {}
        for chunk in self.chunks:
            seen.setdefault(chunk["document_id"], None)
        return list(seen)
