"""Under load: 16 API clients query for 60 s while 20 documents are inserted through the same server.

    python bench/load_bench.py --label after --out bench/results/load
    python bench/load_bench.py --cold --label cold-after --out bench/results/load_cold

Builds an offline index of a hotpotqa_100 slice once (kept in --cache, copied for every run so each
run starts from the same index), serves it with uvicorn on 127.0.0.1 in a subprocess, and runs
`--clients` threads posting context-only `/query/data` requests (modes mix and multihop alternating)
until `--seconds` have passed, while one thread inserts `--inserts` other passages through
`/documents/text`, spread over the window. Afterwards every insert's track_status is polled within
`--settle` seconds; what has not finished by then counts as unfinished. Every loop is bounded in
count and time, and the server is stopped at the end.

With --cold the clients start the moment a freshly started server answers /health, as a demo's
first visitors do after a restart, and each client's first request is reported on its own.
Reports p50/p95/p99 latency, requests/s, errors and unfinished inserts into `<out>.json` (one entry
per label, so a before and an after run sit side by side) and `<out>.md`. With --py-spy, `py-spy
record` of the server (every thread, idle ones too) over the middle of the window, its summary by
innermost frame of the query threads, and a `py-spy dump` are saved beside.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
MODES = ("mix", "multihop")
MAX_REQUESTS_PER_CLIENT = 100_000  # a bound on each client loop besides the clock
REQUEST_TIMEOUT = 120.0


def offline_env(code: Path = ROOT) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(code), "LLM_MODEL": "", "NEO4J_URI": "", "EMBEDDING_MODEL": "",
            "LIGHTRAG_API_KEY": ""}


def corpus_rows(corpus: Path) -> list[dict]:
    return [json.loads(line) for line in corpus.read_text().splitlines() if line.strip()]


def build_index(rows: list[dict], cache: Path) -> None:
    """Index the slice once into `cache` (the CLI, offline models)."""
    if (cache / "graph.sqlite").exists():
        return
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        slice_file = Path(tmp) / "slice.jsonl"
        slice_file.write_text("".join(json.dumps(r) + "\n" for r in rows))
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(cache), "index", str(slice_file),
                        "--no-progress"], cwd=ROOT, env=offline_env(), check=True, timeout=3600)
        print(f"indexed {len(rows)} passages in {time.perf_counter() - start:.0f} s into {cache}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(base: str, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(base + "/health", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError(f"the server did not answer /health within {timeout:.0f} s")


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


class Clients:
    """Query threads and the insert thread, each bounded by the clock and a count."""

    def __init__(self, base: str, questions: list[str], inserts: list[dict], seconds: float) -> None:
        self.base, self.questions, self.inserts, self.seconds = base, questions, inserts, seconds
        self.latencies: list[float] = []
        self.first: list[float] = []  # each client's first request: what a cold start costs
        self.errors: list[str] = []
        self.track_ids: list[str] = []
        self.insert_errors: list[str] = []
        self._lock = threading.Lock()
        self.deadline = 0.0

    def query_loop(self, n: int) -> None:
        with httpx.Client(base_url=self.base, timeout=REQUEST_TIMEOUT) as client:
            for i in range(MAX_REQUESTS_PER_CLIENT):
                if time.monotonic() >= self.deadline:
                    return
                k = n * 7 + i
                body = {"query": self.questions[k % len(self.questions)], "mode": MODES[k % 2],
                        "only_need_context": True}
                start = time.perf_counter()
                try:
                    r = client.post("/query/data", json=body)
                    ok, why = r.status_code == 200, f"HTTP {r.status_code}: {r.text[:200]}"
                except httpx.HTTPError as exc:
                    ok, why = False, f"{type(exc).__name__}: {exc}"
                took = time.perf_counter() - start
                with self._lock:
                    if ok and i == 0:
                        self.first.append(took)
                    if ok:
                        self.latencies.append(took)
                    else:
                        self.errors.append(why)

    def insert_loop(self) -> None:
        gap = self.seconds / max(len(self.inserts), 1)
        start = time.monotonic()
        with httpx.Client(base_url=self.base, timeout=REQUEST_TIMEOUT) as client:
            for i, row in enumerate(self.inserts):
                time.sleep(max(0.0, start + i * gap - time.monotonic()))
                try:
                    r = client.post("/documents/text", json={"text": f"{row['title']}\n\n{row['text']}",
                                                            "file_source": f"{row['id']}.txt"})
                    if r.status_code == 200:
                        self.track_ids.append(r.json()["track_id"])
                    else:
                        self.insert_errors.append(f"HTTP {r.status_code}: {r.text[:200]}")
                except httpx.HTTPError as exc:
                    self.insert_errors.append(f"{type(exc).__name__}: {exc}")

    def run(self, clients: int) -> float:
        self.deadline = time.monotonic() + self.seconds
        start = time.perf_counter()
        threads = [threading.Thread(target=self.query_loop, args=(n,), daemon=True) for n in range(clients)]
        threads.append(threading.Thread(target=self.insert_loop, daemon=True))
        for t in threads:
            t.start()
        for t in threads:  # a request in flight at the deadline finishes within its timeout
            t.join(timeout=self.seconds + REQUEST_TIMEOUT + 5)
        return time.perf_counter() - start


def unfinished_inserts(base: str, track_ids: list[str], settle: float) -> tuple[int, float]:
    """How many inserts are not done (or failed) after waiting at most `settle` seconds, and the wait."""
    start = time.monotonic()
    pending = list(track_ids)
    with httpx.Client(base_url=base, timeout=30) as client:
        while pending and time.monotonic() - start < settle:
            still = []
            for track_id in pending:
                r = client.get(f"/documents/track_status/{track_id}")
                if r.status_code != 200 or r.json()["status"] != "done":
                    still.append(track_id)
            pending = still
            if pending:
                time.sleep(1.0)
    return len(pending), time.monotonic() - start


def py_spy(pid: int, prefix: Path, seconds: float) -> threading.Thread:
    """From a quarter into the window: `py-spy record` of every thread, idle ones too, for half the window
    (where the request threads spend their time, waits included), then one `py-spy dump`."""
    def take() -> None:
        time.sleep(seconds / 4)
        raw = prefix.with_name(prefix.name + "_py-spy.raw")
        subprocess.run(["py-spy", "record", "--pid", str(pid), "--idle", "--rate", "20", "--duration",
                        str(int(seconds / 2)), "--format", "raw", "--output", str(raw), "--nonblocking"],
                       capture_output=True, text=True, timeout=seconds + 120)
        out = subprocess.run(["py-spy", "dump", "--pid", str(pid)], capture_output=True, text=True, timeout=120)
        prefix.with_name(prefix.name + "_py-spy-dump.txt").write_text(out.stdout + out.stderr)
        if raw.exists():
            prefix.with_name(prefix.name + "_py-spy-top.txt").write_text(summarise(raw.read_text()))

    t = threading.Thread(target=take, daemon=True)
    t.start()
    return t


def summarise(raw: str, top: int = 15) -> str:
    """Share of the query threads' samples by their innermost project (or numpy) frame."""
    counts: dict[str, int] = {}
    total = 0
    for line in raw.splitlines():
        stack, _, n = line.rpartition(" ")
        if "query_data" not in stack or not n.isdigit():
            continue
        frames = stack.split(";")
        ours = [f for f in frames if "lightrag_core/" in f or "numpy/" in f or "threading.py" in f]
        key = ours[-1] if ours else frames[-1]
        counts[key] = counts.get(key, 0) + int(n)
        total += int(n)
    rows = sorted(counts.items(), key=lambda kv: -kv[1])[:top]
    return "\n".join(f"{100 * c / max(total, 1):5.1f}%  {k}" for k, c in rows) + f"\n({total} samples)\n"


def run(args: argparse.Namespace) -> dict:
    rows = corpus_rows(args.corpus / "corpus.jsonl")
    if len(rows) < args.passages + args.inserts:
        raise SystemExit(f"the corpus has {len(rows)} passages; need {args.passages + args.inserts}")
    questions = [json.loads(line)["question"] for line in (args.corpus / "questions.jsonl").open()]
    build_index(rows[: args.passages], args.cache)
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp) / "work"
        shutil.copytree(args.cache, workdir)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([sys.executable, "-m", "lightrag_core", "--workdir", str(workdir), "serve",
                                   "--host", "127.0.0.1", "--port", str(port)], cwd=args.code,
                                  env=offline_env(args.code),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            wait_healthy(base, server, 180)
            if not args.cold:  # warm: one request first; cold: the clients start as soon as the server answers
                httpx.post(base + "/query/data", json={"query": questions[0], "mode": "multihop",
                                                       "only_need_context": True}, timeout=REQUEST_TIMEOUT)
            clients = Clients(base, questions, rows[args.passages: args.passages + args.inserts], args.seconds)
            spy = None
            if args.py_spy:
                spy = py_spy(server.pid, args.out.with_name(f"{args.out.name}_{args.label}"), args.seconds)
            wall = clients.run(args.clients)
            if spy is not None:
                spy.join(timeout=args.seconds + 240)
            unfinished, settle = unfinished_inserts(base, clients.track_ids, args.settle)
        finally:
            server.terminate()
            try:
                server.wait(timeout=60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=30)
    lat = clients.latencies
    return {
        "label": args.label, "cold": args.cold,
        "first_p50_s": round(percentile(clients.first, 50), 3),
        "first_max_s": round(max(clients.first, default=float("nan")), 3),
        "passages": args.passages, "clients": args.clients, "seconds": args.seconds, "inserts": args.inserts,
        "requests": len(lat) + len(clients.errors), "ok": len(lat), "errors": len(clients.errors),
        "error_samples": clients.errors[:5],
        "requests_per_s": round(len(lat) / wall, 2),
        "p50_s": round(percentile(lat, 50), 3), "p95_s": round(percentile(lat, 95), 3),
        "p99_s": round(percentile(lat, 99), 3), "max_s": round(max(lat, default=float("nan")), 3),
        "inserts_accepted": len(clients.track_ids), "insert_errors": clients.insert_errors[:5],
        "unfinished_inserts": unfinished + (args.inserts - len(clients.track_ids)),
        "settle_s": round(settle, 1),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "at": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }


def write_results(out: Path, result: dict, note: str) -> None:
    json_path = out.with_suffix(".json")
    runs = json.loads(json_path.read_text()) if json_path.exists() else {}
    runs[result["label"]] = {**result, "note": note}
    json_path.write_text(json.dumps(runs, indent=2) + "\n")
    lines = ["| run | start | requests | req/s | p50 s | p95 s | p99 s | max s | first requests p50 / max s | errors "
             "| unfinished inserts | note |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in runs.values():
        start = "cold" if r.get("cold") else "warm"
        first = f"{r['first_p50_s']} / {r['first_max_s']}" if "first_p50_s" in r else "–"
        lines.append(f"| {r['label']} | {start} | {r['requests']} | {r['requests_per_s']} | {r['p50_s']} | "
                     f"{r['p95_s']} | {r['p99_s']} | {r['max_s']} | {first} | {r['errors']} | "
                     f"{r['unfinished_inserts']} of {r['inserts']} | {r.get('note', '')} |")
    if "before" in runs and "after" in runs:
        b, a = runs["before"], runs["after"]
        lines.append("")
        lines.append(f"before / after: p99 {b['p99_s'] / a['p99_s']:.1f}x, p95 {b['p95_s'] / a['p95_s']:.1f}x, "
                     f"p50 {b['p50_s'] / a['p50_s']:.1f}x, throughput {a['requests_per_s'] / b['requests_per_s']:.2f}x")
    first = next(iter(runs.values()))
    header = (f"{first['clients']} clients, {first['seconds']} s, context-only /query/data (mix and multihop "
              f"alternating), {first['inserts']} inserts meanwhile, on a {first['passages']}-passage hotpotqa_100 "
              f"index; {first['machine']}.\n\n")
    out.with_suffix(".md").write_text(header + "\n".join(lines) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "hotpotqa_100")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "load")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "lightrag_load_bench_index",
                    help="where the slice's index is built once and copied from")
    ap.add_argument("--label", default="run", help="the entry's name in the results (e.g. before, after)")
    ap.add_argument("--note", default="", help="a remark stored with the entry (e.g. machine shared)")
    ap.add_argument("--passages", type=int, default=300)
    ap.add_argument("--clients", type=int, default=16)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--inserts", type=int, default=20)
    ap.add_argument("--settle", type=float, default=300.0, help="how long to wait for inserts after the window")
    ap.add_argument("--py-spy", action="store_true", help="profile the server with py-spy during the window")
    ap.add_argument("--cold", action="store_true",
                    help="start the clients as soon as a fresh server answers /health (no warm-up request)")
    ap.add_argument("--code", type=Path, default=ROOT,
                    help="the checkout whose engine the server runs (e.g. a worktree of the previous release)")
    args = ap.parse_args()
    result = run(args)
    write_results(args.out, result, args.note)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
