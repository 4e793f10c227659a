"""Opening the embedded store or an engine leaves BLAS single-threaded.

With BLAS's own worker pool, 16 request threads each running a 0.1 ms matrix-vector product
queued for seconds on 2 cores (blas.py). Run in a fresh interpreter, so nothing this test
session did before decides the outcome.
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.hardening.graph_checks import ROOT

PROBE = """
import json, sys
from pathlib import Path
from threadpoolctl import threadpool_info
import numpy
before = [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]
from lightrag_core.storage.sqlite.store import SQLiteStore
SQLiteStore(Path(sys.argv[1])).close()
after = [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]
print(json.dumps({"before": before, "after": after}))
"""


def test_opening_the_store_limits_blas_to_one_thread(tmp_path):
    out = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                                           "OPENBLAS_NUM_THREADS": "2"})
    assert out.returncode == 0, out.stderr[-2000:]
    threads = json.loads(out.stdout.strip().splitlines()[-1])
    assert threads["before"] and max(threads["before"]) == 2  # the probe starts multi-threaded
    assert threads["after"] == [1] * len(threads["after"])
