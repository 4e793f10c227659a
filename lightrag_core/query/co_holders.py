"""A work made by several people at once: "It was written by Jay Kogen and Wallace Wolodarsky" answers "Who
wrote it?" with both names, not the first one alone.

Only for questions about who made something (wrote, directed, founded, …) and only when the sentence that
gave the answer says it after "by" and lists the others right after it, each one a person to the tagger.
A list that goes on into something else ("written by A and Disney released it") is left as it is.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import ShortAnswer

# Who made the thing the question asks about: the verb or the maker's noun
# (and "Which husband-and-wife team founded X?")
_MADE = re.compile(r"\b(?:who|whom|which\s+(?:[\w-]+\s+)?(?:team|duo|pair|couple|partners|brothers|sisters))\b.*"
                   r"\b(?:wrote|write|written|writers?|co-wrote|authors?|authored|created|creators?|"
                   r"founded|founders?|co-founded|directed|directors?|composed|composers?|produced|producers?|"
                   r"designed|designers?|developed|developers?|screenwriters?|lyricists?)\b", re.IGNORECASE)
_NAME = r"[A-Z][\w.'’-]*(?:\s+(?:[A-Z][\w.'’-]*|de|van|von|da|del|der|la|le)){0,4}"
# the names that follow the answer in one list, the last after "and"; the list ends the clause
_CLAUSE_END = r"(?=\s*(?:[,.;:)]|$)|\s+(?:and|was|were|is|who|with|for|in|on|from|as|it|which|that|under)\b)"
_MORE = re.compile(rf"(?P<more>(?:,\s+{_NAME})*,?\s+and\s+{_NAME}){_CLAUSE_END}")
MAX_NAMES = 4


def with_co_holders(query: str, answer: ShortAnswer, min_score: float) -> ShortAnswer:
    """The answer with the people its sentence names beside it as the work's makers, or the answer unchanged.
    The others in the list are the best answer's only rivals when it is not confident ("founded by A, B and
    C"): joined, they are one confident answer, if it scored what a confident answer must (`min_score`)."""
    listed_rivals = bool(answer.rival) and answer.score >= min_score and all(r in answer.evidence for r in answer.rival)
    if not (answer.confident or listed_rivals) or not answer.evidence or not _MADE.search(query):
        return answer
    for said in answer.evidence:
        text = said.text
        for at in (m.start() for m in re.finditer(re.escape(answer.text), text)):
            # ("by A", "by the duo A", "by husband and wife team A")
            if not re.search(r"\bby\s+(?:the\s+\w+\s+|(?:[a-z][\w-]*\s+){1,4})?$", text[max(0, at - 50):at]):
                continue
            more = _MORE.match(text, at + len(answer.text))
            if more is None:
                continue
            # (a sentence's closing full stop is no part of the last name; an initial's is: "Hank Williams Jr.")
            others = [re.sub(r"(?<=[a-z]{3})\.$", "", n.strip())
                      for n in re.split(r",\s+and\s+|,\s+|\s+and\s+", more["more"]) if n.strip()]
            if not others or len(others) + 1 > MAX_NAMES or not _all_people(text, others):
                continue
            # ("Who co-directed, with Patrick Leung, …?": the one the question names beside the asked is no part
            # of the answer; "Who founded the Ada Lorne Foundation?" names no partner)
            if any(re.search(rf"\b(?:with|alongside|along\s+with)\s+{re.escape(n)}\b", query, re.IGNORECASE)
                   for n in others):
                return replace(answer, confident=True, rival=[]) if len(others) == 1 else answer
            joined = ", ".join([answer.text, *others[:-1]]) + f" and {others[-1]}"
            return replace(answer, text=joined, path=[*answer.path[:-1], joined], confident=True, rival=[])
    return answer


def _all_people(text: str, names: list[str]) -> bool:
    """Every listed name is a person to the tagger, as the answer is."""
    people = {e.text for e in nlp()(text).ents if e.label_ == "PERSON"}
    return all(any(n == p or n in p for p in people) for n in names)
