"""multihop with its coverage stage off and on, on one index: recall@5, all-gold@5 and @8 and P@1 per
question form, and latency with each question asked both ways in turn (README, "Question coverage").

    python bench/coverage_bench.py --workdir W --questions ../shared/data/hotpotqa_100/questions.jsonl
    python bench/coverage_bench.py --workdir W --evidence bench/wiki_forms/evidence/batch18.json …

`--evidence` reads bench/wiki_forms' evidence files (each question with the titles of its gold passages) as
questions over the hotpotqa_100 index; their form ("musique-3hop", "2wiki-comparison") groups the figures.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from pathlib import Path

from lightrag_core import Engine, QueryParam, Settings
from lightrag_core.workbench.evaluate import Judgement, Question, judge, load_questions

WEIGHTS = (0.0, 1.5)


def evidence_questions(paths: list[Path]) -> list[Question]:
    out = []
    for path in paths:
        for n, row in enumerate(json.loads(path.read_text())):
            out.append(Question(f"{path.stem}-{n}", row["question"], row["passage_ids"], row["answer"],
                                kind=row["form"]))
    return out


def _group(kind: str) -> str:
    return "2wiki (comparison, inference, compositional)" if kind.startswith("2wiki") else kind or "all"


def run(engine: Engine, questions: list[Question]) -> tuple[dict[float, list[Judgement]], dict[float, list[float]]]:
    judged: dict[float, list[Judgement]] = {w: [] for w in WEIGHTS}
    times: dict[float, list[float]] = {w: [] for w in WEIGHTS}
    for n, q in enumerate(questions):
        # the second asking finds the question's keywords and vector cached: which goes first alternates
        for w in WEIGHTS if n % 2 else WEIGHTS[::-1]:
            start = time.perf_counter()
            result = engine.query_data(q.question, QueryParam(mode="multihop", coverage_weight=w))
            ms = (time.perf_counter() - start) * 1000
            judged[w].append(judge(q, "multihop", result, [5, 8], ms))
            times[w].append(ms)
    return judged, times


def table(questions: list[Question], judged: dict[float, list[Judgement]]) -> list[str]:
    groups: dict[str, list[int]] = defaultdict(list)
    for n, q in enumerate(questions):
        groups["all"].append(n)
        if q.kind:
            groups[_group(q.kind)].append(n)
    lines = ["| questions | n | recall@5 | all-gold@5 | all-gold@8 | P@1 |", "|---|---|---|---|---|---|"]
    for name, ids in sorted(groups.items(), key=lambda kv: kv[0] != "all"):
        cells = []
        for metric in ("recall", "all5", "all8", "p1"):
            before, after = (statistics.fmean(_value(judged[w][i], metric) for i in ids) for w in WEIGHTS)
            cells.append(f"{before:.3f} → {after:.3f}")
        lines.append(f"| {name} | {len(ids)} | " + " | ".join(cells) + " |")
    return lines


def _value(j: Judgement, metric: str) -> float:
    return {"recall": j.recall[5], "all5": float(j.all_gold[5]), "all8": float(j.all_gold[8]),
            "p1": float(j.first_gold_rank == 1)}[metric]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workdir", required=True, type=Path)
    ap.add_argument("--questions", type=Path)
    ap.add_argument("--evidence", type=Path, nargs="*", default=[])
    args = ap.parse_args()
    questions = load_questions(args.questions) if args.questions else []
    questions = [q for q in questions + evidence_questions(args.evidence) if q.gold]
    if not questions:
        raise SystemExit("no questions with gold passages: give --questions or --evidence")
    engine = Engine(Settings.from_env(args.workdir, llm_model="", neo4j_uri="", embedding_model=""))
    try:
        judged, times = run(engine, questions)
    finally:
        engine.close()
    print(f"multihop, coverage_weight {WEIGHTS[0]} → {WEIGHTS[1]}, {len(questions)} questions\n")
    print("\n".join(table(questions, judged)))
    for w in WEIGHTS:
        ordered = sorted(times[w])
        print(f"\ncoverage_weight {w}: p50 {statistics.median(ordered):.1f} ms, "
              f"p95 {ordered[max(int(0.95 * len(ordered)) - 1, 0)]:.1f} ms", end="")
    print()


if __name__ == "__main__":
    main()
