"""neo4j-check against the live server: every needed step passes, the report names the server, and the scratch
workspace is gone afterwards while the workspaces that were there are untouched. Skipped without NEO4J_URI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from lightrag_core.workbench import neo4j_check
from tests.support.neo4j_live import live_settings, live_store

pytestmark = [pytest.mark.neo4j]
ROOT = Path(__file__).resolve().parents[2]


def test_the_check_passes_on_the_live_server_and_leaves_only_what_was_there(tmp_path):
    bystander = live_store(tmp_path / "bystander", "bystander")  # a workspace the check must not touch
    try:
        bystander.save_review({"id": "r1", "at": 1.0, "kind": "note"})
        before = sorted(str(r["name"]) for r in bystander._read("check_workspaces") if r["name"])
        report = neo4j_check.run_check(live_settings(tmp_path / "check", "check"))
        assert report.ok, "\n".join(report.lines())
        rows = {s.name: s for s in report.steps}
        assert report.server["version"] and rows["server version"].detail.startswith("Neo4j ")
        for name in ("schema statements", "SHOW INDEXES as asked", "index a tiny document",
                     "same graph and answers as the embedded store", "console plans (EXPLAIN)",
                     "remove scratch workspace"):
            assert rows[name].status == "pass", (name, rows[name].detail)
        after = sorted(str(r["name"]) for r in bystander._read("check_workspaces") if r["name"])
        assert after == before and bystander.list_reviews()
        assert not [n for n in after if n.startswith(neo4j_check.SCRATCH_PREFIX)]
    finally:
        bystander.drop_workspace()
        bystander.close()


def test_the_command_prints_json_and_exits_zero(tmp_path):
    out = subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(tmp_path), "neo4j-check", "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600,
                         env={**os.environ, "LIGHTRAG_WORKSPACE": "default"})
    report = json.loads(out.stdout)
    assert out.returncode == 0, out.stdout + out.stderr
    assert report["ok"] and report["server"]["version"]
    password = os.environ.get("NEO4J_PASSWORD")
    assert not password or password not in out.stdout
