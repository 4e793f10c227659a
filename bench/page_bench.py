"""Page render times on big graphs: Graph analytics and Review over 10k and 100k entities.

    python bench/page_bench.py --sizes 10000,100000 --out bench/results/pages

Each size builds the scale benchmark's synthetic graph (bench/scale_bench.py) in a fresh
process, then renders each page in-process with Streamlit's AppTest: the first render
(a new engine, reading the graph's outline) and a rerun (what every click costs; the
snapshot is reused until the graph changes). Times are the page script's run on the
server, in seconds. The baseline, measured in the same run, is reading every entity and
relation in full, which is what these pages did on every rerun before the snapshot.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = {"Graph analytics": "pages/4_Graph_analytics.py", "Review": "pages/5_Review.py"}


def one_size(n: int) -> dict:
    sys.path.insert(0, str(ROOT / "bench"))  # the scale benchmark's generator, a sibling script
    import streamlit as st
    from scale_bench import DIM, build
    from streamlit.testing.v1 import AppTest

    from lightrag_core.storage.sqlite.store import SQLiteStore
    from lightrag_core.workbench import snapshot
    from lightrag_core.workbench.analytics import summarise_graph

    with tempfile.TemporaryDirectory(prefix="pages-") as tmp:
        store = SQLiteStore(Path(tmp))
        store.set_embedding_meta("synthetic", DIM)
        build(store, n)
        start = time.perf_counter()
        summarise_graph(store)
        read_s = time.perf_counter() - start
        store.close()
        out: dict = {"entities": n, "graph_read_s": round(read_s, 2), "pages": {}}
        for title, path in PAGES.items():
            st.cache_resource.clear()  # each page starts cold: a new engine, no snapshot
            snapshot._cache.clear()
            at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=600)
            at.session_state["workdir"] = tmp
            at.run()
            start = time.perf_counter()
            at.switch_page(path).run()
            first = time.perf_counter() - start
            assert not at.exception, at.exception
            start = time.perf_counter()
            at.run()
            again = time.perf_counter() - start
            out["pages"][title] = {"first_render_s": round(first, 2), "rerun_s": round(again, 2)}
        return out


def markdown(rows: list[dict]) -> str:
    lines = ["| entities | full graph read s (before) | page | first render s | rerun s |", "|---|---|---|---|---|"]
    for r in rows:
        for title, t in r["pages"].items():
            lines.append(f"| {r['entities']:,} | {r['graph_read_s']} | {title} | {t['first_render_s']} | "
                         f"{t['rerun_s']} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "pages"))
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(one_size(args.one)))
        return
    rows = []
    for n in [int(x) for x in args.sizes.split(",")]:
        done = subprocess.run([sys.executable, __file__, "--one", str(n)], capture_output=True, text=True, check=True)
        rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
        print(markdown(rows[-1:]), flush=True)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(rows, indent=2) + "\n")
    out.with_suffix(".md").write_text(markdown(rows))


if __name__ == "__main__":
    main()
