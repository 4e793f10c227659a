"""Indexing: documents -> chunks -> extraction -> merge -> embeddings -> one write per document.

Each document moves pending -> processing -> processed | failed. Everything a
document changes lands in one `GraphWrite`, applied in one transaction, so an
interrupted run leaves either the whole document or none of it; re-running
picks up what is not `processed`. Unchanged content is skipped; changed
content first removes the old version (rebuilding what it shared).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Protocol

from lightrag_core.embeddings import Embedder
from lightrag_core.indexing.chunking import chunk_document
from lightrag_core.indexing.merge import Summariser, group_records, merge_entity, merge_relation
from lightrag_core.models import (
    FAILED,
    PENDING,
    PROCESSED,
    PROCESSING,
    Chunk,
    Document,
    DocumentInfo,
    Entity,
    EntityRecord,
    GraphWrite,
    LightRAGError,
    Relation,
    RelationRecord,
    WriteConflict,
    relation_key,
)
from lightrag_core.storage.base import GraphStore

log = logging.getLogger(__name__)
Progress = Callable[[dict], None]
BATCH_DOCUMENTS = 16
MAX_CONFLICT_RETRIES = 8


class Extractor(Protocol):
    name: str

    def extract(
        self, chunks: list[Chunk], subjects: Iterable[str] | None = None
    ) -> list[tuple[list[EntityRecord], list[RelationRecord]]]: ...


@dataclass
class IndexReport:
    processed: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)
    chunks: int = 0
    entities: int = 0
    relations: int = 0
    seconds: float = 0.0

    def summary(self) -> str:
        return (
            f"{len(self.processed)} indexed, {len(self.skipped)} unchanged, {len(self.failed)} failed; "
            f"{self.chunks} chunks, {self.entities} entity and {self.relations} relation updates "
            f"in {self.seconds:.1f}s"
        )


def _records_to_json(ents: list[EntityRecord], rels: list[RelationRecord]) -> dict:
    return {
        "entities": [[e.name, e.type, e.description] for e in ents],
        "relations": [[r.src, r.tgt, r.keywords, r.description, r.weight] for r in rels],
    }


def _records_from_json(chunk_id: str, file_path: str, data: dict) -> tuple[list[EntityRecord], list[RelationRecord]]:
    ents = [EntityRecord(n, t, d, chunk_id, file_path) for n, t, d in data.get("entities", [])]
    rels = [RelationRecord(s, t, k, d, w, chunk_id, file_path) for s, t, k, d, w in data.get("relations", [])]
    return ents, rels


class Indexer:
    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        extractor: Extractor,
        summariser: Summariser,
        chunk_tokens: int = 1200,
        chunk_overlap: int = 100,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.extractor = extractor
        self.summarise = summariser
        self.chunk_tokens = chunk_tokens
        self.chunk_overlap = chunk_overlap

    # -- public ------------------------------------------------------------
    def check_embedding_model(self) -> None:
        """Record the model on first use; refuse a different one later."""
        dim = self.embedder.dim or int(self.embedder.embed(["dimension probe"]).shape[1])
        self.store.set_embedding_meta(self.embedder.model_name, dim)

    def index(self, docs: Iterable[Document], progress: Progress | None = None) -> IndexReport:
        started = time.perf_counter()
        report = IndexReport()
        self.check_embedding_model()
        for batch in _batches(docs, BATCH_DOCUMENTS):
            todo = [d for d in batch if self._prepare(d, report)]
            self._index_batch(todo, report, progress)
        report.seconds = time.perf_counter() - started
        return report

    def resume(self, progress: Progress | None = None) -> IndexReport:
        """Re-run every document that is not processed (interrupted or failed)."""
        docs = []
        for info in self.store.list_documents():
            if info.status != PROCESSED:
                text = self.store.get_document_text(info.id)
                if text:
                    docs.append(Document(info.id, text, info.title, info.file_path, info.subject))
        return self.index(docs, progress)

    def delete(self, doc_id: str) -> None:
        if self.store.get_document(doc_id) is None:
            raise LightRAGError(f"no document with id {doc_id!r}")
        self.store.apply(self._removal(doc_id))

    # -- stages ------------------------------------------------------------
    def _prepare(self, doc: Document, report: IndexReport) -> bool:
        if not doc.text.strip():
            raise LightRAGError(f"{doc.id}: no text to index")
        existing = self.store.get_document(doc.id)
        now = time.time()
        if existing and existing.status == PROCESSED and existing.content_hash == doc.hash:
            report.skipped.append(doc.id)
            return False
        info = DocumentInfo(
            doc.id,
            doc.title,
            doc.file_path,
            doc.hash,
            PENDING,
            created_at=existing.created_at if existing else now,
            updated_at=now,
            subject=doc.subject,
        )
        if existing and existing.content_hash != doc.hash and self.store.document_chunk_ids(doc.id):
            # Changed content: drop the old version, keep a pending row with the new text.
            removal = self._removal(doc.id)
            removal.delete_document_ids = []
            removal.document, removal.document_text = info, doc.text
            self.store.apply(removal)
        else:
            self.store.save_document(info, doc.text)
        return True

    def _index_batch(self, docs: list[Document], report: IndexReport, progress: Progress | None) -> None:
        if not docs:
            return
        chunks_by_doc: dict[str, list[Chunk]] = {}
        for doc in docs:
            self._status(doc, PROCESSING)
            chunks_by_doc[doc.id] = chunk_document(doc, self.chunk_tokens, self.chunk_overlap)
        all_chunks = [c for d in docs for c in chunks_by_doc[d.id]]
        subjects = [d.subject for d in docs for _ in chunks_by_doc[d.id]]
        _emit(progress, stage="extracting", documents=[d.id for d in docs], chunks=len(all_chunks))
        try:
            extracted = self.extractor.extract(all_chunks, subjects)
        except Exception as exc:  # a failed batch falls back to one document at a time
            log.warning("batch extraction failed (%s); retrying document by document", exc)
            extracted = None
        items = []
        pos = 0
        for doc in docs:
            chunks = chunks_by_doc[doc.id]
            try:
                records = (
                    extracted[pos : pos + len(chunks)]
                    if extracted is not None
                    else self.extractor.extract(chunks, [doc.subject] * len(chunks))
                )
                items.append((doc, chunks, records))
            except Exception as exc:
                self._fail(doc, exc, report, progress)
            pos += len(chunks)
        self._write_batch(items, report, progress)

    def _write_batch(
        self, items: list[tuple[Document, list[Chunk], list]], report: IndexReport, progress: Progress | None,
        attempt: int = 0,
    ) -> None:
        """Merge each document on top of the ones before it, embed all at once, then write one by one.

        Embedding the batch in one call lets the model sort texts by length
        and run full batches; each document still gets its own transaction.
        """
        overlay_e: dict[str, Entity] = {}
        overlay_r: dict[tuple[str, str], Relation] = {}
        writes: list[tuple[Document, GraphWrite]] = []
        for doc, chunks, records in items:
            try:
                write = self._document_write(doc, chunks, records, overlay_e, overlay_r)
            except Exception as exc:
                self._fail(doc, exc, report, progress)
                continue
            overlay_e.update({e.name: e for e in write.entities})
            overlay_r.update({r.key: r for r in write.relations})
            writes.append((doc, write))
        try:
            self._embed(
                [c for _, w in writes for c in w.chunks],
                [e for _, w in writes for e in w.entities],
                [r for _, w in writes for r in w.relations],
            )
        except Exception as exc:
            for doc, _ in writes:
                self._fail(doc, exc, report, progress)
            return
        for n, (doc, write) in enumerate(writes):
            try:
                self.store.apply(write)
            except WriteConflict:
                # Another writer changed what this document was merged on: merge again from the
                # store (this document and the ones merged on top of it), a bounded number of times.
                if attempt >= MAX_CONFLICT_RETRIES:
                    for d, _ in writes[n:]:
                        self._fail(d, LightRAGError("gave up after repeated write conflicts"), report, progress)
                    return
                redo = {d.id for d, _ in writes[n:]}
                self._write_batch([it for it in items if it[0].id in redo], report, progress, attempt + 1)
                return
            except Exception as exc:
                self._fail(doc, exc, report, progress)
                # Later documents were merged on top of this one: redo them from the store.
                later = {d.id for d, _ in writes[n + 1 :]}
                rest = [it for it in items if it[0].id in later]
                if rest and len(rest) < len(items):
                    self._write_batch(rest, report, progress, attempt)
                return
            report.processed.append(doc.id)
            report.chunks += len(write.chunks)
            report.entities += len(write.entities)
            report.relations += len(write.relations)
            _emit(
                progress,
                stage="done",
                document=doc.id,
                chunks=len(write.chunks),
                entities=len(write.entities),
                relations=len(write.relations),
            )

    def _fail(self, doc: Document, exc: Exception, report: IndexReport, progress: Progress | None) -> None:
        message = str(exc) if isinstance(exc, LightRAGError) else f"{type(exc).__name__}: {exc}"
        log.warning("document %s failed: %s", doc.id, message)
        self._status(doc, FAILED, message)
        report.failed[doc.id] = message
        _emit(progress, stage="failed", document=doc.id, error=message)

    def _document_write(
        self,
        doc: Document,
        chunks: list[Chunk],
        records: list[tuple[list[EntityRecord], list[RelationRecord]]],
        overlay_e: dict[str, Entity] | None = None,
        overlay_r: dict[tuple[str, str], Relation] | None = None,
    ) -> GraphWrite:
        """The merged state this document produces, on top of the store and the overlays (not embedded)."""
        overlay_e = overlay_e if overlay_e is not None else {}
        overlay_r = overlay_r if overlay_r is not None else {}
        ent_records = [e for ents, _ in records for e in ents]
        rel_records = [r for _, rels in records for r in rels]
        lowered = {e.name.lower() for e in ent_records} | {n.lower() for r in rel_records for n in (r.src, r.tgt)}
        names = self.store.resolve_names(sorted(lowered))
        names.update({n.lower(): n for n in overlay_e if n.lower() in lowered})
        by_entity, by_relation = group_records(ent_records, rel_records, names)
        existing_e = self.store.get_entities([n for n in by_entity if n not in overlay_e])
        existing_e.update({n: overlay_e[n] for n in by_entity if n in overlay_e})
        existing_r = self.store.get_relations([k for k in by_relation if k not in overlay_r])
        existing_r.update({k: overlay_r[k] for k in by_relation if k in overlay_r})
        expected_e = {n: (existing_e[n].source_ids if n in existing_e else None) for n in by_entity}
        expected_r = {k: (existing_r[k].source_ids if k in existing_r else None) for k in by_relation}
        entities = [merge_entity(n, existing_e.get(n), recs, self.summarise) for n, recs in by_entity.items()]
        relations = [merge_relation(k, existing_r.get(k), recs, self.summarise) for k, recs in by_relation.items()]
        info = DocumentInfo(
            doc.id,
            doc.title,
            doc.file_path,
            doc.hash,
            PROCESSED,
            "",
            len(chunks),
            len(entities),
            len(relations),
            updated_at=time.time(),
            subject=doc.subject,
        )
        old = self.store.get_document(doc.id)
        info.created_at = old.created_at if old else info.updated_at
        chunk_records = {c.id: _records_to_json(*rec) for c, rec in zip(chunks, records)}
        return GraphWrite(document=info, chunks=chunks, chunk_records=chunk_records, entities=entities,
                          relations=relations, expected_entities=expected_e, expected_relations=expected_r)

    def _embed(self, chunks: list[Chunk], entities: list[Entity], relations: list[Relation]) -> None:
        texts = [c.content for c in chunks] + [e.embed_text() for e in entities] + [r.embed_text() for r in relations]
        vectors = self.embedder.embed(texts)
        for item, vec in zip([*chunks, *entities, *relations], vectors):
            item.embedding = vec

    def _removal(self, doc_id: str) -> GraphWrite:
        """The write that removes a document and rebuilds what it shared with others."""
        chunk_ids = self.store.document_chunk_ids(doc_id)
        gone = set(chunk_ids)
        records = self.store.get_chunk_records(chunk_ids)
        names = {e[0] for r in records.values() for e in r.get("entities", [])}
        keys = {relation_key(r[0], r[1]) for rec in records.values() for r in rec.get("relations", [])}
        entities = self.store.get_entities(sorted(names))
        relations = self.store.get_relations(sorted(keys))
        write = GraphWrite(delete_document_ids=[doc_id], delete_chunk_ids=chunk_ids)
        remaining_ids = {s for x in [*entities.values(), *relations.values()] for s in x.source_ids} - gone
        kept_chunks = self.store.get_chunks(sorted(remaining_ids))
        kept_records = self.store.get_chunk_records(sorted(remaining_ids))
        parsed = {
            cid: _records_from_json(cid, kept_chunks[cid].file_path if cid in kept_chunks else "", data)
            for cid, data in kept_records.items()
        }
        for name, ent in entities.items():
            recs = [
                e
                for cid in ent.source_ids
                if cid not in gone and cid in parsed
                for e in parsed[cid][0]
                if e.name.lower() == name.lower()
            ]
            if recs:
                write.entities.append(merge_entity(name, None, recs, self.summarise))
            else:
                write.delete_entities.append(name)
        deleted = set(write.delete_entities)
        for key, rel in relations.items():
            recs = [
                r
                for cid in rel.source_ids
                if cid not in gone and cid in parsed
                for r in parsed[cid][1]
                if relation_key(r.src, r.tgt) == key
            ]
            if recs and not (set(key) & deleted):
                write.relations.append(merge_relation(key, None, recs, self.summarise))
            else:
                write.delete_relations.append(key)
        self._embed([], write.entities, write.relations)
        return write

    def _status(self, doc: Document, status: str, error: str = "") -> None:
        info = self.store.get_document(doc.id) or DocumentInfo(
            doc.id, doc.title, doc.file_path, doc.hash, status, subject=doc.subject
        )
        info.status, info.error, info.updated_at = status, error, time.time()
        self.store.save_document(info)


def _batches(items: Iterable[Document], size: int) -> Iterator[list[Document]]:
    batch: list[Document] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _emit(progress: Progress | None, **event: object) -> None:
    if progress is not None:
        progress(dict(event))
