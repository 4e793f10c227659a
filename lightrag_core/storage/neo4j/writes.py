"""The Neo4j store's `WriteSteps`: each step of the shared write path as one named Cypher statement."""

from __future__ import annotations

import json
import uuid
from typing import Any

import numpy as np

from lightrag_core import lexical
from lightrag_core.models import Chunk, DocumentInfo, Entity, LightRAGError, Relation, relation_key
from lightrag_core.places import Place
from lightrag_core.storage.base import title_keys
from lightrag_core.storage.neo4j.cypher_files import cypher
from lightrag_core.storage.neo4j.errors import is_out_of_memory, out_of_memory_message


def vector(v: np.ndarray | None) -> list[float] | None:
    return None if v is None else [float(x) for x in np.asarray(v, dtype=np.float32)]


class TransactionTooLarge(LightRAGError):
    """The server's transaction memory limit was hit. Not a driver error, so the driver's retry loop
    (which would repeat a TransientError for 30 s, then say "busy") lets it through at once."""


class AlreadyApplied(LightRAGError):
    """This write's receipt is on the workspace node: an earlier attempt of it committed. Raised inside the
    unit of work (so the retry's transaction rolls back, having changed nothing) and taken as success."""


class Neo4jWriteSteps:
    """Bound to one managed write transaction and one workspace; values go in as parameters only.

    Row lists go in statements of at most `batch` rows, so no one statement's parameters or
    intermediate rows grow with the document; all of them stay in the document's one transaction.
    """

    def __init__(self, tx: Any, workspace: str, batch: int = 500, database: str = "neo4j",
                 write_id: str | None = None) -> None:
        self.tx = tx
        self.write_id = write_id or uuid.uuid4().hex  # the same on a retry of one write: its receipt
        self.workspace = workspace
        self.batch = max(batch, 1)
        self.database = database
        self._written_chunks: set[str] = set()

    def _run(self, name: str, **params: Any) -> None:
        self._read(name, **params)

    def _read(self, name: str, **params: Any) -> list[dict]:
        from neo4j.exceptions import Neo4jError

        try:
            return [r.data() for r in self.tx.run(cypher(name), {"workspace": self.workspace, **params})]
        except Neo4jError as exc:
            if is_out_of_memory(exc):
                raise TransactionTooLarge(out_of_memory_message(exc.code or "", self.database)) from exc
            raise

    def _batched(self, name: str, rows: list, key: str = "rows") -> list[dict]:
        """Run `name` over `rows` (its `key` parameter) in slices of `batch`; the rows every slice returned."""
        out: list[dict] = []
        for start in range(0, len(rows), self.batch):
            out += self._read(name, **{key: rows[start:start + self.batch]})
        return out

    def lock(self) -> None:
        rows = self._read("lock_workspace", write_id=self.write_id)
        if rows and rows[0].get("already"):
            raise AlreadyApplied(f"write {self.write_id} was already committed")

    def entity_versions(self, names: list[str]) -> dict[str, list[str]]:
        return {r["name"]: list(r["source_ids"]) for r in self._batched("versions_entities", names, "names")}

    def relation_versions(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], list[str]]:
        rows = self._batched("versions_relations", [list(k) for k in keys], "pairs")
        return {(r["src"], r["tgt"]): list(r["source_ids"]) for r in rows}

    def delete_relations(self, keys: list[tuple[str, str]]) -> None:
        self._batched("delete_relations", [list(k) for k in keys], "pairs")

    def delete_entities(self, names: list[str]) -> None:
        self._batched("delete_entities", names, "names")

    def delete_chunks(self, ids: list[str]) -> None:
        self._batched("delete_chunks", ids, "ids")

    def delete_documents(self, ids: list[str]) -> None:
        self._batched("delete_documents", ids, "ids")

    def save_document(self, info: DocumentInfo, text: str | None, places: list[Place]) -> None:
        self._run("document_save", doc=dict(info.__dict__), text=text, places=json.dumps(places) if places else None,
                  title_keys=title_keys(info.subject, info.title, info.whole_file))

    def existing_documents(self, ids: list[str]) -> set[str]:
        return {r["id"] for r in self._batched("documents_existing", ids, "ids")}

    def upsert_chunks(self, chunks: list[Chunk], records: dict[str, dict]) -> None:
        self._batched("upsert_chunks", [{
            "id": c.id, "doc_id": c.doc_id, "ord": c.order, "tokens": c.tokens, "content": c.content,
            "words": lexical.index_text(c.content), "file_path": c.file_path, "has_vector": c.embedding is not None,
            "records": json.dumps(records[c.id]) if c.id in records else None,
            "places": json.dumps(c.places) if c.places else None,
        } for c in chunks])
        self._written_chunks.update(c.id for c in chunks)  # written anew: any MENTIONS they had are gone
        self._vectors("set_chunk_vectors", [{"id": c.id, "embedding": vector(c.embedding)} for c in chunks
                                             if c.embedding is not None])

    def upsert_entities(self, entities: list[Entity]) -> None:
        before = self.entity_versions([e.name for e in entities])  # after this write's deletes
        rows = [{"name": e.name, "name_lower": e.name.lower(), "name_words": lexical.index_text(e.name),
                 "type": e.type, "description": e.description, "source_ids": e.source_ids,
                 "file_paths": e.file_paths, "created_at": e.created_at,
                 "has_vector": e.embedding is not None} for e in entities]
        self._batched("upsert_entities", rows)
        self._vectors("set_entity_vectors", [{"name": e.name, "embedding": vector(e.embedding)} for e in entities
                                              if e.embedding is not None])
        # MENTIONS change by what changed: a hub entity's thousands of edges are not rewritten for each document.
        added, removed = mention_changes(entities, before, self._written_chunks)
        self._batched("unlink_mentions", removed)
        self._batched("link_mentions", added)

    def upsert_relations(self, relations: list[Relation]) -> None:
        rows = []
        for r in relations:
            src, tgt = relation_key(r.src, r.tgt)
            rows.append({"src": src, "tgt": tgt, "keywords": r.keywords, "description": r.description,
                         "weight": r.weight, "source_ids": r.source_ids, "file_paths": r.file_paths,
                         "created_at": r.created_at, "has_vector": r.embedding is not None,
                         "embedding": vector(r.embedding)})
        self._batched("upsert_relations", [{k: v for k, v in row.items() if k != "embedding"} for row in rows])
        self._vectors("set_relation_vectors", [{"src": row["src"], "tgt": row["tgt"], "embedding": row["embedding"]}
                                                for row in rows if row["embedding"] is not None])

    def _vectors(self, name: str, rows: list[dict]) -> None:
        self._batched(name, rows)

    def save_rules(self, rules: list[dict]) -> None:
        self._run("curation_save", rows=rule_rows(rules))


def rule_rows(rules: list[dict]) -> list[dict]:
    """Curation rules as :Curation node properties: the whole rule as JSON (its shape varies by action)."""
    return [{"id": r["id"], "at": float(r["at"]), "body": json.dumps(r)} for r in rules]


def mention_changes(entities: list[Entity], before: dict[str, list[str]],
                    written_chunks: set[str]) -> tuple[list[dict], list[dict]]:
    """(chunk id, entity name) MENTIONS rows to add and to remove so that each entity's mentions are its source
    ids: new source ids, and source ids among the chunks written in this transaction (rewritten chunks lost
    their edges), are added; dropped source ids removed."""
    added, removed = [], []
    for e in entities:
        old, new = set(before.get(e.name, [])), set(e.source_ids)
        added += [{"id": c, "name": e.name} for c in sorted(c for c in new if c not in old or c in written_chunks)]
        removed += [{"id": c, "name": e.name} for c in sorted(old - new)]
    return added, removed
