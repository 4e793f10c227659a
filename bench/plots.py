"""Plots of the benchmark results (PNG, next to the JSON they are drawn from).

    python bench/plots.py          # reads bench/results/*.json
"""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

RESULTS = Path(__file__).resolve().parent / "results"
MODES = ["naive", "local", "global", "hybrid", "mix"]
# The project's own mode, where a result file has it (the LightRAG side by side does not).
OWN_MODES = ["multihop"]


def bars(ax, groups: list[str], series: dict[str, list[float]], ylabel: str, title: str) -> None:
    width = 0.8 / len(series)
    x = np.arange(len(groups))
    for i, (label, values) in enumerate(series.items()):
        ax.bar(x + i * width - 0.4 + width / 2, values, width, label=label)
    ax.set_xticks(x, groups)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend()
    ax.grid(axis="y", alpha=0.3)


def engine_plot() -> None:
    path = RESULTS / "hotpotqa_100.json"
    if not path.exists():
        return
    r = json.loads(path.read_text())
    modes = MODES + [m for m in OWN_MODES if m in r["modes"]]
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4))
    bars(a, modes, {"recall@5": [r["modes"][m]["recall@5"] for m in modes],
                    "all-gold@5": [r["modes"][m]["all_gold@5"] for m in modes]}, "share", "hotpotqa_100 quality")
    if r.get("bm25_baseline"):
        a.axhline(r["bm25_baseline"]["recall@5"], color="grey", ls="--", lw=1)
        a.axhline(r["bm25_baseline"]["all_gold@5"], color="grey", ls=":", lw=1)
    bars(b, modes, {"p50": [r["modes"][m]["latency_ms_p50"] for m in modes],
                    "p95": [r["modes"][m]["latency_ms_p95"] for m in modes]}, "ms", "context-only retrieval latency")
    fig.tight_layout()
    fig.savefig(RESULTS / "hotpotqa_100.png", dpi=110)


def lightrag_plot() -> None:
    path = RESULTS / "vs_lightrag.json"
    if not path.exists():
        return
    r = json.loads(path.read_text())
    fig, (a, b) = plt.subplots(1, 2, figsize=(11, 4))
    bars(a, MODES, {"ours": [r["ours"]["modes"][m]["latency_ms_p50"] for m in MODES],
                    "LightRAG": [r["lightrag"]["modes"][m]["latency_ms_p50"] for m in MODES]},
         "ms (p50)", "retrieval latency, same graph")
    bars(b, MODES, {"ours": [r["ours"]["modes"][m]["recall@5"] for m in MODES],
                    "LightRAG": [r["lightrag"]["modes"][m]["recall@5"] for m in MODES]}, "recall@5", "quality")
    fig.tight_layout()
    fig.savefig(RESULTS / "vs_lightrag.png", dpi=110)


def scale_plot() -> None:
    path = RESULTS / "scale.json"
    if not path.exists():
        return
    rows = json.loads(path.read_text())
    fig, ax = plt.subplots(figsize=(6, 4))
    bars(ax, MODES, {f"{r['entities']:,} entities": [r["latency"][m]["p50_ms"] for m in MODES] for r in rows},
         "ms (p50)", "retrieval latency by graph size")
    ax.axhline(100, color="red", ls="--", lw=1)
    fig.tight_layout()
    fig.savefig(RESULTS / "scale.png", dpi=110)


if __name__ == "__main__":
    engine_plot()
    lightrag_plot()
    scale_plot()
