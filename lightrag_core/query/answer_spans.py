"""Candidate answer spans in one sentence: what spaCy finds, bounded as the sentence's own words bound
them, and what ties each to the question in the parse (how well it fits the asked-for type is
`span_fit.py`'s, the life event a date or place belongs to `life_events.py`'s).

`short_answer.py` ranks these along one- and two-sentence paths; this module only reads sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lightrag_core.nlp import nlp
from lightrag_core.query.described import noun_before
from lightrag_core.query.name_forms import (
    GENERATIONS,
    given_names_start,
    with_generation,
    with_territory,
    without_heading,
)
from lightrag_core.query.sentences import Sentence

# "born in Lyon", "died at Versailles": the small model often calls such a place an ORG or a PERSON.
# Only after verbs that place someone or something: "studied at Devonshire House" names no place.
_LOCATIVE = {"in", "at", "near"}
_PLACING = {"bear", "die", "locate", "base", "situate", "headquarter", "bury", "raise", "live", "settle", "grow"}


_YEARS = re.compile(r"(1[0-9]{3}|20[0-9]{2})\s*[–—-]\s*(1[0-9]{3}|20[0-9]{2})")
# "(19 December 1900 – 28 April 1989)" after a person's name: a birth date and a death date, each a span (not a
# tenure, "Prime Minister (May 1997 – June 2007)", nor "the years 1990 – 1995")
_DAY = r"(?:(?:c\.|\d{1,2}|[A-Z][a-z]{2,8}\.?),?\s+){1,3}(?:1[0-9]{3}|20[0-9]{2})"
_DAYS = re.compile(rf"({_DAY})\s*[–—-]\s*({_DAY})")
# An institution's name ending in one of these nouns may hold an "and" ("… Television and Radio School").
_INSTITUTION = re.compile(r"\b(?:School|College|University|Institute|Academy|Museum|Society|Foundation|Council|"
                          r"Hospital|Library|Centre|Center|Conservatory|Conservatoire)\b")
_AND_BEFORE = re.compile(r"((?:[A-Z][\w'-]*\s+){1,4}and\s+)$")
# Kinds of name that go on past "of" ("University of Toronto", "the Order of the Bath").
_OF_NAMED = {"ORG", "FAC", "WORK_OF_ART", "EVENT", "LAW", "PRODUCT"}


@dataclass(frozen=True)
class Span:
    text: str
    label: str
    root: int  # index of the span's syntactic head in its sentence
    start: int = 0  # character offset in the sentence
    locative: bool = False  # the object of "in", "at" or "near"


@dataclass
class ParsedSentence:
    sentence: Sentence
    spans: list[Span]
    tokens: list[str]  # lower-case words
    lemmas: list[str]
    heads: list[int]  # each token's syntactic head (the root points at itself)
    deps: list[str]  # each token's dependency label
    # the common noun right before a word, by the word's character offset ("label" for "Mascot Records" in
    # "Dutch label Mascot Records"): what the sentence calls the name that starts there
    called: dict[int, str] = field(default_factory=dict)


def parse(sentences: list[Sentence]) -> list[ParsedSentence]:
    """Each sentence's entities, and noun chunks headed by a proper noun that the model did not label."""
    out = []
    for s, doc in zip(sentences, nlp().pipe([s.text for s in sentences])):
        spans = []
        tails = {e.start: tail for e in doc.ents if e.label_ not in _NUMERIC
                 if (tail := _dashed_tail(doc, e.end) or _connected_tail(doc, e.end))}
        # "John C. Munro Hamilton International Airport": a person's name the model ends before the place
        # named after them
        named_after = {e.start: found for e in doc.ents if e.label_ == "PERSON" and (found := _named_after(doc, e))}
        tails |= {start: end for start, (end, _) in named_after.items()}
        dashed = {i for e in doc.ents if e.start in tails for i in range(e.end, tails[e.start])}
        for e in doc.ents:
            if e.start in dashed:
                continue  # "Stevens Point" of "University of Wisconsin–Stevens Point": the name before holds it
            years = _YEARS.fullmatch(e.text) or (
                _DAYS.fullmatch(e.text) if e.label_ == "DATE" and _after_person(doc, e) else None)
            if years:  # "(1938–2012)": a birth year and a death year
                spans += [Span(years[i], "DATE", e.root.i, e.start_char + years.start(i)) for i in (1, 2)]
                continue
            if e.label_ in _NAMED and all(t.pos_ == "ADJ" for t in e):  # "Upbeat songs sound great!": no name
                continue
            if e.label_ not in _WHEN and _time_zone(doc.text, e.text, e.start_char):
                continue
            label = "GPE" if e.label_ == "ORG" and _placed_before_its_country(doc, e) else e.label_
            label = named_after[e.start][1] if e.start in named_after else label
            first = doc[_day_start(doc, e) if e.label_ == "DATE" else given_names_start(doc, e)]
            while first.pos_ == "INTJ" and first.i < e.end - 1:  # "Hey Li Hua": a greeting is no part of a name
                first = doc[first.i + 1]
            text = doc[first.i:tails.get(e.start) or e.end].text
            if e.label_ == "PERSON" and e.start not in named_after:
                text = with_territory(with_generation(without_heading(text), doc.text, e.end_char), doc.text,
                                      e.end_char)
            elif label in _OF_NAMED:
                text = with_territory(text, doc.text, e.end_char, always=True)
                if joined := _AND_BEFORE.search(doc.text[:first.idx]) if _INSTITUTION.search(text) else None:
                    # "the Australian Film Television and Radio School": the model stops at "and"
                    spans = [k for k in spans if k.start + len(k.text) <= joined.start(1)]  # its first half
                    spans.append(Span(joined.group(1) + text, e.label_, e.root.i, joined.start(1), _locative(e.root)))
                    continue
            spans.append(Span(text, label, e.root.i, first.idx, _locative(e.root)))
        labelled = {i for e in doc.ents for i in range(e.start, tails.get(e.start) or e.end)}
        spans += [Span(with_territory(c.text, doc.text, c.end_char, always=True), "NAME", c.root.i, c.start_char,
                       _locative(c.root))
                  for c in doc.noun_chunks if c.root.pos_ == "PROPN" and c.root.i not in labelled
                  and not _time_zone(doc.text, c.text, c.start_char)]
        spans += _descriptions(doc, labelled)
        spans += _titled(doc, spans)
        spans += _day_and_time(doc.text, spans)
        # A span with no letter or digit ("🏋", "—") names nothing, whatever the model labelled it.
        # A chat line's "EmilyBurnett: " says who speaks, which no span of what is said answers (candidates.py
        # reads the speaker for "who suggests …?")
        opening = len(s.text) - len(s.said) if s.speaker else 0
        spans = list({(k.text, k.start): k for k in (_as_written(s, k) for k in spans)
                      if any(c.isalnum() for c in k.text) and k.start >= opening}.values())
        out.append(ParsedSentence(s, spans, [t.lower_ for t in doc], [t.lemma_.lower() for t in doc],
                                  [t.head.i for t in doc], [t.dep_ for t in doc],
                                  {t.idx: called for t in doc[1:] if (called := noun_before(doc, t.i))}))
    return out


_NUMERIC = {"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT"}


def _dashed_tail(doc: Any, end: int) -> int | None:
    """Where a name goes on past a dash with no space ("University of Wisconsin–Stevens Point", "Dallas–Fort
    Worth"): the end of the capitalised words after it; None when the name ends where the model ended it."""
    if end + 1 >= len(doc) or doc[end].text not in {"–", "-"} or doc[end].idx != doc[end - 1].idx + len(doc[end - 1]):
        return None
    after = doc[end + 1]
    if after.idx != doc[end].idx + 1 or not after.text[:1].isupper():
        return None
    stop = end + 1
    # (a nationality goes on too: "English-American", whose second half the model tags an adjective)
    while stop < len(doc) and doc[stop].text[:1].isupper() and (doc[stop].pos_ == "PROPN" or (
            doc[stop].pos_ == "ADJ" and doc[end - 1].pos_ == "ADJ")):
        stop += 1
    return stop if stop > end + 1 else None


def _connected_tail(doc: Any, end: int) -> int | None:
    """Where a name the model ended on a connecting word goes on ("the British Book Award for Author of" |
    "the Year"): the end of the capitalised words after it, an article allowed first; None otherwise."""
    if end >= len(doc) or doc[end - 1].lower_ not in _CONNECTING:
        return None
    stop = end + (doc[end].lower_ == "the")
    start = stop
    while stop < len(doc) and doc[stop].text[:1].isupper() and doc[stop].pos_ == "PROPN":
        stop += 1
    return stop if stop > start else None


_CONNECTING = {"of", "for", "and", "de", "on", "in", "&"}


# The last word of a place or an institution named after a person, and what it is (not a word that is a
# surname too: "Hall", "Park", "Field")
_NAMED_AFTER = {**dict.fromkeys(("Airport", "Stadium", "Station", "Arena", "Hospital", "Centre", "Center", "Library",
                                 "Museum", "Building"), "FAC"),
                **dict.fromkeys(("University", "College", "School", "Institute", "Foundation"), "ORG")}


def _named_after(doc: Any, ent: Any) -> tuple[int, str] | None:
    """A place named after a person that the model calls a person ("John F. Kennedy International Airport"),
    or ends before its place's words ("John C. Munro Hamilton" + "International Airport"): where it ends
    and what it is; None for a person's name."""
    stop = ent.end
    while stop < len(doc) and doc[stop].pos_ == "PROPN" and doc[stop].text[:1].isupper() and stop - ent.end < 4:
        stop += 1
    label = _NAMED_AFTER.get(doc[stop - 1].text)
    return (stop, label) if label else None


def _after_person(doc: Any, ent: Any) -> bool:
    """The entity is in a bracket that opens right after a person's name ("Géza von Cziffra (19 December …")."""
    opened = doc.text.rfind("(", 0, ent.start_char)
    if opened < 0 or ")" in doc.text[opened:ent.start_char]:
        return False
    named = len(doc.text[:opened].rstrip())
    return any(p.label_ == "PERSON" and named - 2 <= p.end_char <= named for p in doc.ents)


def _placed_before_its_country(doc: Any, e: Any) -> bool:
    """"(born 15 September 1971, Christchurch, New Zealand)": the small model calls a town before its
    country an organisation; a name of one to three proper nouns, without an institution's word, followed
    by a comma and a country or state, is a place."""
    after = doc[e.end:e.end + 2]
    country = next((g for g in doc.ents if g.start == e.end + 1), None)
    # where a place is named: "born …, Christchurch", "in Christchurch"; not "joined Celtic, Scotland's …",
    # "worked for Microsoft, United States", "studied at Harvard, Massachusetts"
    return (len(e) <= 3 and all(t.pos_ == "PROPN" for t in e) and not _INSTITUTION.search(e.text)
            and len(after) == 2 and after[0].text == "," and country is not None and country.label_ == "GPE"
            and (country.end >= len(doc) or doc[country.end].text not in {"'s", "’s"})
            and e.start > 0 and doc[e.start - 1].lower_ in {",", "in", "near", "from", "born"})


_NAMED = {"PERSON", "ORG", "GPE", "LOC", "FAC", "PRODUCT", "WORK_OF_ART", "EVENT"}  # not "French", an ADJ NORP
_CLOCK = re.compile(r"\b\d{1,2}[:.]\d{2}\s*(?:[ap]\.?m\.?\s*)?$", re.IGNORECASE)
# ("22:00 KST" is one entity; "10:30 AM" is a time, no zone)
_ZONE = re.compile(r"(\d{1,2}[:.]\d{2}\s*(?:(?i:[ap]\.?m\.?)\s*)?)?(?!(?:AM|PM)$)[A-Z]{2,5}")
def _time_zone(text: str, span: str, start: int) -> bool:
    """"at 22:00 KST": a time zone, no channel or company."""
    zone = _ZONE.fullmatch(span)
    return zone is not None and (bool(zone[1]) or _CLOCK.search(text, 0, start) is not None)


_TIME_JOIN = re.compile(r"\s*(?:at|on|,)?\s*")
_WHEN = {"DATE", "TIME"}


def _day_and_time(text: str, spans: list[Span]) -> list[Span]:
    """A day and a time the sentence gives together ("tomorrow at 10 AM", "7 PM on Saturday") as one
    span too: the small model labels the two apart, and "when is the meeting?" is answered by both."""
    timed = sorted((k for k in spans if k.label in _WHEN), key=lambda k: k.start)
    joined = []
    for a, b in zip(timed, timed[1:]):
        end = a.start + len(a.text)
        if a.label != b.label and b.start >= end and _TIME_JOIN.fullmatch(text, end, b.start):
            joined.append(Span(text[a.start:b.start + len(b.text)], "DATE", b.root, a.start, b.locative))
    return joined


_QUOTED = re.compile(r'"[^"]{1,120}"|“[^”]{1,120}”')
# Names a quoted title is no answer for: "starring roles in "Audrey and Friends"" names a show.
_NOT_A_TITLE = {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "NAME"}


def _as_written(sentence: Sentence, span: Span) -> Span:
    """The span as the sentence's own words bound it: not running from a passage's title line into the
    sentence after it ("Gerald McRaney Gerald Lee McRaney": the name is the second), and a name in
    quotation marks is part of a title (a show, a song, a game), whatever the small model called it: the
    span is the whole title."""
    end = span.start + len(span.text)
    if sentence.lead and span.start < sentence.lead < end - 1:
        cut = sentence.lead + 1
        rest = sentence.text[cut:end]
        if rest.strip():
            span = Span(rest, span.label, span.root, cut, span.locative)
    if sentence.speaker and sentence.speaker + ":" in span.text:  # "💥 LiHua: Sounds": the speaker
        span = Span(sentence.speaker, "PERSON", span.root, span.start, span.locative)
    end = span.start + len(span.text)
    quoted = next((m for m in _QUOTED.finditer(sentence.text) if m.start() < span.start and end < m.end()), None)
    # the whole title: "XCOM 2", not "XCOM"; "Tinker, Tailor", not the "Tinker" the tagger calls a work
    if (span.label in _NOT_A_TITLE or span.label == "WORK_OF_ART") and quoted:
        return Span(quoted.group()[1:-1].strip(), "WORK_OF_ART", span.root, quoted.start() + 1, span.locative)
    return span


# A quoted title right after the kind of work it is: 'their second album "Unlimited"', 'the single "Time"'
_TITLED = re.compile(r'\b(?:album|single|song|track|film|movie|novel|book|episode|play|poem|series|EP|titled|called|'
                     r'entitled)\s+$', re.IGNORECASE)


def _titled(doc: Any, spans: list[Span]) -> list[Span]:
    """Quoted titles the tagger left out (one word it took for an adjective: "Unlimited")."""
    taken = {k.start for k in spans}
    return [Span(m.group()[1:-1].strip(), "WORK_OF_ART", next(t.i for t in doc if t.idx >= m.start() + 1),
                 m.start() + 1)
            for m in _QUOTED.finditer(doc.text) if m.start() + 1 not in taken and m.start() not in taken
            and _TITLED.search(doc.text, 0, m.start()) and m.group()[1:-1].strip()]


# Words that say when or how someone held a role, not what it was ("a former English footballer").
_NOT_THE_ROLE = {"former", "retired", "current", "late", "then", "future", "first", "second", "third"}


def _descriptions(doc: Any, labelled: set[int]) -> list[Span]:
    """Common-noun phrases that say what someone is or does: the object of "as" after a verb ("plays
    as a central defender": AS_ROLE) and a copula's complement ("was an English aviator": IS_A),
    without determiners, nationalities and "former"."""
    spans = []
    for chunk in doc.noun_chunks:
        root = chunk.root
        if root.pos_ != "NOUN" or root.i in labelled:
            continue
        head = root.head
        if root.dep_ == "pobj" and head.lower_ == "as" and head.head.pos_ in {"VERB", "AUX"}:
            label = "AS_ROLE"
        elif root.dep_ == "attr" and head.lemma_ == "be":
            label = "IS_A"
        else:
            continue
        words = [t for t in chunk if t.pos_ not in {"DET", "PRON", "NUM", "PUNCT"} and t.ent_type_ not in {"NORP"}
                 and t.lower_ not in _NOT_THE_ROLE and t.tag_ != "POS"]
        if words:
            spans.append(Span(" ".join(t.text for t in words), label, root.i, words[0].idx))
    return spans


def _locative(root: Any) -> bool:
    """The object of "in", "at" or "near" after a placing verb, or of "from" ("a band from Glasgow")."""
    prep = root.head
    return bool(root.dep_ == "pobj" and ((prep.lower_ in _LOCATIVE and prep.head.lemma_.lower() in _PLACING)
                                         or prep.lower_ == "from"))


def _day_start(doc: Any, ent: Any) -> int:
    """Where a date starts, with a day number the small model left out ("30 April 1989" read as
    "April 1989" after a dash)."""
    before = doc[ent.start - 1] if ent.label_ == "DATE" and ent.start > 0 else None
    if before is not None and before.text.isdigit() and 1 <= int(before.text) <= 31:
        return int(ent.start) - 1
    return int(ent.start)


_LEGAL_FORM = re.compile(r"(?<=\w),\s*(?:Inc|Ltd|LLC|L\.L\.C|Corp|plc|PLC|S\.A|AG|GmbH|N\.V|Co)\.?$")


def without_legal_form(name: str) -> str:
    """A firm's name without its legal form ("Huntington Bancshares, Inc."): for an answer asked as a company,
    not a title that holds one ("Monsters, Inc.")."""
    return _LEGAL_FORM.sub("", name)


# What a firm's name ends with, never a work's ("Surya Vamsi Films Pvt Ltd" produced the comedy, it is none)
_FIRM = re.compile(r"\b(?:Films|Pictures|Studios|Productions|Entertainment|Records|Ltd|Pvt|Inc|Corp|Corporation|LLC|"
                   r"Company|Co)\.?$")


def a_firm(name: str) -> bool:
    return _FIRM.search(name.strip()) is not None


_STAMP_WORD = re.compile(r"\d{6,8}[_T]\d{2}:?\d{2}(?::\d{2})?")  # a chat line's time ("20260731_13:00"), not "2-3"


def clean_span(text: str) -> str:
    # spaCy keeps a possessive inside a name ("Comedy Central's"): the answer is the name. It may also run
    # into a parenthesis ("… Arts and Letters (MIAL", "Always (2011 film)"): the name is what comes before it.
    # (and a bracket's dash: "July 11, 1899 –" of "(July 11, 1899 – October 1, 1985)")
    text = re.sub(r"(?<=\w)['’]s?$", "", text.strip(" ,.;:\"()“”‘’–—")).strip(" ,.;:\"'()“”‘’–—")
    text = re.sub(r"\s*\([^()]*$", "", text)
    # A chat line's time or emoji before a name ("20260731_13:00 HaileyJohnson", "🥳 ChaeSong-hwa"), not a year.
    words = text.split()
    while len(words) > 1 and (not any(c.isalnum() for c in words[0]) or _STAMP_WORD.fullmatch(words[0])):
        words.pop(0)
    text = " ".join(words) if words else text
    # a name the tagger ran on into the preposition after it ("the University of Illinois from 1922")
    text = re.sub(r"(?<=[A-Za-z0-9])(?:\s+(?:from|until|since|in|at|on|to|for|with|by|and))+$", "", text)
    if len(text.split()) > 1 and re.match(r"only\s+\d", text, re.IGNORECASE):
        text = text[4:].lstrip()  # "a population of only 6,783": the count is 6,783
    text = text + "." if re.search(rf"\s{GENERATIONS}$", text) else text  # ("Lon Chaney, Jr.": an abbreviation)
    return re.sub(r"^(the|a|an)\s+", "", text, flags=re.IGNORECASE) if len(text.split()) > 1 else text


# What a tagger labels a place: a state or city, a region, a building
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})


def placed_in(parsed: ParsedSentence, span: Span, labels: frozenset[str] = PLACE_LABELS) -> str:
    """The place the sentence places the span in, as an address does ("Minnesota" of "Arden Hills,
    Minnesota"), else ""."""
    end = span.start + len(span.text)
    if parsed.sentence.text[end:end + 2] != ", ":
        return ""
    return next((clean_span(other.text) for other in parsed.spans
                 if other.start == end + 2 and other.label in labels), "")


def address_part(parsed: ParsedSentence, span: Span) -> str:
    """The place the span places, as an address does ("Canton" of "Canton, Massachusetts"), else "". Asked
    for a place, such a span is no bridge to follow when that place may be the answer itself."""
    before = parsed.sentence.text[:span.start]
    if not before.endswith(", ") or span.label not in PLACE_LABELS:
        return ""
    return next((clean_span(other.text) for other in parsed.spans
                 if other.label in PLACE_LABELS and other.start + len(other.text) == len(before) - 2), "")
