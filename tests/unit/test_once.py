"""`Once`: one build however many callers wait, the same value for all, and a failed build retried."""

from __future__ import annotations

import threading
import time

import pytest

from lightrag_core.once import Once


def test_concurrent_callers_share_one_build() -> None:
    def slow() -> object:
        time.sleep(0.2)  # long enough that every caller arrives while it runs
        return object()

    built = Once(slow)
    start, got = threading.Barrier(16), []
    threads = [threading.Thread(target=lambda: (start.wait(), got.append(built()))) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert built.builds == 1 and len(got) == 16 and all(v is got[0] for v in got)


def test_a_failed_build_is_tried_again_and_reset_rebuilds() -> None:
    attempts = []

    def flaky() -> int:
        attempts.append(1)
        if len(attempts) == 1:
            raise OSError("model file busy")
        return len(attempts)

    built = Once(flaky)
    with pytest.raises(OSError):
        built()
    assert not built.built
    assert built() == 2 and built() == 2 and built.builds == 2
    built.reset()
    assert built() == 3
