"""A run's results as the tables the Compare and Review pages show and export: per mode, per kind of
question, per question (which modes found its evidence), and a question's gold evidence as text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lightrag_core.storage.base import GraphStore
from lightrag_core.workbench.evaluate import Question
from lightrag_core.workbench.testset.runs import Run
from lightrag_core.workbench.testset.sets import QuestionSet

FOUND, MISSED = "✓", "✗"


def mode_rows(run: Run) -> list[dict[str, Any]]:
    """Per mode: recall, all-gold and P@k, answer-found (answered runs), latency."""
    rows = []
    for mode in run.modes:
        s = run.summary.get(mode, {})
        row: dict[str, Any] = {"mode": mode, "questions": int(s.get("questions", 0))}
        for k in run.ks:
            row[f"recall@{k}"] = s.get(f"recall@{k}", 0.0)
        for k in run.ks:
            row[f"all_gold@{k}"] = s.get(f"all_gold@{k}", 0.0)
        row["P@1"] = s.get("P@1", 0.0)
        if run.answers:
            row["answer_found"] = s.get("answer_found", 0.0)
        row["latency_ms_p50"] = s.get("latency_ms_p50", 0.0)
        row["latency_ms_p95"] = s.get("latency_ms_p95", 0.0)
        rows.append(row)
    return rows


def kind_rows(run: Run, qset: QuestionSet, k: int) -> list[dict[str, Any]]:
    """Per kind of question (single, bridge, comparison): the share whose evidence each mode found at k."""
    kind_of = {q.id: q.kind or "unknown" for q in qset.questions}
    out = []
    for kind in sorted(set(kind_of.values())):
        row: dict[str, Any] = {"kind": kind, "questions": sum(1 for v in kind_of.values() if v == kind)}
        for mode in run.modes:
            mine = [j for j in run.judgements if j["mode"] == mode and kind_of.get(j["question_id"]) == kind]
            row[mode] = round(sum(bool(j.get(f"all_gold@{k}")) for j in mine) / len(mine), 3) if mine else 0.0
        out.append(row)
    return out


def question_rows(run: Run, qset: QuestionSet, k: int, kinds: list[str] | None = None) -> list[dict[str, Any]]:
    """Per question: its kind, the modes that found all its evidence in the first k, its answer, and per mode
    ✓ or ✗ with the rank of the first gold item found (– when none was)."""
    outcome = {(j["question_id"], j["mode"]): j for j in run.judgements}
    rows = []
    for q in qset.questions:
        if kinds and (q.kind or "unknown") not in kinds:
            continue
        row: dict[str, Any] = {"question": q.question, "kind": q.kind, "found by": "", "answer": q.answer}
        found_by = []
        for mode in run.modes:
            j = outcome.get((q.id, mode))
            if j is None:
                row[mode] = ""
                continue
            hit = bool(j.get(f"all_gold@{k}"))
            rank = j.get("first_gold_rank") or "–"
            row[mode] = f"{FOUND if hit else MISSED} {rank}"  # all gold in the first k; rank of the first gold
            if hit:
                found_by.append(mode)
        row["found by"] = ", ".join(found_by) or "none"
        row["gold chunks"] = len(q.gold)
        row["id"] = q.id
        rows.append(row)
    return rows


@dataclass
class Evidence:
    chunk_id: str
    document: str  # the file path or document id
    sentence: str  # the sentence the question was made from ("" for an imported set)
    text: str  # the whole chunk
    present: bool  # the chunk is still in the workspace


def gold_evidence(store: GraphStore, question: Question) -> list[Evidence]:
    """Each gold chunk of a question (in hop order) with the sentence the question used and its whole text."""
    found = store.get_chunks(question.gold_chunk_ids) if question.gold_chunk_ids else {}
    out = []
    for n, chunk_id in enumerate(question.gold_chunk_ids):
        chunk = found.get(chunk_id)
        sentence = question.evidence[n] if n < len(question.evidence) else ""
        if chunk is None:
            out.append(Evidence(chunk_id, "", sentence, "", False))
        else:
            out.append(Evidence(chunk_id, chunk.file_path or chunk.doc_id, sentence, chunk.content, True))
    return out
