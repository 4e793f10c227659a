"""A follow-up question read through the conversation, offline: "Who is Tiny Tim's father?" → Bob Cratchit,
then "Who is his wife?" asks for Bob Cratchit's wife.

With an LLM the history goes into its prompt; offline nothing reads it, so the keywords, the retrieval and
the extractive answer all saw "Who is his wife?" alone and answered nothing. A third-person pronoun in a
question that names no one of its own is read as the previous offline answer's short answer, when that was
a name. Anything else is left as asked.
"""

from __future__ import annotations

import re

from lightrag_core.query.extractive import ANSWER_PREFIX

_SHORT = re.compile(rf"^{re.escape(ANSWER_PREFIX)}(?P<name>.+?)(?:\s+(?:\[\d+\])+)?\s*$", re.MULTILINE)
_NAME = re.compile(r"^(?:[A-Z][\w.'’-]*)(?:\s+(?:of\s+|de\s+|van\s+|von\s+)?[A-Z][\w.'’-]*){0,4}$")
_PRONOUN = re.compile(r"\b(?P<word>he|him|his|she|her|hers)\b(?P<after>\s+\w+)?", re.IGNORECASE)
# "her" before a noun owns it ("her husband"); before a verb or nothing it is the object ("did he marry her?")
_NOT_OWNED = {"and", "or", "to", "in", "on", "at", "for", "with", "from", "by", "about", "after", "before", "when",
              "while", "if", "than", "as", "the", "a", "an"}
MAX_QUESTION_CHARS = 300


def antecedent(history: list[dict[str, str]]) -> str:
    """The last assistant turn's short answer, when it is a name; else ""."""
    for turn in reversed(history):
        if turn.get("role") == "assistant":
            found = _SHORT.search(turn.get("content", "")[:2000])
            name = found["name"].strip() if found else ""
            return name if _NAME.match(name) else ""
    return ""


def read_through(query: str, history: list[dict[str, str]]) -> tuple[str, str]:
    """(the question with its pronouns read as the previous answer, that answer); the question unchanged and
    "" when it names someone itself, has no such pronoun, or the previous answer was no name."""
    if len(query) > MAX_QUESTION_CHARS or not _PRONOUN.search(query):
        return query, ""
    if any(w[:1].isupper() for w in query.split()[1:]):  # names its own ("Where did Fred meet her?")
        return query, ""
    name = antecedent(history)
    if not name:
        return query, ""

    def replaced(m: re.Match[str]) -> str:
        word, after = m["word"].lower(), m["after"] or ""
        owned = word == "his" or word == "hers" or word == "her" and after and after.strip().lower() not in _NOT_OWNED
        return (f"{name}'s" if owned else name) + after

    return _PRONOUN.sub(replaced, query), name
