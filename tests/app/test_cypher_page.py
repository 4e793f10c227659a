"""The Ask in Cypher page in-process: what it says on the embedded store, and the question -> Cypher ->
rows -> graph flow with the real langchain-openai client against the local OpenAI-compatible test server.
Only the Neo4j driver is replaced (no server can run here); the store and the console run unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.support.fake_neo4j import FakeNeo4jDriver
from tests.support.openai_server import OpenAIStub
from tests.support.recorded_plans import plan_for
from tests.unit.test_cypher_console import _graph_rows

ROOT = Path(__file__).resolve().parents[2]
GENERATED = "MATCH (a:Entity {workspace: $workspace})-[r:RELATED]-(b:Entity) RETURN a, r, b LIMIT 50"


def page(workdir: Path) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.session_state["workdir"] = str(workdir)
    at.run()
    at.switch_page("pages/6_Ask_in_Cypher.py").run()
    assert not at.exception, at.exception
    return at


def test_on_the_embedded_store_the_page_says_it_needs_neo4j_and_how(offline_settings, monkeypatch):
    monkeypatch.delenv("NEO4J_URI", raising=False)
    at = page(offline_settings.workdir)
    assert "this workspace uses the embedded store" in at.info[0].value and "NEO4J_URI" in at.info[0].value
    assert not at.text_area and not at.button


@pytest.fixture
def neo4j_driver(monkeypatch):
    import neo4j

    driver = FakeNeo4jDriver(read=lambda statement, params: _graph_rows(4, "default"), plan=plan_for)
    monkeypatch.setattr(neo4j.GraphDatabase, "driver", lambda *args, **kwargs: driver)
    monkeypatch.setenv("NEO4J_URI", "neo4j://graph.example:7687")
    monkeypatch.setenv("NEO4J_PASSWORD", "neo4j-secret-pw")
    return driver


def test_a_question_becomes_cypher_shown_before_it_runs_then_rows_and_a_graph(tmp_path, neo4j_driver, monkeypatch):
    with OpenAIStub(lambda messages: f"```cypher\n{GENERATED}\n```") as server:
        monkeypatch.setenv("LLM_MODEL", "test-model")
        monkeypatch.setenv("OPENAI_BASE_URL", server.base_url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-key")
        at = page(tmp_path / "work")
        at.text_input[0].set_value("How is Marie Curie connected?").run()
        next(b for b in at.button if b.label == "Write Cypher").click().run()
        assert not at.exception, at.exception
        assert at.text_area[0].value == GENERATED
        assert not [c for c in neo4j_driver.calls if c[0] == GENERATED]  # shown, not yet run
        next(b for b in at.button if b.label == "Run").click().run()
        assert not at.exception, at.exception
    assert [c[0] for c in neo4j_driver.calls].count(GENERATED) == 1
    assert at.subheader[0].value == "4 rows"
    table = at.dataframe[0].value
    assert list(table.columns) == ["a", "r", "b"] and table.iloc[0]["b"] == "(Entity Place 0)"
    assert any(b.label == "Export CSV" for b in at.get("download_button"))
    graph = [el.proto.srcdoc for el in at.get("iframe")][0]
    assert "Marie Curie" in graph and "Place 3" in graph
    everything = str([el for el in at.main])
    assert "neo4j-secret-pw" not in everything and "sk-test-key" not in everything


def test_a_typed_write_is_refused_on_the_page(tmp_path, neo4j_driver, monkeypatch):
    monkeypatch.setenv("LLM_MODEL", "")
    at = page(tmp_path / "work")
    assert "needs an LLM" in " ".join(i.value for i in at.info)
    at.text_area[0].set_value("MATCH (n) DETACH DELETE n").run()
    next(b for b in at.button if b.label == "Run").click().run()
    assert "read-only; refused a statement using 'DETACH'" in at.error[0].value
    assert neo4j_driver.sessions == []


def test_show_settings_is_refused_by_its_plan_and_other_workspaces_are_dropped(tmp_path, neo4j_driver, monkeypatch):
    monkeypatch.setenv("LLM_MODEL", "")
    at = page(tmp_path / "work")
    assert at.text_area[0].placeholder == (ROOT / "cypher" / "console_placeholder.cypher").read_text().strip()
    at.text_area[0].set_value("SHOW SETTINGS").run()
    next(b for b in at.button if b.label == "Run").click().run()
    assert "refused operator 'ShowSettings'" in at.error[0].value
    assert [c[0] for c in neo4j_driver.calls if "SETTINGS" in c[0]] == ["EXPLAIN SHOW SETTINGS"]
    mine, theirs = _graph_rows(2, "default"), _graph_rows(3, "someone-else")
    neo4j_driver.read = lambda statement, params: (mine[0], mine[1] + theirs[1])
    at.text_area[0].set_value(GENERATED).run()
    next(b for b in at.button if b.label == "Run").click().run()
    assert not at.exception, at.exception
    assert at.subheader[0].value == "2 rows"
    assert "3 rows were left out" in at.warning[0].value
