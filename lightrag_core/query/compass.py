"""What lies to one side of a place: "What body of water lies east of Nantong?" is answered by a sentence whose
subject is Nantong and that lists its neighbours by side ("Nantong … borders Yancheng to the north, Taizhou to
the west … and the East China Sea to the east").

The sentence must be the place's own: "it borders Nantong to the east", in Taizhou's passage, says Nantong is
east of Taizhou, not what is east of Nantong. Only one name on the asked side is an answer; two are none.
"""

from __future__ import annotations

import re

from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.referents import about_name
from lightrag_core.query.sentences import Sentence, stems

_SIDES = r"north|south|east|west|northeast|northwest|southeast|southwest|north-east|north-west|south-east|south-west"
_ASKED = re.compile(rf"\b(?:lies?|is|are|located|situated|sits?)\s+(?:to\s+the\s+|due\s+)?(?P<side>{_SIDES})\s+of\s+"
                    r"(?P<place>(?-i:[A-Z])[^?]{1,80}?)\s*\?\s*$", re.IGNORECASE)
# "… and the East China Sea to the east": a name, then its side
_NAME_SIDE = (r"(?:the\s+)?(?P<name>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){{0,4}})"
              r"\s+(?:to\s+the\s+|on\s+the\s+)({side})\b")
# (after an opening phrase of its own: "Situated on the north bank of the Yangtze River, it borders …")
_PRONOUNS = re.compile(r"^(?:[^,]{1,80},\s+)?(?:it|the\s+city|the\s+town|the\s+county|the\s+country|the\s+region)\b",
                       re.IGNORECASE)


def compass_answer(query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    """The one name the place's own sentences put on the asked side of it; None when the question asks no
    side of a place, or the sentences put none or several there."""
    asked = _ASKED.search(query)
    if asked is None:
        return None
    place, side = asked["place"].strip(), asked["side"].lower()
    said = re.compile(_NAME_SIDE.format(side=re.escape(side)))
    found: dict[str, Sentence] = {}
    about = [s for _, s in about_name(place, sentences)]
    # (and the rest of the place's own passage: "Situated on …, it borders …" names neither it nor "it" first)
    opened = {(s.ref, s.rank) for s in about if s.offset == 0 and _opens_with(s, place)}
    about += [s for s in sentences if (s.ref, s.rank) in opened and s not in about]
    for sentence in about:
        if not _own(sentence, place, opened):
            continue
        for side in said.finditer(sentence.text):
            if not stems(side["name"]) <= stems(place):
                found.setdefault(side["name"], sentence)
    if len(found) != 1:
        return None
    name, sentence = next(iter(found.items()))
    return ShortAnswer(name, [sentence], [place, name], 1.0)


def _own(sentence: Sentence, place: str, opened: set[tuple[str, int]]) -> bool:
    """The sentence is said of the place: it opens with its name (after a title line), or with "it" or "the
    city" (maybe after a phrase of its own) in a passage that opens with the place."""
    if _opens_with(sentence, place):
        return True
    return (sentence.ref, sentence.rank) in opened and bool(_PRONOUNS.match(sentence.text[sentence.lead:].lstrip()))


def _opens_with(sentence: Sentence, place: str) -> bool:
    return sentence.text[sentence.lead:].lstrip().lower().startswith(place.lower())
