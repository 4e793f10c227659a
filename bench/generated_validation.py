"""Do generated questions rank the modes as human questions do? Per corpus: index it offline (or reuse a kept
workspace), run the human questions and several generated sets (one per seed) through every mode, and
compare the per-mode rankings (Spearman's rho over all-gold@8 and @5, top and bottom mode).

    python bench/generated_validation.py --corpus ../shared/data/hotpotqa_100 --workdir /tmp/hp
    python bench/generated_validation.py --corpus ../shared/data/lihuaworld --workdir /tmp/lh

Writes `<out>.json` and `<out>.md` (default bench/results/generated_<corpus>), with 20 sample questions of
each kind from the first seed, so a reader can judge whether a person would ask them.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path
from statistics import mean
from typing import Any

from lightrag_core import Engine, QueryParam, Settings
from lightrag_core.indexing.loaders import read_jsonl
from lightrag_core.workbench.evaluate import evaluate, load_questions
from lightrag_core.workbench.testset.acceptance import KINDS
from lightrag_core.workbench.testset.agreement import agreement
from lightrag_core.workbench.testset.build import as_question, generate_questions

ROOT = Path(__file__).resolve().parents[1]
MODES = ["naive", "local", "global", "hybrid", "mix", "multihop"]
KS = [5, 8]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "data" / "hotpotqa_100")
    ap.add_argument("--workdir", type=Path, help="keep (or reuse) the index here")
    ap.add_argument("--seeds", default="0,1,2")
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    out = args.out or ROOT / "bench" / "results" / f"generated_{args.corpus.name}"

    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="lightrag-gen-"))
    engine = Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model=""))
    docs = read_jsonl(args.corpus / "corpus.jsonl")
    if engine.store.counts()["documents"] < len(docs):
        engine.index_documents(docs)
    engine.query_data("warm up", QueryParam(mode="mix"))
    ids = {d.id for d in docs}
    human = [q for q in load_questions(args.corpus / "questions.jsonl") if q.gold_ids and set(q.gold_ids) <= ids]
    human_report = evaluate(engine.query_data, human, MODES, KS)

    runs: list[dict[str, Any]] = []
    samples: dict[str, list[dict[str, str]]] = {}
    for seed in [int(s) for s in args.seeds.split(",")]:
        start = time.perf_counter()
        generated, _ = generate_questions(engine, args.count, seed, use_llm=False)
        seconds = time.perf_counter() - start
        questions = [as_question(q) for q in generated.questions]
        report = evaluate(engine.query_data, questions, MODES, KS)
        kinds = {k: sum(q.kind == k for q in questions) for k in KINDS}
        by_kind = {k: evaluate(engine.query_data, [q for q in questions if q.kind == k], MODES, [8])
                   for k in KINDS if kinds[k]}
        runs.append({
            "seed": seed, "questions": len(questions), "kinds": kinds, "generate_seconds": round(seconds, 1),
            "multi_chunk": round(sum(q.hops > 1 for q in questions) / max(len(questions), 1), 3),
            "chunks_parsed": generated.chunks_parsed, "facts": generated.facts,
            "dropped": dict(generated.dropped.most_common()),
            "modes": report,
            "by_kind_all_gold@8": {k: {m: r[m]["all_gold@8"] for m in MODES} for k, r in by_kind.items()},
            "agreement": {f"all_gold@{k}": vars(agreement(human_report, report, f"all_gold@{k}")) for k in KS},
        })
        if not samples:
            samples = {k: [{"question": q.question, "answer": q.answer}
                           for q in generated.questions if q.kind == k][:20] for k in KINDS}
        print(f"seed {seed}: {len(questions)} questions in {seconds:.0f} s, rho@8 "
              f"{runs[-1]['agreement']['all_gold@8']['rho']}", flush=True)
    engine.close()

    result = {
        "corpus": args.corpus.name,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "passages": len(docs), "human_questions": len(human), "human": human_report, "generated": runs,
        "mean_rho": {f"all_gold@{k}": round(mean(r["agreement"][f"all_gold@{k}"]["rho"] for r in runs), 3)
                     for k in KS},
        "samples": samples,
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    out.with_suffix(".md").write_text(markdown(result))
    print(out.with_suffix(".md").read_text())


def markdown(r: dict[str, Any]) -> str:
    lines = [f"Corpus `{r['corpus']}`: {r['passages']} passages, {r['human_questions']} human questions. "
             f"Machine: {r['machine']}.", "",
             "| set | " + " | ".join(MODES) + " | rho (all-gold@8) | rho (all-gold@5) | top (human / generated) |",
             "|---|" + "---|" * (len(MODES) + 3)]
    lines.append("| human, all-gold@8 | " + " | ".join(f"{r['human'][m]['all_gold@8']:.2f}" for m in MODES)
                 + " | | | |")
    for run in r["generated"]:
        a8, a5 = run["agreement"]["all_gold@8"], run["agreement"]["all_gold@5"]
        lines.append(f"| generated, seed {run['seed']} ({run['questions']} q, {run['multi_chunk']:.0%} multi-chunk, "
                     f"{run['generate_seconds']:.0f} s) | "
                     + " | ".join(f"{run['modes'][m]['all_gold@8']:.2f}" for m in MODES)
                     + f" | {a8['rho']:.2f} | {a5['rho']:.2f} | {a8['top'][0]} / {a8['top'][1]} |")
    lines += ["", f"Mean rho: all-gold@8 {r['mean_rho']['all_gold@8']}, all-gold@5 {r['mean_rho']['all_gold@5']}.", ""]
    first = r["generated"][0]
    lines += [f"All-gold@8 by kind of generated question (seed {first['seed']}):", "",
              "| kind | questions | " + " | ".join(MODES) + " |", "|---|---|" + "---|" * len(MODES)]
    for kind, row in first["by_kind_all_gold@8"].items():
        lines.append(f"| {kind} | {first['kinds'][kind]} | " + " | ".join(f"{row[m]:.2f}" for m in MODES) + " |")
    lines += ["", "Sample questions (first seed, up to 20 per kind):", ""]
    for kind, items in r["samples"].items():
        lines.append(f"**{kind}**")
        lines += [f"- {s['question']} → {s['answer']}" for s in items]
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
