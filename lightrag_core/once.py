"""Shared state built on first use, once, while every concurrent caller waits for that one build.

`functools.lru_cache` does not do this: sixteen first requests that arrive together each run the
builder (each loads the spaCy pipeline, for one) and the last one wins, so a cold server answers
its first requests in seconds instead of milliseconds. `Once` runs the builder in one caller and
hands the others its result; if the build fails, each waiting caller sees the failure and the next
call tries again. `builds` counts the builds that ran, so tests can check that it was one.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Once(Generic[T]):
    def __init__(self, build: Callable[[], T]) -> None:
        self._build = build
        self._lock = threading.Lock()
        self._done = False
        self._value: T | None = None
        self.builds = 0
        functools.update_wrapper(self, build)

    def __call__(self) -> T:
        if self._done:  # the fast path takes no lock: `_done` is set only after `_value`
            return self._value  # type: ignore[return-value]
        with self._lock:
            if not self._done:
                self.builds += 1
                self._value = self._build()
                self._done = True
            return self._value

    @property
    def built(self) -> bool:
        return self._done

    def reset(self) -> None:
        """Forget the value: the next call builds it again (tests; a changed configuration)."""
        with self._lock:
            self._done = False
            self._value = None


def once(build: Callable[[], T]) -> Once[T]:
    """Decorate a builder that takes no arguments."""
    return Once(build)
