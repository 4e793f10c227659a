"""The engine's records from the Neo4j store's result rows (one dict per row, keys as the statements name them)."""

from __future__ import annotations

from lightrag_core.models import Chunk, Entity, Relation


def entity_of(r: dict) -> Entity:
    return Entity(name=r["name"], type=r["type"], description=r["description"], source_ids=list(r["source_ids"]),
                  file_paths=list(r["file_paths"]), created_at=r["created_at"] or 0.0,
                  degree=r.get("degree", 0) or 0, score=r.get("score", 0.0) or 0.0)


def relation_of(r: dict) -> Relation:
    return Relation(src=r["src"], tgt=r["tgt"], keywords=r["keywords"], description=r["description"],
                    weight=r["weight"], source_ids=list(r["source_ids"]), file_paths=list(r["file_paths"]),
                    created_at=r["created_at"] or 0.0, degree=r.get("degree", 0) or 0, score=r.get("score", 0.0) or 0.0)


def chunk_of(r: dict) -> Chunk:
    return Chunk(id=r["id"], doc_id=r["doc_id"], order=r["ord"], tokens=r["tokens"], content=r["content"],
                 file_path=r["file_path"] or "", score=r.get("score", 0.0) or 0.0)
