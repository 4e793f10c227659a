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

__all__ = ["QueueFilter", "Reviewer", "empty_queue_note", "entity_queue", "history", "relation_queue", "reviews_csv"]


@dataclass
class QueueFilter:
    types: list[str] = field(default_factory=list)
    min_degree: int = 0
    max_degree: int | None = None
    document_id: str = ""
    max_weight: float | None = None  # relations at or below this weight
    # Names suspected to be duplicates: None = no such filter; an empty set = none suspected, so nothing passes.
    duplicates: set[str] | None = None
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
        if flt.duplicates is not None and e.name not in flt.duplicates:
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


def empty_queue_note(kind: str, in_graph: int, flt: QueueFilter) -> str:
    """Why a queue of `kind` ("entity" or "relation") is empty, in a sentence: said instead of an empty table.
    `in_graph` is how many the graph holds, before any filter."""
    plural = "entities" if kind == "entity" else "relations"
    if not in_graph:
        return f"Nothing to review yet: the graph has no {plural}. Index documents on Upload first."
    if flt.duplicates is not None and not flt.duplicates:
        return ("Nothing to review here: no merge candidates. No two entities have both similar names and similar "
                "embeddings. Clear 'Suspected duplicates only' to see every entity.")
    held = [f"type {', '.join(flt.types)}" if flt.types else "",
            f"degree {flt.min_degree} or more" if flt.min_degree else "",
            f"degree {flt.max_degree} or less" if flt.max_degree is not None else "",
            f"from document {flt.document_id}" if flt.document_id else "",
            "suspected duplicates only" if flt.duplicates else "",
            f"weight {flt.max_weight:g} or less" if flt.max_weight is not None else "",
            "reviewed ones hidden" if flt.hide_reviewed else ""]
    said = "; ".join(h for h in held if h)
    if not said:
        return f"Nothing to review here: no {kind} passes the filters."
    return f"Nothing to review here: none of the {in_graph} {plural} passes the filters ({said}). Loosen them to " \
           "see more."


def reviews_csv(records: list[dict[str, Any]]) -> str:
    # An imported decision keeps the name and time it was made with, which the importer wrote: who imported
    # it (and when) is what this workspace knows for sure.
    def when(at: float | None) -> str:
        return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at)) if at else ""

    return rows_csv([{**r, "at": when(r["at"]), "imported_at": when(r.get("imported_at"))} for r in records],
                    ["at", "kind", "item", "decision", "comment", "detail", "reviewer", "state", "imported_by",
                     "imported_at"])
