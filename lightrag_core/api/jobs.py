"""Background indexing for the API: one worker thread, jobs tracked by id.

Indexing is CPU-bound, so jobs run one after another; queries keep being
answered meanwhile (the store serialises writes, reads go on under WAL).

A job is durable before it is queued: `submit` stores each document as a
`pending` row with its text, so a crash after the answer loses nothing
(`resume`, or `resume_unfinished` when the server starts, indexes them). The
queue holds only ids; the worker reads each text back from the store, and a
finished job keeps ids, a short summary and counts, for the last
`KEEP_FINISHED` jobs only.
"""

from __future__ import annotations

import queue
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass, field

from lightrag_core.engine import Engine
from lightrag_core.indexing import pending
from lightrag_core.indexing.report import DocumentOutcome
from lightrag_core.models import Document

KEEP_FINISHED = 500
KEEP_MESSAGES = 200  # pipeline history lines kept for /documents/pipeline_status
SUMMARY_CHARS = 100


@dataclass(frozen=True)
class JobDocument:
    """What a job remembers of a document: never its text."""

    id: str
    file_path: str
    summary: str = ""


@dataclass
class Job:
    track_id: str
    documents: list[JobDocument]
    status: str = "queued"  # queued -> processing -> done | failed | cancelled
    message: str = ""
    created_at: float = field(default_factory=time.time)
    outcomes: dict[str, DocumentOutcome] = field(default_factory=dict)  # once finished: records kept, dropped

    @property
    def finished(self) -> bool:
        return self.status in {"done", "failed", "cancelled"}


@dataclass(frozen=True)
class PipelineState:
    """What the indexing worker is doing: LightRAG's pipeline status, read by /documents/pipeline_status."""

    busy: bool
    job_name: str
    job_start: float | None
    docs: int
    queued_jobs: int
    latest_message: str
    history_messages: list[str]
    cancellation_requested: bool = False


class IndexJobs:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._jobs: dict[str, Job] = {}  # insertion order = age, for dropping the oldest finished ones
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._lock = threading.Lock()
        self._current: Job | None = None
        self._started_at: float | None = None
        self._history: deque[str] = deque(maxlen=KEEP_MESSAGES)
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._run, name="index-jobs", daemon=True)
        self._thread.start()

    def submit(self, documents: list[Document], prefix: str = "insert") -> Job:
        """Store the documents as pending rows (committed before this returns), then queue their ids."""
        staged = set(self.engine.stage_documents(documents)) if documents else set()
        return self._enqueue([JobDocument(d.id, d.file_path, d.text[:SUMMARY_CHARS]) for d in documents
                              if d.id in staged], prefix)

    def resume_unfinished(self) -> Job | None:
        """Queue the documents stored but never indexed (a crash cut them off); None when there are none."""
        ids = pending.unfinished(self.engine.store)
        return self.requeue(ids, "resume") if ids else None

    def requeue(self, doc_ids: list[str], prefix: str) -> Job:
        """Queue documents already stored with their text (unfinished, or failed and to be tried again)."""
        infos = [self.engine.store.get_document(i) for i in doc_ids]
        return self._enqueue([JobDocument(i.id, i.file_path) for i in infos if i], prefix)

    def _enqueue(self, documents: list[JobDocument], prefix: str) -> Job:
        job = Job(f"{prefix}_{time.strftime('%Y%m%d_%H%M%S')}_{uuid.uuid4().hex[:8]}", documents)
        with self._lock:
            self._jobs[job.track_id] = job
        if documents:
            self._queue.put(job)
        else:
            self._finish(job, "done", "nothing to index")
        return job

    def pipeline(self) -> PipelineState:
        with self._lock:
            current = self._current
            queued = sum(1 for j in self._jobs.values() if j.status == "queued")
            history = list(self._history)
            return PipelineState(busy=current is not None or queued > 0,
                                 job_name=f"indexing {current.track_id}" if current else "Default Job",
                                 job_start=self._started_at if current else None,
                                 docs=len(current.documents) if current else 0, queued_jobs=queued,
                                 latest_message=history[-1] if history else "", history_messages=history,
                                 cancellation_requested=self._cancel.is_set())

    def cancel(self) -> bool:
        """Stop indexing between documents: the running job finishes the documents it has read (at most one
        batch); every other document of it and of the jobs queued before the stop is reached stays a pending
        row, which POST /documents/reprocess_failed, `resume` or a restart indexes later. False when idle."""
        with self._lock:
            if self._current is None and not any(j.status == "queued" for j in self._jobs.values()):
                return False
            self._cancel.set()
            self._history.append(f"{time.strftime('%H:%M:%S')} cancellation requested: documents not yet "
                                 "started stay pending")
        return True

    def active_ids(self) -> set[str]:
        """Documents of jobs queued or running (not to be queued twice)."""
        with self._lock:
            return {d.id for j in self._jobs.values() if not j.finished for d in j.documents}

    def _note(self, message: str) -> None:
        with self._lock:
            self._history.append(f"{time.strftime('%H:%M:%S')} {message}")

    def get(self, track_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(track_id)

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            if self._cancel.is_set():
                self._cancelled(job, done=[])
                continue
            with self._lock:
                job.status, self._current, self._started_at = "processing", job, time.time()
            self._note(f"{job.track_id}: indexing {len(job.documents)} document(s)")
            try:
                report = self.engine.index_stored([d.id for d in job.documents], stop=self._cancel.is_set)
                job.outcomes = report.outcomes
                if self._cancel.is_set():
                    self._cancelled(job, done=[*report.processed, *report.skipped, *report.failed])
                    continue
                status = "failed" if report.failed and not report.processed and not report.skipped else "done"
                self._finish(job, status, "; ".join(filter(None, [report.summary(), report.records_summary()])))
            except Exception as exc:  # the job records why (its rows stay pending for resume); the worker goes on
                self._finish(job, "failed", str(exc))

    def _cancelled(self, job: Job, done: list[str]) -> None:
        """Close a job stopped by `cancel`; once no job is left queued, indexing may start again."""
        rest = len({d.id for d in job.documents} - set(done))
        self._finish(job, "cancelled", f"cancelled: {len(set(done))} document(s) finished, {rest} left pending "
                     "(POST /documents/reprocess_failed, `lightrag-workbench resume` or a restart indexes them)")
        with self._lock:
            if not any(j.status == "queued" for j in self._jobs.values()):
                self._cancel.clear()

    def _finish(self, job: Job, status: str, message: str) -> None:
        with self._lock:
            job.status, job.message = status, message
            if self._current is job:
                self._current = None
            self._history.append(f"{time.strftime('%H:%M:%S')} {job.track_id}: {status}"
                                 + (f" ({message})" if message else ""))
            finished = [k for k, j in self._jobs.items() if j.finished]
            for old in finished[: max(0, len(finished) - KEEP_FINISHED)]:
                del self._jobs[old]

    def wait(self, track_id: str, timeout: float = 600.0) -> Job:
        """Block until a job finishes (for tests and scripts)."""
        deadline = time.monotonic() + timeout
        while True:
            job = self.get(track_id)
            if job is None or job.finished or time.monotonic() > deadline:
                return job  # type: ignore[return-value]
            time.sleep(0.05)

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=5)
