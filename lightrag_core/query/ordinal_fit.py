"""A candidate whose sentences never say the ordinal the question counts the asked thing by.

"What is the title of the sixth studio album by …?": a passage lists the band's albums, and "Ego Trip" is
the album its sentence calls the sixth, while the others' sentences name an album and no count. The rule
reads the ordinal only when the question asks for the counted thing itself (the asked words are "the
sixth album", not "the singer of the band that released its sixth album", where the count belongs to a
bridge), and only when one of the best candidates' sentences says the ordinal before the counted noun, so
that the count tells the candidates apart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lightrag_core.query.candidates import Candidate
    from lightrag_core.query.sentences import Sentence

# (0.5: an unsaid count is a strong sign of another item of the list; a candidate with nothing better to
# say for it still stays above the bar)
UNSAID = 0.5

_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
          "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
          "eighteenth", "nineteenth", "twentieth")
_SUFFIX = {1: "st", 2: "nd", 3: "rd"}
_NUMERAL = {w: f"{i}{_SUFFIX.get(i % 10, 'th') if i not in (11, 12, 13) else 'th'}" for i, w in enumerate(_WORDS, 1)}
_ORDINAL = r"(?P<ord>" + "|".join(_WORDS) + r"|\d{1,2}(?:st|nd|rd|th))"
# Where the counted noun ends ("the sixth studio album by …", "the first man to open …")
_ENDS = r"(?:by|of|in|on|at|to|for|from|with|that|which|who|whose|released|made|produced)\b"
# The asked thing itself: "What is (the title of) the sixth album", "Who was the first editor", "Which city is
# the third largest"; up to two describing words between the count and its noun ("sixth studio album")
_ASKED = re.compile(r"^\W*(?:what|which|who)(?:\s+\w+)?\s+(?:is|was|are|were)\s+(?:the\s+(?:title|name)\s+of\s+)?"
                    r"the\s+" + _ORDINAL + r"\s+(?P<noun>[a-z-]+(?:\s+(?!" + _ENDS + r")[a-z-]+){0,2})",
                    re.IGNORECASE)


def asked_ordinal(query: str) -> tuple[str, str] | None:
    """(the ordinal, the counted noun's last word) when the question asks for the counted thing itself."""
    found = _ASKED.match(query)
    if found is None:
        return None
    noun = found["noun"].split()[-1].lower()
    return found["ord"].lower(), noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun


def _forms(ordinal: str) -> tuple[str, ...]:
    return (ordinal, _NUMERAL[ordinal]) if ordinal in _NUMERAL else (ordinal,)


def says_ordinal(ordinal: str, sentences: list[Sentence]) -> bool:
    """Any of the sentences writes the ordinal, in words or figures."""
    return any(re.search(rf"\b{re.escape(f)}\b", s.text, re.IGNORECASE) for f in _forms(ordinal) for s in sentences)


def counts_noun(ordinal: str, noun: str, sentences: list[Sentence]) -> bool:
    """A sentence says the ordinal before the counted noun ("the sixth studio album", "the 3rd largest")."""
    forms = "|".join(re.escape(f) for f in _forms(ordinal))
    pattern = re.compile(rf"\b(?:{forms})\s+(?:[\w-]+\s+){{0,2}}?{re.escape(noun)}", re.IGNORECASE)
    return any(pattern.search(s.text) for s in sentences)


def by_ordinal(query: str, ranked: list[Candidate], among: int = 4) -> list[Candidate]:
    """`ranked`, best first again after candidates whose sentences never say the asked ordinal are weighed
    down: only when one of the first `among` says it before the counted noun."""
    asked = asked_ordinal(query)
    if asked is None:
        return ranked
    ordinal, noun = asked
    if not any(counts_noun(ordinal, noun, v[1]) for _, v in ranked[:among]):
        return ranked
    weighed = [(k, v if says_ordinal(ordinal, v[1]) else (v[0] * UNSAID, *v[1:])) for k, v in ranked]
    return sorted(weighed, key=lambda kv: -kv[1][0])
