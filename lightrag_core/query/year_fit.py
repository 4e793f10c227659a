"""A candidate whose sentence is dated in other years than the question dates what it asks about.

"How many episodes did the 2014 KBS2 series have that starred the main vocalist of the girl group formed … in
2011?": "It aired … 2014 … for 16 episodes" and "It aired from October 5, 2015 … for 12 episodes" both state a count
of episodes on KBS2, and only the year tells them apart. The year is the asked thing's when it comes before the
first thing the question names through another and before any clause describing something (2014, not the girl
group's 2011). An answer's sentence that names
years, none of them that one, is about another time (its candidate's own year is no date of it: "died in 1989"
answers "when did …?").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lightrag_core.query.answer_support import YEAR
from lightrag_core.query.decompose import bridges
from lightrag_core.query.sentences import Sentence

if TYPE_CHECKING:
    from lightrag_core.query.candidates import Candidate

# (0.85 and 0.75 gave the same answers on bench/wiki_forms batches 11 to 30 and hotpotqa_100, in a first form)
OTHER_YEAR = 0.85


def years_of(text: str) -> set[str]:
    return set(YEAR.findall(text))


# Where the asked thing's own words end: a relative clause describes something on the way ("a retired Orlando Magic
# player, who missed the entire 2003-2004 season, …")
_DESCRIBED = re.compile(r",|\b(?:who|whom|whose|which|that|where|when)\b", re.IGNORECASE)
# A life bracket dates a person, not the fact its sentence states ("Grant Hill (born October 5, 1972) is … a host")
_LIFE = re.compile(r"\((?:born|b\.)[^)]*\)|\(\s*(?:c\.\s*)?\d{3,4}\s*[–-][^)]*\)")


def asked_years(query: str) -> set[str]:
    """The years the question dates the asked thing by: those before the first bridge it names and before
    any clause describing something (none, when it asks after either)."""
    if not (years := years_of(query)):
        return years
    through = bridges(query)
    end = min([b.start for b in through] + [m.start() for m in _DESCRIBED.finditer(query, 1)], default=len(query))
    return years_of(query[:end])


def _said(answer: str, evidence: list[Sentence]) -> set[str]:
    """The years the answer's own sentence names, but for the answer's and those of life brackets."""
    return years_of(_LIFE.sub("", evidence[-1].text)) - years_of(answer)


def dated_otherwise(asked: set[str], answer: str, evidence: list[Sentence]) -> bool:
    """The answer's sentence names years, and none of them is one of the `asked` years."""
    said = _said(answer, evidence)
    return bool(said) and not said & asked


def by_year(query: str, ranked: list[Candidate], among: int = 4) -> list[Candidate]:
    """`ranked`, best first again after a candidate dated otherwise is weighed down: only when one of the first
    `among` is dated in a year the question names, so that the year tells them apart (a bridge's death "in
    1989" is no other time than "the 1984 film" whose director it was, unless the film's year dates another)."""
    asked = asked_years(query)
    if not asked or not any(_said(v[2][-1], v[1]) & asked for _, v in ranked[:among]):
        return ranked
    weighed = [(k, (v[0] * OTHER_YEAR, *v[1:]) if dated_otherwise(asked, v[2][-1], v[1]) else v) for k, v in ranked]
    return sorted(weighed, key=lambda kv: -kv[1][0])
