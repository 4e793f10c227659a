"""An engine whose only query slot another thread holds, for tests of what a waiting query does."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from lightrag_core import Engine
from lightrag_core.admission import FairGate


@contextmanager
def slot_held(engine: Engine, max_wait_s: float = 0.05) -> Iterator[None]:
    """Inside the block the engine's gate has one slot, held elsewhere; after it, the engine's own gate is back."""
    gate, engine.queries.gate = engine.queries.gate, FairGate(1, max_wait_s=max_wait_s)
    held, done = threading.Event(), threading.Event()

    def hold() -> None:
        with engine.queries.gate.slot():
            held.set()
            done.wait(5)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        held.wait(5)
        yield
    finally:
        done.set()
        holder.join(5)
        engine.queries.gate = gate
