"""Admission of CPU-bound query work: a few at once, the rest waiting their turn in arrival order.

Retrieval is Python under the GIL with numpy and onnxruntime in between. When sixteen requests run
at once, the interpreter shares the CPU among them, so every request takes as long as the work of
all the requests it overlapped with, and one slow question (a multihop decomposition, a burst of
inserts) stretches every request beside it: the tail grows with the spread of the work. Admitted a
few at a time (about one per core) and served first come, first served, each waits for the queue
ahead of it and then runs at full speed: the same throughput, a tail close to the median.

`threading.Semaphore` wakes waiters in no promised order and lets a newcomer overtake a woken
waiter; `FairGate` hands a released slot to the longest waiter itself.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

from lightrag_core.models import LightRAGError


def default_slots(local_compute: bool) -> int:
    """One slot per core when retrieval computes on this machine (the embedded store and the offline
    embedder); when a server does the work (Neo4j, an embedding endpoint) a query mostly waits on the
    network, and a narrow gate would only idle the CPU: four per core, at least eight."""
    cores = os.cpu_count() or 2
    return max(2, cores) if local_compute else max(8, 4 * cores)


class Busy(LightRAGError):
    """No slot came free within the wait bound."""


class FairGate:
    def __init__(self, slots: int, max_wait_s: float = 120.0) -> None:
        if slots < 1:
            raise ValueError("a gate needs at least one slot")
        self.slots = slots
        self.max_wait_s = max_wait_s
        self._lock = threading.Lock()
        self._free = slots
        self._queue: deque[threading.Event] = deque()

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one slot for the block; waits in arrival order, at most `max_wait_s` seconds."""
        with self._lock:
            if self._free and not self._queue:
                self._free -= 1
                ticket = None
            else:
                ticket = threading.Event()
                self._queue.append(ticket)
        if ticket is not None and not ticket.wait(self.max_wait_s):
            with self._lock:
                if ticket in self._queue:  # not handed a slot while the wait ran out
                    self._queue.remove(ticket)
                    raise Busy(f"the server is busy: no query slot came free within {self.max_wait_s:.0f} s "
                               "(LIGHTRAG_QUERY_SLOTS sets how many queries run at once)")
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        with self._lock:
            if self._queue:
                self._queue.popleft().set()  # the slot passes straight to the longest waiter
            else:
                self._free += 1

    @property
    def waiting(self) -> int:
        return len(self._queue)
