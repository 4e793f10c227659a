"""Neo4j store behaviour that needs no server: connection errors, version and score mapping, backend choice."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from lightrag_core import Settings
from lightrag_core.engine import open_store
from lightrag_core.models import LightRAGError
from lightrag_core.storage.neo4j.store import from_index_score, parse_version, to_index_score

ROOT = Path(__file__).resolve().parents[2]


def test_versions_and_scores():
    assert parse_version("5.18.0") == (5, 18) and parse_version("2025.10.1") == (2025, 10)
    assert parse_version("5.17.0") < (5, 18) <= parse_version("5.26.3")
    assert to_index_score(0.2) == pytest.approx(0.6)
    assert from_index_score(to_index_score(-0.3)) == pytest.approx(-0.3)


def test_unreachable_server_says_how_to_fix(tmp_path):
    settings = Settings.from_env(tmp_path, neo4j_uri="bolt://127.0.0.1:9", neo4j_password="pw")
    with pytest.raises(LightRAGError, match="cannot reach Neo4j at bolt://127.0.0.1:9"):
        open_store(settings)


def test_bad_uri_scheme_is_named(tmp_path):
    settings = Settings.from_env(tmp_path, neo4j_uri="http://127.0.0.1:7474", neo4j_password="pw")
    with pytest.raises(LightRAGError, match="neo4j\\+s://"):
        open_store(settings)


def test_cli_picks_neo4j_when_the_uri_is_set(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "NEO4J_URI": "neo4j://127.0.0.1:9",
           "NEO4J_PASSWORD": "secret-pw"}
    out = subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(tmp_path), "stats"],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert out.returncode == 2 and "cannot reach Neo4j" in out.stderr
    assert "secret-pw" not in out.stderr
    embedded = subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(tmp_path),
                               "--store", "embedded", "stats"], capture_output=True, text=True,
                              env=env, cwd=tmp_path, timeout=120)
    assert embedded.returncode == 0 and "store: embedded" in embedded.stdout


class RecordingDriver:
    """The driver surface the store uses, recording calls; its queries fail as a server would."""

    def __init__(self, error: Exception | None = None) -> None:
        self.error = error
        self.sessions: list[dict] = []
        self.execute_query_bookmark_manager = object()

    def execute_query(self, *args, **kwargs):
        if self.error is not None:
            raise self.error
        return [], None, None

    def session(self, **kwargs):
        self.sessions.append(kwargs)
        driver = self

        class Session:
            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return False

            def execute_write(self, fn, write):
                if driver.error is not None:
                    raise driver.error

        return Session()


def _server_error(code: str, message: str) -> Exception:
    from neo4j.exceptions import Neo4jError

    return Neo4jError._hydrate_neo4j(code=code, message=message)


def test_a_wrong_database_is_one_line_with_the_fix():
    from lightrag_core.storage.neo4j.store import Neo4jStore

    error = _server_error("Neo.ClientError.Database.DatabaseNotFound", "Database does not exist: 'nope'.")
    store = Neo4jStore(RecordingDriver(error), "nope", "default", "neo4j://db.example:7687")
    with pytest.raises(LightRAGError, match=r"NEO4J_DATABASE 'nope' does not exist on neo4j://db.example:7687: "
                                            r"create it .* or set NEO4J_DATABASE"):
        store.counts()


def test_other_server_and_driver_errors_are_named():
    from neo4j.exceptions import ServiceUnavailable

    from lightrag_core.storage.neo4j.errors import user_error

    denied = user_error(_server_error("Neo.ClientError.Security.Forbidden", "Write denied"), "neo4j://h", "db")
    assert "may not do this on 'db' (Write denied)" in str(denied) and "NEO4J_USERNAME" in str(denied)
    busy = user_error(_server_error("Neo.TransientError.Transaction.DeadlockDetected", "deadlock"), "u", "db")
    assert str(busy).startswith("Neo4j was busy (Neo.TransientError.Transaction.DeadlockDetected): retry")
    lost = user_error(ServiceUnavailable("gone"), "neo4j://h", "db")
    assert "lost the connection to Neo4j at neo4j://h" in str(lost) and "rolled back" in str(lost)


def test_writes_share_the_bookmark_manager_and_map_errors():
    from lightrag_core.models import GraphWrite
    from lightrag_core.storage.neo4j.store import Neo4jStore

    driver = RecordingDriver()
    store = Neo4jStore(driver, "neo4j", "default", "neo4j://h")
    store.embedding_meta = lambda: ("m", 8)  # type: ignore[method-assign]  # no server to hold the model
    store.apply(GraphWrite())
    assert driver.sessions == [{"database": "neo4j", "bookmark_manager": driver.execute_query_bookmark_manager}]
    driver.error = _server_error("Neo.ClientError.Security.Forbidden", "Write denied")
    with pytest.raises(LightRAGError, match="may not do this on 'neo4j'"):
        store.apply(GraphWrite())


def test_the_app_says_why_the_store_cannot_open(tmp_path, monkeypatch):
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:9")
    monkeypatch.setenv("NEO4J_PASSWORD", "pw")
    monkeypatch.chdir(tmp_path)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    assert not at.exception, at.exception
    assert "cannot reach Neo4j at bolt://127.0.0.1:9" in at.error[0].value
