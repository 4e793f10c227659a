"""Expert review of the graph: a filtered queue, decisions with history, edits, merges, deletes.

Every decision is stored in the graph store (so it survives restarts and is
shared by everyone on the workspace). Edits re-embed what they change; merges
move the merged entity's relations onto the kept one.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from lightrag_core.embeddings import Embedder
from lightrag_core.graph_vectors import embed_items
from lightrag_core.indexing.merge import FRAGMENT_SEP, Summariser, merge_relation
from lightrag_core.models import Entity, GraphWrite, LightRAGError, Relation, RelationRecord, relation_key
from lightrag_core.storage.base import GraphStore
from lightrag_core.workbench.csv_export import rows_csv

DECISIONS = ("approve", "flag", "edit", "merge", "delete")


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


class Reviewer:
    def __init__(self, store: GraphStore, embedder: Embedder, summarise: Summariser, reviewer: str = "") -> None:
        self.store = store
        self.embedder = embedder
        self.summarise = summarise
        self.reviewer = reviewer

    def _record(self, kind: str, item: str, decision: str, comment: str = "", detail: str = "") -> dict[str, Any]:
        if decision not in DECISIONS:
            raise LightRAGError(f"unknown decision {decision!r}; use one of {', '.join(DECISIONS)}")
        record = {"kind": kind, "item": item, "decision": decision, "comment": comment, "detail": detail,
                  "reviewer": self.reviewer, "at": time.time()}
        self.store.save_review(record)
        return record

    def approve(self, kind: str, item: str, comment: str = "") -> dict[str, Any]:
        return self._record(kind, item, "approve", comment)

    def flag(self, kind: str, item: str, comment: str) -> dict[str, Any]:
        if not comment.strip():
            raise LightRAGError("a flag needs a comment saying what is wrong")
        return self._record(kind, item, "flag", comment)

    def _entity(self, name: str) -> Entity:
        found = self.store.get_entities([name]).get(name)
        if found is None:
            raise LightRAGError(f"no entity named {name!r}")
        return found

    def edit_entity(self, name: str, description: str, etype: str, comment: str = "") -> dict[str, Any]:
        ent = self._entity(name)
        if not description.strip() or not etype.strip():
            raise LightRAGError("an entity needs a description and a type")
        before = f"type={ent.type!r}; description={ent.description[:200]!r}"
        ent.description, ent.type = description.strip(), etype.strip().lower()
        embed_items(self.embedder, [], [ent], [])
        self.store.apply(GraphWrite(entities=[ent]))
        return self._record("entity", name, "edit", comment, before)

    def edit_relation(self, src: str, tgt: str, keywords: str, description: str, weight: float,
                      comment: str = "") -> dict[str, Any]:
        key = relation_key(src, tgt)
        rel = self.store.get_relations([key]).get(key)
        if rel is None:
            raise LightRAGError(f"no relation between {src!r} and {tgt!r}")
        before = f"keywords={rel.keywords!r}; weight={rel.weight}"
        rel.keywords, rel.description, rel.weight = keywords.strip(), description.strip(), float(weight)
        embed_items(self.embedder, [], [], [rel])
        self.store.apply(GraphWrite(relations=[rel]))
        return self._record("relation", f"{key[0]} -> {key[1]}", "edit", comment, before)

    def delete_entity(self, name: str, comment: str = "") -> dict[str, Any]:
        self._entity(name)
        self.store.apply(GraphWrite(delete_entities=[name]))
        return self._record("entity", name, "delete", comment)

    def merge_entities(self, keep: str, merge: str, comment: str = "") -> dict[str, Any]:
        """Fold `merge` into `keep`: descriptions, sources and relations; `merge` is removed."""
        if keep == merge:
            raise LightRAGError("cannot merge an entity into itself")
        a, b = self._entity(keep), self._entity(merge)
        fragments = a.description.split(FRAGMENT_SEP) + b.description.split(FRAGMENT_SEP)
        a.description = self.summarise("entity", keep, fragments)
        a.source_ids = list(dict.fromkeys(a.source_ids + b.source_ids))
        a.file_paths = list(dict.fromkeys(a.file_paths + b.file_paths))
        write = GraphWrite(entities=[a], delete_entities=[merge])
        existing = {r.key: r for r in self.store.relations_of([keep])}
        for rel in self.store.relations_of([merge]):
            other = rel.tgt if rel.src == merge else rel.src
            if other == keep:
                continue  # the relation between the two disappears with the merge
            key = relation_key(keep, other)
            record = RelationRecord(key[0], key[1], rel.keywords, rel.description, rel.weight)
            moved = merge_relation(key, existing.get(key), [record], self.summarise)
            moved.source_ids = list(dict.fromkeys((existing[key].source_ids if key in existing else [])
                                                  + rel.source_ids))
            write.relations.append(moved)
        embed_items(self.embedder, [], [a], write.relations)
        self.store.apply(write)
        return self._record("entity", keep, "merge", comment, f"merged {merge!r} into {keep!r}")

    def history(self) -> list[dict[str, Any]]:
        return sorted(self.store.list_reviews(), key=lambda r: -r["at"])


def reviews_csv(records: list[dict[str, Any]]) -> str:
    return rows_csv([{**r, "at": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(r["at"]))} for r in records],
                    ["at", "kind", "item", "decision", "comment", "detail", "reviewer"])
