"""The one write path both stores share: check versions, then change the graph in a fixed order.

A store supplies `WriteSteps` bound to its open transaction: how to read the
current versions and how to execute each kind of change. What is checked,
and in which order things are deleted and written, is decided here once.
"""

from __future__ import annotations

from typing import Protocol

from lightrag_core.models import (
    Chunk,
    DocumentInfo,
    Entity,
    GraphWrite,
    LightRAGError,
    Relation,
    WriteConflict,
    relation_key,
)
from lightrag_core.places import Place


class WriteSteps(Protocol):
    """One store's operations inside one transaction."""

    def lock(self) -> None: ...
    def entity_versions(self, names: list[str]) -> dict[str, list[str]]: ...
    def relation_versions(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], list[str]]: ...
    def existing_documents(self, ids: list[str]) -> set[str]: ...
    def delete_relations(self, keys: list[tuple[str, str]]) -> None: ...
    def delete_entities(self, names: list[str]) -> None: ...
    def delete_chunks(self, ids: list[str]) -> None: ...
    def delete_documents(self, ids: list[str]) -> None: ...
    def save_document(self, info: DocumentInfo, text: str | None, places: list[Place]) -> None: ...
    def upsert_chunks(self, chunks: list[Chunk], records: dict[str, dict]) -> None: ...
    def upsert_entities(self, entities: list[Entity]) -> None: ...
    def upsert_relations(self, relations: list[Relation]) -> None: ...
    def save_rules(self, rules: list[dict]) -> None: ...


def check_versions(steps: WriteSteps, write: GraphWrite) -> None:
    """Refuse the write if an entity or relation it was merged on has changed since (optimistic concurrency).

    The expected value is the source-id list read before merging (None: it did not exist).
    """
    if write.expected_entities:
        current = steps.entity_versions(list(write.expected_entities))
        for name, ids in write.expected_entities.items():
            if current.get(name) != ids:
                raise WriteConflict(f"entity {name!r} was changed by another writer")
    if write.expected_relations:
        keys = [relation_key(*k) for k in write.expected_relations]
        current_r = steps.relation_versions(keys)
        for key, ids in write.expected_relations.items():
            if current_r.get(relation_key(*key)) != ids:
                raise WriteConflict(f"relation {key!r} was changed by another writer")


def check_parents(steps: WriteSteps, write: GraphWrite) -> None:
    """A chunk needs its document and a relation both its entities, stored or written here.

    Without this check a store could drop such rows quietly (Neo4j's MATCH finds no parent, SQLite
    does not enforce its keys); the write fails instead, naming what is missing.
    """
    written_docs = {write.document.id} if write.document is not None else set()
    doc_ids = sorted({c.doc_id for c in write.chunks} - written_docs)
    stored_docs = steps.existing_documents(doc_ids) - set(write.delete_document_ids) if doc_ids else set()
    missing = [f"document {d!r} (of chunk {next(c.id for c in write.chunks if c.doc_id == d)!r})"
               for d in doc_ids if d not in stored_docs]
    written = {e.name for e in write.entities}
    ends = sorted({n for r in write.relations for n in (r.src, r.tgt)} - written)
    stored = set(steps.entity_versions(ends)) - set(write.delete_entities) if ends else set()
    missing += [f"entity {n!r} (an end of relation {next(r.key for r in write.relations if n in r.key)!r})"
                for n in ends if n not in stored]
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        raise LightRAGError(f"the write refers to what is not stored: {'; '.join(missing[:5])}{more}; nothing was "
                            "written")


def apply_write(steps: WriteSteps, write: GraphWrite) -> None:
    """Apply one `GraphWrite` inside the caller's transaction.

    Order matters: the lock comes before the version check (so two writers cannot both pass it),
    deletions come before upserts (a changed document's old chunks go before its new ones
    arrive), and relations are deleted before the entities they join.
    """
    steps.lock()
    check_versions(steps, write)
    check_parents(steps, write)
    if write.delete_relations:
        steps.delete_relations([relation_key(*k) for k in write.delete_relations])
    if write.delete_entities:
        steps.delete_entities(write.delete_entities)
    if write.delete_chunk_ids:
        steps.delete_chunks(write.delete_chunk_ids)
    if write.delete_document_ids:
        steps.delete_documents(write.delete_document_ids)
    if write.document is not None:
        steps.save_document(write.document, write.document_text or None, write.document_places)
    if write.chunks:
        steps.upsert_chunks(write.chunks, write.chunk_records)
    if write.entities:
        steps.upsert_entities(write.entities)
    if write.relations:
        steps.upsert_relations(write.relations)
    if write.rules:
        steps.save_rules(write.rules)
