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
    corpus.write_text("".join(hotpot_slice["corpus"].read_text().splitlines(keepends=True)[:24]))
    baseline = tmp_path / "baseline"
    started = time.monotonic()
    done = _index(baseline, corpus)
    assert done.wait(timeout=600) == 0, done.stderr.read().decode()[-2000:]
    duration = time.monotonic() - started
    expected = snapshot(baseline)

    rng = random.Random(20261121)
    found: list[str] = []
    kills = 0
    for cycle in range(KILLS):
        # Each cycle starts from an empty workspace, so every kill lands somewhere in a real run:
        # while loading models, extracting, embedding, or between and inside document writes.
        work = tmp_path / f"run{cycle}"
        proc = _index(work, corpus)
        time.sleep(rng.uniform(0.2, duration * 0.95))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        proc.wait(timeout=60)
        found += [f"after kill {cycle}: {p}" for p in problems(work)]
        resumed = _index(work, corpus)
        assert resumed.wait(timeout=600) == 0, resumed.stderr.read().decode()[-2000:]
        found += [f"after re-run {cycle}: {p}" for p in problems(work)]
        if snapshot(work) != expected:
            found.append(f"re-run {cycle} built a different graph")
        rows = sqlite3.connect(work / "graph.sqlite").execute("SELECT status, COUNT(*) FROM documents GROUP BY status")
        if dict(rows.fetchall()) != {"processed": 24}:  # nothing left "processing"
            found.append(f"re-run {cycle} left documents unprocessed")
    record_property("sigkills", kills)
    record_property("inconsistencies", len(found))
    print(f"crash test: {KILLS} runs, {kills} killed mid-run, {len(found)} problems", file=sys.stderr)
    assert kills >= KILLS * 3 // 4, "most runs should have been killed mid-way"
    assert found == []
