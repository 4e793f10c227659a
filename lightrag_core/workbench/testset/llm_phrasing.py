"""With an LLM configured: the generator's candidates phrased as natural questions by the model.

The model gets the facts a candidate was made from (the sentences, in hop order), its draft question
and its answer, and writes a question and an answer. A draft is kept only if its answer is in a gold
chunk and not in its question; rejected drafts are counted by reason, never kept. Calls go through the
project's `ChatLLM`: its concurrency limit, its reply cap and its response cache.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from lightrag_core.llm import ChatLLM, Message
from lightrag_core.models import LightRAGError
from lightrag_core.workbench.testset.acceptance import COMPARISON, GeneratedQuestion, contains, question_id

SYSTEM = (
    "You write questions for a test of a document search system. You are given facts taken from the "
    "documents, a draft question that the facts answer, and the draft's answer. Rewrite the draft as one "
    "natural, fluent question a person would ask. The question must be answerable only by combining the "
    "facts given, must keep the names the draft uses, and must not contain its answer. Give the answer as a "
    "short span copied exactly from the facts. Reply with JSON only: {\"question\": \"...\", \"answer\": \"...\"}"
)
MAX_QUESTION_WORDS = 40
_OBJECT = re.compile(r"\{.*?\}", re.DOTALL)


def messages_for(q: GeneratedQuestion) -> list[Message]:
    facts = "\n".join(f"Fact {n}: {sentence}" for n, sentence in enumerate(q.evidence, 1))
    kind = {"single": "one fact", "bridge": "two facts joined by a shared entity that the question must not "
            "name", "comparison": "two facts compared; the question names both and the answer is one of them"}
    user = (f"{facts}\nKind: {kind.get(q.kind, q.kind)}\nDraft question: {q.question}\nDraft answer: {q.answer}")
    return [("system", SYSTEM), ("user", user)]


def read_reply(text: str) -> tuple[str, str] | None:
    """(question, answer) from the model's reply: the first JSON object in it, else None."""
    for candidate in _OBJECT.findall(text[:4000]):
        try:
            data = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(data, dict) and isinstance(data.get("question"), str) and isinstance(data.get("answer"), str):
            return " ".join(data["question"].split()), " ".join(data["answer"].split())
    return None


def check_draft(q: GeneratedQuestion, question: str, answer: str, texts: dict[str, str]) -> str:
    """Why a drafted question is rejected ("" when it is kept)."""
    if not question or not answer:
        return "llm: empty question or answer"
    if len(question.split()) > MAX_QUESTION_WORDS or not question.endswith("?"):
        return "llm: not one question"
    if not any(contains(texts.get(c, ""), answer) for c in q.gold_chunk_ids):
        return "llm: answer not in the gold chunks"
    if q.kind != COMPARISON and contains(question, answer):
        return "llm: answer in the question"
    if q.bridge and contains(question, q.bridge):
        return "llm: bridge entity named"
    return ""


def phrase_with_llm(llm: ChatLLM, drafts: list[GeneratedQuestion], texts: dict[str, str], dropped: Counter[str],
                    workers: int = 1, progress: Callable[[int, int], None] | None = None) -> list[GeneratedQuestion]:
    """The drafts the model phrased and the checks kept, in the drafts' order; `dropped` counts the rest."""

    def one(q: GeneratedQuestion) -> tuple[GeneratedQuestion | None, str]:
        try:
            reply = llm.complete(messages_for(q), kind="keywords")  # a short JSON reply: the keywords cap fits
        except LightRAGError as exc:
            return None, f"llm: call failed ({type(exc).__name__})"
        parsed = read_reply(reply)
        if parsed is None:
            return None, "llm: reply was not JSON with a question and an answer"
        question, answer = parsed
        reason = check_draft(q, question, answer, texts)
        if reason:
            return None, reason
        return replace(q, id=question_id(question, q.gold_chunk_ids), question=question, answer=answer), ""

    kept: list[GeneratedQuestion] = []
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        for n, (q, reason) in enumerate(pool.map(one, drafts), 1):
            if q is None:
                dropped[reason] += 1
            else:
                kept.append(q)
            if progress:
                progress(n, len(drafts))
    return kept
