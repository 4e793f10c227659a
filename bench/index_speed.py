"""Offline indexing speed against retrieval, for several commits of this repository in one run.

    python bench/index_speed.py --revs b5c468b,HEAD --sets hotpotqa_100,lihuaworld --out bench/results/index_speed

Each revision is exported with `git archive` into a temporary folder and run there in a child
process (so "before" and "after" are measured back to back on the same machine, whatever else
runs on it): index a corpus offline, count what reached the embedding model (texts and tokens,
by kind: chunks, entity names, statements, relation texts or parts), time each kind on its own,
then recall@k per mode. Runs are interleaved (set by set, revision by revision, `--repeat` times)
and indexing times are reported as the median with its ratio to the first revision.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
MODES = ["naive", "local", "global", "hybrid", "mix", "multihop"]
KINDS = ["chunk", "entity name", "statement", "relation text", "relation keywords"]


def worker(corpus: Path, limit: int, evaluate_too: bool, ks: list[int], kind_times: bool) -> dict[str, Any]:
    """One index (and evaluation) with the lightrag_core found first on sys.path (the exported revision)."""
    import numpy as np

    from lightrag_core import Engine, QueryParam, Settings, models
    from lightrag_core.embeddings import OnnxMiniLM
    from lightrag_core.indexing.loaders import read_jsonl

    kind_of: dict[str, str] = {}
    sent: list[str] = []
    model_seconds = [0.0]

    def remember(kind: str, texts: Any) -> None:
        for t in texts:
            if t and t not in kind_of:
                kind_of[t] = kind

    # What each item is made of, whichever rule the revision has; a chunk is whatever is left.
    entity_parts = models.Entity.embed_parts

    def entity_parts_seen(self: Any) -> Any:
        name, statement = entity_parts(self)
        remember("statement", [statement])
        remember("entity name", [name])
        return name, statement

    models.Entity.embed_parts = entity_parts_seen  # type: ignore[method-assign]
    if hasattr(models.Relation, "embed_text"):
        relation_text = models.Relation.embed_text

        def relation_text_seen(self: Any) -> Any:
            text = relation_text(self)
            remember("relation text", [text])
            return text

        models.Relation.embed_text = relation_text_seen  # type: ignore[method-assign]
    if hasattr(models.Relation, "embed_parts"):
        relation_parts = models.Relation.embed_parts

        def relation_parts_seen(self: Any) -> Any:
            parts = relation_parts(self)
            remember("statement", getattr(parts, "statements", None) or [getattr(parts, "statement", "")])
            remember("relation keywords", [parts.keywords])
            remember("entity name", [self.src, self.tgt])
            return parts

        models.Relation.embed_parts = relation_parts_seen  # type: ignore[attr-defined]
    embed = OnnxMiniLM.embed

    def embed_counted(self: OnnxMiniLM, texts: list[str]) -> np.ndarray:
        start = time.perf_counter()
        out = embed(self, texts)
        model_seconds[0] += time.perf_counter() - start
        sent.extend(texts)
        return out

    OnnxMiniLM.embed = embed_counted  # type: ignore[method-assign]

    docs = read_jsonl(corpus / "corpus.jsonl")[: limit or None]
    workdir = tempfile.mkdtemp(prefix="index-speed-")
    engine = Engine(Settings.from_env(Path(workdir), llm_model="", neo4j_uri="", embedding_model=""))
    start = time.perf_counter()
    report = engine.index_documents(docs)
    seconds = time.perf_counter() - start
    result: dict[str, Any] = {
        "passages": len(docs), "index_seconds": round(seconds, 2), "model_seconds": round(model_seconds[0], 2),
        "stages_seconds": {k: round(v, 2) for k, v in report.stages.items()},
        "failed": len(report.failed), "graph": engine.store.counts(),
    }
    # By kind: texts, tokens the model reads (after truncation), and the time of that kind alone.
    # The engine's own model (float or int8 arithmetic, whichever the revision makes by default).
    model = engine.embedder if isinstance(engine.embedder, OnnxMiniLM) else OnnxMiniLM()
    by_kind: dict[str, list[str]] = {}
    for text in sent:
        by_kind.setdefault(kind_of.get(text, "chunk"), []).append(text)
    result["embedded"] = {}
    for kind in [*KINDS, *sorted(set(by_kind) - set(KINDS))]:
        texts = by_kind.get(kind, [])
        tokens = sum(len(e.ids) for e in model.tokenizer.encode_batch(texts)) if texts else 0
        start = time.perf_counter()
        if kind_times:
            embed(model, texts)
        result["embedded"][kind] = {"texts": len(texts), "tokens": tokens,
                                    "seconds_alone": round(time.perf_counter() - start, 2) if kind_times else None}
    result["embedded_total"] = {"texts": len(sent), "distinct": len(set(sent)),
                                "tokens": sum(v["tokens"] for v in result["embedded"].values())}
    if evaluate_too:
        from lightrag_core.workbench.evaluate import evaluate, load_questions

        ids = {d.id for d in docs}
        questions = [q for q in load_questions(corpus / "questions.jsonl") if set(q.gold_ids) <= ids]
        engine.query_data("warm up", QueryParam(mode="mix"))
        quality = evaluate(engine.query_data, questions, MODES, ks)
        result["questions"] = len(questions)
        result["recall"] = {m: {f"recall@{k}": row[f"recall@{k}"] for k in ks} for m, row in quality.items()}
    engine.close()
    shutil.rmtree(workdir, ignore_errors=True)  # a workspace per run: hundreds of MB each
    return result


def export(rev: str, into: Path) -> tuple[str, Path]:
    """The revision's files in a folder of their own; returns its short hash and the folder."""
    sha = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, check=True, capture_output=True,
                         text=True).stdout.strip()
    folder = into / sha
    if not folder.exists():
        folder.mkdir(parents=True)
        archive = subprocess.run(["git", "archive", sha, "lightrag_core"], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        with tarfile.open(fileobj=__import__("io").BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
    return sha, folder


def run_rev(folder: Path, corpus: Path, limit: int, evaluate_too: bool, ks: list[int],
            kind_times: bool) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", str(corpus), "--limit", str(limit),
           "--ks", ",".join(map(str, ks))] + (["--evaluate"] if evaluate_too else [])
    cmd += [] if kind_times else ["--no-kind-times"]
    done = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{folder.name} failed on {corpus.name}:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def summarise(revs: list[str], runs: dict[str, dict[str, list[dict[str, Any]]]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, by_rev in runs.items():
        first = statistics.median(r["index_seconds"] for r in by_rev[revs[0]])
        rows = {}
        for rev in revs:
            done = by_rev[rev]
            median = statistics.median(r["index_seconds"] for r in done)
            rows[rev] = {**done[0], "index_seconds_runs": [r["index_seconds"] for r in done],
                         "index_seconds_median": round(median, 2), "ratio_to_first": round(median / first, 3),
                         "model_seconds_median": round(statistics.median(r["model_seconds"] for r in done), 2)}
        out[name] = rows
    return out


def markdown(result: dict[str, Any], labels: dict[str, str]) -> str:
    lines = [f"Offline indexing, revisions run back to back in one run ({result['machine']}); "
             f"{result['repeat']} interleaved run(s) each, median shown.", ""]
    for name, rows in result["sets"].items():
        any_row = next(iter(rows.values()))
        lines += [f"## {name} ({any_row['passages']} passages)", "",
                  "| revision | index s | ratio | model s | stages s | texts embedded | tokens embedded |",
                  "|---|---|---|---|---|---|---|"]
        for rev, r in rows.items():
            stages = ", ".join(f"{k} {v}" for k, v in r["stages_seconds"].items() if v >= 0.1)
            lines.append(f"| {labels.get(rev, rev)} | {r['index_seconds_median']} | {r['ratio_to_first']} | "
                         f"{r['model_seconds_median']} | {stages} | {r['embedded_total']['texts']:,} | "
                         f"{r['embedded_total']['tokens']:,} |")
        lines += ["", "Embedded by kind (texts / tokens / seconds for that kind alone):", "",
                  "| revision | " + " | ".join(KINDS) + " |", "|---" * (len(KINDS) + 1) + "|"]
        for rev, r in rows.items():
            cells = [f"{e['texts']:,} / {e['tokens']:,} / {'-' if e['seconds_alone'] is None else e['seconds_alone']}"
                     if (e := r["embedded"].get(k)) else "-" for k in KINDS]
            lines.append(f"| {labels.get(rev, rev)} | " + " | ".join(cells) + " |")
        scored = [r for r in rows.values() if "recall" in r]
        if scored:
            ks = [key for key in next(iter(scored[0]["recall"].values()))]
            for key in ks:
                lines += ["", f"{key} ({scored[0].get('questions')} questions):", "",
                          "| revision | " + " | ".join(MODES) + " |", "|---" * (len(MODES) + 1) + "|"]
                for rev, r in rows.items():
                    if "recall" not in r:
                        continue
                    lines.append(f"| {labels.get(rev, rev)} | "
                                 + " | ".join(f"{r['recall'][m][key]:.3f}" for m in MODES) + " |")
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--evaluate", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--revs", default="HEAD", help="commits to compare, the first is the baseline")
    ap.add_argument("--labels", default="", help="a name per revision, comma-separated")
    ap.add_argument("--sets", default="hotpotqa_100,lihuaworld")
    ap.add_argument("--limit", type=int, default=0, help="only the first N passages of each set (0 = all)")
    ap.add_argument("--repeat", type=int, default=1, help="index this many times per revision (timing only)")
    ap.add_argument("--no-eval", action="store_true")
    ap.add_argument("--eval-revs", default="", help="evaluate only these revisions (default: all)")
    ap.add_argument("--no-kind-times", action="store_true", help="count texts and tokens by kind, but time none")
    ap.add_argument("--ks", default="5")
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    ks = [int(k) for k in args.ks.split(",")]
    if args.worker:
        print(json.dumps(worker(args.worker, args.limit, args.evaluate, ks, not args.no_kind_times)))
        return
    revs_in = args.revs.split(",")
    labels_in = args.labels.split(",") if args.labels else revs_in
    tmp = Path(tempfile.mkdtemp(prefix="index-speed-revs-"))
    folders = dict(export(rev, tmp) for rev in revs_in)
    revs = list(folders)
    labels = dict(zip(revs, labels_in))
    to_eval = {folders_rev for folders_rev, label in labels.items()
               if not args.eval_revs or label in args.eval_revs.split(",")}
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for name in args.sets.split(","):
        runs[name] = {rev: [] for rev in revs}
        for n in range(args.repeat):
            for rev in revs:  # interleaved: each revision once before any runs again
                evaluate_too = not args.no_eval and n == 0 and rev in to_eval
                r = run_rev(folders[rev], DATA / name, args.limit, evaluate_too, ks, not args.no_kind_times)
                runs[name][rev].append(r)
                print(f"{name} {labels[rev]}: {r['index_seconds']} s, model {r['model_seconds']} s, "
                      f"{r['embedded_total']}, {r.get('recall', '')}", file=sys.stderr, flush=True)
    result = {"machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
              "revisions": {rev: labels[rev] for rev in revs}, "repeat": args.repeat, "limit": args.limit,
              "sets": summarise(revs, runs)}
    text = markdown(result, labels)
    print(text)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.with_suffix(".json").write_text(json.dumps(result, indent=2))
        args.out.with_suffix(".md").write_text(text)


if __name__ == "__main__":
    main()
