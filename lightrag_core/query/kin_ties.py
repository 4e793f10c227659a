"""Kinship read from either side of a sentence: "the son of A and B" names B as the mother, "she married X"
names the sentence's own subject as X's spouse, "… gave birth to his first son X" names the passage's subject
as X's father. `role_holders.holder` asks these when the role is a tie between people.
"""

from __future__ import annotations

import re

from lightrag_core.query.described import passage_opening, passage_subject
from lightrag_core.query.holder_names import bare_name
from lightrag_core.query.name_forms import RULER_TITLES
from lightrag_core.query.sentences import Sentence, stems

SPOUSES = {"spouse", "wife", "husband"}
MUTUAL = {*SPOUSES, "brother", "sister", "sibling", "son", "daughter", "child"}
_KIN_OF = re.compile(r"(?:son|daughter|child|heir|wife|husband|spouse|widow|widower|sister|brother|sibling)"
                     r"\s+(?:and\s+\w+\s+)?of\s+")
# Roles whose cue, followed by "of <subject>", says the sentence's own subject holds a tie to ours.
TIES = {"father", "mother", "spouse", "wife", "husband"}


def points_at(text: str, cue: int, subject: str) -> bool:
    """The cue is "son of <subject>" (or "son of A and <subject>"): asked for the subject's parent, the
    sentence names its child; "the wife of <subject>": asked for the subject's spouse, the one named
    near the cue is someone else ("She was the daughter of X and the wife of <subject>"); "his father was
    <subject>": the subject is the father here, of the sentence's own subject."""
    word = re.match(r"\w+", text[cue:])
    after = cue + (word.end() if word else 0)
    if subject in text[after:after + len(subject) + 12]:  # " was ", ", "
        return True
    if re.match(rf"{_DESCRIBING_WORDS}{re.escape(subject)}\b", text[after:]):
        return True  # "He was the father of Bollywood actress Antara Mali", "… married noted Iowa writer Ruth Suckow"
    styled = _STYLED.match(text, after)
    if styled and subject.split() and styled.group(1) == subject.split()[0]:
        return True  # "brother of King Bleddyn of Powys", asked Bleddyn ap Cynfyn's: a ruler by his style
    kin = _KIN_OF.match(text, cue)
    if kin is None:
        return False
    stop = min((i for mark in ".;(" if (i := text.find(mark, kin.end())) >= 0), default=len(text))
    return subject in text[kin.end():min(stop, kin.end() + 120)]


# "of King Bleddyn of Powys": a ruler named by title and first name (lower-cased text)
_STYLED = re.compile(rf"\s+of\s+(?:the\s+)?(?:{'|'.join(sorted(RULER_TITLES | {'sultan'}))})\.?\s+([\w'-]{{3,}})\b")
# "of Bollywood actress ", " noted Iowa writer ": words that describe the name after them
_DESCRIBING_WORDS = r"\s+(?:of\s+)?(?:(?!(?:and|or|by|to|with|in)\s)[a-z-]+\s+){1,3}"
_DESCRIBED = re.compile(r"(?:the\s+|a\s+|an\s+)?(?:[a-z-]+\s+){0,3}")  # "and the singer Ingrid Lund"


def parents(text: str, cue: int) -> int:
    """Where the name after "and" (or "by") may start in "the son of A and B", "the son of A by B" (-1 when
    the cue is not that)."""
    kin = _KIN_OF.match(text, cue)
    if kin is None:
        return -1
    # "by" right after the father's name ("… of Henry I of England by Nest"), not "a farmer ruined by …"
    # (an initial's full stop ends nothing: "the son of author E. B. White and …")
    joins = sorted((at, len(word)) for word, marks in ((" and ", ".;("), (" by ", ".;(,"))
                   if (at := text.find(word, kin.end())) >= 0
                   and not any(m in _INITIAL.sub("", text[kin.end():at]) for m in marks))
    return joins[0][0] + joins[0][1] if joins else -1


def second_parent(text: str, cue: int, names: dict[str, int]) -> str:
    """"the son of A and B": by custom the father is named first, so the mother is the name after "and",
    past a lower-case description ("and the singer Ingrid Lund")."""
    start = parents(text, cue)
    if start < 0:
        return ""
    reach = start + len(_DESCRIBED.match(text, start).group(0)) + 1  # type: ignore[union-attr]
    after = sorted((at, name) for name, at in names.items() if at >= start)
    if not after or after[0][0] > reach:
        return ""
    if len(after) > 1 and _DESCRIBING_NOUN.fullmatch(text, after[0][0] + len(after[0][1]), after[1][0]):
        return after[1][1].strip(" ,.")  # "and New Yorker Magazine editor Katharine White": the editor
    return after[0][1].strip(" ,.")


_INITIAL = re.compile(r"\b\w\.")
# a name's description going on past it: " editor " (not " of ", " and ")
_DESCRIBING_NOUN = re.compile(r"\s+(?:(?!(?:of|in|at|from|and|to|by|the|an?|was|is|who)\s)[a-z-]+\s+){1,2}")
PARENT_PRONOUN = {"father": "his", "mother": "her"}
_SUBJECT_PRONOUN = {"his": "he", "her": "she"}
# Words that say which child: "his eldest son", "the second son of", "an illegitimate son of"
CHILD_WORDS = (r"(?:(?:first|second|third|fourth|eldest|elder|oldest|youngest|younger|only|infant|illegitimate|"
               r"natural)\s+)")
_CHILD = rf"{CHILD_WORDS}{{0,2}}(?:son|daughter|child)"
# "His eldest son X …" opening a sentence of the parent's passage
_CHILD_OPENS = re.compile(rf"^(?P<pronoun>His|Her)\s+{_CHILD},?\s+$")
# "He took two wives: the first gave birth to his first son and successor X", "he had … his daughter X"
_CHILD_AFTER = re.compile(rf"\b(?P<pronoun>his|her)\s+{_CHILD}(?:\s+and\s+(?:heir|successor))?,?\s+$")


def parent_by_pronoun(subject: str, role: str, about: list[Sentence], sentences: list[Sentence]
                       ) -> tuple[str, Sentence] | None:
    """The subject's father (mother) when a sentence of a person's passage calls the subject "his (her) …
    son" and "his" is that person: the sentence opens with it ("His eldest son X …") or with "he" ("He
    took two wives: the first … gave birth to his first son X"; not "She married the king and raised his
    son X", nor "His general retired, and his son X took over")."""
    for said in about:
        at = said.text.find(subject)
        before = said.text[said.lead:at].lstrip() if at > said.lead else ""
        found = _CHILD_OPENS.match(before) or _CHILD_AFTER.search(before[-60:])
        if found is not None and role == "mother" and found["pronoun"] == "his" and (mother := _his_wife(before)):
            return mother, said  # "Along with his wife Cleophea Lutz he had a single child, his daughter X"
        if found is None or found["pronoun"].lower() != PARENT_PRONOUN[role]:
            continue
        if re.search(rf"\b{re.escape(subject.split()[-1])}\b", before):
            continue  # "… his minister Aldo Finn, and exiled his son Piro Finn": Aldo Finn's son
        if found.re is _CHILD_AFTER and not re.match(rf"(?:[^,]{{0,30}},\s*)?{_SUBJECT_PRONOUN[found['pronoun']]}\b",
                                                      before, re.IGNORECASE):
            continue
        parent = passage_subject(said, sentences, person=True)
        if parent and not stems(parent) <= stems(subject):
            return bare_name(parent), said
    return None


_WIFE = re.compile(r"\bhis\s+(?:(?:first|second|third|late)\s+)?wife,?\s+"
                   r"(?P<name>[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,3})")


def _his_wife(before: str) -> str:
    """The one wife a sentence names before "his son (daughter) X", when "he" of it is her husband: X's
    mother. Two wives named leave it open."""
    wives = list(_WIFE.finditer(before))
    if len(wives) != 1 or not re.search(r"\bhe\b", before[wives[0].end():]):
        return ""
    return wives[0]["name"]


# "His widow, Allene White, lives in Brooklin." in Joel White's passage: her spouse is the passage's subject
_SPOUSE_OPENS = re.compile(r"^(?:His|Her)\s+(?:(?:second|first|late|former)\s+)?(?:wife|widow|husband|widower),?\s+$")


def spouse_by_pronoun(subject: str, about: list[Sentence], sentences: list[Sentence]) -> tuple[str, Sentence] | None:
    """The subject's spouse when a sentence of a person's passage opens by calling the subject "his wife"
    ("his widow", "her husband"): that person, the passage's subject."""
    for said in about:
        at = said.text.find(subject)
        if at <= said.lead or _SPOUSE_OPENS.match(said.text[said.lead:at].lstrip()) is None:
            continue
        spouse = passage_subject(said, sentences, person=True) or _opening_person(said, sentences)
        if spouse and not stems(spouse) <= stems(subject):
            return bare_name(spouse), said
    return None


# "Joel White (1930–1997), the son of …": the name a person's passage opens with, before its bracket or comma
_OPENING_NAME = re.compile(r"\s*([A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*){0,4})\s*[(,]")


def _opening_person(said: Sentence, sentences: list[Sentence]) -> str:
    """The name the sentence's passage opens with, when a life bracket follows it (so it is a person)."""
    first = passage_opening(said, sentences)
    found = _OPENING_NAME.match(first.text, first.lead) if first is not None else None
    if first is None or found is None or not re.match(r"\s*\((?:born\s+)?\d|\s*\(\d", first.text[found.end(1):]):
        return ""
    return found.group(1)
