"""Indexing: documents -> chunks -> extraction -> merge -> embeddings -> one write per document.

Each document moves pending -> processing -> processed | failed. Everything a
document changes lands in one `GraphWrite`, applied in one transaction, so an
interrupted run leaves either the whole document or none of it; re-running
picks up what is not `processed`. Unchanged content is skipped; changed
content first removes the old version (rebuilding what it shared), and an
edited file's new document removes its earlier version once written (removal.py).

A file that cannot be read, is empty or fails extraction is a `failed` row
with its error, and the run goes on with the others; `resume` reads such
files again. What a write contains is planned in `plan.py`; this module is
the batch loop around it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Protocol

from lightrag_core.embeddings import Embedder
from lightrag_core.indexing import failure_rows, pending
from lightrag_core.indexing.chunking import chunk_document
from lightrag_core.indexing.extract_ahead import ExtractAhead, Started
from lightrag_core.indexing.file_limits import DEFAULT_LIMITS, ReadLimits
from lightrag_core.indexing.loaders import Loaded, LoadFailure, iter_paths, load_file
from lightrag_core.indexing.merge import Summariser
from lightrag_core.indexing.plan import Records, names_in, plan_document
from lightrag_core.indexing.removal import FileVersions, clear_write, removal_write
from lightrag_core.indexing.report import DocumentOutcome, ExtractionNotes, IndexReport, timed_loading
from lightrag_core.indexing.run_rules import RunRules
from lightrag_core.indexing.vectors import Prefetch, VectorStage, adopt_scheme
from lightrag_core.models import (
    FAILED,
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

    def notes_for(self, chunk_ids: Iterable[str]) -> ExtractionNotes: ...


class Indexer:
    def __init__(
        self,
        store: GraphStore,
        embedder: Embedder,
        extractor: Extractor,
        summariser: Summariser,
        chunk_tokens: int = 1200,
        chunk_overlap: int = 100,
        limits: ReadLimits = DEFAULT_LIMITS,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.extractor = extractor
        self.summarise = summariser
        self.chunk_tokens = chunk_tokens
        self.chunk_overlap = chunk_overlap
        self.limits = limits
        self._vectors = VectorStage(embedder)
        self.rules = RunRules(store)  # the review decisions every write of a run goes through

    # -- public ------------------------------------------------------------
    def check_embedding_model(self) -> None:
        """Record the model on first use; refuse a different one later."""
        dim = self.embedder.dim or int(self.embedder.embed(["dimension probe"]).shape[1])
        self.store.set_embedding_meta(self.embedder.model_name, dim)
        adopt_scheme(self.store, self.embedder)  # a workspace made by an earlier rule is brought up to date

    def index(self, items: Iterable[Loaded], progress: Progress | None = None) -> IndexReport:
        """Index documents; a `LoadFailure` among them becomes a failed row and the rest go on."""
        started = time.perf_counter()
        report = IndexReport()
        self.check_embedding_model()
        self.rules.start()
        versions, this_run = FileVersions(self.store), set[str]()
        ahead = ExtractAhead(self.extractor, self._vectors,
                             lambda doc: chunk_document(doc, self.chunk_tokens, self.chunk_overlap))
        previous: Started | None = None
        try:
            for batch in _batches(timed_loading(items, report), BATCH_DOCUMENTS):
                docs = []
                for item in batch:
                    if isinstance(item, LoadFailure):
                        self._record_load_failure(item, report, progress)
                    else:
                        docs.append(item)
                # This batch is extracted while the one before it is finished: a document stored unchanged
                # is not sent (its staging, in `_finish`, skips it).
                with report.timed("chunking"):
                    current = ahead.start(docs, lambda d: pending.unchanged(self.store, d))
                if current.chunks:
                    _emit(progress, stage="extracting", documents=list(current.chunks),
                          chunks=sum(len(c) for c in current.chunks.values()))
                if previous is not None:
                    self._finish(previous, ahead, versions, this_run, report, progress)
                previous = current
            if previous is not None:
                self._finish(previous, ahead, versions, this_run, report, progress)
        finally:
            ahead.close()
        self.rules.finish(report)
        report.seconds = time.perf_counter() - started
        return report

    def index_paths(self, paths: list[str | Path], progress: Progress | None = None) -> IndexReport:
        """Every file under the paths, read one at a time; earlier failures of those files are replaced."""
        stale = failure_rows.by_file(self.store)

        def items() -> Iterator[Loaded]:
            for path in iter_paths(paths):
                failure_rows.forget(self.store, stale.pop(str(path), []))
                yield from load_file(path, self.limits)

        return self.index(items(), progress)

    def stage(self, docs: list[Document]) -> list[str]:
        """Store each document as a pending row with its text, to index later; the ids that need indexing."""
        return [doc.id for doc in docs if pending.stage(self.store, doc, self._removal)]

    def index_stored(self, doc_ids: list[str], progress: Progress | None = None,
                     stop: Callable[[], bool] | None = None) -> IndexReport:
        """Index documents staged earlier, their text read back from the store. When `stop()` turns true the
        documents already read finish (at most one batch) and the rest stay pending."""
        return self.index(pending.read_back(self.store, doc_ids, stop), progress)

    def clear(self, undo_rules: bool = False, who: str = "") -> int:
        """Empty the workspace in one transaction (removal.clear_write); the number of documents removed."""
        write = clear_write(self.store, undo_rules, who)
        self.store.apply(write)
        return len(write.delete_document_ids)

    def resume(self, progress: Progress | None = None, input_dir: Path | None = None) -> IndexReport:
        """Re-run every document that is not processed (interrupted or failed), reading failed files again;
        one in `input_dir` (POST /documents/scan's folder) only while no link leads it out of that folder."""
        docs: list[Loaded] = []
        files: list[str] = []
        for info in self.store.list_documents():
            if info.status == PROCESSED:
                continue
            doc = pending.read_row(self.store, info)
            if doc is not None:
                docs.append(doc)
            elif failure_rows.is_load_failure(info) and info.file_path and info.file_path not in files:
                files.append(info.file_path)
        if not files:
            return self.index(docs, progress)
        stale = failure_rows.by_file(self.store)

        def again() -> Iterator[Loaded]:
            yield from docs
            for file in files:
                failure_rows.forget(self.store, stale.pop(file, []))
                path = Path(file)
                inside = input_dir is not None and path.absolute().is_relative_to(input_dir.absolute())
                yield from load_file(path, self.limits, within=input_dir if inside else None)

        return self.index(again(), progress)

    def _replace_earlier_versions(
        self, docs: list[Document], versions: FileVersions, this_run: set[str], report: IndexReport,
        progress: Progress | None,
    ) -> None:
        """Remove the earlier versions of files whose new version is now stored (or was already)."""
        for doc in docs:
            for old in versions.earlier(doc, this_run):
                self.store.apply(self._removal(old))
                versions.forget(doc.file_path, old)
                report.replaced[doc.id] = [*report.replaced.get(doc.id, []), old]
                _emit(progress, stage="replaced", document=doc.id, earlier=old, file=doc.file_path)

    def delete(self, doc_id: str) -> None:
        if self.store.get_document(doc_id) is None:
            raise LightRAGError(f"no document with id {doc_id!r}")
        self.rules.start()
        self.store.apply(self._removal(doc_id))
        self.rules.finish()

    # -- stages ------------------------------------------------------------
    def _prepare(self, doc: Document, report: IndexReport) -> bool:
        if not pending.stage(self.store, doc, self._removal):
            report.skipped.append(doc.id)
            return False
        return True

    def _finish(self, started: Started, ahead: ExtractAhead, versions: FileVersions, this_run: set[str],
                report: IndexReport, progress: Progress | None) -> None:
        """Stage a started batch (skips, removals of old versions), then merge, embed and write what it found."""
        todo = []
        seen = len(report.processed), len(report.skipped)  # this batch's outcomes are appended after
        for doc in started.docs:
            this_run.add(doc.id)
            try:
                with report.timed("bookkeeping"):
                    prepared = self._prepare(doc, report)
                if prepared:
                    todo.append(doc)
            except LightRAGError as exc:
                self._fail(doc, exc, report, progress)
        self.rules.refresh()
        self._index_batch(todo, started, ahead, report, progress)
        with report.timed("bookkeeping"):
            stored = set(report.processed[seen[0] :]) | set(report.skipped[seen[1] :])
            self._replace_earlier_versions([d for d in started.docs if d.id in stored], versions, this_run, report,
                                           progress)

    def _index_batch(self, docs: list[Document], started: Started, ahead: ExtractAhead, report: IndexReport,
                     progress: Progress | None) -> None:
        if not docs:
            return
        items = []
        for doc in docs:
            with report.timed("bookkeeping"):
                self._status(doc, PROCESSING)
            try:
                with report.timed("waiting for extraction"):
                    records = ahead.records(started, doc)
                items.append((doc, started.chunks[doc.id], records))
            except Exception as exc:
                self._fail(doc, exc, report, progress)
                self.extractor.notes_for(c.id for c in started.chunks.get(doc.id, []))  # its chunks' notes go too
        report.stages["extracting"] = report.stages.get("extracting", 0.0) + ahead.seconds(started)
        self._write_batch(items, report, progress, passages=started.passages)

    def _write_batch(
        self, items: list[tuple[Document, list[Chunk], list]], report: IndexReport, progress: Progress | None,
        attempt: int = 0, passages: Prefetch = None,
    ) -> None:
        """Merge each document on top of the ones before it, embed all at once (the passages' vectors were
        `passages`, made during extraction), then write one by one, each document in its own transaction."""
        overlay_e: dict[str, Entity] = {}
        overlay_r: dict[tuple[str, str], Relation] = {}
        writes: list[tuple[Document, GraphWrite]] = []
        for doc, chunks, records in items:
            if doc.id not in report.outcomes:  # a conflict retry keeps the first count
                report.outcomes[doc.id] = DocumentOutcome(
                    sum(len(e) for e, _ in records), sum(len(r) for _, r in records),
                    self.extractor.notes_for(c.id for c in chunks), doc.file_path or doc.title, doc.cleaned)
            try:
                with report.timed("merging"):
                    write = self._document_write(doc, chunks, records, overlay_e, overlay_r, report)
            except Exception as exc:
                self._fail(doc, exc, report, progress)
                continue
            overlay_e.update({e.name: e for e in write.entities})
            overlay_r.update({r.key: r for r in write.relations})
            writes.append((doc, write))
        try:
            with report.timed("embedding"):
                self._vectors.embed(
                    [c for _, w in writes for c in w.chunks],
                    [e for _, w in writes for e in w.entities],
                    [r for _, w in writes for r in w.relations],
                    passages,
                )
        except Exception as exc:
            for doc, _ in writes:
                self._fail(doc, exc, report, progress)
            return
        for n, (doc, write) in enumerate(writes):
            try:
                with report.timed("writing"):
                    self.store.apply(write)
            except WriteConflict:
                # Another writer changed what this document was merged on: merge again from the
                # store (this document and the ones merged on top of it), a bounded number of times.
                if attempt >= MAX_CONFLICT_RETRIES:
                    for d, _ in writes[n:]:
                        self._fail(d, LightRAGError("gave up after repeated write conflicts"), report, progress)
                    return
                redo = {d.id for d, _ in writes[n:]}
                self._write_batch([it for it in items if it[0].id in redo], report, progress, attempt + 1, passages)
                return
            except Exception as exc:
                self._fail(doc, exc, report, progress)
                # Later documents were merged on top of this one: redo them from the store.
                later = {d.id for d, _ in writes[n + 1 :]}
                rest = [it for it in items if it[0].id in later]
                if rest and len(rest) < len(items):
                    self._write_batch(rest, report, progress, attempt, passages)
                return
            report.processed.append(doc.id)
            report.chunks += len(write.chunks)
            report.entities += len(write.entities)
            report.relations += len(write.relations)
            outcome = report.outcomes[doc.id]
            if outcome.warning():
                log.warning("document %s: %s (%s)", doc.id, outcome.warning(), outcome.describe())
            _emit(
                progress,
                stage="done",
                document=doc.id,
                source=outcome.source,
                chunks=len(write.chunks),
                entities=len(write.entities),
                relations=len(write.relations),
                records=outcome.describe(),
                warning=outcome.warning(),
            )

    def _fail(self, doc: Document, exc: Exception, report: IndexReport, progress: Progress | None) -> None:
        message = str(exc) if isinstance(exc, LightRAGError) else f"{type(exc).__name__}: {exc}"
        log.warning("document %s failed: %s", doc.id, message)
        self._status(doc, FAILED, message)
        report.failed[doc.id] = message
        report.outcomes.pop(doc.id, None)
        _emit(progress, stage="failed", document=doc.id, source=doc.file_path or doc.title, error=message)

    def _record_load_failure(self, failure: LoadFailure, report: IndexReport, progress: Progress | None) -> None:
        log.warning("%s", failure.error)
        failure_rows.record(self.store, failure)
        report.failed[failure.doc_id] = failure.error
        _emit(progress, stage="failed", document=failure.doc_id, source=failure.source, error=failure.error)

    def _document_write(
        self,
        doc: Document,
        chunks: list[Chunk],
        records: Records,
        overlay_e: dict[str, Entity] | None = None,
        overlay_r: dict[tuple[str, str], Relation] | None = None,
        report: IndexReport | None = None,
    ) -> GraphWrite:
        """Read what the document merges on (the store, then earlier documents of this batch) and plan it."""
        overlay_e = overlay_e if overlay_e is not None else {}
        overlay_r = overlay_r if overlay_r is not None else {}
        curated, kept_out = self.rules.curation.curate(records)
        if kept_out and report is not None:
            report.kept_out_by_doc[doc.id] = kept_out
        lowered = names_in(curated)
        names = self.store.resolve_names(lowered)
        names.update({n.lower(): n for n in overlay_e if n.lower() in set(lowered)})
        wanted = {names.get(n, n) for n in lowered}
        existing_e = self.store.get_entities(sorted(n for n in wanted if n not in overlay_e))
        existing_e.update({n: overlay_e[n] for n in wanted if n in overlay_e})
        keys = sorted({relation_key(names.get(r.src.lower(), r.src), names.get(r.tgt.lower(), r.tgt))
                       for _, rels in curated for r in rels})
        existing_r = self.store.get_relations([k for k in keys if k not in overlay_r])
        existing_r.update({k: overlay_r[k] for k in keys if k in overlay_r})
        old = self.store.get_document(doc.id)
        return plan_document(doc, chunks, records, names, existing_e, existing_r,
                             old.created_at if old else None, self.summarise, self.rules.curation, curated)

    def _removal(self, doc_id: str) -> GraphWrite:
        return removal_write(self.store, doc_id, self.summarise, lambda e, r: self._vectors.embed([], e, r),
                             self.rules.curation)

    def _status(self, doc: Document, status: str, error: str = "") -> None:
        info = self.store.get_document(doc.id) or DocumentInfo(
            doc.id, doc.title, doc.file_path, doc.hash, status, subject=doc.subject, whole_file=doc.whole_file
        )
        info.status, info.error, info.updated_at = status, error, time.time()
        self.store.save_document(info)


def _batches(items: Iterable[Loaded], size: int) -> Iterator[list[Loaded]]:
    batch: list[Loaded] = []
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
