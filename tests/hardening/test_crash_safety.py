"""SIGKILL the indexer at random points 20 times; the store stays consistent and the finished graph
is the one an uninterrupted run builds."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.hardening.graph_checks import ROOT, problems, snapshot

pytestmark = pytest.mark.slow
KILLS = 20


def _index(workdir, corpus) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LLM_MODEL": "", "NEO4J_URI": "", "EMBEDDING_MODEL": ""}
    return subprocess.Popen([sys.executable, "-m", "lightrag_core", "--workdir", str(workdir), "index",
                             str(corpus), "--no-progress"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_kill_nine_twenty_times(hotpot_slice, tmp_path, record_property):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(hotpot_slice["corpus"].read_text().splitlines(keepends=True)[:40]))
    baseline = tmp_path / "baseline"
    done = _index(baseline, corpus)
    assert done.wait(timeout=600) == 0, done.stderr.read().decode()[-2000:]

    work = tmp_path / "killed"
    rng = random.Random(20261121)
    found: list[str] = []
    kills = 0
    for _ in range(KILLS):
        proc = _index(work, corpus)
        time.sleep(rng.uniform(0.5, 9.0))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait(timeout=60)
        found += problems(work)
    assert kills >= KILLS // 2, "most runs should have been killed mid-way"
    final = _index(work, corpus)
    assert final.wait(timeout=600) == 0, final.stderr.read().decode()[-2000:]
    found += problems(work)
    record_property("sigkills", kills)
    record_property("inconsistencies", len(found))
    print(f"crash test: {KILLS} runs, {kills} killed mid-run, {len(found)} inconsistencies", file=sys.stderr)
    assert found == []
    assert snapshot(work) == snapshot(baseline)
    rows = sqlite3.connect(work / "graph.sqlite").execute("SELECT status, COUNT(*) FROM documents GROUP BY status")
    assert dict(rows.fetchall()) == {"processed": 40}  # nothing left "processing"
