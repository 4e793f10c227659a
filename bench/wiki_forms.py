"""Offline short answers on hand-written encyclopaedia passages, asked in the question forms of Wikipedia
bridge, comparison and compositional sets (bench/wiki_forms/batch*.json).

The passages of batches 1-10 are invented, so nothing in them is known to any model. A batch that names a
"corpus" instead (batch 11) asks new questions over that corpus of real paragraphs under ../shared/data, so
that every hop is a sentence someone else wrote. Each batch after the first was written and run once
before any change it prompted; those first-run figures are in the README. Run under
another checkout (`PYTHONPATH=<checkout> python bench/wiki_forms.py`) to compare releases on the same batches.

    python bench/wiki_forms.py [--mode multihop] [--out bench/results/wiki_forms]
    python bench/wiki_forms.py --distractors ../shared/data/hotpotqa_100/corpus.jsonl \
        --out bench/results/wiki_forms_among

With --distractors each batch is indexed into a copy of a workspace that already holds another corpus, so
that retrieval has to find the invented passages among real ones, as it does on a team's documents.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from lightrag_core import Engine, QueryParam, Settings
from lightrag_core.workbench.evaluate import answer_found, exact_match, short_answer_of

BATCHES = Path(__file__).parent / "wiki_forms"
DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"


def batch_corpus(batch: dict, work: Path) -> Path:
    """The JSONL file the batch's passages are in: its own invented passages, or a shared corpus it names."""
    if "corpus" in batch:
        corpus = DATA / batch["corpus"] / "corpus.jsonl"
        if not corpus.is_file():
            raise SystemExit(f"{corpus} not found: a batch over a shared corpus needs ../shared/data")
        return corpus
    corpus = work / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": key, "title": title, "text": text}) + "\n"
                              for key, (title, text) in batch["passages"].items()))
    return corpus


def run_batch(path: Path, mode: str, distractors: Path | None = None) -> dict:
    """Index the batch's passages (into a copy of the distractors' workspace, when given) and ask its
    questions."""
    batch = json.loads(path.read_text())
    with tempfile.TemporaryDirectory() as work:
        corpus = batch_corpus(batch, Path(work))
        if distractors is not None:
            shutil.copytree(distractors, Path(work) / "ws")
        engine = Engine(Settings.from_env(Path(work) / "ws", llm_model="", neo4j_uri="", embedding_model=""))
        try:
            report = engine.index_paths([corpus])
            if report.failed:
                raise SystemExit(f"{path.name}: indexing failed: {report.failed}")
            found = short = exact = 0
            for question, gold in batch["questions"]:
                _, answer = engine.answer(question, QueryParam(mode=mode))
                given = short_answer_of(answer)
                found += answer_found(answer, gold)
                short += given is not None
                exact += bool(given and exact_match(given, gold))
        finally:
            engine.close()
    n = len(batch["questions"])
    return {"batch": path.stem, "about": batch["about"], "questions": n, "answer_found": found, "short": short,
            "exact": exact, "wrong": short - exact}


def distractor_workspace(corpus: Path, work: Path) -> Path:
    """A workspace holding the distractor corpus, indexed once and copied for each batch."""
    engine = Engine(Settings.from_env(work, llm_model="", neo4j_uri="", embedding_model=""))
    try:
        report = engine.index_paths([corpus])
        if report.failed:
            raise SystemExit(f"{corpus}: indexing failed: {report.failed}")
    finally:
        engine.close()
    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="multihop")
    parser.add_argument("--out", default="", help="write OUT.json and OUT.md")
    parser.add_argument("--distractors", default="", help="a corpus (JSONL) indexed beside each batch's passages, "
                        "so that retrieval must find them among others (e.g. ../shared/data/hotpotqa_100/corpus.jsonl)")
    parser.add_argument("--only", nargs="*", default=[], help="run only these batches (e.g. batch11)")
    args = parser.parse_args()
    batches = sorted(BATCHES.glob("batch*.json"), key=lambda p: int(p.stem.removeprefix("batch")))
    if args.only:
        batches = [p for p in batches if p.stem in args.only]
    with tempfile.TemporaryDirectory() as work:
        base = distractor_workspace(Path(args.distractors), Path(work) / "ws") if args.distractors else None
        rows = [run_batch(p, args.mode, base) for p in batches]
    total = {k: sum(r[k] for r in rows) for k in ("questions", "answer_found", "short", "exact", "wrong")}
    among = f", among the {Path(args.distractors).name} passages" if args.distractors else ""
    lines = [f"mode {args.mode}{among}", "",
             "| batch | what | questions | answer found | short answers | exact | wrong |",
             "|---|---|---|---|---|---|---|"]
    for r in [*rows, {"batch": "all", "about": "", **total}]:
        lines.append(f"| {r['batch']} | {r['about']} | {r['questions']} | {r['answer_found']} | {r['short']} | "
                     f"{r['exact']} | {r['wrong']} |")
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if args.out:
        Path(args.out + ".json").write_text(json.dumps({"mode": args.mode, "batches": rows, "total": total}, indent=1))
        Path(args.out + ".md").write_text(text)


if __name__ == "__main__":
    main()
