"""What each side of a comparison is said to be: the sentences about an option, and the places,
countries and organisations those sentences tie it to ("a city in Ohio", "the rock band Oasis").
"""

from __future__ import annotations

import re

from lightrag_core.nlp import nlp
from lightrag_core.query.countries import country_named, country_of_word
from lightrag_core.query.described import bare
from lightrag_core.query.regions import country_of_state
from lightrag_core.query.sentences import Sentence, named_in, stems

# "Avril Lavigne's The Best Damn Thing": a work named with its maker, which its own passage names without
_OWNED = re.compile(r"[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)+['’]s\s+(?P<title>[A-Z0-9\"“].*)")
Read = tuple[set[str], Sentence | None]  # what a side's first telling sentence says, and that sentence


def about_option(option: str, sentences: list[Sentence]) -> list[Sentence]:
    """Sentences naming the option, those with its full name first ("Alexandria Airport" before any
    sentence that shares only its last word)."""
    full = stems(option)
    about = [s for s in sentences if named_in(option, s.name_stems)]
    if not about and (owned := _OWNED.fullmatch(option)):  # "Avril Lavigne's The Best Damn Thing": the work's own
        return about_option(owned["title"], sentences)
    # the option's own passage first: "Big Boi" titles the passage with his birth, six albums' passages name him
    own = {s.ref for s in about if s.lead and stems(bare(s.text[:s.lead])) == full}
    return sorted(about, key=lambda s: (s.ref not in own, not full <= s.name_stems))[:6]


def named_as(option: str, sentences: list[Sentence]) -> str:
    """The option as its passage's title names it: "Awake" for "Josh Groban's Awake" ("Awake (Josh Groban
    album)"); "Mr. Bill's Real Life Adventures" is a title whole."""
    owned = _OWNED.fullmatch(option)
    if owned is None or not any(bare(s.text[:s.lead]) == owned["title"] for s in sentences if s.lead):
        return option
    return owned["title"]


def countries_of(option: str, sentences: list[Sentence], level: str = "") -> Read:
    """The countries the first sentence about `option` that names any puts it in, by name or by a
    nationality word ("in the Austrian state of Carinthia": Austria), whatever the tagger calls them."""
    about = about_option(option, sentences)
    own = option.lower()
    for sentence, doc in zip(about, nlp().pipe([s.text for s in about])):
        found = {country_named(country_of_word(e.text) or e.text) for e in doc.ents if e.text.lower() not in own}
        # "a Welsh film director": the tagger may see no entity in a nationality word
        found |= {country_named(country_of_word(t.text)) for t in doc if t.text[:1].isupper() and t.lower_ not in own}
        # "a magazine founded in Texas": the state's country (a place the tagger sees, not "Denzel Washington")
        found |= {country_of_state(e.text) for e in doc.ents if e.label_ == "GPE" and e.text.lower() not in own}
        if found - {""}:
            return found - {""}, sentence
    return set(), None


# "in Jefferson County, New York": the place after a county or parish is its state.
_COUNTY_BEFORE = re.compile(r"\b(?:county|parish|borough)\s*,\s*$")


def places_of(option: str, sentences: list[Sentence], level: str = "country") -> Read:
    """Where the first sentence about `option` that says so puts it, at the asked level: for a country the
    last place it names ("a city in Jiangsu province, China"), for a state or province the place the
    sentence calls one ("Jiangsu province", "the state of New York", the place after a county: "Jefferson
    County, New York"). Nothing when it does not say."""
    about = about_option(option, sentences)
    own = option.lower()
    for sentence, doc in zip(about, nlp().pipe([s.text for s in about])):
        places = [e for e in doc.ents if e.label_ == "GPE" and e.text.lower() not in own]
        if level == "country" and places:
            return {places[-1].text.lower()}, sentence
        text = sentence.text.lower()
        stated = {e.text.lower().removesuffix(f" {level}") for e in places
                  if e.text.lower().endswith(f" {level}") or text.startswith(level, e.end_char + 1)
                  or text.endswith(f"{level} of ", 0, e.start_char)
                  or (level == "state" and _COUNTY_BEFORE.search(text, 0, e.start_char) is not None)}
        if level == "county":  # "County Cork": Ireland writes the level first, whatever the tagger reads
            stated |= {m.group(1).lower() for m in _COUNTY_FIRST.finditer(sentence.text)}
        if stated:
            return stated, sentence
    return set(), None


_COUNTY_FIRST = re.compile(r"\bCounty\s+([A-Z][\w'-]+)")


_GROUP_WORDS = {"band": ("band", "group"), "group": ("group", "band"), "team": ("team", "club"),
                "club": ("club", "team")}


def groups_of(option: str, sentences: list[Sentence], level: str = "") -> Read:
    """The organisations the first sentence about `option` that names any ties it to: spaCy's ORG, and the
    name after the asked word ("the rock band Oasis"; the small model calls many bands a place or a person)."""
    about = about_option(option, sentences)
    own = option.lower()
    words = "|".join(_GROUP_WORDS.get(level, (level,)))
    after = re.compile(rf"\b(?:{words})s?\s+((?:[A-Z][\w'&.-]*\s?)+)") if level else None
    for sentence, doc in zip(about, nlp().pipe([s.text for s in about])):
        found = {e.text.lower().removeprefix("the ") for e in doc.ents if e.label_ == "ORG"}
        found |= {m.group(1).strip(" .,").lower() for m in after.finditer(sentence.text)} if after else set()
        found = {f for f in found if f not in own}
        if found:
            return found, sentence
    return set(), None


_BORN = re.compile(r"\bborn\b", re.IGNORECASE)


def birthplaces_of(option: str, sentences: list[Sentence], level: str = "") -> Read:
    """The first place named after "born" in the first sentence about `option` that says where it was born
    ("born January 7, 1960, in Newark, New Jersey": Newark), for "born in the same city?"."""
    about = about_option(option, sentences)
    own = option.lower()
    for sentence, doc in zip(about, nlp().pipe([s.text for s in about])):
        born = _BORN.search(sentence.text)
        place = next((e for e in doc.ents if born and e.start_char > born.end() and e.label_ == "GPE"
                      and e.text.lower() not in own), None) if born else None
        if place is not None:
            return {place.text.lower()}, sentence
    return set(), None


# "published by the same company?": the deed's doer in each side's sentences, by the verb or one that says the
# same of a work ("released by Sega")
_DEED_VERBS = {"published": ("published", "released", "distributed"), "released": ("released", "published"),
               "developed": ("developed", "created", "made"), "produced": ("produced", "made"),
               "founded": ("founded", "established", "formed"), "owned": ("owned",), "built": ("built",),
               "designed": ("designed",), "manufactured": ("manufactured", "made")}
ASKED_DEED = re.compile(r"\b(?P<verb>" + "|".join(_DEED_VERBS) + r")\s+by\s+the\s+same\b", re.IGNORECASE)


def doers_of(verb: str, option: str, sentences: list[Sentence], level: str = "") -> Read:
    """Who the first sentence about `option` that says so did the deed (the name after "<verb> by")."""
    verbs = "|".join(_DEED_VERBS[verb.lower()])
    by = re.compile(rf"\b(?:{verbs})\s+by\s+(?:the\s+)?((?:[A-Z][\w&.'-]*)(?:\s+[A-Z0-9][\w&.'-]*)*)")
    for sentence in about_option(option, sentences):
        found = {m.group(1).strip(" .,").lower() for m in by.finditer(sentence.text)} - {option.lower()}
        if found:
            return found, sentence
    return set(), None
