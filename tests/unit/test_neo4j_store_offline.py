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
