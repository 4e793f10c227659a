"""The console's plan guard on hand-written EXPLAIN plans (tests/unit/data/cypher_plans.json, shapes from the
Cypher manual's operator pages): read plans pass, every known bypass is refused by name, and through the
console the refused statement never reaches the server beyond its EXPLAIN. Workspace enforcement and the
console's own login are checked through the real store code over the driver stand-in."""

from __future__ import annotations

import copy

import neo4j
import pytest
from neo4j._codec.hydration.bolt.v1.hydration_handler import _GraphHydrator
from neo4j.exceptions import Neo4jError

from lightrag_core import Settings
from lightrag_core.models import LightRAGError
from lightrag_core.storage.neo4j.store import Neo4jStore
from lightrag_core.workbench.cypher_console import CypherConsole, bare_text, check_read_only, to_result
from lightrag_core.workbench.cypher_plan_guard import PlanRefused, check_plan, operator_name, procedure_name
from tests.support.fake_neo4j import FakeNeo4jDriver
from tests.support.recorded_plans import ALLOWED, REFUSED, plan_for

ISSUE_BYPASSES = [
    "// it's\nLOAD CSV FROM 'http://127.0.0.1:9/x.csv' AS l RETURN l //'",
    "CALL `apoc`.load.json('http://127.0.0.1:9/x.json') YIELD value RETURN value",
    "CALL `dbms`.listConfig() YIELD name, value RETURN name, value",
    "SHOW SETTINGS",
]


def test_every_bypass_from_the_issue_has_a_recorded_plan():
    assert set(ISSUE_BYPASSES) <= {e["statement"] for e in REFUSED}


@pytest.mark.parametrize("entry", ALLOWED, ids=lambda e: e["statement"][:50])
def test_read_plans_pass(entry):
    check_plan(entry["plan"])


@pytest.mark.parametrize("entry", REFUSED, ids=lambda e: e["statement"][:50])
def test_refused_plans_name_what_was_refused(entry):
    with pytest.raises(PlanRefused, match=entry["refused"]):
        check_plan(entry["plan"])


def test_a_refused_operator_deep_in_an_allowed_plan_is_found():
    plan = copy.deepcopy(plan_for(ALLOWED[-1]["statement"]))
    leaf = plan
    while leaf["children"]:
        leaf = leaf["children"][-1]
    leaf["children"] = [{"operatorType": "LoadCSV@neo4j", "args": {"Details": "l"}, "children": []}]
    with pytest.raises(PlanRefused, match="'LoadCSV'"):
        check_plan(plan)


@pytest.mark.parametrize("plan,message", [
    (None, "no plan"),
    ({}, "no plan"),
    ({"operatorType": "SomethingNew@neo4j", "args": {}, "children": []}, "'SomethingNew'"),
    ({"operatorType": "ProcedureCall@neo4j", "args": {}, "children": []}, "could not tell which procedure"),
])
def test_missing_unknown_and_unreadable_plans_are_refused(plan, message):
    with pytest.raises(PlanRefused, match=message):
        check_plan(plan)


def test_procedure_details_are_read_under_either_key():
    call = {"operatorType": "ProcedureCall@neo4j", "children": []}
    check_plan({**call, "args": {"Details": "db.labels() :: (label :: STRING)"}})  # the driver's (Bolt) key
    check_plan({**call, "arguments": {"Details": "db.labels() :: (label :: STRING)"}})  # the HTTP API's key
    with pytest.raises(PlanRefused, match="apoc.load.json"):
        check_plan({**call, "args": {"Details": "apoc.load.json($u) :: (value :: MAP)"}})


def test_names_are_read_as_the_server_writes_them():
    assert operator_name("VarLengthExpand(Pruning,BFS)@neo4j") == "VarLengthExpand(Pruning,BFS)"
    assert procedure_name("`apoc`.`load`.json($autostring_0) :: (value :: MAP)") == "apoc.load.json"
    assert procedure_name("db.labels() :: (label :: STRING)") == "db.labels"


def test_the_text_check_no_longer_hides_clauses_behind_comments_or_backticks():
    assert "LOAD CSV" in bare_text(ISSUE_BYPASSES[0]) and "http" not in bare_text(ISSUE_BYPASSES[0])
    for statement in ISSUE_BYPASSES[:3]:
        with pytest.raises(LightRAGError, match="read-only"):
            check_read_only(statement)
    check_read_only("MATCH (e:Entity) WHERE e.name = '// not a comment' RETURN e // it's fine")


@pytest.mark.parametrize("statement", ["USE system SHOW USERS", "  // x\nuse other MATCH (n) RETURN n",
                                       "CALL { USE other MATCH (n) RETURN n } RETURN n",
                                       "MATCH (n) RETURN n UNION ALL USE other MATCH (n) RETURN n"])
def test_another_database_is_refused(statement):
    with pytest.raises(PlanRefused, match="USE clause"):
        check_read_only(statement)


def test_a_variable_named_use_is_no_use_clause():
    check_read_only("MATCH (n:Entity) WITH n.name AS use RETURN use")


def _console(driver: FakeNeo4jDriver, workspace: str = "ws") -> CypherConsole:
    return CypherConsole(Neo4jStore(driver, "neo4j", workspace), None)


@pytest.mark.parametrize("entry", REFUSED, ids=lambda e: e["statement"][:50])
def test_the_console_refuses_every_recorded_bypass_without_running_it(entry):
    driver = FakeNeo4jDriver(read=lambda s, p: pytest.fail(f"ran {s!r}"), plan=plan_for)
    with pytest.raises(LightRAGError, match="read-only|refused"):
        _console(driver).run(entry["statement"])
    assert all(call[0].startswith("EXPLAIN ") for call in driver.calls)


def test_show_settings_passes_the_text_and_is_refused_by_its_plan():
    driver = FakeNeo4jDriver(read=lambda s, p: pytest.fail(f"ran {s!r}"), plan=plan_for)
    with pytest.raises(PlanRefused, match="'ShowSettings'"):
        _console(driver).run("SHOW SETTINGS")
    assert [c[0] for c in driver.calls] == ["EXPLAIN SHOW SETTINGS"]


def test_a_statement_the_server_cannot_plan_is_refused():
    def cannot_plan(statement: str) -> dict:
        raise Neo4jError._hydrate_neo4j(code="Neo.ClientError.Statement.NotSystemDatabaseError",
                                        message="This is an administration command and it should be executed "
                                                "against the system database: SHOW USERS")

    driver = FakeNeo4jDriver(read=lambda s, p: pytest.fail(f"ran {s!r}"), plan=cannot_plan)
    with pytest.raises(PlanRefused, match="could not plan this statement.*administration command"):
        _console(driver).run("SHOW USERS")


def _entity(h: _GraphHydrator, i: int, workspace: str | None):
    props = {"name": f"E{i}", "type": "person"} | ({"workspace": workspace} if workspace else {})
    return h.hydrate_node(i, ["Entity"], props, f"n{i}")


def test_rows_holding_another_workspace_are_dropped_and_counted():
    h = _GraphHydrator()
    mine, other, bare = _entity(h, 1, "ws"), _entity(h, 2, "elsewhere"), _entity(h, 3, None)
    mine2 = _entity(h, 4, "ws")
    leak = h.hydrate_relationship(9, 1, 4, "RELATED", {"workspace": "elsewhere"}, "r9", "n1", "n4")
    rows = [[mine, "kept"], [other, "dropped"], [bare, "dropped"], [[mine, {"x": other}], "dropped (nested)"],
            [leak, "dropped (relationship)"], [42, "kept (a value)"], [mine2, "kept"]]
    result = to_result(["n", "why"], rows, False, "ws")
    assert [r["why"] for r in result.rows] == ["kept", "kept (a value)", "kept"]
    assert result.dropped == 4
    assert {e.name for e in result.entities} == {"E1", "E4"} and result.relations == []


def test_the_console_enforces_the_workspace_on_what_the_server_returns():
    h = _GraphHydrator()
    statement = "MATCH (a:Entity {workspace: $workspace})-[r:RELATED]-(b) RETURN a, r, b"
    a, b, c = _entity(h, 1, "ws"), _entity(h, 2, "ws"), _entity(h, 3, "other")
    ab = h.hydrate_relationship(7, 1, 2, "RELATED", {"workspace": "ws"}, "r7", "n1", "n2")
    ac = h.hydrate_relationship(8, 1, 3, "RELATED", {"workspace": "other"}, "r8", "n1", "n3")
    driver = FakeNeo4jDriver(read=lambda s, p: (["a", "r", "b"], [[a, ab, b], [a, ac, c]]), plan=plan_for)
    result = _console(driver).run(statement)
    assert len(result.rows) == 1 and result.dropped == 1 and {e.name for e in result.entities} == {"E1", "E2"}


def test_the_console_runs_as_its_own_login_when_one_is_set(tmp_path, monkeypatch):
    store_driver = FakeNeo4jDriver(read=lambda s, p: pytest.fail("ran as the store's user"), plan=plan_for)
    console_driver = FakeNeo4jDriver(read=lambda s, p: (["x"], [[1]]), plan=plan_for)
    opened: list[tuple] = []

    def driver(uri, auth=None, **kwargs):
        opened.append((uri, auth))
        return console_driver

    monkeypatch.setattr(neo4j.GraphDatabase, "driver", driver)
    settings = Settings.from_env(tmp_path, environ={"NEO4J_CONSOLE_USER": "console_reader",
                                                    "NEO4J_CONSOLE_PASSWORD": "reader-secret-pw"}, env_file=None)
    assert settings.public_view()["neo4j_console_password"] == "set" and "reader-secret-pw" not in repr(settings)
    store = Neo4jStore(store_driver, "neo4j", "ws", "neo4j://graph.example:7687")
    console = CypherConsole.for_settings(store, None, settings)
    result = console.run("UNWIND range(1, 600) AS x RETURN x")
    assert opened == [("neo4j://graph.example:7687", ("console_reader", "reader-secret-pw"))]
    assert result.rows == [{"x": 1}] and store_driver.calls == []
    assert [c[0].split(" ")[0] for c in console_driver.calls] == ["EXPLAIN", "UNWIND"]
    assert console_driver.sessions[-1]["default_access_mode"] == "READ"


def test_without_a_console_login_the_store_login_is_used(tmp_path):
    settings = Settings.from_env(tmp_path, environ={}, env_file=None)
    store = Neo4jStore(FakeNeo4jDriver(), "neo4j", "ws")
    assert not CypherConsole.for_settings(store, None, settings).separate_login
