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


def _index(workdir, corpus, **extra: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LLM_MODEL": "", "NEO4J_URI": "", "EMBEDDING_MODEL": "", **extra}
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


ANN = {"LIGHTRAG_ANN_MIN_VECTORS": "50"}  # every namespace of this small corpus goes approximate


def test_kill_nine_with_the_approximate_index(hotpot_slice, tmp_path):
    """A workspace whose saved approximate indexes were stamped by a finished run, then a run killed
    mid-way: opening it never uses the old files, searches return only rows the store has, and the
    re-run builds the uninterrupted graph."""
    import shutil

    lines = hotpot_slice["corpus"].read_text().splitlines(keepends=True)[:24]
    half, full = tmp_path / "half.jsonl", tmp_path / "full.jsonl"
    half.write_text("".join(lines[:12]))
    full.write_text("".join(lines))
    expected_dir = tmp_path / "expected"
    for corpus in (half, full):
        assert _index(expected_dir, corpus, **ANN).wait(timeout=600) == 0
    expected = snapshot(expected_dir)
    start = tmp_path / "start"
    assert _index(start, half, **ANN).wait(timeout=600) == 0
    assert sorted(p.name for p in (start / "ann").iterdir()) == ["entities.ann", "relations.ann"]  # 12 chunks: exact
    rng = random.Random(7)
    found: list[str] = []
    killed = 0
    for cycle in range(4):
        work = tmp_path / f"run{cycle}"
        shutil.copytree(start, work)
        before = _write_version(work)
        proc = _index(work, full, **ANN)
        while proc.poll() is None and _write_version(work) == before:  # kill once writing has begun
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.3))
        killed += proc.poll() is None
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        found += [f"after kill {cycle}: {p}" for p in problems(work, ann_min_vectors=50)]
        assert _index(work, full, **ANN).wait(timeout=600) == 0
        found += [f"after re-run {cycle}: {p}" for p in problems(work, ann_min_vectors=50)]
        if snapshot(work) != expected:
            found.append(f"re-run {cycle} built a different graph")
    assert killed >= 3, "most runs should have been killed while writing"
    assert found == []


def _write_version(workdir) -> str:
    conn = sqlite3.connect(workdir / "graph.sqlite")
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = 'write_version'").fetchone()
    finally:
        conn.close()
    return row[0] if row else "0"
