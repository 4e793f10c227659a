"""Index a corpus offline and measure it: passages/s, per-mode retrieval latency, recall@k.

    python bench/engine_bench.py --corpus ../shared/data/hotpotqa_100 --out bench/results/hotpotqa_100

With `--distractors FILE...` (other corpora's JSONL or text files) those are indexed into the same
graph too, and the corpus's questions are asked among them.

Writes `<out>.json` and `<out>.md`. Latency is context-only retrieval with
offline keywords (no answer generation), measured after one warm-up query.
The BM25 figures from the data README are printed beside ours as the baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path

from lightrag_core import Engine, QueryParam, Settings
from lightrag_core.indexing.loaders import read_jsonl
from lightrag_core.workbench.evaluate import evaluate, load_questions

ROOT = Path(__file__).resolve().parents[1]

MODES = ["naive", "local", "global", "hybrid", "mix", "multihop"]
BM25 = {"hotpotqa_100": {"recall@5": 0.77, "all_gold@5": 0.56}, "lihuaworld": {"recall@5": 0.88, "all_gold@5": 0.85}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "hotpotqa_100")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "hotpotqa_100")
    ap.add_argument("--workdir", type=Path, help="keep the index here (default: a temporary folder)")
    ap.add_argument("--limit", type=int, default=0, help="only the first N passages (0 = all)")
    ap.add_argument("--ks", default="2,5,10")
    ap.add_argument("--distractors", type=Path, nargs="*", default=[],
                    help="files of other corpora indexed into the same graph, to ask the questions among")
    args = ap.parse_args()

    docs = read_jsonl(args.corpus / "corpus.jsonl")
    if args.limit:
        docs = docs[: args.limit]
    ids = {d.id for d in docs}
    questions = [q for q in load_questions(args.corpus / "questions.jsonl") if set(q.gold_ids) <= ids]
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="lightrag-bench-"))
    engine = Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model=""))

    start = time.perf_counter()
    report = engine.index_documents(docs)
    index_seconds = time.perf_counter() - start
    extra = engine.index_paths(list(args.distractors)) if args.distractors else None
    if extra is not None and extra.failed:
        raise SystemExit(f"distractors failed to index: {extra.failed}")
    others = [d for d in engine.documents() if d.id not in ids]  # also when a kept workdir had them already
    engine.query_data("warm up", QueryParam(mode="mix"))  # loads spaCy and the vectors once

    ks = [int(k) for k in args.ks.split(",")]
    quality = evaluate(engine.query_data, questions, MODES, ks)
    result = {
        "corpus": args.corpus.name,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "passages": len(docs),
        "questions": len(questions),
        "indexed": len(report.processed) + len(report.skipped),
        "failed": len(report.failed),
        "index_seconds": round(index_seconds, 1),
        "passages_per_second": round(len(docs) / index_seconds, 2),
        "stages_seconds": {k: round(v, 1) for k, v in report.stages.items()},
        "graph": engine.store.counts(),
        "modes": quality,
        "bm25_baseline": BM25.get(args.corpus.name, {}),
        "distractors": {"files": [p.name for p in args.distractors],
                        "documents": len(others), "chunks": sum(d.chunk_count for d in others)},
    }
    engine.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.with_suffix(".json").write_text(json.dumps(result, indent=2))
    args.out.with_suffix(".md").write_text(markdown(result, ks))
    print(markdown(result, ks))


def markdown(r: dict, ks: list[int]) -> str:
    lines = [
        f"Corpus `{r['corpus']}`: {r['passages']} passages indexed offline in {r['index_seconds']} s "
        f"({r['passages_per_second']} passages/s); graph {r['graph']['entities']} entities, "
        f"{r['graph']['relations']} relations, {r['graph']['chunks']} chunks. {r['questions']} questions. "
        f"Machine: {r['machine']}.",
        "",
        *([f"Distractors: {r['distractors']['documents']} more documents ({r['distractors']['chunks']} chunks) "
           f"from {', '.join(r['distractors']['files'])}, in the same graph.", ""]
          if r.get("distractors", {}).get("documents") else []),
        "Indexing time per stage: " + ", ".join(f"{k} {v} s" for k, v in r.get("stages_seconds", {}).items()) + ".",
        "",
        "| mode | " + " | ".join(f"recall@{k}" for k in ks) + " | " + " | ".join(f"all-gold@{k}" for k in ks)
        + " | P@1 | P@5 | p50 ms | p95 ms |",
        "|---" * (2 * len(ks) + 5) + "|",
    ]
    for mode, row in r["modes"].items():
        lines.append(f"| {mode} | " + " | ".join(f"{row[f'recall@{k}']:.2f}" for k in ks) + " | "
                     + " | ".join(f"{row[f'all_gold@{k}']:.2f}" for k in ks)
                     + f" | {row['P@1']:.2f} | {row['P@5']:.2f}"
                     + f" | {row['latency_ms_p50']:.1f} | {row['latency_ms_p95']:.1f} |")
    if r["bm25_baseline"]:
        b = r["bm25_baseline"]
        lines.append(f"| BM25 (reference) | | {b['recall@5']:.2f} | | | {b['all_gold@5']:.2f} | | | | | |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
