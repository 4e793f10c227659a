"""BLAS runs single-threaded in this process.

Vector search is a matrix-vector product, and a server runs many at once, one per request
thread. OpenBLAS (numpy's and faiss's BLAS here) shares one worker pool among all calling
threads: with more callers than cores they queue for it behind its spinning workers, and a
product that takes 0.1 ms alone took seconds (16 threads on 2 cores: p99 12.8 s, against 0.1 ms
with one BLAS thread). Concurrent requests are the parallelism instead.
"""

from __future__ import annotations

import threading

_lock = threading.Lock()
_limited = False


def single_threaded_blas() -> None:
    """Limit every BLAS library loaded in this process to one thread (once; later calls do nothing)."""
    global _limited
    with _lock:
        if _limited:
            return
        import numpy  # noqa: F401  (its BLAS must be loaded for the limit to reach it)
        from threadpoolctl import threadpool_limits

        threadpool_limits(limits=1, user_api="blas")
        _limited = True
