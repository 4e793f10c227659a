"""One question (or a questions file) across several modes, side by side."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from lightrag_core.engine import Engine
from lightrag_core.query.params import QueryParam
from lightrag_core.workbench.evaluate import (
    Question,
    all_gold_at,
    answer_found,
    exact_match,
    recall_at,
    short_answer_of,
)
from lightrag_core.workbench.result_tables import query_warnings, truncation_rows


def split_gold(ids: list[str]) -> Question:
    """Gold ids as typed: chunk ids ("chunk-…") are chunk gold, anything else document gold."""
    return Question("typed", "", [i for i in ids if not i.startswith("chunk-")],
                    gold_chunk_ids=[i for i in ids if i.startswith("chunk-")])


def compare_question(engine: Engine, question: str, modes: list[str], base: QueryParam | None = None,
                     gold_ids: list[str] | None = None, ks: tuple[int, ...] = (2, 5), answers: bool = True,
                     gold_answer: str = "", gold_chunk_ids: list[str] | None = None) -> list[dict[str, Any]]:
    """A row per mode: found, kept and cut, sources, tokens, latency, recall (with gold: over chunks when
    chunk ids are given, else documents), warnings, the answer, and whether it contains the expected one."""
    base = base or QueryParam()
    gold = Question("q", question, list(gold_ids or []), gold_chunk_ids=list(gold_chunk_ids or []))
    rows = []
    for mode in modes:
        param = replace(base, mode=mode)
        start = time.perf_counter()
        if answers:
            result, answer = engine.answer(question, param)
        else:
            result, answer = engine.query_data(question, param), ""
        latency = (time.perf_counter() - start) * 1000
        info = result.processing_info
        cut = {r["part"]: r["cut %"] for r in truncation_rows(result)}
        row: dict[str, Any] = {
            "mode": mode,
            "entities_found": info.total_entities_found,
            "entities_kept": info.entities_after_truncation,
            "relations_found": info.total_relations_found,
            "relations_kept": info.relations_after_truncation,
            "chunks_merged": info.merged_chunks_count,
            "chunks_kept": info.final_chunks_count,
            "sources": len(result.document_ids),
            "entities_cut_%": cut["entities"],
            "relations_cut_%": cut["relations"],
            "chunks_cut_%": cut["chunks"],
            "context_tokens": info.tokens.total,
            "retrieval_ms": round(result.timings_ms.get("total_retrieval", 0.0), 1),
            "total_ms": round(latency, 1),
        }
        if gold.gold:
            row["gold_level"] = gold.level
            for k in ks:
                row[f"recall@{k}"] = round(recall_at(gold.ranked(result), gold.gold, k), 3)
                row[f"all_gold@{k}"] = all_gold_at(gold.ranked(result), gold.gold, k)
        if answers and gold_answer.strip():
            row["answer_found"] = answer_found(answer, gold_answer)
        if answers:
            short = short_answer_of(answer)
            row["short_answer"] = short or ""
            if gold_answer.strip() and short is not None:
                row["short_exact"] = exact_match(short, gold_answer)
        row["warnings"] = " · ".join(query_warnings(result))
        row["answer"] = answer
        rows.append(row)
    return rows


def compare_questions(engine: Engine, questions: list[Question], modes: list[str], base: QueryParam | None = None,
                      ks: tuple[int, ...] = (2, 5), progress: Callable[[int, int], None] | None = None
                      ) -> list[dict[str, Any]]:
    """Rows per question and mode (context only, no answers), for a questions file with gold ids."""
    rows = []
    for i, q in enumerate(questions):
        for row in compare_question(engine, q.question, modes, base, q.gold_ids, ks, answers=False,
                                    gold_chunk_ids=q.gold_chunk_ids):
            row.pop("answer")
            rows.append({"question_id": q.id, "question": q.question, **row})
        if progress:
            progress(i + 1, len(questions))
    return rows


def summarise_by_mode(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Mean of every numeric column per mode."""
    by_mode: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_mode.setdefault(row["mode"], []).append(row)
    out = []
    for mode, items in by_mode.items():
        summary: dict[str, Any] = {"mode": mode, "questions": len(items)}
        for key in dict.fromkeys(k for x in items for k in x):
            # Bools too: all_gold@k averages to a share. A column some rows lack (short_exact exists only
            # where a short answer was given) averages over the rows that have it.
            values = [float(x[key]) for x in items if isinstance(x.get(key), (int, float))]
            if values and key != "questions":
                summary[key] = round(sum(values) / len(values), 3)
        out.append(summary)
    return out
