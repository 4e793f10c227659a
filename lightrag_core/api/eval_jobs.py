"""Background evaluation work for the API: generating a question set, running one. One worker thread.

Both are CPU-bound (spaCy, then every mode over every question), so they run one after another, beside
the indexing worker; a job is tracked by id with its stage and progress, as indexing's are.
"""

from __future__ import annotations

import queue
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lightrag_core.models import LightRAGError

KEEP_FINISHED = 200
# Jobs waiting behind the running one. A viewer may start runs, and each runs every question in every mode
# (with answers, an LLM call each): without a bound one caller could queue thousands, hold the worker for
# days and grow the memory the queued work holds.
MAX_WAITING = 8
Progress = Callable[[str, int, int], None]
Work = Callable[[Progress], dict[str, Any]]


@dataclass
class EvalJob:
    track_id: str
    kind: str  # generate | run
    status: str = "queued"  # queued -> processing -> done | failed
    stage: str = ""
    done: int = 0
    total: int = 0
    message: str = ""
    result: dict[str, Any] = field(default_factory=dict)  # the set's or the run's id and summary
    created_at: float = field(default_factory=time.time)

    @property
    def finished(self) -> bool:
        return self.status in {"done", "failed"}

    def to_dict(self) -> dict[str, Any]:
        return {"track_id": self.track_id, "kind": self.kind, "status": self.status, "stage": self.stage,
                "done": self.done, "total": self.total, "message": self.message, "result": self.result,
                "created_at": self.created_at}


class JobsFull(LightRAGError):
    """MAX_WAITING jobs are waiting already: the caller should try again once some have run."""


class EvalJobs:
    def __init__(self) -> None:
        self._jobs: dict[str, EvalJob] = {}
        self._work: dict[str, Work] = {}
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="eval-jobs", daemon=True)
        self._thread.start()

    def submit(self, kind: str, work: Work) -> EvalJob:
        job = EvalJob(f"{kind}_{time.strftime('%Y%m%d_%H%M%S')}_{uuid.uuid4().hex[:8]}", kind)
        with self._lock:
            if sum(1 for j in self._jobs.values() if j.status == "queued") >= MAX_WAITING:
                raise JobsFull(f"{MAX_WAITING} evaluation jobs are waiting already; try again when they have run")
            self._jobs[job.track_id] = job
            self._work[job.track_id] = work
            finished = [k for k, j in self._jobs.items() if j.finished]
            for old in finished[: max(0, len(finished) - KEEP_FINISHED)]:
                del self._jobs[old]
        self._queue.put(job.track_id)
        return job

    def busy(self) -> bool:
        with self._lock:
            return any(not j.finished for j in self._jobs.values())

    def get(self, track_id: str) -> EvalJob | None:
        with self._lock:
            return self._jobs.get(track_id)

    def _run(self) -> None:
        while (track_id := self._queue.get()) is not None:
            with self._lock:
                job, work = self._jobs.get(track_id), self._work.pop(track_id, None)
            if job is None or work is None:
                continue
            job.status = "processing"

            def progress(stage: str, done: int, total: int, job: EvalJob = job) -> None:
                job.stage, job.done, job.total = stage, done, total

            try:
                job.result = work(progress)
                job.status, job.message = "done", job.result.get("message", "")
            except LightRAGError as exc:
                job.status, job.message = "failed", str(exc)
            except Exception as exc:  # the job says why; the worker goes on with the next one
                job.status, job.message = "failed", f"{type(exc).__name__}: {exc}"

    def wait(self, track_id: str, timeout: float = 600.0) -> EvalJob | None:
        """Block until a job finishes (for tests and scripts)."""
        deadline = time.monotonic() + timeout
        while (job := self.get(track_id)) is not None and not job.finished and time.monotonic() < deadline:
            time.sleep(0.05)
        return job

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=5)
