"""Expert review of the graph: the filtered queues, and the history as CSV.

The decisions themselves (edits, merges, deletes, ... and their undo) are in `curate.py`:
each is stored in the graph store as a rule every rebuild applies.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from lightrag_core.models import Entity, Relation
from lightrag_core.storage.base import GraphStore
from lightrag_core.workbench.csv_export import rows_csv
from lightrag_core.workbench.curate import Reviewer, history

__all__ = ["QueueFilter", "Reviewer", "entity_queue", "history", "relation_queue", "reviews_csv"]


@dataclass
class QueueFilter:
    types: list[str] = field(default_factory=list)
    min_degree: int = 0
    max_degree: int | None = None
    document_id: str = ""
    max_weight: float | None = None  # relations at or below this weight
    duplicates: set[str] = field(default_factory=set)  # names suspected to be duplicates
    hide_reviewed: bool = False


def entity_queue(store: GraphStore, flt: QueueFilter, entities: list[Entity] | None = None) -> list[Entity]:
    """Entities to review, most connected first; `entities` is the graph snapshot (else read from the store)."""
    reviewed = {r["item"] for r in store.list_reviews() if r["kind"] == "entity"} if flt.hide_reviewed else set()
    doc_chunks = set(store.document_chunk_ids(flt.document_id)) if flt.document_id else set()
    # The names the document's chunks extracted (an outline entity carries no provenance).
    doc_names = {rec[0].lower() for r in store.get_chunk_records(sorted(doc_chunks)).values()
                 for rec in r.get("entities", [])} if doc_chunks else set()
    out = []
    for e in entities if entities is not None else store.all_entities():
        if flt.types and e.type not in flt.types:
            continue
        if e.degree < flt.min_degree or (flt.max_degree is not None and e.degree > flt.max_degree):
            continue
        if flt.document_id and e.name.lower() not in doc_names and not doc_chunks.intersection(e.source_ids):
            continue
        if flt.duplicates and e.name not in flt.duplicates:
            continue
        if e.name in reviewed:
            continue
        out.append(e)
    return sorted(out, key=lambda e: (-e.degree, e.name))


def relation_queue(store: GraphStore, flt: QueueFilter, relations: list[Relation] | None = None) -> list[Relation]:
    """Relations to review, weakest first; `relations` is the graph snapshot (else read from the store)."""
    reviewed = {r["item"] for r in store.list_reviews() if r["kind"] == "relation"} if flt.hide_reviewed else set()
    out = [r for r in (relations if relations is not None else store.all_relations())
           if (flt.max_weight is None or r.weight <= flt.max_weight) and f"{r.src} -> {r.tgt}" not in reviewed]
    return sorted(out, key=lambda r: (r.weight, r.src, r.tgt))


def reviews_csv(records: list[dict[str, Any]]) -> str:
    # An imported decision keeps the name and time it was made with, which the importer wrote: who imported
    # it (and when) is what this workspace knows for sure.
    def when(at: float | None) -> str:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at)) if at else ""

    return rows_csv([{**r, "at": when(r["at"]), "imported_at": when(r.get("imported_at"))} for r in records],
                    ["at", "kind", "item", "decision", "comment", "detail", "reviewer", "state", "imported_by",
                     "imported_at"])
