"""Base URLs carry credentials sometimes (`https://user:pass@host/v1`, `?api_key=`): /health, Home, settings
views and error messages show them without; with a key set, /health tells a caller without it only that
the server is up."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from streamlit.testing.v1 import AppTest

from lightrag_core import Engine, Settings
from lightrag_core.api.app import create_app
from lightrag_core.config import redact_url
from lightrag_core.models import LightRAGError
from lightrag_core.rerank import Reranker
from tests.hardening.test_secrets import _page_text

ROOT = Path(__file__).resolve().parents[2]
LLM_URL = "https://alice:hunter2pw@llm.example/v1?api_key=qwerty123456&region=eu"
RERANK_URL = "http://bob:pw9secret@rerank.example:8080/?token=tok123456"
API_KEY = "api-key-for-health-77"
HIDDEN = ("alice", "hunter2pw", "qwerty123456", "bob", "pw9secret", "tok123456", API_KEY)
pytestmark = pytest.mark.slow


def shown(text: str) -> list[str]:
    return [s for s in HIDDEN if s in text]


@pytest.mark.parametrize("url,expected", [
    ("https://user:pass@host.example/v1", "https://host.example/v1"),
    ("http://127.0.0.1:8080/v1?api_key=abc&x=1", "http://127.0.0.1:8080/v1?x=1"),
    ("http://[::1]:9/v1?token=z&Key=y&access_token=w", "http://[::1]:9/v1"),
    ("neo4j+s://neo4j:pw@db.example:7687", "neo4j+s://db.example:7687"),
    ("https://api.openai.com/v1", "https://api.openai.com/v1"),
    ("http://h:99999/", "[unparseable URL]"),
])
def test_redact_url(url, expected):
    assert redact_url(url) == expected


@pytest.fixture
def engine(tmp_path, monkeypatch):
    env = {"OPENAI_BASE_URL": LLM_URL, "OPENAI_API_KEY": "", "LLM_MODEL": "test-chat", "RERANK_MODEL": "rr",
           "RERANK_BASE_URL": RERANK_URL, "NEO4J_URI": "", "EMBEDDING_MODEL": "", "LIGHTRAG_API_KEY": "",
           "LIGHTRAG_WORKDIR": str(tmp_path / "w")}
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    eng = Engine(Settings.from_env(env_file=None))
    yield eng
    eng.close()


def test_health_and_settings_show_urls_without_credentials(engine):
    info = engine.describe()
    assert info["llm"] == "test-chat at https://llm.example/v1?region=eu"
    assert info["reranker"] == "rr at http://rerank.example:8080/"
    assert shown(str(info)) == [] and shown(str(engine.settings.public_view())) == []
    with TestClient(create_app(engine), base_url="http://localhost") as c:
        health = c.get("/health")
    assert health.json()["llm"] == "test-chat at https://llm.example/v1?region=eu"
    assert shown(health.text) == []


def test_with_a_key_health_without_it_says_only_up(engine):
    with TestClient(create_app(engine, api_key=API_KEY), base_url="http://localhost") as c:
        assert c.get("/health").json() == {"status": "healthy"}
        assert c.get("/health", headers={"X-API-Key": "wrong"}).json() == {"status": "healthy"}
        full = c.get("/health", headers={"X-API-Key": API_KEY})
    assert full.json()["llm"].startswith("test-chat at https://llm.example/v1")
    assert {"status", "store", "llm", "embedding_model", "counts", "configuration"} <= set(full.json())
    assert not [k for k in full.json()["configuration"] if "host" in k or "url" in k]  # LightRAG's shape, no URLs
    assert shown(full.text) == []


def test_home_shows_the_model_url_without_credentials(engine):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.session_state["workdir"] = str(engine.settings.workdir)
    at.run()
    assert not at.exception, at.exception
    text = _page_text(at)
    assert "https://llm.example/v1" in text
    assert shown(text) == []


def test_reranker_errors_name_the_url_without_credentials():
    reranker = Reranker("http://bob:pw9secret@127.0.0.1:9/v1", "rr", timeout=5)
    with pytest.raises(LightRAGError) as err:
        reranker.scores("who?", ["a passage"])
    assert "the reranker at http://127.0.0.1:9/v1/rerank" in str(err.value)
    assert shown(str(err.value)) == []
