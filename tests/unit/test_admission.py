"""Query admission: at most `slots` at once, waiters served in arrival order, a bounded wait."""

from __future__ import annotations

import threading
import time

import pytest

from lightrag_core.admission import Busy, FairGate, default_slots


@pytest.mark.parametrize("slots", [1, 2])
def test_no_more_than_the_slots_run_at_once_and_waiters_go_in_arrival_order(slots: int) -> None:
    gate = FairGate(slots)
    running, most, order = 0, 0, []
    lock = threading.Lock()
    release = threading.Event()

    def work(n: int) -> None:
        nonlocal running, most
        with gate.slot():
            with lock:
                running += 1
                most = max(most, running)
                order.append(n)
            release.wait(5)
            with lock:
                running -= 1

    threads = []
    for n in range(8):
        t = threading.Thread(target=work, args=(n,))
        t.start()
        threads.append(t)
        # each thread is running or queued before the next one arrives
        deadline = time.monotonic() + 5
        while len(order) + gate.waiting < n + 1 and time.monotonic() < deadline:
            time.sleep(0.001)
    assert gate.waiting == 8 - slots and order == list(range(slots))
    release.set()
    for t in threads:
        t.join(5)
    assert most == slots
    # One slot admits strictly in turn; with two, the pair admitted together may record in either order.
    assert order == list(range(8)) if slots == 1 else sorted(order) == list(range(8))


def test_a_wait_past_the_bound_is_a_busy_error_and_leaves_the_queue() -> None:
    gate = FairGate(1, max_wait_s=0.05)
    held = threading.Event()
    done = threading.Event()

    def hold() -> None:
        with gate.slot():
            held.set()
            done.wait(5)

    t = threading.Thread(target=hold)
    t.start()
    held.wait(5)
    with pytest.raises(Busy, match="LIGHTRAG_QUERY_SLOTS"):
        with gate.slot():
            pass
    assert gate.waiting == 0
    done.set()
    t.join(5)
    with gate.slot():  # the slot came back
        pass


def test_a_failure_inside_the_block_gives_the_slot_back() -> None:
    gate = FairGate(1, max_wait_s=0.05)
    with pytest.raises(RuntimeError):
        with gate.slot():
            raise RuntimeError("boom")
    with gate.slot():
        pass


def test_slots_follow_where_retrieval_computes(monkeypatch: pytest.MonkeyPatch) -> None:
    from lightrag_core import admission

    monkeypatch.setattr(admission.os, "cpu_count", lambda: 2)
    assert admission.default_slots(local_compute=True) == 2  # the embedded store and the offline model: the CPU
    assert admission.default_slots(local_compute=False) == 8  # Neo4j or an embedding endpoint: the network
    monkeypatch.setattr(admission.os, "cpu_count", lambda: 16)
    assert (admission.default_slots(True), admission.default_slots(False)) == (16, 64)


def test_the_engine_sizes_its_gate_from_the_settings(tmp_path) -> None:
    from lightrag_core.config import Settings
    from lightrag_core.engine import Engine

    auto = Engine(Settings.from_env(tmp_path / "a", env_file=None, environ={}))
    assert auto.queries.gate.slots == default_slots(local_compute=True)
    fixed = Engine(Settings.from_env(tmp_path / "b", env_file=None, environ={"LIGHTRAG_QUERY_SLOTS": "3"}))
    assert fixed.queries.gate.slots == 3
    with pytest.raises(ValueError, match="LIGHTRAG_QUERY_SLOTS"):
        Settings.from_env(tmp_path / "c", env_file=None, environ={"LIGHTRAG_QUERY_SLOTS": "-1"})

