"""Warm-up: build what the first queries would otherwise build, in the background, as soon as a server
or the app opens a workspace.

Requests are served meanwhile; one that needs a piece still being built waits for that one build
(`once.py`, and the vector indexes' own first load), never starts another. Nothing here calls a
model endpoint: warming must not cost a team tokens.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

log = logging.getLogger(__name__)

IDLE, WARMING, READY, FAILED = "idle", "warming", "ready", "failed"


Step = tuple[str, Callable[[], object]]  # what it builds, in words, and the call that builds it


class Warmup:
    """Runs the engine's warm-up steps in order, in a background thread, and says how far it got."""

    def __init__(self, steps: Sequence[Step]) -> None:
        self._steps = list(steps)
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.state = IDLE
        self.error = ""
        self.seconds = 0.0
        self.steps: list[str] = []  # what has been built, in order

    def start(self) -> None:
        """Start warming in a background thread (once; later calls do nothing)."""
        with self._lock:
            if self._thread is not None:
                return
            self.state = WARMING
            self._thread = threading.Thread(target=self.run, name="warmup", daemon=True)
            self._thread.start()

    def wait(self, timeout: float | None = None) -> str:
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.state

    def run(self) -> None:
        """Build each piece in turn (also callable directly, e.g. by a benchmark)."""
        self.state, started, name = WARMING, time.perf_counter(), ""
        try:
            for name, build in self._steps:
                build()
                self.steps.append(name)
            self.state = READY
        except Exception as exc:  # a cold first request then builds it, as it would have anyway
            self.state, self.error = FAILED, f"{type(exc).__name__}: {exc}"
            log.warning("warm-up stopped at %s: %s", name, self.error)
        self.seconds = round(time.perf_counter() - started, 2)

    def describe(self) -> dict[str, object]:
        return {"state": self.state, "steps": list(self.steps), "seconds": self.seconds, "error": self.error}
