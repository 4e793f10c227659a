"""Evaluation runs: a question set through the chosen modes, judged per question and kept in the workspace.

A run records the workspace's graph version, so the effect of an expert's review is measured between
real runs: `impact` takes the newest run of a set and the newest earlier run on another graph version,
and lists per mode what moved, which questions changed, and the review decisions made in between.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from lightrag_core.engine import Engine
from lightrag_core.models import LightRAGError
from lightrag_core.query.modes import RETRIEVAL_MODES
from lightrag_core.query.params import QueryParam
from lightrag_core.storage.base import GraphStore
from lightrag_core.workbench.evaluate import Judgement, judge_questions, summarise
from lightrag_core.workbench.testset.sets import QuestionSet

RUN = "run"
DEFAULT_KS = (5, 8)
# The figures a before/after comparison shows per mode.
IMPACT_FIGURES = ("recall@{k}", "all_gold@{k}", "answer_found")


@dataclass
class Run:
    id: str
    at: float
    set_id: str
    set_name: str
    set_version: int
    graph_version: str
    modes: list[str]
    ks: list[int]
    answers: bool  # answered too (answer_found), not only retrieved
    summary: dict[str, dict[str, float]]
    judgements: list[dict[str, Any]] = field(default_factory=list)  # one per question and mode
    run_by: str = ""

    def to_record(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_record(cls, r: dict[str, Any]) -> Run:
        return cls(**{k: r[k] for k in cls.__dataclass_fields__ if k in r})

    def label(self) -> str:
        # (runs of one minute over the same graph differ by their modes and k, so those are named too)
        return (f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(self.at))} · graph v{self.graph_version} · "
                f"{', '.join(self.modes)} · k {', '.join(map(str, self.ks))}")

    def outcome(self, question_id: str, mode: str) -> dict[str, Any] | None:
        return next((j for j in self.judgements if j["question_id"] == question_id and j["mode"] == mode), None)


def _judgement_row(j: Judgement) -> dict[str, Any]:
    """What a run keeps of one judgement (no answer text: runs stay small)."""
    row: dict[str, Any] = {"question_id": j.question_id, "mode": j.mode, "level": j.level,
                           "first_gold_rank": j.first_gold_rank, "latency_ms": j.latency_ms,
                           "answer_found": j.answer_found}
    for k, v in j.recall.items():
        row[f"recall@{k}"] = round(v, 4)
    for k, v in j.all_gold.items():
        row[f"all_gold@{k}"] = v
    return row


def check_modes(modes: list[str]) -> list[str]:
    for m in modes:
        if m not in RETRIEVAL_MODES:
            raise LightRAGError(f"cannot evaluate mode {m!r}; choose from " + ", ".join(RETRIEVAL_MODES))
    if not modes:
        raise LightRAGError("choose at least one mode to evaluate")
    return modes


def run_set(engine: Engine, qset: QuestionSet, modes: list[str], ks: list[int] | tuple[int, ...] = DEFAULT_KS,
            answers: bool = False, base: QueryParam | None = None, run_by: str = "",
            progress: Callable[[int, int], None] | None = None, keep: bool = True) -> Run:
    """Every question of the set in every mode, judged; saved in the workspace unless `keep` is False."""
    modes = check_modes(list(modes))
    ks = sorted({int(k) for k in ks if int(k) > 0}) or list(DEFAULT_KS)
    graph_version = engine.store.write_version()
    total = len(qset.questions) * len(modes)
    done = [0]

    def step(mode: str, i: int) -> None:
        done[0] += 1
        if progress:
            progress(done[0], total)

    judgements = judge_questions(engine.query_data, qset.questions, modes, ks, base, step,
                                 answer=engine.answer if answers else None)
    run = Run(uuid.uuid4().hex[:16], time.time(), qset.id, qset.name, qset.version, graph_version, modes, ks,
              answers, summarise(judgements, ks, answered=answers), [_judgement_row(j) for j in judgements], run_by)
    if keep:
        engine.store.save_evaluation(RUN, run.to_record())
    return run


def list_runs(store: GraphStore, set_id: str | None = None) -> list[Run]:
    """Runs oldest first, of one set or of all."""
    return [Run.from_record(r) for r in store.list_evaluations(RUN) if set_id is None or r.get("set_id") == set_id]


def find_run(store: GraphStore, run_id: str) -> Run:
    found = [r for r in list_runs(store) if r.id == run_id]
    if not found:
        raise LightRAGError(f"no evaluation run {run_id!r} in this workspace")
    return found[0]


@dataclass
class Impact:
    """A set's newest run against the newest earlier run on another graph, and what happened in between."""

    before: Run
    after: Run
    k: int
    modes: list[dict[str, Any]]  # per mode: each figure before, after, and the change
    decisions: list[dict[str, Any]]  # review decisions made between the two runs, oldest first
    changed: list[dict[str, Any]]  # questions whose outcome changed in some mode


def pick_runs(runs: list[Run]) -> tuple[Run, Run] | None:
    """(before, after): the newest run, and the newest earlier one made on another graph version."""
    if not runs:
        return None
    after = runs[-1]
    earlier = [r for r in runs[:-1] if r.graph_version != after.graph_version]
    return (earlier[-1], after) if earlier else None


def impact(store: GraphStore, qset: QuestionSet, before: Run | None = None, after: Run | None = None) -> Impact | None:
    """What changed between two runs of a set (by default `pick_runs`); None until there are two."""
    if before is None or after is None:
        picked = pick_runs(list_runs(store, qset.id))
        if picked is None:
            return None
        before, after = picked
    k = max(set(before.ks) & set(after.ks), default=max(after.ks))
    modes = [m for m in after.modes if m in before.modes]
    rows = []
    for mode in modes:
        row: dict[str, Any] = {"mode": mode}
        for figure in IMPACT_FIGURES:
            key = figure.format(k=k)
            was, now = before.summary[mode].get(key), after.summary[mode].get(key)
            if was is None or now is None:
                continue
            row[f"{key} before"], row[f"{key} after"] = was, now
            row[f"{key} change"] = round(now - was, 4)
        rows.append(row)
    decisions = [r for r in store.list_reviews() if before.at < float(r.get("at", 0)) <= after.at]
    text = {q.id: q for q in qset.questions}
    changed = []
    for q_id in text:
        moved = {}
        for mode in modes:
            a, b = before.outcome(q_id, mode), after.outcome(q_id, mode)
            if a is None or b is None:
                continue
            key = f"all_gold@{k}"
            if a.get(key) != b.get(key) or a.get("first_gold_rank") != b.get("first_gold_rank") or (
                    a.get("answer_found") != b.get("answer_found")):
                moved[mode] = (f"{'found' if a.get(key) else 'missed'} → {'found' if b.get(key) else 'missed'}, "
                               f"first gold at {a.get('first_gold_rank') or '–'} → {b.get('first_gold_rank') or '–'}")
        if moved:
            changed.append({"question_id": q_id, "question": text[q_id].question, "kind": text[q_id].kind, **moved})
    return Impact(before, after, k, rows, decisions, changed)
