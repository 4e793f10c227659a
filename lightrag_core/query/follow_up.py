"""A follow-up question read through the conversation, offline: "Who is Tiny Tim's father?" → Bob Cratchit,
then "Who is his wife?" asks for Bob Cratchit's wife.

With an LLM the history goes into its prompt; offline nothing reads it, so the keywords, the retrieval and
the extractive answer all saw "Who is his wife?" alone and answered nothing. The one third-person pronoun
of a question that names no one of its own is read as the previous answer, when the previous question asked
who and its short answer was a name the pronoun fits ("she" is no man by his first name). Anything else,
and a pronoun inside a quoted title, is left as asked.
"""

from __future__ import annotations

import re

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_type import PERSON, answer_type
from lightrag_core.query.extractive import ANSWER_PREFIX
from lightrag_core.query.name_sex import FEMALE, MALE, sex_of

_SHORT = re.compile(rf"^{re.escape(ANSWER_PREFIX)}(?P<name>[^\n\[]{{1,80}}?) ?(?:\[\d+\])*[ \t]*$", re.MULTILINE)
# a name as the short answer writes it: a few capitalised words, single spaces, nothing else
_NAME = re.compile(r"^[A-Z][\w.'’-]{0,29}(?: (?:of |de |van |von )?[A-Z][\w.'’-]{0,29}){0,4}$")
_HIS = {"he": "", "him": "", "his": "'s"}
_HERS = {"she": "", "her": "", "hers": "'s"}
_ANY_PRONOUN = re.compile(r"(?<![\w-])(?i:he|him|his|she|her|hers)(?![\w-])")
_QUOTES = "\"'“”‘’«»"
MAX_QUESTION_CHARS = 300


def antecedent(history: list[dict[str, str]]) -> str:
    """The last assistant turn's short answer when it is a name and the question before it asked who; else ""."""
    for i in range(len(history) - 1, -1, -1):
        if history[i].get("role") == "assistant":
            found = _SHORT.search(history[i].get("content", "")[:2000])
            name = found["name"].strip() if found else ""
            asked = next((t.get("content", "") for t in reversed(history[:i]) if t.get("role") == "user"), "")
            return name if _NAME.match(name) and answer_type(asked[:MAX_QUESTION_CHARS]).kind == PERSON else ""
    return ""


def read_through(query: str, history: list[dict[str, str]], with_llm: bool = False) -> tuple[str, str]:
    """(the question with its pronoun read as the previous answer, that answer); the question unchanged and ""
    with an LLM (it reads the history itself), or when the question is not such a follow-up."""
    if with_llm or not history or len(query) > MAX_QUESTION_CHARS or any(q in query for q in _QUOTES[:1] + "“«"):
        return query, ""
    if not _ANY_PRONOUN.search(query):
        return query, ""  # (no parse for a question with nothing to read through: most of them)
    doc = nlp()(query)
    pronouns = [t for t in doc if t.lower_ in _HIS or t.lower_ in _HERS]
    if len(pronouns) != 1 or any(t.pos_ == "PROPN" or t.ent_type_ for t in doc):
        return query, ""  # two ("What did she give her?") or a name of its own ("Did Scrooge pay him?")
    name = antecedent(history)
    pronoun = pronouns[0]
    wanted = MALE if pronoun.lower_ in _HIS else FEMALE
    if not name or sex_of(name) not in {wanted, ""} or _in_word(query, pronoun.idx, len(pronoun.text)):
        return query, ""
    owned = _HIS.get(pronoun.lower_) or _HERS.get(pronoun.lower_) or ("'s" if pronoun.dep_ == "poss" else "")
    return query[:pronoun.idx] + name + owned + query[pronoun.idx + len(pronoun.text):], name


def _in_word(text: str, start: int, length: int) -> bool:
    """"the he-man", "'his dark materials'": part of a longer word or a quoted title."""
    before, after = text[start - 1:start], text[start + length:start + length + 1]
    return before in "-" + _QUOTES and before != "" or after in "-" + _QUOTES and after != ""
