"""Question sets kept in the workspace: named, versioned, with how they were made; JSONL in and out.

A set is one evaluation record (`GraphStore.save_evaluation`, kind "question_set"): saved whole in one
transaction, so a set is either there with all its questions or not at all. Saving a set under a name
that exists makes the next version; earlier versions stay, as do the runs made with them.
"""

from __future__ import annotations

import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from lightrag_core.models import LightRAGError
from lightrag_core.storage.base import GraphStore
from lightrag_core.workbench.evaluate import Question, parse_questions, question_from_row, questions_jsonl

QUESTION_SET = "question_set"
MAX_NAME_CHARS = 80
MAX_QUESTIONS = 5000


@dataclass
class QuestionSet:
    id: str
    name: str
    version: int
    at: float
    generator: str  # "offline (spaCy ...)", "llm <model>", or "imported <file>"
    graph_version: str  # the workspace's write version when the set was made
    questions: list[Question]
    seed: int | None = None
    dropped: dict[str, int] = field(default_factory=dict)  # candidates each check dropped, by reason
    candidates: dict[str, int] = field(default_factory=dict)  # candidates that passed every check, by kind
    made_by: str = ""  # who made it (the signed-in name), "" when the workbench is open

    @property
    def label(self) -> str:
        return f"{self.name} v{self.version} ({len(self.questions)} questions)"

    @property
    def counts(self) -> dict[str, int]:
        """Questions by kind."""
        return dict(Counter(q.kind or "unknown" for q in self.questions))

    @property
    def chunk_gold(self) -> int:
        return sum(1 for q in self.questions if q.gold_chunk_ids)

    def to_record(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "version": self.version, "at": self.at,
                "generator": self.generator, "graph_version": self.graph_version, "seed": self.seed,
                "dropped": self.dropped, "candidates": self.candidates, "made_by": self.made_by,
                "questions": [q.to_row() for q in self.questions]}

    @classmethod
    def from_record(cls, r: dict[str, Any]) -> QuestionSet:
        questions = [question_from_row(row, str(n)) for n, row in enumerate(r.get("questions") or [], 1)]
        return cls(r["id"], r["name"], int(r["version"]), float(r["at"]), r.get("generator", ""),
                   str(r.get("graph_version", "")), questions, r.get("seed"), dict(r.get("dropped") or {}),
                   dict(r.get("candidates") or {}), r.get("made_by", ""))

    def summary(self) -> dict[str, Any]:
        """What a list shows of a set: everything but the questions."""
        return {"id": self.id, "name": self.name, "version": self.version, "at": self.at,
                "generator": self.generator, "graph_version": self.graph_version, "seed": self.seed,
                "questions": len(self.questions), "chunk_gold": self.chunk_gold, "kinds": self.counts,
                "made_by": self.made_by}


def check_name(name: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise LightRAGError("a question set needs a name")
    if len(name) > MAX_NAME_CHARS:
        raise LightRAGError(f"a question set's name is at most {MAX_NAME_CHARS} characters")
    return name


def list_sets(store: GraphStore) -> list[QuestionSet]:
    """Every set in the workspace, oldest first."""
    return [QuestionSet.from_record(r) for r in store.list_evaluations(QUESTION_SET)]


def find_set(store: GraphStore, key: str, version: int | None = None) -> QuestionSet:
    """A set by id, or by name (its newest version, or the version asked for)."""
    sets = list_sets(store)
    by_id = [s for s in sets if s.id == key]
    if by_id:
        return by_id[0]
    named = [s for s in sets if s.name == key and (version is None or s.version == version)]
    if not named:
        known = ", ".join(sorted({s.name for s in sets})) or "none yet"
        raise LightRAGError(f"no question set {key!r}" + (f" version {version}" if version else "")
                            + f" in this workspace (sets: {known})")
    return max(named, key=lambda s: s.version)


def save_set(store: GraphStore, name: str, questions: list[Question], generator: str, *, seed: int | None = None,
             dropped: dict[str, int] | None = None, candidates: dict[str, int] | None = None,
             made_by: str = "") -> QuestionSet:
    """Save questions as the next version of the named set (one transaction)."""
    name = check_name(name)
    if not questions:
        raise LightRAGError("a question set needs at least one question")
    if len(questions) > MAX_QUESTIONS:
        raise LightRAGError(f"a question set holds at most {MAX_QUESTIONS} questions; this one has {len(questions)}")
    version = 1 + max((s.version for s in list_sets(store) if s.name == name), default=0)
    qset = QuestionSet(uuid.uuid4().hex[:16], name, version, time.time(), generator, store.write_version(),
                       questions, seed, dict(dropped or {}), dict(candidates or {}), made_by)
    store.save_evaluation(QUESTION_SET, qset.to_record())
    return qset


def import_set(store: GraphStore, text: str, name: str, source: str, made_by: str = "") -> QuestionSet:
    """A JSONL questions file saved as a set, after checking its chunk gold exists in this workspace."""
    questions = parse_questions(text, source)
    wanted = sorted({c for q in questions for c in q.gold_chunk_ids})
    found: set[str] = set()
    for start in range(0, len(wanted), 500):
        found.update(store.get_chunks(wanted[start: start + 500]))
    missing = [c for c in wanted if c not in found]
    if missing:
        raise LightRAGError(f"{source}: {len(missing)} of {len(wanted)} gold chunk ids are not in this workspace "
                            f"(e.g. {', '.join(missing[:3])}): the set was made from other documents, or they "
                            "changed since; generate a new set here")
    return save_set(store, name, questions, f"imported {source}", made_by=made_by)


def export_set(qset: QuestionSet) -> str:
    """The set as JSONL: the shared data's question format plus gold_chunk_ids, kind and hops."""
    return questions_jsonl(qset.questions)


def delete_set(store: GraphStore, set_id: str) -> None:
    """Remove a set and the runs made with it."""
    from lightrag_core.workbench.testset.runs import RUN

    runs = [r["id"] for r in store.list_evaluations(RUN) if r.get("set_id") == set_id]
    if runs:
        store.delete_evaluations(RUN, runs)
    store.delete_evaluations(QUESTION_SET, [set_id])
