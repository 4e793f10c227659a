"""Read connections of the embedded store, pooled.

SQLite in WAL mode lets any number of readers run beside one writer, but only on separate
connections: a connection runs one statement at a time. So reads do not share the writer's
connection (and its lock, held for a whole write transaction); each read borrows a connection
from this pool, opened read-only (`query_only`), and gives it back. Connections are not tied to
threads, so a server that starts a thread per request does not leave one open per thread.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

KEEP_IDLE = 8  # idle connections kept for reuse; more are opened under a burst and closed after it


class ReaderPool:
    def __init__(self, path: Path, keep_idle: int = KEEP_IDLE) -> None:
        self.path = path
        self.keep_idle = keep_idle
        self._idle: list[sqlite3.Connection] = []
        self._lock = threading.Lock()  # guards the idle list only, never held while SQL runs
        self._closed = False

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(str(self.path), check_same_thread=False, timeout=60, isolation_level=None)
        conn.execute("PRAGMA busy_timeout=60000")
        conn.execute("PRAGMA query_only=ON")  # the read path cannot write, even by mistake
        return conn

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """A connection to this thread alone until the block ends (each statement sees the latest commit)."""
        with self._lock:
            if self._closed:
                raise sqlite3.ProgrammingError("the store is closed")
            conn = self._idle.pop() if self._idle else None
        conn = conn or self._open()
        try:
            yield conn
        finally:
            if conn.in_transaction:  # a block that left a read transaction open (it raised)
                conn.execute("ROLLBACK")
            with self._lock:
                keep = not self._closed and len(self._idle) < self.keep_idle
                if keep:
                    self._idle.append(conn)
            if not keep:
                conn.close()

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A connection inside one read transaction: every statement in the block sees the same commit."""
        with self.connection() as conn:
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                conn.execute("COMMIT")

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self.connection() as conn:
            return conn.execute(sql, params).fetchall()

    def close(self) -> None:
        """Close the idle connections; one still borrowed closes when it is given back."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
