"""What the Ask-in-Cypher console asks of a Neo4j store: a plan, a read, another login.

The console runs statements a person typed, so each runs in a READ session with a timeout, and
only after the server's own plan (`EXPLAIN`) has been checked by `workbench/cypher_plan_guard.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, TypeVar

T = TypeVar("T")


class ConsoleReads:
    """Mixed into `Neo4jStore`: the three calls the console makes, each in a read transaction."""

    driver: Any
    database: str
    workspace: str
    uri: str
    user: str

    def _errors(self) -> AbstractContextManager[None]:
        raise NotImplementedError

    def with_login(self, username: str, password: str) -> Any:
        """The same database and workspace through another user's login (the console's read-only one).
        The driver connects on first use; a wrong password then fails that statement, not the app."""
        import neo4j

        driver = neo4j.GraphDatabase.driver(self.uri, auth=(username, password))
        other = type(self)(driver, self.database, self.workspace, self.uri, user=username)  # type: ignore[call-arg]
        # The store's bookmarks, not the new driver's own: on a cluster the console then reads what the store
        # has just written (causal consistency across the two logins).
        other.bookmarks = self.bookmarks
        return other

    @property
    def bookmarks(self) -> Any:
        return getattr(self, "_bookmarks", None) or self.driver.execute_query_bookmark_manager

    @bookmarks.setter
    def bookmarks(self, manager: Any) -> None:
        self._bookmarks = manager

    def _in_read_session(self, work: Callable[[Any], T]) -> T:
        import neo4j

        with self._errors(), self.driver.session(
            database=self.database, default_access_mode=neo4j.READ_ACCESS,
            bookmark_manager=self.bookmarks,
        ) as session:
            return session.execute_read(work)

    def explain(self, statement: str, params: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        """The server's plan for a statement (`EXPLAIN`: planned, never run), as the driver's plan dict."""
        import neo4j

        @neo4j.unit_of_work(timeout=timeout)
        def work(tx: Any) -> dict[str, Any] | None:
            summary = tx.run("EXPLAIN " + statement, {"workspace": self.workspace, **params}).consume()
            plan = getattr(summary, "plan", None)
            return dict(plan) if plan else None

        return self._in_read_session(work)

    def run_read_only(self, statement: str, params: dict[str, Any], limit: int,
                      timeout: float) -> tuple[list[str], list[list[Any]], bool]:
        """A statement the console has checked, in a read transaction: its column names, at most `limit`
        rows of raw values (nodes and relationships kept as such) and whether more rows were cut."""
        import neo4j

        @neo4j.unit_of_work(timeout=timeout)
        def work(tx: Any) -> tuple[list[str], list[list[Any]], bool]:
            result = tx.run(statement, {"workspace": self.workspace, **params})
            keys, rows = list(result.keys()), list[list[Any]]()
            for record in result:
                if len(rows) == limit:
                    return keys, rows, True
                rows.append(list(record.values()))
            return keys, rows, False

        return self._in_read_session(work)
