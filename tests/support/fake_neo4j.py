"""A stand-in for the Neo4j driver where a test has no server: the store's code runs unchanged above it.

The store's own statements are answered by name (`answer(name, params)` returns the rows the server
would); any other statement (the Cypher console's) by `read(statement, params)` returning column
names and rows of values, which may hold real `neo4j.graph` nodes and relationships. `EXPLAIN <statement>`
is answered by `plan(statement)`: the plan dict the driver's summary would carry (it may raise, as a server
does for a statement it cannot plan).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from lightrag_core.storage.neo4j import cypher_files

STATEMENT_NAMES = {cypher_files.cypher(n): n for n in cypher_files.names()}
SERVER_DEFAULTS: dict[str, list[dict]] = {
    "db_version": [{"name": "Neo4j Kernel", "version": "5.26.0"}],
    "counts": [{"documents": 0, "chunks": 0, "entities": 0, "relations": 0}],
    "write_version": [{"version": 0}],
}


class Record:
    def __init__(self, keys: list[str], values: list[Any]) -> None:
        self._keys, self._values = keys, values

    def values(self) -> list[Any]:
        return list(self._values)

    def data(self) -> dict[str, Any]:
        return dict(zip(self._keys, self._values))


class Summary:
    def __init__(self, plan: dict | None) -> None:
        self.plan = plan


class Result:
    def __init__(self, keys: list[str], rows: list[list[Any]], plan: dict | None = None) -> None:
        self._keys, self._rows, self._plan = keys, rows, plan

    def keys(self) -> list[str]:
        return list(self._keys)

    def __iter__(self) -> Iterator[Record]:
        return (Record(self._keys, r) for r in self._rows)

    def consume(self) -> Summary:
        return Summary(self._plan)


class FakeNeo4jDriver:
    def __init__(self, answer: Callable[[str, dict], list[dict]] | None = None,
                 read: Callable[[str, dict], tuple[list[str], list[list[Any]]]] | None = None,
                 plan: Callable[[str], dict | None] | None = None) -> None:
        self.answer = answer or (lambda name, params: SERVER_DEFAULTS.get(name, []))
        self.read = read
        self.plan = plan
        self.calls: list[tuple[str, dict]] = []  # (statement name, or the raw statement; params)
        self.sessions: list[dict] = []
        self.execute_query_bookmark_manager = object()

    def verify_connectivity(self) -> None:
        return None

    def close(self) -> None:
        return None

    def _result(self, query: Any, params: dict | None) -> Result:
        text = getattr(query, "text", query)
        name = STATEMENT_NAMES.get(text)
        self.calls.append((name or text, dict(params or {})))
        if name is None and text.startswith("EXPLAIN "):
            assert self.plan is not None, f"unexpected EXPLAIN: {text}"
            return Result([], [], self.plan(text.removeprefix("EXPLAIN ")))
        if name is None:
            assert self.read is not None, f"unexpected statement: {text}"
            keys, rows = self.read(text, dict(params or {}))
            return Result(keys, rows)
        rows_as_dicts = self.answer(name, dict(params or {}))
        keys = list(rows_as_dicts[0]) if rows_as_dicts else []
        return Result(keys, [[r[k] for k in keys] for r in rows_as_dicts])

    def execute_query(self, query: Any, params: dict | None = None, **kwargs: Any):
        result = self._result(query, params)
        return list(result), None, result.keys()

    def session(self, **kwargs: Any) -> Session:
        self.sessions.append(kwargs)
        return Session(self)


class Session:
    def __init__(self, driver: FakeNeo4jDriver) -> None:
        self.driver = driver

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> bool:
        return False

    def execute_read(self, work: Callable, *args: Any) -> Any:
        return work(Transaction(self.driver), *args)

    def execute_write(self, work: Callable, *args: Any) -> Any:
        return work(Transaction(self.driver), *args)


class Transaction:
    def __init__(self, driver: FakeNeo4jDriver) -> None:
        self.driver = driver

    def run(self, query: Any, params: dict | None = None) -> Result:
        return self.driver._result(query, params)


class IndexCatalogue:
    """A database's index catalogue as the store's schema statements meet it: CREATE ... IF NOT EXISTS adds
    an index (POPULATING) unless one of that name, or a vector or full-text index on the same label and
    property, exists (then nothing happens, as the manual says); `await_index` brings one ONLINE (or fails
    on a FAILED one); `forbidden` makes every CREATE a security error, as for a user with the reader role.
    Use as `answer` (or inside one): unknown statement names fall through to `rest`."""

    def __init__(self, rows: list[dict] | None = None, forbidden: bool = False,
                 rest: Callable[[str, dict], list[dict]] | None = None) -> None:
        from lightrag_core.storage.neo4j import schema

        self.rows = {r["name"]: dict(r) for r in rows or []}
        self.forbidden = forbidden
        self.rest = rest or (lambda name, params: SERVER_DEFAULTS.get(name, []))
        self.awaited: list[str] = []
        self.creates: dict[str, dict] = {}
        for name, statement in schema.SCHEMA_STATEMENTS.items():
            self.creates[statement] = index_row(name, "RANGE", None, None)
        for name, (label, prop) in schema.FULLTEXT_INDEXES.items():
            self.creates[schema.SCHEMA_STATEMENTS[name]] = index_row(name, "FULLTEXT", label, prop,
                                                                     analyzer=schema.FULLTEXT_ANALYZER)
        for name, (label, prop) in schema.VECTOR_INDEXES.items():
            self.creates[schema.VECTOR_STATEMENTS[name]] = index_row(name, "VECTOR", label, prop)

    def __call__(self, name: str, params: dict) -> list[dict]:
        from neo4j.exceptions import Neo4jError

        if name == "schema_indexes":
            return [dict(r) for r in self.rows.values()]
        if self.forbidden and name in ("words_set_chunks", "words_set_entities", "words_done_set", "title_keys_set",
                                        "title_keys_done_set"):
            raise Neo4jError._hydrate_neo4j(code="Neo.ClientError.Security.Forbidden",
                                            message="Write operations are not allowed for user 'reader'")
        if name in self.creates:
            if self.forbidden:
                raise Neo4jError._hydrate_neo4j(code="Neo.ClientError.Security.Forbidden",
                                                message="Schema operations are not allowed for user 'reader'")
            row = {**self.creates[name], "dimensions": params.get("dimensions")}
            clash = row["type"] in ("VECTOR", "FULLTEXT") and any(
                (r["type"], r["label"], r["properties"]) == (row["type"], row["label"], row["properties"])
                for r in self.rows.values())
            if row["name"] not in self.rows and not clash:
                self.rows[row["name"]] = row
            return []
        if name == "await_index":
            self.awaited.append(params["index"])
            row = self.rows[params["index"]]
            if row["state"] == "FAILED":
                raise Neo4jError._hydrate_neo4j(code="Neo.DatabaseError.Schema.IndexCreationFailed",
                                                message=f"Index {params['name']} entered a FAILED state")
            row["state"] = "ONLINE"
            return []
        return self.rest(name, params)


def index_row(name: str, kind: str, label: str | None, prop: str | None, state: str = "POPULATING",
              dimensions: int | None = None, analyzer: str | None = None) -> dict:
    """One row of cypher/schema_indexes.cypher."""
    return {"name": name, "type": kind, "state": state, "label": label, "property": prop,
            "properties": [prop] if prop else [], "dimensions": dimensions, "analyzer": analyzer}
