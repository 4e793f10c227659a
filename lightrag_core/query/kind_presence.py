"""Which context sentences can state an answer of the kind the question asks for.

"When did X die?" is answered by a sentence with a date in it, "who …?" by one that names someone
the question does not. The offline answer shows at most four sentences, so a sentence that shares
the question's words but cannot hold its answer takes a place the answer's sentence needs. Read
with patterns, not the parser: every context sentence is checked, and spaCy costs ~2 ms a sentence.
Measured on hotpotqa_100 (multihop, answer found in the offline answer): 0.53 -> 0.59; lihuaworld
0.165 -> 0.166 (its questions are mostly untyped, which this leaves alone).
"""

from __future__ import annotations

import re

from lightrag_core.query.answer_type import ANY, CHOICE, DATE, NUMBER, YES_NO, AnswerType
from lightrag_core.query.sentences import Sentence, stems

KIND_WEIGHT = 1.0  # added to a sentence's score (names weigh 0.5, the meaning up to 4.0)

_DATE = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})s?\b|\b(January|February|March|April|May|June|July|August|"
                   r"September|October|November|December)\b|\bcentur(y|ies)\b", re.IGNORECASE)
_NUMBER = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
                     r"forty|fifty|hundred|thousand|million|billion|once|twice|dozen)\b", re.IGNORECASE)
# A capitalised word after the first: a name, unless the question already holds it.
_CAPITALISED = re.compile(r"(?<=\s)[A-Z][\w'’.-]*")


def holds_kind(kind: AnswerType, text: str, question_stems: frozenset[str]) -> bool:
    """Whether `text` holds something of the asked-for kind that the question does not already name."""
    if kind.kind == DATE:
        return _DATE.search(text) is not None
    if kind.kind == NUMBER:
        return _NUMBER.search(text) is not None
    return any(stems(word) - question_stems for word in _CAPITALISED.findall(text))


def favour_kind(scored: list[tuple[Sentence, float]], kind: AnswerType, query: str) -> list[tuple[Sentence, float]]:
    """The scored sentences re-ranked with the sentences that can hold the answer raised by KIND_WEIGHT.

    Untyped questions, yes/no and comparisons are left as they are: any sentence may answer them."""
    if kind.kind in {ANY, YES_NO, CHOICE} or not scored:
        return scored
    asked = stems(query)
    raised = [(s, v + KIND_WEIGHT * holds_kind(kind, s.text, asked)) for s, v in scored]
    return sorted(raised, key=lambda pair: -pair[1])
