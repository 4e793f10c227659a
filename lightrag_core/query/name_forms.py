"""How names are written in prose, beyond what the small model's entities hold: a numbered peerage after a
comma ("Edward Stafford, 4th Baron Stafford"), a ruler's territory ("Louis of France"), a generation
suffix ("Hank Williams, Jr."), no heading in capitals run into the name ("CHARACTERS Bob Cratchit"), and the
name an acronym in brackets stands for ("the Kentucky Education Reform Act (KERA)")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

# "Edward Stafford, 4th Baron Stafford", "Edward Stanley, 3rd Earl of Derby": a numbered title after a comma
# is part of the name.
PEER = (r",\s+\d{1,2}(?:st|nd|rd|th)\s+(?:Baron|Baroness|Earl|Countess|Count|Duke|Duchess|Marquess|Viscount|"
        r"Baronet|Lord|Lady|Prince|Princess)\b")
# "…, 2nd Baronet" has no place after it; "KG" after a title is an order, not part of it
_PEERAGE_TAIL = re.compile(PEER + r"(?:\s+(?:of\s+)?[A-Z][a-z][\w'-]{0,40}){0,3}")

# A generation suffix tells a son from his father ("Hank Williams, Jr.", "John Smith III"): it is part of the
# name, and a name that differs from another only by one is another person.
GENERATIONS = r"(?:Jr|Sr|Jnr|Snr)"
GENERATION_WORDS = frozenset({"jr", "sr", "jnr", "snr", "ii", "iii", "iv"})
# the suffix after a name in running text (", Jr." or " Jr"), not the start of a longer word
GENERATION_TAIL = re.compile(r",?\s+" + GENERATIONS + r"\.?(?![\w'-])")
# what the tagger may take for a name of its own ("Sr." split off, "III")
GENERATION_ONLY = re.compile(GENERATIONS + r"\.?|I{2,3}|IV")
# a father's suffix at a name's end: his passage is usually titled without it ("Hank Williams"), while a son's
# keeps "Jr."
FATHER_TAIL = re.compile(r",?\s+(?:Sr|Snr)\.?$")


def with_generation(name: str, text: str, end: int) -> str:
    """A person's name (ending at `end` in `text`) with the generation suffix after it that the small model
    leaves out ("Lon Chaney, Jr.": the son, not his father Lon Chaney)."""
    suffix = GENERATION_TAIL.match(text, end)
    if suffix is None or _TITLE_AFTER.match(text, suffix.end()):
        return name  # ("Fr. John Ryan, Sr. Mary Carmel": a sister's title before her name)
    return name + text[end:suffix.end()]


_TITLE_AFTER = re.compile(r"\s+[A-Z][a-z]+\s+[A-Z]")


_CAPS_HEADING = re.compile(r"^(?:[A-Z]{3,}\s+)+(?=[A-Z][a-z])")


def without_heading(name: str) -> str:
    """A name without a heading in capitals the small model read into it ("CHARACTERS Bob Cratchit"); not
    an acronym that one word completes ("KTR Network", "BBC One")."""
    heading = _CAPS_HEADING.match(name)
    return name[heading.end():] if heading and len(name[heading.end():].split()) > 1 else name


# A ruler or noble is named with a territory ("Princess Sophie of Kessel", "Louis of France"); the small
# model stops the name before "of", so an answer would lose what tells two Duke Friedrichs apart.
RULER_TITLES = frozenset("""prince princess duke duchess king queen count countess lord lady earl baron baroness emperor
empress archduke archduchess landgrave margrave elector marquess marquis viscount tsar tsarina infante infanta
grand saint st""".split())
_OF_TERRITORY = re.compile(r"(?:\s+[IVX]{1,5})?\s+of\s+(?:the\s+)?[A-Z][\w'-]{1,40}(?:\s+[A-Z][\w'-]{1,40}){0,2}")


def with_territory(name: str, text: str, end: int, always: bool = False) -> str:
    """`name` (ending at `end` in `text`) with the "of <Place>" after it, when it is a titled name or a
    single given name, or `always` (an organisation's or a work's name: "the Order of Polonia
    Restituta", "University of Toronto"); else `name` as it is."""
    words = name.split()
    if peer := _PEERAGE_TAIL.match(text, end):
        return name + text[end:peer.end()]
    if not words or not (always or words[0].lower().strip(".") in RULER_TITLES or len(words) == 1):
        return name
    tail = _OF_TERRITORY.match(text, end) or _TITLED_TAIL.match(text, end)
    return name + text[end:tail.end()] if tail else name


# "Frederick, Margrave of Baden", "Francis, Duke of Teck": a ruler named by his title after a comma.
_TITLED_TAIL = re.compile(r",\s+(?:Grand\s+)?(?:" + "|".join(w.capitalize() for w in sorted(RULER_TITLES)) +
                          r")\s+of\s+[A-Z][\w'-]{1,40}(?:\s+[A-Z][\w'-]{1,40}){0,2}")


# Titles before a name, not part of it ("the late President Chiang Kai-shek")
STYLES = frozenset("""president king queen prince princess emperor empress sultan duke duchess earl count countess
lord lady sir dame saint st dr doctor mr mrs ms miss general colonel captain major admiral senator governor mayor
judge justice pope bishop cardinal archbishop chief chairman minister premier professor reverend rev leader coach
secretary commissioner ambassador representative congressman congresswoman speaker sheriff sergeant lieutenant
inspector detective agent chancellor prime vice deputy assistant head executive founder ceo""".split())


def given_names_start(doc: Any, ent: Any) -> int:
    """Where a person's name starts, with up to two given names the small model left out of it ("directed
    by Biswajeet Bora" read as "Bora"): capitalised proper nouns right before it that are no entity."""
    start = int(ent.start)
    while ent.label_ == "PERSON" and start > max(ent.sent.start, ent.start - 2):
        before = doc[start - 1]
        if before.pos_ != "PROPN" or before.ent_type_ or not before.is_alpha or not before.text[:1].isupper() \
                or before.lower_ in STYLES:
            break
        start -= 1
    return start


# The words that may join a name's capitalised words and give no initial ("Society for the Protection of Birds")
_LINKING = ("of", "and", "for", "the", "on", "in", "&")
_SPELLED = re.compile(r"((?:[A-Z][\w'’-]*\s+(?:(?:" + "|".join(_LINKING) + r")\s+)*){1,7})\(\s*$")
_ASKS_SHORT = re.compile(r"\b(?:acronym|abbreviat\w*|initials|stands?\s+for|short\s+for)\b", re.IGNORECASE)


def spelled_out(acronym: str, text: str, start: int, question: str,
                named: Callable[[str], bool] = lambda _: False) -> str:
    """The name an acronym stands for when the text gives it just before, in brackets ("the Kentucky Education
    Reform Act (KERA)": Kentucky Education Reform Act), else the acronym: the name is what a reader asks by,
    unless the question asks for the short form or names the thing itself (`named`: "What is the Kentucky
    Education Reform Act commonly called?" asks for KERA)."""
    if not (2 <= len(acronym) <= 8 and acronym.isalpha() and acronym.isupper()) or _ASKS_SHORT.search(question):
        return acronym
    before = _SPELLED.search(text[max(0, start - 160):start])
    if before is None:
        return acronym
    words = before.group(1).split()
    for first in reversed(range(len(words))):  # the shortest run whose initials spell it ("The" is none of it)
        run = words[first:]
        if run[0].lower() not in _LINKING and "".join(w[0] for w in run if w.lower() not in _LINKING) == acronym:
            return acronym if named(name := " ".join(run)) else name
    return acronym
