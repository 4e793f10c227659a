"""The embedded store's in-memory vector indexes, shared by concurrent searches and one writer.

Searches run side by side under a shared lock; a committed write changes the matrices in place
under the exclusive lock (a few row copies: a search waits microseconds, never for a write
transaction). Each loaded set of indexes carries the write version it reflects. When the database
is ahead of it (another process committed, or the set was marked stale), one thread reloads from a
read snapshot, outside every lock, and swaps the new set in; meanwhile the other searches go on
with the set they have (the caller skips rows that are gone).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from lightrag_core.storage.sqlite.vectors import Index
from lightrag_core.storage.vector_index import VectorIndex

T = TypeVar("T")
Indexes = dict[str, Index]


class ReadWriteLock:
    """Many readers or one writer; a waiting writer holds back new readers, so it is not starved."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._readers = 0
        self._writer = False
        self._writers_waiting = 0

    @contextmanager
    def shared(self) -> Iterator[None]:
        with self._cond:
            while self._writer or self._writers_waiting:
                self._cond.wait()
            self._readers += 1
        try:
            yield
        finally:
            with self._cond:
                self._readers -= 1
                if not self._readers:
                    self._cond.notify_all()

    @contextmanager
    def exclusive(self) -> Iterator[None]:
        with self._cond:
            self._writers_waiting += 1
            try:
                while self._writer or self._readers:
                    self._cond.wait()
            finally:
                self._writers_waiting -= 1
            self._writer = True
        try:
            yield
        finally:
            with self._cond:
                self._writer = False
                self._cond.notify_all()


class LiveIndexes:
    def __init__(self, db_version: Callable[[], int], load: Callable[[], tuple[int, Indexes]], ann_min: int) -> None:
        self._db_version = db_version  # the store's committed write version, read without any lock
        self._load = load  # (version, indexes) from one read snapshot
        self._ann_min = ann_min
        self._loaded: tuple[int, Indexes] | None = None  # swapped as a whole, so a reader sees one consistent pair
        self._stale = False
        self._pending: int | None = None  # the version this process is committing; its changes follow the commit
        self._reload = threading.Lock()
        self._rw = ReadWriteLock()

    def _fresh(self, loaded: tuple[int, Indexes] | None) -> bool:
        if loaded is None or self._stale:
            return False
        db = self._db_version()
        pending = self._pending
        return loaded[0] >= db or (pending is not None and pending >= db)

    def current(self) -> Indexes:
        """The indexes to search: reloaded first when the database is ahead, unless another thread is at it."""
        loaded = self._loaded
        if loaded is not None and self._fresh(loaded):
            return loaded[1]
        if loaded is not None and not self._reload.acquire(blocking=False):
            return loaded[1]  # another thread is reloading; a search does not wait for it
        if loaded is None:
            self._reload.acquire()  # nothing to search yet: wait for the first load
        try:
            loaded = self._loaded
            if loaded is not None and self._fresh(loaded):
                return loaded[1]
            self._stale = False  # cleared before reading, so a change marked meanwhile reloads again
            try:
                version, indexes = self._load()
            except BaseException:
                self._stale = True
                raise
            with self._rw.exclusive():
                if self._loaded is None or self._loaded[0] <= version:
                    self._loaded = (version, indexes)
                return self._loaded[1]
        finally:
            self._reload.release()

    def search(self, namespace: str, run: Callable[[Index], T]) -> T:
        indexes = self.current()
        with self._rw.shared():
            return run(indexes[namespace])

    def invalidate(self) -> None:
        """Reload before the next search (e.g. the embedding dimension was just set)."""
        self._stale = True

    # -- the writer (one at a time: the store's write lock) -----------------------
    def committing(self, version: int) -> Indexes | None:
        """Before COMMIT of write `version`: the indexes to bring up to it afterwards, if they are one write behind."""
        loaded = self._loaded
        if loaded is None or self._stale or loaded[0] != version - 1:
            return None  # nothing loaded, or behind anyway: the next search reloads
        self._pending = version
        return loaded[1]

    def committed(self, version: int, indexes: Indexes | None, change: Callable[[Indexes], None]) -> None:
        """After COMMIT: apply the write to the matrices in place, briefly excluding searches."""
        try:
            if indexes is None:
                return
            with self._rw.exclusive():
                if self._loaded is None or self._loaded[1] is not indexes:
                    return  # a reload swapped in another set meanwhile; it is at least as new, or reloads again
                try:
                    change(indexes)
                except BaseException:
                    self._stale = True  # the matrices may be half-changed: reload them
                    raise
                self._loaded = (version, indexes)
                if any(isinstance(ix, VectorIndex) and len(ix) >= self._ann_min for ix in indexes.values()):
                    self._stale = True  # grown past the threshold: the next load makes it approximate
        finally:
            self._pending = None

    def aborted(self) -> None:
        self._pending = None

    def loaded_at(self, version: int) -> Indexes | None:
        """The loaded indexes if they reflect exactly `version` (what may be saved under it)."""
        loaded = self._loaded
        return loaded[1] if loaded is not None and not self._stale and loaded[0] == version else None
