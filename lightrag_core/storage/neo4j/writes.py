"""The Neo4j store's `WriteSteps`: each step of the shared write path as one named Cypher statement."""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from lightrag_core.models import Chunk, DocumentInfo, Entity, Relation, relation_key
from lightrag_core.storage.neo4j.cypher_files import cypher


def vector(v: np.ndarray | None) -> list[float] | None:
    return None if v is None else [float(x) for x in np.asarray(v, dtype=np.float32)]


class Neo4jWriteSteps:
    """Bound to one managed write transaction and one workspace; values go in as parameters only."""

    def __init__(self, tx: Any, workspace: str) -> None:
        self.tx = tx
        self.workspace = workspace

    def _run(self, name: str, **params: Any) -> None:
        self.tx.run(cypher(name), {"workspace": self.workspace, **params}).consume()

    def _read(self, name: str, **params: Any) -> list[dict]:
        return [r.data() for r in self.tx.run(cypher(name), {"workspace": self.workspace, **params})]

    def lock(self) -> None:
        self._run("lock_workspace")

    def entity_versions(self, names: list[str]) -> dict[str, list[str]]:
        return {r["name"]: list(r["source_ids"]) for r in self._read("versions_entities", names=names)}

    def relation_versions(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], list[str]]:
        rows = self._read("versions_relations", pairs=[list(k) for k in keys])
        return {(r["src"], r["tgt"]): list(r["source_ids"]) for r in rows}

    def delete_relations(self, keys: list[tuple[str, str]]) -> None:
        self._run("delete_relations", pairs=[list(k) for k in keys])

    def delete_entities(self, names: list[str]) -> None:
        self._run("delete_entities", names=names)

    def delete_chunks(self, ids: list[str]) -> None:
        self._run("delete_chunks", ids=ids)

    def delete_documents(self, ids: list[str]) -> None:
        self._run("delete_documents", ids=ids)

    def save_document(self, info: DocumentInfo, text: str | None) -> None:
        self._run("document_save", doc=dict(info.__dict__), text=text)

    def existing_documents(self, ids: list[str]) -> set[str]:
        return {r["id"] for r in self._read("documents_existing", ids=ids)}

    def upsert_chunks(self, chunks: list[Chunk], records: dict[str, dict]) -> None:
        self._run("upsert_chunks", rows=[{
            "id": c.id, "doc_id": c.doc_id, "ord": c.order, "tokens": c.tokens, "content": c.content,
            "file_path": c.file_path, "has_vector": c.embedding is not None,
            "records": json.dumps(records[c.id]) if c.id in records else None,
        } for c in chunks])
        self._vectors("set_chunk_vectors", [{"id": c.id, "embedding": vector(c.embedding)} for c in chunks
                                             if c.embedding is not None])

    def upsert_entities(self, entities: list[Entity]) -> None:
        rows = [{"name": e.name, "name_lower": e.name.lower(), "type": e.type, "description": e.description,
                 "source_ids": e.source_ids, "file_paths": e.file_paths, "created_at": e.created_at,
                 "has_vector": e.embedding is not None} for e in entities]
        self._run("upsert_entities", rows=rows)
        self._vectors("set_entity_vectors", [{"name": e.name, "embedding": vector(e.embedding)} for e in entities
                                              if e.embedding is not None])
        self._run("link_mentions", rows=[{"name": r["name"], "source_ids": r["source_ids"]} for r in rows])

    def upsert_relations(self, relations: list[Relation]) -> None:
        rows = []
        for r in relations:
            src, tgt = relation_key(r.src, r.tgt)
            rows.append({"src": src, "tgt": tgt, "keywords": r.keywords, "description": r.description,
                         "weight": r.weight, "source_ids": r.source_ids, "file_paths": r.file_paths,
                         "created_at": r.created_at, "has_vector": r.embedding is not None,
                         "embedding": vector(r.embedding)})
        self._run("upsert_relations", rows=[{k: v for k, v in row.items() if k != "embedding"} for row in rows])
        self._vectors("set_relation_vectors", [{"src": row["src"], "tgt": row["tgt"], "embedding": row["embedding"]}
                                                for row in rows if row["embedding"] is not None])

    def _vectors(self, name: str, rows: list[dict]) -> None:
        if rows:
            self._run(name, rows=rows)

    def save_rules(self, rules: list[dict]) -> None:
        self._run("curation_save", rows=rule_rows(rules))


def rule_rows(rules: list[dict]) -> list[dict]:
    """Curation rules as :Curation node properties: the whole rule as JSON (its shape varies by action)."""
    return [{"id": r["id"], "at": float(r["at"]), "body": json.dumps(r)} for r in rules]

