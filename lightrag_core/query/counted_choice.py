"""Which of two has more of something: "Which one produced more tornadoes, A or B?" is answered by the
counts each side's sentences give ("the outbreak produced a total of 81 tornadoes"), read from the
sentences naming the side and, failing those, from the rest of the side's own passage.
"""

from __future__ import annotations

import re

from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.answer_type import AnswerType
from lightrag_core.query.sentences import Sentence, named_in, stem

# "more tornadoes", "fewer members": what is counted is the noun after the comparison
_COMPARED = re.compile(r"\b(?P<more>more|fewer|less)\s+(?P<noun>[a-z]{3,})\b", re.IGNORECASE)
_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
          "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "twenty": 20}
# (a bare year is no count: "in 2017 tornado season")
_NUMBER = r"(?P<n>\d{1,3}(?:,\d{3})+|(?!1\d{3}\b|20\d{2}\b)\d+|" + "|".join(_WORDS) + r")"
MAX_BETWEEN = 2  # words between the number and the noun ("81 confirmed tornadoes")


def counted_choice(kind: AnswerType, query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    """The option with more (or fewer) of the compared noun; None unless both sides state a count and
    the counts differ."""
    compared = _COMPARED.search(query)
    if compared is None or len(kind.options) != 2:
        return None
    noun = stem(compared["noun"].lower())
    # (the words between in lower case: "2017 The tornado" counts nothing)
    counted = re.compile(rf"\b(?i:{_NUMBER})\s+(?:[a-z-]+\s+){{0,{MAX_BETWEEN}}}?(?i:{re.escape(noun)})\w*")
    counts: dict[str, tuple[int, Sentence]] = {}
    for option in kind.options:
        for s in _sides_sentences(option, sentences):
            if found := counted.search(s.text):
                counts[option] = (_value(found["n"]), s)
                break
    if len(counts) != 2 or counts[kind.options[0]][0] == counts[kind.options[1]][0]:
        return None
    pick = max if compared["more"].lower() == "more" else min
    best = pick(kind.options, key=lambda o: counts[o][0])
    other = next(o for o in kind.options if o != best)
    written = _as_written(query, best)
    return ShortAnswer(written, [counts[best][1], counts[other][1]], [written], 1.0)


def _as_written(query: str, option: str) -> str:
    """The option as the question writes it, with the words its comparison dropped ("tornado outbreak of
    January 21–23, 2017" for "January 21–23, 2017"), without a leading article."""
    found = re.search(r"(?:,|\bor)\s+(?:the\s+)?(?P<w>(?:(?!\bor\b)[^,?]){0,80}?" + re.escape(option) + ")", query,
                      re.IGNORECASE)
    return found["w"] if found else option


def _sides_sentences(option: str, sentences: list[Sentence]) -> list[Sentence]:
    """Sentences naming the option, then the other sentences of a passage that opens by naming it."""
    about = [s for s in sentences if named_in(option, s.name_stems)]
    own = {s.ref for s in about if s.offset == 0}  # a passage that opens by naming it
    return [*about, *(s for s in sentences if s.ref in own and s not in about)]


def _value(number: str) -> int:
    word = number.lower()
    return _WORDS[word] if word in _WORDS else int(word.replace(",", ""))
