"""neo4j-check offline: the report, the scratch workspace's name, the index comparison, the comparison half with
two embedded stores, and the command without a server or against an endpoint that speaks no Bolt. The Neo4j
half against a real server is tests/neo4j_live/test_live_check.py."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from lightrag_core.models import LightRAGError
from lightrag_core.storage.neo4j import schema
from lightrag_core.workbench import neo4j_check, neo4j_compare
from lightrag_core.workbench.neo4j_check import CheckReport, Skip, Step
from tests.support.fake_neo4j import FakeNeo4jDriver, IndexCatalogue, index_row

ROOT = Path(__file__).resolve().parents[2]


# -- the report ---------------------------------------------------------------------------------------

def test_each_step_is_a_row_with_its_status_the_servers_own_text_and_a_time():
    from neo4j.exceptions import Neo4jError

    report = CheckReport("bolt://db:7687", "neo4j")
    assert report.run("fine", lambda: "all good")

    def refused() -> str:
        try:
            raise Neo4jError._hydrate_neo4j(code="Neo.ClientError.Security.Forbidden",
                                            message="Schema operations are not allowed for user 'bob'")
        except Neo4jError as exc:
            raise LightRAGError("the Neo4j user may not do this") from exc

    def skipped() -> str:
        raise Skip("no console user configured")

    assert not report.run("schema statements", refused)
    assert not report.run("console", skipped, needed=False)
    rows = {s.name: s for s in report.steps}
    assert rows["fine"].status == "pass" and rows["fine"].detail == "all good" and rows["fine"].seconds >= 0
    assert rows["schema statements"].status == "fail"
    assert ("[server: Neo.ClientError.Security.Forbidden: Schema operations are not allowed for user 'bob']"
            in rows["schema statements"].detail)
    assert rows["console"].status == "skipped"
    assert not report.ok  # a needed step failed
    data = json.loads(json.dumps(report.to_json()))
    assert data["ok"] is False and [s["status"] for s in data["steps"]] == ["pass", "fail", "skipped"]
    assert set(data["steps"][0]) == {"name", "status", "detail", "seconds", "needed"}
    lines = report.lines()
    assert lines[0] == "neo4j-check bolt://db:7687 database 'neo4j'"
    assert lines[2].startswith("FAIL") and lines[-1] == "needed steps that did not pass: schema statements"


def test_exit_status_needs_every_needed_step_to_pass_and_informational_ones_do_not_count():
    report = CheckReport("t", "d", [Step("a", "pass", "", 0.0), Step("b", "fail", "", 0.0, needed=False)])
    assert report.ok
    report.steps.append(Step("c", "skipped", "", 0.0))
    assert not report.ok  # skipped is not passed
    assert not CheckReport("t", "d").ok  # nothing checked is no pass


# -- the scratch workspace ------------------------------------------------------------------------------

def test_the_scratch_name_is_never_an_existing_workspace():
    tokens = iter(["aaa", "aaa", "bbb"])
    taken = ["default", neo4j_check.SCRATCH_PREFIX + "aaa"]
    assert neo4j_check.scratch_name(taken, lambda: next(tokens)) == neo4j_check.SCRATCH_PREFIX + "bbb"
    with pytest.raises(LightRAGError, match="could not draw"):
        neo4j_check.scratch_name(taken, lambda: "aaa")
    name = neo4j_check.scratch_name(taken)
    assert name.startswith(neo4j_check.SCRATCH_PREFIX) and name not in taken


def test_the_check_refuses_any_workspace_but_its_own_new_one():
    with pytest.raises(LightRAGError, match="refuses to touch workspace 'default'"):
        neo4j_check.check_scratch("default", [])
    with pytest.raises(LightRAGError, match="refuses"):
        neo4j_check.check_scratch(neo4j_check.SCRATCH_PREFIX + "x", [neo4j_check.SCRATCH_PREFIX + "x"])
    neo4j_check.check_scratch(neo4j_check.SCRATCH_PREFIX + "y", ["default"])


# -- SHOW INDEXES against what was asked --------------------------------------------------------------

def _as_asked(dim: int) -> list[dict]:
    rows = []
    for name, want in neo4j_check.expected_indexes(dim).items():
        rows.append({"name": name, "type": want["type"], "state": "ONLINE", "labelsOrTypes": [want["label"]],
                     "properties": want["properties"], "dimensions": want.get("dimensions"),
                     "similarity": "COSINE" if want["type"] == "VECTOR" else None, "analyzer": want.get("analyzer")})
    return rows


def test_the_asked_for_indexes_are_read_from_the_statements_themselves():
    wanted = neo4j_check.expected_indexes(384)
    assert set(wanted) == set(schema.SCHEMA_STATEMENTS) | set(schema.VECTOR_STATEMENTS)
    assert wanted["entity_workspace_name"] == {"type": "RANGE", "label": "Entity", "properties": ["workspace", "name"]}
    assert wanted["related_workspace"]["label"] == "RELATED" and wanted["related_workspace"]["properties"] == [
        "workspace"]
    assert wanted["chunk_words_fulltext"] == {"type": "FULLTEXT", "label": "Chunk", "properties": ["words"],
                                              "analyzer": "whitespace"}
    assert wanted["related_embedding"] == {"type": "VECTOR", "label": "RELATED", "properties": ["embedding"],
                                           "dimensions": 384, "similarity": "COSINE"}
    assert wanted["evaluation_workspace_kind_id"]["properties"] == ["workspace", "kind", "id"]


def test_show_indexes_differences_and_clashes_are_each_named():
    assert neo4j_check.compare_indexes(_as_asked(384), neo4j_check.expected_indexes(384)) == []
    rows = _as_asked(384)
    by_name = {r["name"]: r for r in rows}
    by_name["chunk_embedding"]["dimensions"] = 1536
    by_name["entity_words_fulltext"]["analyzer"] = "standard"
    by_name["chunk_workspace"]["state"] = "POPULATING"
    del by_name["related_embedding"]
    rows = list(by_name.values()) + [{"name": "vector", "type": "VECTOR", "state": "ONLINE",
                                      "labelsOrTypes": ["Entity"], "properties": ["embedding"]}]
    problems = neo4j_check.compare_indexes(rows, neo4j_check.expected_indexes(384))
    assert problems == [
        "entity_words_fulltext: analyzer is 'standard', asked for 'whitespace'",
        "chunk_workspace: state POPULATING",
        "entity_embedding: index 'vector' covers the same :Entity(embedding) (VECTOR)",
        "related_embedding: missing",
        "chunk_embedding: dimensions is 1536, asked for 384",
    ]


def test_plan_shapes_read_as_operator_trees():
    plan = {"operatorType": "ProduceResults@neo4j", "children": [
        {"operatorType": "Limit@neo4j", "children": [{"operatorType": "NodeIndexSeek@neo4j", "children": []}]}]}
    assert neo4j_check.plan_shape(plan) == "ProduceResults(Limit(NodeIndexSeek))"
    assert neo4j_check.plan_shape(None) == "(no plan)"


# -- the comparison half, embedded stores standing in -------------------------------------------------------

@pytest.fixture(scope="module")
def two_embedded(tmp_path_factory):
    from lightrag_core import Engine, Settings

    engines = [Engine(Settings.from_env(tmp_path_factory.mktemp(n), llm_model="", neo4j_uri="", embedding_model=""))
               for n in ("reference", "candidate")]
    yield engines
    for engine in engines:
        engine.close()


def test_the_same_document_in_two_stores_gives_no_difference(two_embedded):
    reference, candidate = two_embedded
    assert neo4j_compare.compare(reference, candidate, ("embedded", "other")) == []
    snap = neo4j_compare.snapshot(reference)
    # The tiny document is enough to exercise the graph: entities, relations, and each mode retrieving.
    assert snap["held"]["counts"]["entities"] >= 4 and snap["held"]["counts"]["relations"] >= 2
    assert any(a["chunks"] for a in snap["answers"].values())
    assert len(snap["answers"]) == 2 * len(neo4j_compare.RETRIEVAL_MODES)
    # The accented title links by title (multihop), so a store folding its case differently would differ here.
    assert reference.store.title_chunks(["émile zola"]) == {"émile zola": {"Émile Zola": snap["held"]["chunks"]}}


def test_an_other_order_or_a_missing_item_is_a_difference(two_embedded):
    reference, _ = two_embedded
    snap = neo4j_compare.snapshot(reference)
    other = json.loads(json.dumps(snap))
    key = next(k for k, a in snap["answers"].items() if len(a["entities"]) >= 2)
    other["answers"][key]["entities"].reverse()
    other["held"]["entities"].pop()
    found = neo4j_compare.differences(snap, other)
    assert len(found) == 2
    assert found[0].startswith("entities: embedded [")
    assert found[1].startswith(f"{key}, entities: same items in another order")


# -- the command without a server ---------------------------------------------------------------------

def _cli(tmp_path: Path, **env: str) -> subprocess.CompletedProcess:
    full = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(tmp_path), "neo4j-check"],
                          capture_output=True, text=True, env=full, cwd=tmp_path, timeout=120)


def test_without_neo4j_uri_it_says_so_in_one_line(tmp_path):
    out = _cli(tmp_path)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.strip().splitlines() == [
        "error: NEO4J_URI is not set: there is no Neo4j server to check (README, 'Neo4j')"]


def test_without_a_reachable_server_it_says_so_in_one_line(tmp_path):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    out = _cli(tmp_path, NEO4J_URI=f"bolt://127.0.0.1:{port}", NEO4J_PASSWORD="secret-pw")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and "cannot reach Neo4j" in out.stderr
    assert "secret-pw" not in out.stderr + out.stdout


@pytest.mark.parametrize("reply", [b"HTTP/1.1 400 Bad Request\r\n\r\n", b"\x00\x00\xff\xffgarbage", b""])
def test_an_endpoint_that_speaks_no_bolt_fails_cleanly(tmp_path, reply):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def answer() -> None:
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            with conn:
                conn.recv(64)
                conn.sendall(reply)

    threading.Thread(target=answer, daemon=True).start()
    try:
        out = _cli(tmp_path, NEO4J_URI=f"bolt://127.0.0.1:{server.getsockname()[1]}", NEO4J_PASSWORD="secret-pw")
    finally:
        server.close()
    assert out.returncode == 2 and "Traceback" not in out.stderr and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and "cannot reach Neo4j" in out.stderr
    assert "secret-pw" not in out.stderr


# -- the whole run over a driver stand-in: only the scratch workspace is ever written ----------------------

def test_a_run_writes_only_to_its_new_scratch_workspace_and_removes_it(monkeypatch, tmp_path):
    import neo4j
    from neo4j.exceptions import Neo4jError

    from lightrag_core import Settings
    from lightrag_core.embeddings import make_embedder

    existing = ["default", "team_a"]
    rest = {"db_version": [{"name": "Neo4j Kernel", "version": "5.26.0", "edition": "community"}],
            "check_workspaces": [{"name": n} for n in existing] + [{"name": None}],
            "check_databases": [{"name": "neo4j", "type": "standard", "role": "primary", "writer": True,
                                 "currentStatus": "online"}],
            "counts": [{"documents": 0, "chunks": 0, "entities": 0, "relations": 0}]}

    def answer(name: str, params: dict) -> list[dict]:
        if name == "check_privileges":
            raise Neo4jError._hydrate_neo4j(code="Neo.ClientError.Statement.UnsupportedAdministrationCommand",
                                            message="Unsupported administration command: SHOW USER PRIVILEGES")
        if name.startswith("drop_workspace") and name != "drop_workspace_meta":
            return [{"deleted": 0}]
        return rest.get(name, [])

    catalogue = IndexCatalogue([index_row("other", "RANGE", None, None)], rest=answer)
    driver = FakeNeo4jDriver(catalogue)
    monkeypatch.setattr(neo4j.GraphDatabase, "driver", lambda uri, auth: driver)
    settings = Settings.from_env(tmp_path, env_file=None, environ={}, neo4j_uri="bolt://db.example:7687",
                                 neo4j_password="pw", llm_model="", embedding_model="")
    report = neo4j_check.run_check(settings, make_embedder(settings), token=iter(["zz", "yy"]).__next__)
    rows = {s.name: s for s in report.steps}
    scratch = neo4j_check.SCRATCH_PREFIX + "zz"
    assert rows["scratch workspace"].detail.startswith(f"{scratch} (none of the 2 workspaces")
    assert rows["server version"].detail == ("Neo4j 5.26.0 community edition; vector search: "
                                             "db.index.vector.queryNodes / queryRelationships procedures")
    assert rows["database and cluster role"].detail == "database 'neo4j': standard, 1 member(s): primary (writer)"
    assert report.server["edition"] == "community"
    assert rows["privileges (store user)"].status == "skipped" and "Community" in rows["privileges (store user)"].detail
    assert rows["remove scratch workspace"].status == "pass"
    # Every statement that named a workspace named the scratch one (nothing else was written or removed).
    named = {p["workspace"] for _, p in driver.calls if "workspace" in p}
    assert named <= {scratch, ""}, named
    assert any(n == "drop_workspace_meta" and p["workspace"] == scratch for n, p in driver.calls)
    # The stand-in holds no graph, so the comparison fails: the report says so and the exit status would be 1.
    assert rows["same graph and answers as the embedded store"].status == "fail" and not report.ok


def _privilege_rows(*rows: tuple[str, str, str]) -> list[dict]:
    return [{"access": access, "action": action, "graph": graph, "segment": "database", "role": "r"}
            for access, action, graph in rows]


def test_privileges_that_matter_are_read_from_show_user_privileges(monkeypatch, tmp_path):
    import neo4j

    from lightrag_core import Settings
    from lightrag_core.storage.neo4j.store import Neo4jStore

    admin = _privilege_rows(("GRANTED", "database_actions", "*"), ("GRANTED", "write", "*"),
                            ("GRANTED", "match", "*"))
    store = Neo4jStore(FakeNeo4jDriver(lambda n, p: admin if n == "check_privileges" else []), "neo4j", "ws")
    store.edition = "enterprise"
    assert neo4j_check.privileges(store, "neo4j") == {"schema": "granted", "write": "granted", "load": "not granted"}
    store.edition = "community"
    with pytest.raises(Skip, match="no roles"):
        neo4j_check.privileges(store, "neo4j")

    # The console's own login: LOAD must be denied and nothing writable.
    settings = Settings.from_env(tmp_path, env_file=None, environ={}, neo4j_uri="bolt://db:7687",
                                 neo4j_console_user="console_reader", neo4j_console_password="pw")
    store.edition = "enterprise"
    for rows, expected in [
        (_privilege_rows(("GRANTED", "match", "neo4j"), ("DENIED", "load", "*")), None),
        (_privilege_rows(("GRANTED", "match", "neo4j")), "LOAD is not denied to user 'console_reader'"),
        (_privilege_rows(("GRANTED", "write", "neo4j"), ("DENIED", "load", "*")), "may write or change the schema"),
    ]:
        monkeypatch.setattr(neo4j.GraphDatabase, "driver",
                            lambda uri, auth, rows=rows: FakeNeo4jDriver(lambda n, p: rows))
        if expected is None:
            found = neo4j_check.console_privileges(store, settings)
            assert found == "schema not granted, write not granted, load denied"
        else:
            with pytest.raises(LightRAGError, match=expected):
                neo4j_check.console_privileges(store, settings)


def test_a_user_who_may_not_create_the_schema_fails_that_step_and_the_scratch_workspace_is_still_removed(
        monkeypatch, tmp_path):
    import neo4j

    from lightrag_core import Settings
    from lightrag_core.embeddings import make_embedder

    rest = {"db_version": [{"name": "Neo4j Kernel", "version": "5.26.0", "edition": "enterprise"}],
            "check_privileges": _privilege_rows(("GRANTED", "match", "*")),
            "counts": [{"documents": 0, "chunks": 0, "entities": 0, "relations": 0}]}

    def answer(name: str, params: dict) -> list[dict]:
        if name.startswith("drop_workspace") and name != "drop_workspace_meta":
            return [{"deleted": 0}]
        return rest.get(name, [])

    driver = FakeNeo4jDriver(IndexCatalogue([], forbidden=True, rest=answer))
    monkeypatch.setattr(neo4j.GraphDatabase, "driver", lambda uri, auth: driver)
    settings = Settings.from_env(tmp_path, env_file=None, environ={}, neo4j_uri="bolt://db.example:7687",
                                 neo4j_username="reader", neo4j_password="pw", llm_model="", embedding_model="")
    report = neo4j_check.run_check(settings, make_embedder(settings))
    rows = {s.name: s for s in report.steps}
    assert rows["privileges (store user)"].detail == "schema not granted, write not granted, load not granted"
    assert rows["schema statements"].status == "fail" and "read-only" in rows["schema statements"].detail
    assert "architect or admin" in rows["schema statements"].detail
    assert "index a tiny document" not in rows  # nothing more is tried without the schema
    assert rows["remove scratch workspace"].status == "pass" and not report.ok
