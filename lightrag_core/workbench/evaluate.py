"""Retrieval quality without an LLM judge: recall@k, all-gold@k and P@k over gold evidence.

A question's gold is chunk ids when it has them (`gold_chunk_ids`: a generated question knows the
chunks its facts came from, and one long document's chunks all share its document id), else document
ids (`gold_ids`, as benchmark sets give them). Each question is scored at its own level; the summary
says how many questions were scored at each.
"""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from lightrag_core.models import LightRAGError
from lightrag_core.query.chat_lines import glued_apart
from lightrag_core.query.extractive import ANSWER_PREFIX, EXTRACTIVE_LABEL, NO_SHORT_ANSWER
from lightrag_core.query.params import QueryParam
from lightrag_core.query.result import QueryResult
from lightrag_core.query.uncovered import NOT_COVERED, NOT_MENTIONED

CHUNK, DOCUMENT = "chunk", "document"
PRECISION_KS = (1, 5)
MAX_QUESTIONS_BYTES = 20 * 1024 * 1024  # a questions file larger than this is not a questions file


@dataclass
class Question:
    id: str
    question: str
    gold_ids: list[str]
    answer: str = ""
    gold_chunk_ids: list[str] = field(default_factory=list)
    kind: str = ""  # single | bridge | comparison for generated questions; a benchmark's own type otherwise
    hops: int = 0
    evidence: list[str] = field(default_factory=list)  # the sentences a generated question was made from

    @property
    def level(self) -> str:
        return CHUNK if self.gold_chunk_ids else DOCUMENT

    @property
    def gold(self) -> list[str]:
        return self.gold_chunk_ids or self.gold_ids

    def ranked(self, result: QueryResult) -> list[str]:
        """What the mode found, at this question's level: distinct chunks or documents in context order."""
        return result.chunk_ids if self.gold_chunk_ids else result.document_ids

    def to_row(self) -> dict[str, Any]:
        """The question as one JSONL line (the shared data's format, plus chunk gold, kind and hops)."""
        row: dict[str, Any] = {"id": self.id, "question": self.question, "answer": self.answer,
                               "gold_ids": self.gold_ids}
        if self.gold_chunk_ids:
            row["gold_chunk_ids"] = self.gold_chunk_ids
        if self.kind:
            row["type"] = row["kind"] = self.kind
        if self.hops:
            row["hops"] = self.hops
        if self.evidence:
            row["evidence"] = self.evidence
        return row


def _strings(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, (str, int)) for v in value):
        raise TypeError(f"{what} must be a list of ids")
    return [str(v) for v in value]


def question_from_row(row: dict[str, Any], default_id: str) -> Question:
    """A question from one JSONL row ({id, question, gold_ids, gold_chunk_ids, answer, kind, hops})."""
    question = row["question"]
    if not isinstance(question, str) or not question.strip():
        raise TypeError("'question' must be non-empty text")
    return Question(str(row.get("id", default_id)), question, _strings(row.get("gold_ids"), "gold_ids"),
                    str(row.get("answer", "")), _strings(row.get("gold_chunk_ids"), "gold_chunk_ids"),
                    str(row.get("kind") or row.get("type") or ""), int(row.get("hops") or 0),
                    _strings(row.get("evidence"), "evidence"))


def parse_questions(text: str, source: str) -> list[Question]:
    """Questions from JSONL text, one row per line (`question_from_row`), naming the bad line."""
    out = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            # UnicodeEncodeError (a ValueError): a lone surrogate ("\\ud800") parses, but no store or answer
            # can encode it, and a set holding one failed every read of it.
            json.dumps(row, ensure_ascii=False).encode("utf-8")
            out.append(question_from_row(row, str(lineno)))
        # OverflowError: Python's parser reads `"hops": Infinity`, and int() of it overflows.
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError, ValueError, OverflowError) as exc:
            raise LightRAGError(f"{source}:{lineno}: each line needs 'question' (and 'gold_ids' or "
                                f"'gold_chunk_ids'): {exc}") from exc
    if not out:
        raise LightRAGError(f"{source}: no questions")
    return out


def load_questions(path: Path) -> list[Question]:
    if path.stat().st_size > MAX_QUESTIONS_BYTES:
        raise LightRAGError(f"{path}: larger than {MAX_QUESTIONS_BYTES // 2**20} MB; not a questions file")
    return parse_questions(path.read_text(encoding="utf-8"), str(path))


def questions_jsonl(questions: list[Question]) -> str:
    return "".join(json.dumps(q.to_row(), ensure_ascii=False) + "\n" for q in questions)


def recall_at(ranked: list[str], gold: list[str], k: int) -> float:
    return len(set(ranked[:k]) & set(gold)) / len(gold) if gold else 0.0


def all_gold_at(ranked: list[str], gold: list[str], k: int) -> float:
    return float(bool(gold) and set(gold) <= set(ranked[:k]))


def precision_at(ranked: list[str], gold: list[str], k: int) -> float:
    """Share of the first k distinct items that are gold (the seed PRD's P@k; k counts even if fewer came)."""
    return len(set(ranked[:k]) & set(gold)) / k if k > 0 else 0.0


def answer_found(answer: str, gold: str) -> bool:
    """The gold answer appears in the answer as whole words, case-insensitive; an empty gold never counts.

    The offline answer's label, its "No short answer: no sentence …" line and a line saying which of the
    question's words the passages never hold are not part of the answer (their "no LLM" and "no sentence"
    would otherwise find every gold "no", and the question's own names every answer it names).
    A gold's closing full stop ("Walt Disney Pictures.") is the annotator's, not the answer's: "… by Walt
    Disney Pictures label" holds it.
    """
    # (an entity a scraped text kept, "&amp;", is the character it stands for, on either side)
    body, gold = html.unescape(answer.removeprefix(EXTRACTIVE_LABEL).replace(NO_SHORT_ANSWER, "")), html.unescape(gold)
    body = "\n".join(line for line in body.splitlines() if not line.startswith((NOT_COVERED, NOT_MENTIONED)))
    # A chat handle and the name it glues are one answer ("YurikoYamamoto", "Yuriko Yamamoto"): read as written, and
    # with glued words apart on both sides (never only one, so "DeCavalcante" still finds "Decavalcante")
    for read in (str, glued_apart):
        said = " ".join(read(gold).split()).lower().rstrip(". ")
        if said and re.search(rf"(?<!\w){re.escape(said)}(?!\w)", " ".join(read(body).split()).lower()):
            return True
    return False



_REFS = re.compile(r"(\s*\[[^\]]*\])+\s*$")
_ARTICLES = re.compile(r"\b(a|an|the)\b")


def short_answer_of(answer: str) -> str | None:
    """The offline answer's short answer line, without its references; None when it gave none."""
    for line in answer.removeprefix(EXTRACTIVE_LABEL).strip().splitlines()[:1]:
        if line.startswith(ANSWER_PREFIX):
            return _REFS.sub("", line[len(ANSWER_PREFIX):]).strip()
    return None


def normalise_answer(text: str) -> str:
    """Lower case, no punctuation, no articles, single spaces (SQuAD's normalisation); "&amp;" is "&"."""
    text = re.sub(r"[^\w\s]", " ", html.unescape(text).lower())
    return " ".join(_ARTICLES.sub(" ", text).split())


def exact_match(answer: str, gold: str) -> bool:
    """Equal after normalising, as written or with a chat handle's glued words apart on both sides."""
    return bool(gold.strip()) and any(normalise_answer(read(answer)) == normalise_answer(read(gold))
                                      for read in (str, glued_apart))


Answer = Callable[[str, QueryParam], tuple[QueryResult, str]]
Retrieve = Callable[[str, QueryParam], QueryResult]


@dataclass
class Judgement:
    """One question in one mode: where its gold evidence landed, and whether the answer holds the answer."""

    question_id: str
    mode: str
    level: str  # chunk | document
    recall: dict[int, float]
    all_gold: dict[int, bool]
    precision: dict[int, float]
    first_gold_rank: int  # 1-based rank of the first gold item found; 0 when none was found
    latency_ms: float
    answer_found: bool | None = None  # None: not answered, or no gold answer
    answer: str = ""
    scored: bool = True  # the question has gold evidence (one with only an answer is answered, not scored)
    short_answer: str | None = None  # the offline answer's short answer, when it gave one
    short_exact: bool | None = None  # it equals the gold answer (normalised); None without both
    answer_in_context: bool | None = None  # the gold answer is in the context the mode built (the ceiling)


def judge(question: Question, mode: str, result: QueryResult, ks: list[int], latency_ms: float,
          answer: str | None = None) -> Judgement:
    ranked, gold = question.ranked(result), question.gold
    first = next((n for n, item in enumerate(ranked, 1) if item in gold), 0)
    found = answer_found(answer, question.answer) if answer is not None and question.answer.strip() else None
    short = short_answer_of(answer) if answer is not None else None
    exact = exact_match(short, question.answer) if short is not None and question.answer.strip() else None
    in_context = (answer_found(" ".join(c["content"] for c in result.chunks), question.answer)
                  if found is not None else None)
    return Judgement(question.id, mode, question.level, {k: recall_at(ranked, gold, k) for k in ks},
                     {k: bool(all_gold_at(ranked, gold, k)) for k in ks},
                     {k: precision_at(ranked, gold, k) for k in PRECISION_KS}, first, round(latency_ms, 2),
                     found, answer or "", bool(gold), short, exact, in_context)


def judge_questions(
    query_data: Retrieve, questions: list[Question], modes: list[str], ks: list[int],
    base: QueryParam | None = None, progress: Callable[[str, int], None] | None = None,
    answer: Answer | None = None,
) -> list[Judgement]:
    """Every question in every mode (context-only retrieval, or answered too with `answer`)."""
    base = base or QueryParam()
    out: list[Judgement] = []
    for mode in modes:
        param = replace(base, mode=mode)
        todo = [q for q in questions if q.gold or (answer is not None and q.answer.strip())]
        for i, q in enumerate(todo):
            start = time.perf_counter()
            text: str | None = None
            if answer is not None:
                result, text = answer(q.question, param)
            else:
                result = query_data(q.question, param)
            out.append(judge(q, mode, result, ks, (time.perf_counter() - start) * 1000, text))
            if progress:
                progress(mode, i + 1)
    return out


def summarise(judgements: list[Judgement], ks: list[int], answered: bool = False) -> dict[str, dict[str, float]]:
    """Per mode: recall@k, all_gold@k, P@1 and P@5 over questions with gold, how many were scored at chunk
    level, answer_found (answered runs), and latency p50/p95."""
    report: dict[str, dict[str, float]] = {}
    for mode in dict.fromkeys(j.mode for j in judgements):
        mine = [j for j in judgements if j.mode == mode]
        scored = [j for j in mine if j.scored]
        row: dict[str, float] = {"questions": float(len(scored)),
                                 "chunk_gold_questions": float(sum(j.level == CHUNK for j in scored))}
        for k in ks:
            row[f"recall@{k}"] = _mean([j.recall[k] for j in scored])
            row[f"all_gold@{k}"] = _mean([float(j.all_gold[k]) for j in scored])
        for k in PRECISION_KS:
            row[f"P@{k}"] = _mean([j.precision[k] for j in scored])
        if answered:
            with_gold = [j for j in mine if j.answer_found is not None]
            row["answer_found"] = _mean([float(bool(j.answer_found)) for j in with_gold])
            # The short answer: how often one was given, and how often it was exactly right when given.
            row["short_answered"] = _mean([float(j.short_answer is not None) for j in with_gold])
            row["short_exact"] = _mean([float(bool(j.short_exact)) for j in with_gold if j.short_answer is not None])
            row["answer_in_context"] = _mean([float(bool(j.answer_in_context)) for j in with_gold])
        latencies = [j.latency_ms for j in mine]
        row["latency_ms_p50"] = round(float(np.percentile(latencies, 50)), 2) if latencies else 0.0
        row["latency_ms_p95"] = round(float(np.percentile(latencies, 95)), 2) if latencies else 0.0
        report[mode] = row
    return report


def _mean(values: list[float]) -> float:
    return round(float(np.mean(values)), 4) if values else 0.0


def evaluate(
    query_data: Retrieve,
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
    judgements = judge_questions(query_data, questions, modes, ks, base, progress, answer)
    return summarise(judgements, ks, answered=answer is not None)
