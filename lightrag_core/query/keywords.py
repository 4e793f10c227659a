"""Dual-level keywords: high level (themes) for relations, low level (names) for entities."""

from __future__ import annotations

import json
import logging
from functools import lru_cache

from lightrag_core import prompts
from lightrag_core.lexical import support
from lightrag_core.llm import ChatLLM
from lightrag_core.models import LightRAGError
from lightrag_core.nlp import canonical_name, tagged

log = logging.getLogger(__name__)
_QUESTION_WORDS = {"what", "who", "whom", "which", "when", "where", "why", "how", "whose"}


def parse_keywords_reply(reply: str) -> tuple[list[str], list[str]]:
    """Tolerant parse: code fences, prose around the object and single quotes are all accepted."""
    text = reply.strip()
    # First "{" to last "}": two scans (a "{.*}" pattern retried from every "{" is quadratic).
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        raise LightRAGError(f"keyword reply holds no JSON object: {text[:120]!r}")
    raw = text[start : end + 1]
    for candidate in (raw, raw.replace("'", '"')):
        try:
            data = json.loads(candidate)
            break
        except json.JSONDecodeError:
            continue
    else:
        raise LightRAGError(f"keyword reply is not valid JSON: {raw[:120]!r}")
    if not isinstance(data, dict):
        raise LightRAGError("keyword reply is not a JSON object")

    def clean(value: object) -> list[str]:
        if isinstance(value, str):
            value = [v for v in value.split(",")]
        if not isinstance(value, list):
            return []
        return [str(v).strip() for v in value if str(v).strip()]

    return clean(data.get("high_level_keywords")), clean(data.get("low_level_keywords"))


def offline_keywords(query: str) -> tuple[list[str], list[str]]:
    """spaCy: named entities and proper nouns are low level; other noun phrases are high level."""
    doc = tagged(query)
    low: list[str] = []
    taken: set[int] = set()
    for ent in doc.ents:
        if ent.label_ in {"CARDINAL", "ORDINAL", "PERCENT", "QUANTITY", "MONEY"}:
            continue
        low.append(canonical_name(ent.text))
        taken.update(range(ent.start, ent.end))
    run: list[str] = []
    for tok in [*doc, None]:
        if tok is not None and tok.pos_ == "PROPN" and tok.i not in taken:
            run.append(tok.text)
            continue
        if run:
            low.append(" ".join(run))
            run = []
    # High level: runs of adjectives and common nouns ("film directors"), then content verbs.
    # Runs over the tags are steadier than spaCy's noun chunks, which a misparse can swallow.
    high: list[str] = []
    phrase: list[str] = []
    for tok in [*doc, None]:
        if (
            tok is not None
            and tok.pos_ in {"NOUN", "ADJ"}
            and tok.i not in taken
            and not tok.is_stop
            and tok.is_alpha
            and tok.lower_ not in _QUESTION_WORDS
        ):
            phrase.append(tok.text)
            continue
        if phrase:
            high.append(" ".join(phrase))
            phrase = []
    for tok in doc:
        if tok.pos_ == "VERB" and not tok.is_stop:
            high.append(tok.lower_)  # the word as asked: lemmas read oddly ("born" -> "bear")
    return _dedupe(high), _dedupe([w for w in low if w])


def llm_keywords(llm: ChatLLM, query: str, history: list[dict[str, str]],
                 notes: list[str] | None = None) -> tuple[list[str], list[str]]:
    """The model's keywords; names neither the question nor the history holds are dropped (a small
    model adds names it knows), and `notes` says which."""
    turns = "".join(f"{t['role']}: {t['content']}\n" for t in history[-6:])
    prompt = prompts.KEYWORDS.format(query=query, history=f"Conversation so far:\n{turns}\n" if turns else "")
    high, low = parse_keywords_reply(llm.complete([("user", prompt)], kind="keywords"))
    asked = f"{query}\n{turns}"
    kept = [k for k in low if support(k, asked) != "none"]
    if len(kept) < len(low) and notes is not None:
        dropped = ", ".join(repr(k) for k in low if k not in kept)
        notes.append(f"dropped the LLM's low-level keywords that are not in the question: {dropped}")
    return high, kept


def extract_keywords(
    query: str,
    llm: ChatLLM | None,
    history: list[dict[str, str]] | None = None,
    hl: list[str] | None = None,
    ll: list[str] | None = None,
    notes: list[str] | None = None,
) -> tuple[list[str], list[str]]:
    """Caller-given keywords win; otherwise the LLM (falling back to spaCy if its reply is unusable)."""
    if hl or ll:
        return list(hl or []), list(ll or [])
    if llm is not None:
        try:
            return llm_keywords(llm, query, history or [], notes)
        except LightRAGError as exc:
            log.warning("keyword extraction by the LLM failed (%s); using spaCy", exc)
            if notes is not None:
                notes.append(f"keywords came from spaCy: the LLM's keyword reply was unusable ({exc})")
    hl_cached, ll_cached = _offline_keywords_cached(query)
    return list(hl_cached), list(ll_cached)


@lru_cache(maxsize=256)
def _offline_keywords_cached(query: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """One spaCy parse per question, however many modes ask it (tuples: callers get fresh lists)."""
    hl, ll = offline_keywords(query)
    return tuple(hl), tuple(ll)


def _dedupe(items: list[str]) -> list[str]:
    seen: dict[str, str] = {}
    for item in items:
        seen.setdefault(item.lower(), item)
    return list(seen.values())
