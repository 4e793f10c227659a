"""Background indexing for the API: one worker thread, jobs tracked by id.

Indexing is CPU-bound, so jobs run one after another; queries keep being
answered meanwhile (the store serialises writes, reads go on under WAL).
"""

from __future__ import annotations

import queue
import threading
import time
import uuid
from dataclasses import dataclass, field

from lightrag_core.engine import Engine
from lightrag_core.indexing.report import IndexReport
from lightrag_core.models import Document


@dataclass
class Job:
    track_id: str
    documents: list[Document]
    status: str = "queued"  # queued -> processing -> done | failed
    message: str = ""
    created_at: float = field(default_factory=time.time)
    report: IndexReport | None = None  # once finished: per-document records kept and dropped


class IndexJobs:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._jobs: dict[str, Job] = {}
        self._queue: queue.Queue[Job | None] = queue.Queue()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="index-jobs", daemon=True)
        self._thread.start()

    def submit(self, documents: list[Document], prefix: str = "insert") -> Job:
        job = Job(f"{prefix}_{time.strftime('%Y%m%d_%H%M%S')}_{uuid.uuid4().hex[:8]}", documents)
        with self._lock:
            self._jobs[job.track_id] = job
        self._queue.put(job)
        return job

    def get(self, track_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(track_id)

    def _run(self) -> None:
        while True:
            job = self._queue.get()
            if job is None:
                return
            job.status = "processing"
            try:
                report = self.engine.index_documents(job.documents)
                job.status = "failed" if report.failed and not report.processed and not report.skipped else "done"
                job.message = "; ".join(filter(None, [report.summary(), report.records_summary()]))
                job.report = report
            except Exception as exc:  # the job records why; the worker keeps serving
                job.status, job.message = "failed", str(exc)

    def wait(self, track_id: str, timeout: float = 600.0) -> Job:
        """Block until a job finishes (for tests and scripts)."""
        deadline = time.monotonic() + timeout
        while True:
            job = self.get(track_id)
            if job is None or job.status in {"done", "failed"} or time.monotonic() > deadline:
                return job  # type: ignore[return-value]
            time.sleep(0.05)

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=5)
