"""A birth or death asked of the question's subject is not answered by the birth or death of a hop on the way.

"When was the naval officer born whose true story … is told in the 1987 TV film starring the lead actor of the
1995 drama in which a cast member of Little Big Top played a prison warden?": the decomposition resolved "a cast
member" (Sid Haig), and his own birth date, in his own bracket, read as the answer. The question asks the birth
of the naval officer, its subject, the bridge right after its asking words; a date in the own life bracket of a
bridge found for another phrase is that hop's birth or death, not the subject's.
"""

from __future__ import annotations

import re

from lightrag_core.query.decompose import Bridge, bridges
from lightrag_core.query.described import written_title
from lightrag_core.query.life_events import bracket_owner
from lightrag_core.query.result import DecompositionStep
from lightrag_core.query.rewrite import written_name
from lightrag_core.query.sentences import stem, written_in
from lightrag_core.query.short_answer import ShortAnswer

# "born", "died", a birth or a death asked ("the Harlem-born rapper" describes someone on the way)
_LIFE_ASKED = re.compile(r"(?<![-\w])(?:born|died|die|birth|death|buried|burial)\b", re.IGNORECASE)
# The asking words and the auxiliary before the subject: "When was", "In which city did", "Where is"
_ASKING = re.compile(r"^\W*(?:(?:in|on|at|from)\s+)?(?:which|what|when|where)\b(?:\s+\w+){0,2}?\s+"
                     r"(?:was|were|is|are|did|does|do|has|had)\s+", re.IGNORECASE)


def asked_subject(query: str) -> Bridge | None:
    """The bridge the question asks about: the first one, right after its asking words ("the naval officer")."""
    asking = _ASKING.match(query)
    found = bridges(query)
    if asking is None or not found:
        return None
    first = min(found, key=lambda b: b.start)
    return first if first.start == asking.end() else None


def life_of_a_hop(query: str, short: ShortAnswer, steps: list[DecompositionStep]) -> bool:
    """Whether a birth or death asked is answered by the life bracket of a bridge found for another phrase than
    the subject's ("Sid Haig Sidney Eddie Mosesian (born July 14, 1939)", the cast member's own). A date in
    another's bracket, read through that bridge ("James Mollison (19 April 1905 – 30 October 1959)", the husband
    asked for, in the aviator's passage), is left alone."""
    if len(short.path) < 2 or not _LIFE_ASKED.search(query):
        return False
    subject = asked_subject(query)
    if subject is None:
        return False
    if subject.head.lower() in _ANYONE:
        return False  # ("the man on whose story X is based": any bridge found may be him)
    hop = short.path[-2]
    through = [s for s in steps if hop in {s.found, written_name(s)}]
    # ("maternal grandfather (mother)": a kinship's own steps are the subject's too)
    if not through or any(_bare(s.phrase).startswith(_bare(subject.phrase)) for s in through):
        return False
    # the date in the hop's own life bracket, in a sentence that does not call the hop what the subject is
    return any(short.text in e.text and stem(subject.head) not in e.stems
               and written_in(written_title(hop).lower(), bracket_owner(e.text, e.text.find(short.text)).lower())
               for e in short.evidence)


_ANYONE = {"man", "woman", "person", "one", "people", "someone", "individual", "figure", "boy", "girl"}


def _bare(phrase: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", phrase.lower())
