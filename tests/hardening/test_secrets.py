"""Secrets never reach a page, a log line, an export, the CLI or the API."""

from __future__ import annotations

import logging
import subprocess
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from streamlit.testing.v1 import AppTest

from lightrag_core import Document, Engine, Settings
from lightrag_core.api.app import create_app
from lightrag_core.config import redact
from lightrag_core.workbench.review import Reviewer, reviews_csv
from tests.e2e.test_llm_path import respond
from tests.support.openai_server import OpenAIStub
from tests.support.shown_text import plain

ROOT = Path(__file__).resolve().parents[2]
LLM_KEY = "sk-proj-SECRETllmKEY1234567890"
NEO4J_PW = "neo4j-SECRET-password-42"
API_KEY = "api-SECRET-key-987654"
SECRETS = (LLM_KEY, NEO4J_PW, API_KEY, "SECRETllmKEY", "SECRET-password", "SECRET-key")
pytestmark = pytest.mark.slow


def leaks(text: str) -> list[str]:
    return [s for s in SECRETS if s in text]


@pytest.fixture
def configured(tmp_path, monkeypatch):
    with OpenAIStub(respond) as stub:
        env = {"OPENAI_API_KEY": LLM_KEY, "OPENAI_BASE_URL": stub.base_url, "LLM_MODEL": "test-chat",
               "NEO4J_PASSWORD": NEO4J_PW, "LIGHTRAG_API_KEY": API_KEY, "NEO4J_URI": "", "EMBEDDING_MODEL": "",
               "LIGHTRAG_WORKDIR": str(tmp_path / "w")}
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        engine = Engine(Settings.from_env())
        engine.index_documents([Document("curie", "Marie Curie was born in Warsaw.", file_path="curie.txt")])
        Reviewer(engine.store, engine.embedder, engine.summariser, "expert").approve("entity", "Marie Curie")
        yield engine, stub, env
        engine.close()


def _walk(node):
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _walk(child)


def _page_text(at: AppTest) -> str:
    """Every element the page rendered, as its full proto (so hidden values count too)."""
    protos = [str(n.proto) for n in _walk(at._tree) if getattr(n, "proto", None) is not None]
    assert len(protos) > 5, "the walk should see the page's elements"
    return "\n".join(protos)


def test_no_page_shows_a_secret(configured, caplog):
    engine, _, env = configured
    caplog.set_level(logging.DEBUG)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.session_state["workdir"] = env["LIGHTRAG_WORKDIR"]
    at.run()
    shown = []
    for page in ["app.py", "pages/1_Upload.py", "pages/2_Query.py", "pages/3_Compare_modes.py",
                 "pages/4_Graph_analytics.py", "pages/5_Review.py", "pages/6_Ask_in_Cypher.py"]:
        if page != "app.py":
            at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        if page.endswith("2_Query.py"):
            at.chat_input[0].set_value("Where was Marie Curie born?").run()
            assert "Marie Curie was born in Warsaw [1]" in "".join(plain(m.value) for m in at.markdown)
        shown.append(_page_text(at))
        # Document text is escaped Markdown: read it as shown too, so a secret cannot hide behind a backslash.
        shown.append("\n".join(plain(e.value) for e in [*at.markdown, *at.caption, *at.warning, *at.error]))
    everything = "\n".join(shown)
    assert "test-chat" in everything  # the model is shown...
    assert leaks(everything) == []  # ...its key is not
    assert leaks(caplog.text) == []


def test_exports_cli_and_api_hold_no_secret(configured):
    engine, stub, env = configured
    assert leaks(reviews_csv(engine.store.list_reviews())) == []
    assert leaks(str(engine.describe())) == [] and leaks(repr(engine.settings)) == []
    out = subprocess.run([sys.executable, "-m", "lightrag_core", "stats"], capture_output=True, text=True,
                         cwd=ROOT, timeout=300, env={**env, "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0 and leaks(out.stdout + out.stderr) == []
    with TestClient(create_app(engine, api_key=API_KEY), base_url="http://localhost") as client:
        for response in (client.get("/health"), client.get("/openapi.json"),
                         client.post("/query/data", json={"query": "Where was Marie Curie born?"}),
                         client.get("/documents", headers={"X-API-Key": API_KEY})):
            assert leaks(response.text) == []


def test_provider_errors_are_redacted(configured):
    engine, stub, _ = configured
    stub.fail_next = [401] * 5
    report = engine.index_documents([Document("new", "Pierre Curie was born in Paris.")])
    message = report.failed["new"]
    assert "Incorrect API key provided" in message and leaks(message) == []
    assert leaks(engine.store.get_document("new").error) == []
    assert redact("token sk-abcdef123456 and key-XYZ1234567") == "token [redacted] and [redacted]"
