"""The Home page's Neo4j check: shown to an administrator only when the store is Neo4j, and running the same
check as the command line. Only the Neo4j driver is replaced (no server can run here)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.support.fake_neo4j import SERVER_DEFAULTS, FakeNeo4jDriver, IndexCatalogue
from tests.unit.test_neo4j_findings import _own_schema

ROOT = Path(__file__).resolve().parents[2]


def home(workdir: Path) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.session_state["workdir"] = str(workdir)
    at.run()
    at.switch_page("pages/0_Home.py").run()
    assert not at.exception, at.exception
    return at


def test_on_the_embedded_store_there_is_no_neo4j_check(offline_settings, monkeypatch):
    monkeypatch.delenv("NEO4J_URI", raising=False)
    at = home(offline_settings.workdir)
    assert not [e for e in at.expander if e.label == "Check the Neo4j server"]


def test_on_neo4j_an_admin_runs_the_check_and_reads_its_rows(tmp_path, monkeypatch):
    import neo4j
    from neo4j.exceptions import Neo4jError

    def answer(name: str, params: dict) -> list[dict]:
        if name == "check_workspaces":
            raise Neo4jError._hydrate_neo4j(code="Neo.ClientError.Security.Forbidden",
                                            message="Read operations are not allowed for user 'viewer'")
        return SERVER_DEFAULTS.get(name, [])

    driver = FakeNeo4jDriver(IndexCatalogue(_own_schema(), rest=answer))
    monkeypatch.setattr(neo4j.GraphDatabase, "driver", lambda *args, **kwargs: driver)
    monkeypatch.setenv("NEO4J_URI", "neo4j://graph.example:7687")
    monkeypatch.setenv("NEO4J_PASSWORD", "neo4j-secret-pw")
    monkeypatch.setenv("LLM_MODEL", "")
    at = home(tmp_path / "work")
    next(b for b in at.button if b.label == "Run the check").click().run()
    assert not at.exception, at.exception
    # The user may not list the workspaces: no scratch workspace can be drawn safely, so nothing is written.
    assert at.error[0].value == "needed steps that did not pass: scratch workspace"
    table = at.dataframe[0].value
    assert list(table["step"]) == ["connect", "server version", "database and cluster role",
                                   "privileges (store user)", "scratch workspace"]
    assert list(table["result"]) == ["pass", "pass", "fail", "pass", "fail"]
    assert "Read operations are not allowed for user 'viewer'" in table["detail"][4]
    assert not [n for n, _ in driver.calls if n.startswith(("upsert", "lock_workspace", "meta_set"))]
    assert "neo4j-secret-pw" not in str(table)
