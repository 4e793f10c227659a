"""Two candidates of one sentence told apart by the clause each stands in.

"The nomination passed the Senate with 77 votes (the House had approved the bill with 132)" answers "How many
votes did the nomination receive in the Senate?" with 77: both numbers count votes, and only the clause
says which vote is asked. A sentence is cut into clauses at a semicolon, at a contrast (", while …", ", but
…") and around a bracket that holds a verb of its own ("(now Kaliningrad, Russia)" names where a place is
today and stays in its clause). A candidate is weighed down when another candidate of the same sentence
stands in a clause that says the question's words it says (all but one) and at least two more.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lightrag_core import lexical
from lightrag_core.query.answer_support import QUESTION_WORDS
from lightrag_core.query.sentences import stems

if TYPE_CHECKING:
    from lightrag_core.query.candidates import Candidate

# (0.8: enough to turn a close call between two numbers of one sentence, not to bury a candidate whose own
# evidence is stronger elsewhere)
FEWER = 0.8

_CUT = re.compile(r";|,\s+(?:while|whereas|but|although|though)\b", re.IGNORECASE)
# A bracket's own verb: a finite "be"/"have" or a past form ("(the House passed it with 132)"), not a
# birth or a naming ("(born 1950)", "(formerly known as …)")
_VERB = re.compile(r"\b(?:is|was|are|were|has|have|had|did|does|(?!born\b|known\b|named\b|called\b)[a-z]{2,}ed)\b")
_BRACKET = re.compile(r"\([^()]*\)")
# An opening phrase frames every clause after it ("According to the 2011 census, 62,888 people lived in …, while
# 44,935 people lived in …")
_FRAME = re.compile(r"^\W*(?:according\s+to|as\s+of|in|on|at|by|during|after|before|since|until|for|from|under)\b"
                    r"[^,;()]*,", re.IGNORECASE)
# (the question's asking and linking words are the project's own; "title of" asks, it says nothing)
_ASKING = QUESTION_WORDS | {"title"}


def clause_of(text: str, at: int) -> str:
    """The clause of the sentence that position `at` stands in: a bracket with a verb is a clause of its own
    and is left out of the clause around it; an opening phrase that frames the sentence belongs to every
    clause."""
    brackets = [(m.start(), m.end()) for m in _BRACKET.finditer(text) if _VERB.search(m.group())]
    for a, b in brackets:
        if a <= at < b:
            return text[a:b]
    cuts = [m.start() for m in _CUT.finditer(text) if not any(a < m.start() < b for a, b in brackets)]
    start = max((c for c in cuts if c <= at), default=0)
    end = min((c for c in cuts if c > at), default=len(text))
    frame = _FRAME.match(text)
    kept, last = [frame.group()] if frame and start >= frame.end() else [], start
    for a, b in brackets:
        if start <= a and b <= end:
            kept.append(text[last:a])
            last = b
    return "".join([*kept, text[last:end]])


def question_words(query: str) -> frozenset[str]:
    """The stems of what the question says, past its asking and linking words ("US" is a country, not "us")."""
    quiet = lexical.stop_words() | _ASKING
    words = re.findall(r"[^\W\d_][\w'’-]*", query)
    return frozenset(s for w in words if w.isupper() and len(w) > 1 or w.lower() not in quiet for s in stems(w))


def _said(query_words: frozenset[str], candidate: Candidate) -> frozenset[str] | None:
    """The question's words said by the clause the candidate stands in, or None when its sentence does not
    write it."""
    text, answer = candidate[1][1][-1].text, candidate[1][2][-1]
    at = text.find(answer)
    if at < 0:
        return None
    return query_words & stems(clause_of(text, at))


def _says_less(weaker: frozenset[str], other: frozenset[str]) -> bool:
    return len(weaker - other) <= 1 and len(other) >= len(weaker) + 2


def by_clause(query: str, ranked: list[Candidate], among: int = 4) -> list[Candidate]:
    """`ranked`, best first again after a candidate is weighed down whose clause says less of the question
    than another's of the same sentence, among the first `among`."""
    top = ranked[:among]
    shared = [c[1][1][-1].text for c in top]
    if len(set(shared)) == len(shared):  # (no two of them from one sentence: the common case, nothing to read)
        return ranked
    asked = question_words(query)
    said = [_said(asked, c) for c in top]
    weaker: set[int] = set()
    for i, (a, said_a) in enumerate(zip(top, said)):
        for j, (b, said_b) in enumerate(zip(top, said)):
            if (i != j and said_a is not None and said_b is not None and a[1][1][-1].text == b[1][1][-1].text
                    and _says_less(said_a, said_b)):
                weaker.add(i)
    if not weaker:
        return ranked
    weighed = [(k, (v[0] * FEWER, *v[1:])) if i in weaker else (k, v) for i, (k, v) in enumerate(ranked)]
    return sorted(weighed, key=lambda kv: -kv[1][0])
