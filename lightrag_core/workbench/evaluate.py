"""Retrieval quality without an LLM judge: recall@k and all-gold@k over gold passage ids."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from lightrag_core.models import LightRAGError
from lightrag_core.query.extractive import EXTRACTIVE_LABEL
from lightrag_core.query.params import QueryParam
from lightrag_core.query.result import QueryResult


@dataclass
class Question:
    id: str
    question: str
    gold_ids: list[str]
    answer: str = ""


def parse_questions(text: str, source: str) -> list[Question]:
    """Questions from JSONL text ({id, question, gold_ids, answer} per line), naming the bad line."""
    out = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            out.append(Question(str(row.get("id", lineno)), row["question"], list(row.get("gold_ids") or []),
                                str(row.get("answer", ""))))
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
            raise LightRAGError(f"{source}:{lineno}: each line needs 'question' (and 'gold_ids'): {exc}") from exc
    if not out:
        raise LightRAGError(f"{source}: no questions")
    return out


def load_questions(path: Path) -> list[Question]:
    return parse_questions(path.read_text(encoding="utf-8"), str(path))


def recall_at(ranked: list[str], gold: list[str], k: int) -> float:
    return len(set(ranked[:k]) & set(gold)) / len(gold) if gold else 0.0


def all_gold_at(ranked: list[str], gold: list[str], k: int) -> float:
    return float(bool(gold) and set(gold) <= set(ranked[:k]))


def precision_at(ranked: list[str], gold: list[str], k: int) -> float:
    """Share of the first k distinct passages that are gold (the seed PRD's P@k; k counts even if fewer came)."""
    return len(set(ranked[:k]) & set(gold)) / k if k > 0 else 0.0


PRECISION_KS = (1, 5)


def answer_found(answer: str, gold: str) -> bool:
    """The gold answer appears in the answer as whole words, case-insensitive; an empty gold never counts.

    The offline answer's label is not part of the answer (its "no LLM" would otherwise find every "no").
    """
    gold = " ".join(gold.split()).lower()
    body = answer.removeprefix(EXTRACTIVE_LABEL).lower()
    return bool(gold) and re.search(rf"(?<!\w){re.escape(gold)}(?!\w)", " ".join(body.split())) is not None


Answer = Callable[[str, QueryParam], tuple[QueryResult, str]]


def evaluate(
    query_data: Callable[[str, QueryParam], QueryResult],
    questions: list[Question],
    modes: list[str],
    ks: list[int],
    base: QueryParam | None = None,
    progress: Callable[[str, int], None] | None = None,
    answer: Answer | None = None,
) -> dict[str, dict[str, float]]:
    """Per mode: recall@k, all_gold@k, P@1 and P@5, and latency p50/p95 of context-only retrieval.

    With `answer`, each question is answered too, and `answer_found` is the share of questions
    with a gold answer whose answer contains it (latency then includes answering).
    """
    base = base or QueryParam()
    scored = [q for q in questions if q.gold_ids]
    report: dict[str, dict[str, float]] = {}
    for mode in modes:
        param = replace(base, mode=mode)
        latencies: list[float] = []
        recalls: dict[int, list[float]] = {k: [] for k in ks}
        allgold: dict[int, list[float]] = {k: [] for k in ks}
        precision: dict[int, list[float]] = {k: [] for k in PRECISION_KS}
        found: list[float] = []
        # Answering covers every question with a gold answer; retrieval scores need gold ids.
        todo = [q for q in questions if q.gold_ids or q.answer.strip()] if answer is not None else scored
        for i, q in enumerate(todo):
            start = time.perf_counter()
            if answer is not None:
                result, text = answer(q.question, param)
                if q.answer.strip():
                    found.append(float(answer_found(text, q.answer)))
            else:
                result = query_data(q.question, param)
            latencies.append((time.perf_counter() - start) * 1000)
            if progress:
                progress(mode, i + 1)
            if not q.gold_ids:
                continue
            ranked = result.document_ids
            for k in ks:
                recalls[k].append(recall_at(ranked, q.gold_ids, k))
                allgold[k].append(all_gold_at(ranked, q.gold_ids, k))
            for k in PRECISION_KS:
                precision[k].append(precision_at(ranked, q.gold_ids, k))
        row: dict[str, float] = {"questions": float(len(scored))}
        for k in ks:
            row[f"recall@{k}"] = round(float(np.mean(recalls[k])), 4) if scored else 0.0
            row[f"all_gold@{k}"] = round(float(np.mean(allgold[k])), 4) if scored else 0.0
        for k in PRECISION_KS:
            row[f"P@{k}"] = round(float(np.mean(precision[k])), 4) if scored else 0.0
        if answer is not None:
            row["answer_found"] = round(float(np.mean(found)), 4) if found else 0.0
        row["latency_ms_p50"] = round(float(np.percentile(latencies, 50)), 2) if latencies else 0.0
        row["latency_ms_p95"] = round(float(np.percentile(latencies, 95)), 2) if latencies else 0.0
        report[mode] = row
    return report
