"""The storage protocol every backend implements.

Each retrieval stage is one batched call (vector search, node data and
degree together), so a networked backend makes one round trip per stage,
never one per item. Writes arrive as a `GraphWrite` and are applied in one
transaction.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np

from ..models import Chunk, DocumentInfo, Entity, GraphWrite, LightRAGError, Relation

NAMESPACES = ("entities", "relations", "chunks")


@runtime_checkable
class GraphStore(Protocol):
    kind: str  # "embedded" or "neo4j"

    def close(self) -> None: ...

    # Embedding model bookkeeping: a store accepts one model and dimension.
    def embedding_meta(self) -> tuple[str, int] | None: ...
    def set_embedding_meta(self, model: str, dim: int) -> None: ...

    # Documents and their status.
    def get_document(self, doc_id: str) -> DocumentInfo | None: ...
    def list_documents(self) -> list[DocumentInfo]: ...
    def save_document(self, info: DocumentInfo, text: str | None = None) -> None: ...
    def get_document_text(self, doc_id: str) -> str | None: ...
    def document_chunk_ids(self, doc_id: str) -> list[str]: ...

    # Batched reads by key.
    def get_chunks(self, ids: list[str]) -> dict[str, Chunk]: ...
    def get_chunk_records(self, ids: list[str]) -> dict[str, dict]: ...
    def get_entities(self, names: list[str]) -> dict[str, Entity]: ...
    def resolve_names(self, lowered: list[str]) -> dict[str, str]: ...
    def get_relations(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], Relation]: ...

    # One transaction per call.
    def apply(self, write: GraphWrite) -> None: ...

    # Retrieval stages: each one batched call.
    def search_entities(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Entity]: ...
    def search_relations(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Relation]: ...
    def search_chunks(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Chunk]: ...
    def entities_with_degree(self, names: list[str]) -> list[Entity]: ...
    def relations_of(self, names: list[str]) -> list[Relation]: ...
    def chunk_scores(self, ids: list[str], vector: np.ndarray) -> dict[str, float]: ...

    # Expert review decisions and their history.
    def save_review(self, record: dict) -> None: ...
    def list_reviews(self) -> list[dict]: ...

    # Whole-graph views, for statistics and analytics.
    def counts(self) -> dict[str, int]: ...
    def all_entities(self) -> list[Entity]: ...
    def all_relations(self) -> list[Relation]: ...


def check_dimensions(write: GraphWrite, meta: tuple[str, int] | None) -> None:
    """Refuse a write whose vectors do not match the store's dimension, before anything is written."""
    if meta is None:
        if any(x.embedding is not None for x in (*write.chunks, *write.entities, *write.relations)):
            raise LightRAGError("the store has no embedding model recorded yet; call set_embedding_meta first")
        return
    for item in (*write.chunks, *write.entities, *write.relations):
        if item.embedding is not None and np.asarray(item.embedding).size != meta[1]:
            raise LightRAGError(
                f"a vector of dimension {np.asarray(item.embedding).size} does not fit this "
                f"store's dimension {meta[1]} ({meta[0]})"
            )


def check_embedding_model(current: tuple[str, int] | None, model: str, dim: int, where: str, fix: str) -> None:
    """A store keeps one embedding model and dimension; refuse another, saying how to proceed."""
    if current and current != (model, dim):
        raise LightRAGError(
            f"{where} was indexed with embedding model {current[0]!r} (dimension {current[1]}); it cannot mix in "
            f"{model!r} (dimension {dim}). {fix}, or set EMBEDDING_MODEL back to {current[0]!r}")
