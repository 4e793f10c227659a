"""A fresh process's first requests: 16 identical context-only queries at once, per mode.

    python bench/cold_start.py --workdir W --out bench/results/cold_start
    python bench/cold_start.py --workdir W --code ../previous-checkout --label before --out bench/results/cold_start

Each measurement starts a new Python process (nothing built, nothing cached) that opens the engine on
the index in W (built from --corpus first when W has none) and, for one mode, fires 16 threads
that ask the same question together; it reports the slowest and the median of the 16, then one more
request alone (warm). With --warm the process runs the engine's warm-up to the end before the
requests, as `serve` and the app start it. --code runs another checkout's engine in the same way, so a
before and an after sit side by side in one run on one machine. Results go to `<out>.json` (one entry
per label) and `<out>.md`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
QUESTION = "Which band was formed first, The Exies or Circus Diablo?"

# Runs inside the fresh process; prints one JSON line.
CHILD = r"""
import json, sys, threading, time
from lightrag_core import Engine, QueryParam, Settings
workdir, mode, question, warm = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1"
opened = time.perf_counter()
engine = Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model=""))
open_s = time.perf_counter() - opened
warm_s = 0.0
if warm:
    started = time.perf_counter()
    engine.warmup.run()
    warm_s = time.perf_counter() - started
barrier, took = threading.Barrier(16), []
def ask():
    barrier.wait()
    start = time.perf_counter()
    engine.query_data(question, QueryParam(mode=mode))
    took.append(time.perf_counter() - start)
threads = [threading.Thread(target=ask) for _ in range(16)]
for t in threads: t.start()
for t in threads: t.join()
start = time.perf_counter()
engine.query_data(question, QueryParam(mode=mode))
alone = time.perf_counter() - start
took.sort()
print(json.dumps({"mode": mode, "open_s": open_s, "warm_s": warm_s, "max_s": took[-1],
                  "p50_s": took[len(took) // 2], "alone_s": alone}))
"""


def measure(code: Path, workdir: Path, mode: str, warm: bool) -> dict:
    env = {**os.environ, "PYTHONPATH": str(code), "LLM_MODEL": "", "NEO4J_URI": "", "EMBEDDING_MODEL": ""}
    out = subprocess.run([sys.executable, "-c", CHILD, str(workdir), mode, QUESTION, "1" if warm else "0"],
                         cwd=code, env=env, capture_output=True, text=True, timeout=600, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--workdir", type=Path, required=True,
                    help="an indexed workspace (only read); indexed from --corpus first if it holds no index")
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "hotpotqa_100" / "corpus.jsonl")
    ap.add_argument("--code", type=Path, default=ROOT, help="the checkout whose engine runs")
    ap.add_argument("--label", default="after")
    ap.add_argument("--modes", default="naive,mix,multihop")
    ap.add_argument("--warm", action="store_true", help="run the warm-up to the end before the requests")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "cold_start")
    args = ap.parse_args()
    if not (args.workdir / "graph.sqlite").exists():
        subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(args.workdir), "index",
                        str(args.corpus)], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "LLM_MODEL": "",
                                                          "NEO4J_URI": "", "EMBEDDING_MODEL": ""},
                       check=True, timeout=3600)
    rows = [measure(args.code.resolve(), args.workdir.resolve(), m, args.warm) for m in args.modes.split(",")]
    json_path = args.out.with_suffix(".json")
    runs = json.loads(json_path.read_text()) if json_path.exists() else {}
    runs[args.label] = {"rows": rows, "warm": args.warm, "at": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"}
    json_path.write_text(json.dumps(runs, indent=2) + "\n")
    lines = ["| run | mode | 16 at once: slowest s | median s | then one alone s | warm-up s |",
             "|---|---|---|---|---|---|"]
    for label, run in runs.items():
        for r in run["rows"]:
            lines.append(f"| {label} | {r['mode']} | {r['max_s']:.2f} | {r['p50_s']:.2f} | {r['alone_s']:.3f} | "
                         f"{r['warm_s']:.2f} |")
    machine = next(iter(runs.values()))["machine"]
    args.out.with_suffix(".md").write_text(
        f"16 identical context-only requests at once in a fresh process, per mode; {machine}.\n\n"
        + "\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
