"""`lightrag-workbench neo4j-check`: the user's own Neo4j server checked step by step, before it holds their data.

Each step is a row: pass, fail or skipped, the server's own error text, and its time. Everything the check
writes goes into a scratch workspace whose name is checked against every workspace in the database, and
only that workspace is removed afterwards. The comparison with an embedded store lives in neo4j_compare.py.
"""

from __future__ import annotations

import dataclasses
import re
import secrets
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lightrag_core.config import Settings, redact_url
from lightrag_core.models import LightRAGError
from lightrag_core.storage.neo4j import schema
from lightrag_core.storage.neo4j.cypher_files import cypher

if TYPE_CHECKING:
    from lightrag_core.embeddings import Embedder
    from lightrag_core.storage.neo4j.store import Neo4jStore

PASS, FAIL, SKIPPED = "pass", "fail", "skipped"
SCRATCH_PREFIX = "neo4j_check_"
# Privileges that matter, by the action names SHOW PRIVILEGES uses.
SCHEMA_ACTIONS = ("index", "constraint", "create_index", "create_constraint",
                  "database_actions")  # ALL DATABASE PRIVILEGES (the admin role) includes schema management
WRITE_ACTIONS = ("write", "set_property", "create_element", "delete_element", "merge")


class Skip(Exception):
    """Raised by a step that does not apply here; its text says why."""


@dataclass
class Step:
    name: str
    status: str
    detail: str
    seconds: float
    needed: bool = True


@dataclass
class CheckReport:
    target: str  # the server, with any secret in the URI redacted
    database: str
    steps: list[Step] = field(default_factory=list)
    server: dict[str, Any] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Everything needed passed (a needed step that was skipped did not pass)."""
        return bool(self.steps) and all(s.status == PASS for s in self.steps if s.needed)

    def to_json(self) -> dict[str, Any]:
        return {"target": self.target, "database": self.database, "ok": self.ok, "server": self.server,
                "steps": [dataclasses.asdict(s) for s in self.steps]}

    def lines(self) -> list[str]:
        width = max((len(s.name) for s in self.steps), default=10)
        out = [f"neo4j-check {self.target} database {self.database!r}"]
        for s in self.steps:
            note = "" if s.needed else " (informational)"
            out.append(f"{s.status.upper():<8} {s.name:<{width}} {s.seconds * 1000:>8.0f} ms  {s.detail}{note}")
        failed = [s.name for s in self.steps if s.needed and s.status != PASS]
        out.append("all needed steps passed" if self.ok else f"needed steps that did not pass: {', '.join(failed)}")
        return out

    def run(self, name: str, work: Callable[[], str], needed: bool = True) -> bool:
        """Run one step: pass with the detail `work` returns, skipped on Skip, fail with the error's text
        (the server's own code and message included). Returns whether it passed."""
        start = time.perf_counter()
        try:
            status, detail = PASS, work()
        except Skip as exc:
            status, detail = SKIPPED, str(exc)
        except Exception as exc:  # a step's failure is a row; the check goes on to the next step
            status, detail = FAIL, error_text(exc)
        self.steps.append(Step(name, status, detail, round(time.perf_counter() - start, 4), needed))
        return status == PASS


def error_text(exc: BaseException) -> str:
    """The error's one line, followed by the server's own code and message when a driver error caused it."""
    text = str(exc) or type(exc).__name__
    cause: BaseException | None = exc
    while cause is not None:
        code, message = getattr(cause, "code", None), getattr(cause, "message", None)
        if code or message:
            server = f"{code or ''}: {message or ''}".strip(": ")
            if server and server not in text:
                text += f" [server: {server}]"
            break
        cause = cause.__cause__
    return text


def scratch_name(existing: Iterable[str], token: Callable[[], str] = lambda: secrets.token_hex(6)) -> str:
    """A workspace name that is none of `existing`: the prefix and a random token, drawn again on a clash."""
    taken = set(existing)
    for _ in range(20):
        name = SCRATCH_PREFIX + token()
        if name not in taken:
            return name
    raise LightRAGError("could not draw a scratch workspace name that no workspace in the database has")


def check_scratch(name: str, existing_before: Iterable[str]) -> None:
    """Refuse to write to (or remove) any workspace but one this check named and that did not exist before."""
    if not name.startswith(SCRATCH_PREFIX) or name in set(existing_before):
        raise LightRAGError(f"neo4j-check refuses to touch workspace {name!r}: it only writes to a scratch "
                            "workspace of its own that did not exist when it started")


# -- the Neo4j half ---------------------------------------------------------------------------------

def _system(store: Neo4jStore, name: str, **params: Any) -> list[dict[str, Any]]:
    """A statement run against the system database (administration commands live there)."""
    import neo4j

    with store._errors():
        records, _, _ = store.driver.execute_query(cypher(name), params, database_="system",
                                                   routing_=neo4j.RoutingControl.READ)
    return [r.data() for r in records]


def server_facts(store: Neo4jStore, report: CheckReport) -> str:
    from lightrag_core.storage.neo4j.search import vector_search_path
    from lightrag_core.storage.neo4j.store import MIN_VERSION, parse_version

    rows = store._read("db_version")
    kernel = next((r for r in rows if r["name"] == "Neo4j Kernel"), rows[0] if rows else {})
    store.edition = str(kernel.get("edition") or "")  # schema messages name the fix for this edition
    store.server_version = parse_version(str(kernel.get("version") or ""))  # the vector statements follow it
    path = vector_search_path(store.server_version)
    report.server.update(version=kernel.get("version"), edition=kernel.get("edition"), vector_search=path)
    if store.server_version < MIN_VERSION:
        raise LightRAGError(f"Neo4j {kernel.get('version')} is older than 5.18, which this store needs "
                            "(relationship vector indexes): upgrade the server")
    return f"Neo4j {kernel.get('version')} {kernel.get('edition') or 'unknown'} edition; vector search: {path}"


def database_facts(store: Neo4jStore, report: CheckReport) -> str:
    """The database as the server lists it: one row per member hosting it (a cluster lists each)."""
    rows = _system(store, "check_databases", database=store.database)
    if not rows:
        raise LightRAGError(f"the server lists no database {store.database!r}: set NEO4J_DATABASE to one it has")
    roles = [f"{r.get('role')}{' (writer)' if r.get('writer') else ''}" for r in rows]
    report.server.update(database_type=rows[0].get("type"), roles=roles)
    if not any(str(r.get("currentStatus")) == "online" for r in rows):
        raise LightRAGError(f"database {store.database!r} is {rows[0].get('currentStatus')}, not online")
    if not any(r.get("writer") for r in rows):
        raise LightRAGError(f"database {store.database!r} has no member that accepts writes ({', '.join(roles)})")
    return f"database {rows[0]['name']!r}: {rows[0].get('type')}, {len(rows)} member(s): {', '.join(roles)}"


def privileges(store: Neo4jStore, who: str) -> dict[str, str]:
    """Schema, write and LOAD as 'granted', 'denied' or 'not granted' for the user `store` logs in as."""
    no_roles = f"{who}: the server has no roles (Community edition): every user may do everything"
    if store.edition.lower() == "community":
        raise Skip(no_roles)
    try:
        rows = _system(store, "check_privileges")
    except LightRAGError as exc:
        if "unsupported" in error_text(exc).lower():
            raise Skip(no_roles) from exc
        raise

    def state(actions: tuple[str, ...]) -> str:
        found = {r["access"].upper() for r in rows if str(r["action"]).lower() in actions
                 and (r.get("graph") in ("*", store.database))}
        return "denied" if "DENIED" in found else "granted" if "GRANTED" in found else "not granted"

    return {"schema": state(SCHEMA_ACTIONS), "write": state(WRITE_ACTIONS), "load": state(("load",))}


def expected_indexes(dim: int) -> dict[str, dict[str, Any]]:
    """What the store's schema statements ask for, read from the statements themselves: name -> type,
    label or relationship type, properties, and the options that matter."""
    out: dict[str, dict[str, Any]] = {}
    named = {**schema.SCHEMA_STATEMENTS, **schema.VECTOR_STATEMENTS}
    for name, statement in named.items():
        text = "\n".join(line for line in cypher(statement).splitlines() if not line.lstrip().startswith("//"))
        label = re.search(r"[(\[]\w+:(\w+)[)\]]", text)
        props = re.findall(r"\b\w\.(\w+)\b", text.split(" ON ", 1)[-1].split("REQUIRE", 1)[-1])
        kind = "VECTOR" if "VECTOR INDEX" in text else "FULLTEXT" if "FULLTEXT INDEX" in text else "RANGE"
        row: dict[str, Any] = {"type": kind, "label": label.group(1) if label else None, "properties": props}
        if kind == "VECTOR":
            row.update(dimensions=dim, similarity="COSINE")
        if kind == "FULLTEXT":
            row["analyzer"] = schema.FULLTEXT_ANALYZER
        out[name] = row
    return out


def compare_indexes(rows: list[dict[str, Any]], wanted: dict[str, dict[str, Any]]) -> list[str]:
    """Each way SHOW INDEXES differs from what was asked: missing, other type, label, properties, options or
    not ONLINE; and each index of another name on the same label and properties, in the way of IF NOT EXISTS."""
    problems: list[str] = []
    by_name = {r["name"]: r for r in rows}
    for name, want in wanted.items():
        row = by_name.get(name)
        if row is None:
            problems.append(f"{name}: missing")
        else:
            got_label = (row.get("labelsOrTypes") or [None])[0]
            got = {"type": row.get("type"), "label": got_label, "properties": list(row.get("properties") or [])}
            for key, value in want.items():
                seen = got.get(key, row.get(key))
                if key == "similarity" and seen is not None:
                    seen = str(seen).upper()
                if key == "dimensions" and seen is not None:
                    seen = int(seen)
                if seen != value:
                    problems.append(f"{name}: {key} is {seen!r}, asked for {value!r}")
            if str(row.get("state")).upper() != "ONLINE":
                problems.append(f"{name}: state {row.get('state')}")
        for other in rows:
            if other["name"] != name and (other.get("labelsOrTypes") or [None])[0] == want["label"] and list(
                    other.get("properties") or []) == want["properties"] and other.get("type") == want["type"]:
                problems.append(f"{name}: index {other['name']!r} covers the same "
                                f":{want['label']}({', '.join(want['properties'])}) ({other.get('type')})")
    return problems


def console_plans(store: Neo4jStore, settings: Settings) -> str:
    """EXPLAIN one statement the console must allow and one it must refuse, as the console's own login, and
    walk both plans: the plan walk is then checked against this server's real plan format."""
    from lightrag_core.workbench.cypher_console import CypherConsole
    from lightrag_core.workbench.cypher_plan_guard import PlanRefused, check_plan

    console = CypherConsole.for_settings(store, None, settings)
    try:
        allowed = console.reader.explain(cypher("check_console_allowed"), {}, 30.0)
        check_plan(allowed)
        refused = console.reader.explain(cypher("check_console_refused"), {}, 30.0)
        try:
            check_plan(refused)
        except PlanRefused as exc:
            why = str(exc)
        else:
            raise LightRAGError(f"the plan walk allowed a statement it must refuse; its plan: {plan_shape(refused)}")
    finally:
        console.close()
    return f"allowed: {plan_shape(allowed)}; refused: {plan_shape(refused)} ({why})"


def plan_shape(plan: dict[str, Any] | None, depth: int = 0) -> str:
    """A plan's operators as `Op(child, …)`, without the runtime suffix."""
    if not plan:
        return "(no plan)"
    name = str(plan.get("operatorType", "?")).split("@", 1)[0]
    children = [plan_shape(c, depth + 1) for c in plan.get("children") or []] if depth < 12 else ["…"]
    return f"{name}({', '.join(children)})" if children else name


def run_check(settings: Settings, embedder: Embedder | None = None,
              token: Callable[[], str] = lambda: secrets.token_hex(6)) -> CheckReport:
    """The whole check against the configured server. Raises LightRAGError (one line) only when there is no
    server to check: NEO4J_URI unset, or the server not reachable or not speaking Bolt."""
    from lightrag_core.embeddings import make_embedder
    from lightrag_core.engine import Engine
    from lightrag_core.storage.neo4j.store import Neo4jStore
    from lightrag_core.workbench import neo4j_compare

    if not settings.neo4j_uri:
        raise LightRAGError("NEO4J_URI is not set: there is no Neo4j server to check (README, 'Neo4j')")
    report = CheckReport(redact_url(settings.neo4j_uri), settings.neo4j_database)
    start = time.perf_counter()
    store = Neo4jStore.from_settings(settings, prepare=False)  # unreachable: the one-line error, no report
    store.workspace = ""  # bound to no workspace until the scratch one is drawn (never the configured one)
    report.steps.append(Step("connect", PASS, f"user {settings.neo4j_username!r}",
                             round(time.perf_counter() - start, 4)))
    # The comparison must not depend on an LLM: offline extraction and keywords in both stores.
    offline = dataclasses.replace(settings, llm_model="", llm_local_gguf="")
    try:
        embedder = embedder or make_embedder(settings)
        if not report.run("server version", lambda: server_facts(store, report)):
            return report
        report.run("database and cluster role", lambda: database_facts(store, report), needed=False)
        report.run("privileges (store user)", lambda: ", ".join(
            f"{k} {v}" for k, v in privileges(store, settings.neo4j_username).items()), needed=False)
        existing: list[str] = []
        if not report.run("scratch workspace", lambda: _pick_scratch(store, existing, token)):
            return report
        try:
            _run_writes(report, store, settings, offline, embedder, existing, Engine, neo4j_compare)
        finally:
            report.run("remove scratch workspace", lambda: _drop_scratch(store, existing))
    finally:
        store.close()
    return report


def _pick_scratch(store: Neo4jStore, existing: list[str], token: Callable[[], str]) -> str:
    existing.extend(str(r["name"]) for r in store._read("check_workspaces") if r["name"] is not None)
    store.workspace = scratch_name(existing, token)
    return f"{store.workspace} (none of the {len(existing)} workspaces in the database)"


def _drop_scratch(store: Neo4jStore, existing: list[str]) -> str:
    check_scratch(store.workspace, existing)
    # A store opened read-only (the schema was missing) may still have written the scratch workspace's node
    # (the words backfill); removing what the check wrote is allowed whatever the open decided.
    store.read_only = None
    store.drop_workspace()
    left = store.counts()
    if any(left.values()):
        raise LightRAGError(f"workspace {store.workspace!r} still holds {left}")
    return f"{store.workspace} removed"


def _run_writes(report: CheckReport, store: Neo4jStore, settings: Settings, offline: Settings, embedder: Embedder,
                existing: list[str], engine_type: Any, compare: Any) -> None:
    check_scratch(store.workspace, existing)

    def schema_step() -> str:
        store.create_schema()
        if store.read_only:
            raise LightRAGError(store.read_only)
        store.set_embedding_meta(embedder.model_name, embedder.dim)
        return (f"{len(schema.SCHEMA_STATEMENTS)} constraints and indexes, {len(schema.VECTOR_STATEMENTS)} "
                f"vector indexes ({embedder.dim} dimensions) in place")

    if not report.run("schema statements", schema_step):
        return
    report.run("SHOW INDEXES as asked", lambda: _indexes_as_asked(store, embedder.dim))
    with tempfile.TemporaryDirectory(prefix="neo4j-check-") as tmp:
        embedded_settings = dataclasses.replace(offline, neo4j_uri="", workdir=Path(tmp))
        neo = engine_type(dataclasses.replace(offline, workspace=store.workspace), store=store, embedder=embedder)
        embedded = engine_type(embedded_settings, store_kind="embedded", embedder=embedder)
        try:
            report.run("index a tiny document", lambda: compare.index_tiny(neo))
            report.run("same graph and answers as the embedded store",
                       lambda: _agree(compare, embedded, neo))
        finally:
            embedded.close()
    if settings.neo4j_console_user:
        # Needed where roles exist; on Community the plan check is the console's only guard (README).
        report.run("privileges (console user)", lambda: console_privileges(store, settings),
                   needed=store.edition.lower() != "community")
    report.run("console plans (EXPLAIN)", lambda: console_plans(store, settings))


def console_privileges(store: Neo4jStore, settings: Settings) -> str:
    """The console's own login: it signs in, and LOAD is denied to it (README, 'Ask in Cypher')."""
    reader = store.with_login(settings.neo4j_console_user, settings.neo4j_console_password)
    reader.edition = store.edition
    try:
        found = privileges(reader, settings.neo4j_console_user)
    finally:
        reader.close()
    text = ", ".join(f"{k} {v}" for k, v in found.items())
    if found["write"] == "granted" or found["schema"] == "granted":
        raise LightRAGError(f"user {settings.neo4j_console_user!r} may write or change the schema ({text}): give "
                            "the console a read-only role")
    if found["load"] != "denied":
        raise LightRAGError(f"LOAD is not denied to user {settings.neo4j_console_user!r} ({text}): "
                            "DENY LOAD ON ALL DATA to its role")
    return text


def _indexes_as_asked(store: Neo4jStore, dim: int) -> str:
    rows = store._read("check_indexes")
    problems = compare_indexes(rows, expected_indexes(dim))
    if problems:
        raise LightRAGError("; ".join(problems))
    return f"all {len(expected_indexes(dim))} as asked and ONLINE, no other index in their way"


def _agree(compare: Any, embedded: Any, neo: Any) -> str:
    compare.index_tiny(embedded)
    found = compare.differences(compare.snapshot(embedded), compare.snapshot(neo))
    if found:
        raise LightRAGError("; ".join(found))
    return "same entities, relations and chunks; every retrieval mode returned the same items in the same order"
