"""Two processes index one workspace while a third queries it: no lost update, no 'database is locked',
and the same graph as indexing one after the other."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.hardening.graph_checks import ROOT, problems, snapshot

pytestmark = pytest.mark.slow
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "LLM_MODEL": "", "NEO4J_URI": "", "EMBEDDING_MODEL": ""}
QUERY_LOOP = """
import sys, time
from lightrag_core import Engine, Settings, QueryParam
engine = Engine(Settings.from_env(sys.argv[1]))
ok = 0
deadline = time.time() + float(sys.argv[2])
while time.time() < deadline:
    result = engine.query_data("Which film was directed by Christopher Nolan?", QueryParam(mode="mix"))
    ok += result.status == "success"
print(ok)
"""


def cli(workdir, *args, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "lightrag_core", "--workdir", str(workdir), *args],
                            cwd=ROOT, env=env or ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


# "approximate": every namespace of this small corpus goes through the approximate index, which each
# process must reload when another one commits.
@pytest.mark.parametrize("ann_min", ["200000", "50"], ids=["exact", "approximate"])
def test_two_writers_and_a_reader(hotpot_slice, tmp_path, ann_min):
    env = {**ENV, "LIGHTRAG_ANN_MIN_VECTORS": ann_min}
    lines = hotpot_slice["corpus"].read_text().splitlines(keepends=True)[:40]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("".join(lines[:20]))
    b.write_text("".join(lines[20:]))

    sequential = tmp_path / "sequential"
    for part in (a, b):
        p = cli(sequential, "index", str(part), "--no-progress", env=env)
        assert p.wait(timeout=600) == 0, p.stderr.read()

    shared = tmp_path / "shared"
    first = cli(shared, "index", str(a), "--no-progress", env=env)  # creates the workspace; the others join it
    writer = cli(shared, "index", str(b), "--no-progress", env=env)
    reader = subprocess.Popen([sys.executable, "-c", QUERY_LOOP, str(shared), "20"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    outputs = [p.communicate(timeout=900) for p in (first, writer, reader)]
    for proc, (_out, err) in zip((first, writer, reader), outputs):
        assert proc.returncode == 0, err[-2000:]
        assert "database is locked" not in err
    assert "20 indexed, 0 unchanged, 0 failed" in outputs[0][0]
    assert "20 indexed, 0 unchanged, 0 failed" in outputs[1][0]
    assert int(outputs[2][0].strip().splitlines()[-1]) > 0  # queries kept being answered

    assert problems(shared, ann_min_vectors=int(ann_min)) == []
    # Interleaving changes the order descriptions were joined in, nothing else.
    assert snapshot(shared, ordered=False) == snapshot(sequential, ordered=False)
