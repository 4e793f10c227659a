"""The query modes, and what each one uses: the one place a mode's behaviour is decided."""

from __future__ import annotations

from enum import StrEnum


class Mode(StrEnum):
    """LightRAG's six modes (kept faithful), then the project's own graph mode.

    A `Mode` is a `str`, so "mix" and Mode.MIX are interchangeable in parameters and JSON.
    """

    LOCAL = "local"  # entities near the low-level keywords, their relations and chunks
    GLOBAL = "global"  # relations near the high-level keywords, their entities and chunks
    HYBRID = "hybrid"  # local and global, round-robin
    NAIVE = "naive"  # chunks by vector similarity only
    MIX = "mix"  # hybrid plus vector chunks
    BYPASS = "bypass"  # no retrieval: the question goes to the LLM alone
    MULTIHOP = "multihop"  # linked entities -> personalized PageRank, fused with dense and BM25 chunks

    @property
    def uses_keywords(self) -> bool:
        return self in {Mode.LOCAL, Mode.GLOBAL, Mode.HYBRID, Mode.MIX, Mode.MULTIHOP}

    @property
    def uses_entities(self) -> bool:
        """Searches the entity vectors with the low-level keywords."""
        return self in {Mode.LOCAL, Mode.HYBRID, Mode.MIX}

    @property
    def uses_relations(self) -> bool:
        """Searches the relation vectors with the high-level keywords."""
        return self in {Mode.GLOBAL, Mode.HYBRID, Mode.MIX}

    @property
    def uses_vector_chunks(self) -> bool:
        return self in {Mode.NAIVE, Mode.MIX}

    @property
    def walks_graph(self) -> bool:
        """Links the question to entities and ranks by personalized PageRank."""
        return self is Mode.MULTIHOP

    @property
    def retrieves(self) -> bool:
        """Finds context at all (bypass does not, so it cannot be evaluated or compared on retrieval)."""
        return self is not Mode.BYPASS

    @property
    def from_lightrag(self) -> bool:
        return self is not Mode.MULTIHOP


MODES: tuple[str, ...] = tuple(m.value for m in Mode)
RETRIEVAL_MODES: tuple[str, ...] = tuple(m.value for m in Mode if m.retrieves)
