"""Extraction started ahead: a batch's chunks are extracted on a worker thread while the batch before it
is merged, embedded and written.

Extraction (spaCy, or an LLM's replies) needs nothing from the store, and the embedding model leaves
Python's lock while it runs, so the two share two cores: one batch's extraction runs beside the previous
batch's entity and relation embedding instead of after it. A batch is started as soon as it is read and
finished after the batch before it, so at most one batch is ahead. Staging (which decides what is skipped
and removes an old version) stays in the finishing step, in the order it always ran.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lightrag_core.indexing.plan import Records
from lightrag_core.indexing.vectors import Prefetch, VectorStage, taken
from lightrag_core.models import Chunk, Document

if TYPE_CHECKING:
    from lightrag_core.indexing.indexer import Extractor

log = logging.getLogger(__name__)
Extracted = dict[str, "Records | Exception"]  # per document id: its chunks' records, or why extraction failed


@dataclass
class Started:
    """A batch read and sent to extraction: its documents, their chunks and the records being made."""

    docs: list[Document]
    chunks: dict[str, list[Chunk]] = field(default_factory=dict)
    chunk_errors: dict[str, Exception] = field(default_factory=dict)  # documents that could not be chunked
    records: Future[tuple[Extracted, float]] | None = None
    passages: Prefetch = None


class ExtractAhead:
    """One worker thread per indexing run; `start` a batch, then `records` waits for what it found."""

    def __init__(self, extractor: Extractor, vectors: VectorStage, chunk: Callable[[Document], list[Chunk]]) -> None:
        self.extractor = extractor
        self.vectors = vectors
        self.chunk = chunk
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="extract-ahead")
        self._prefetches: list[Prefetch] = []  # passage embeddings still running, waited for on closing

    def start(self, docs: list[Document], unchanged: Callable[[Document], bool]) -> Started:
        """Chunk the documents not stored `unchanged` (a failure here is the document's) and extract them in
        the background, with their passages embedded meanwhile."""
        started = Started(docs)
        for doc in docs:
            if unchanged(doc):
                continue
            try:
                started.chunks[doc.id] = self.chunk(doc)
            except Exception as exc:
                started.chunk_errors[doc.id] = exc
        todo = [d for d in docs if d.id in started.chunks]
        if todo:
            started.passages = self.vectors.prefetch([c.content for d in todo for c in started.chunks[d.id]])
            # (only those still running: a done one's vectors are its batch's to take, not kept here)
            self._prefetches = [f for f in [*self._prefetches, started.passages] if f is not None and not f.done()]
            started.records = self._pool.submit(self._extract, todo, started.chunks)
        return started

    def records(self, started: Started, doc: Document) -> Records:
        """The document's records; raises what its chunking or extraction raised. A document the batch did
        not extract (it was read as unchanged, and has changed since) is extracted now."""
        if doc.id in started.chunk_errors:
            raise started.chunk_errors[doc.id]
        if doc.id not in started.chunks:
            started.chunks[doc.id] = self.chunk(doc)
            return self.extractor.extract(started.chunks[doc.id], [doc.subject] * len(started.chunks[doc.id]))
        found, _ = started.records.result() if started.records else ({}, 0.0)
        result = found.get(doc.id)
        if isinstance(result, Exception):
            raise result
        return result if result is not None else []

    def seconds(self, started: Started) -> float:
        """How long the batch's extraction ran (on the worker: most of it beside other work)."""
        return started.records.result()[1] if started.records else 0.0

    def close(self) -> None:
        """Wait for what is still running, however the run ended (an interrupted run leaves no thread working)."""
        self._pool.shutdown(wait=True, cancel_futures=True)
        for prefetch in self._prefetches:
            taken(prefetch)

    def _extract(self, docs: list[Document], chunks: dict[str, list[Chunk]]) -> tuple[Extracted, float]:
        """The whole batch in one call; if that fails, one document at a time, so one bad document does not
        take the others with it."""
        begun = time.perf_counter()
        out: Extracted = {}
        every = [c for d in docs for c in chunks[d.id]]
        try:
            extracted = self.extractor.extract(every, [d.subject for d in docs for _ in chunks[d.id]])
        except Exception as exc:
            log.warning("batch extraction failed (%s); retrying document by document", exc)
            for doc in docs:
                try:
                    out[doc.id] = self.extractor.extract(chunks[doc.id], [doc.subject] * len(chunks[doc.id]))
                except Exception as doc_exc:
                    out[doc.id] = doc_exc
        else:
            pos = 0
            for doc in docs:
                out[doc.id] = extracted[pos : pos + len(chunks[doc.id])]
                pos += len(chunks[doc.id])
        return out, time.perf_counter() - begun
