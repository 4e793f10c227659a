"""How well a span fits the type of answer the question asks for: its tagger label, the noun its
sentence calls it by ("the rock band Oasis", "Dutch label Mascot Records"), and for a country question
whether it is one (a measure question's fit is measure_fit.py).

`candidates.py` weighs this with what ties the span to the question; `answer_spans.py` finds the spans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lightrag_core.query.answer_spans import ParsedSentence, Span, a_firm, clean_span, placed_in, without_legal_form
from lightrag_core.query.answer_support import related
from lightrag_core.query.answer_type import (
    ANY,
    DATE,
    DESCRIPTION,
    IMPERSONAL_HEADS,
    LABELS,
    LENGTH,
    MONEY,
    NAME,
    NUMBER,
    ORG,
    PERSON,
    PLACE,
    WORK_HEADS,
    AnswerType,
    noun_kind,
)
from lightrag_core.query.countries import country_of_word, is_country
from lightrag_core.query.described import called_a
from lightrag_core.query.measure_fit import measure_fit
from lightrag_core.query.regions import is_only_state, is_state, named_after_state
from lightrag_core.query.sentences import stem
from lightrag_core.query.span_ties import agent, owns_head

_RELATED = {PERSON: {ORG}, ORG: {PERSON}}
LOCATIVE_FIT = 0.6  # a name after "born in", "died at" fits a place question this much, whatever its label
NOT_A_COUNTRY = 0.6  # "which country …?": a place that is no country (a city, a state) fits this much
_BELOW_A_COUNTRY = {"state", "province", "region", "county", "city", "town", "village", "borough", "district"}
_CITIES = {"city", "town", "village", "borough", "suburb", "municipality"}
CALLED_ELSE = 0.5  # a name its sentence calls by another noun than the question's fits this much
NOT_A_SCHOOL = 0.3  # "which university?": a name without "University", "College" …, nor a passage saying it is one
# "directed by Kinji Fukasaku", which the small model calls a facility: who did the asked deed is a person
# to "who directed …?", whatever else the label says
DOER_FIT = 0.8


_MONTHS_AND_DAYS = (r"january|february|march|april|may|june|july|august|september|october|november|december|jan|"
                    r"feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|"
                    r"sunday")
_DATE_WORDS = re.compile(rf"\d|\b(?:{_MONTHS_AND_DAYS}|century)\b", re.IGNORECASE)
_DAY_WORDS = re.compile(rf"\b(?:{_MONTHS_AND_DAYS}|today|tomorrow|yesterday)\b|\d{{1,2}}[/.]\d{{1,2}}", re.IGNORECASE)


def names_a_day(text: str) -> bool:
    """The date names a month or a day ("March 17, 1963", "next Saturday"), not only a year ("1987")."""
    return _DAY_WORDS.search(text) is not None


# "Which century?" (its noun is the head; "which year/decade" are read as plain dates): a span naming one.
_CENTURY = re.compile(r"\bcentur(?:y|ies)\b", re.IGNORECASE)


def fit(kind: AnswerType, span: Span) -> float:
    """How well the span's kind fits the question's; a date with no number, month or day in it ("this
    week", "today") fits only weakly: it rarely answers "when" on its own."""
    fitted = _type_fit(kind, span.label)
    if kind.kind == DATE and span.label == "DATE" and not _DATE_WORDS.search(span.text):
        return fitted * 0.5
    if kind.kind == DATE and kind.head == "century" and not _CENTURY.search(span.text):
        return fitted * 0.3  # "which century?" is not answered by "June 2005"
    if kind.kind == PLACE and span.locative and span.label in {*LABELS[NAME], "NAME"}:
        return max(fitted, LOCATIVE_FIT)
    if kind.kind == NUMBER and kind.head in {LENGTH, MONEY}:
        return measure_fit(kind.head, span)
    return fitted


def _type_fit(kind: AnswerType, label: str) -> float:
    if kind.kind == ANY:
        return 0.5 if label in LABELS[NAME] or label == "NAME" else 0.0
    if kind.kind == DESCRIPTION:  # "what position": "plays as a …" first; "what profession": "was a …" first
        preferred = "AS_ROLE" if kind.head == "position" else "IS_A"
        return 1.0 if label == preferred else 0.3 if label in LABELS[DESCRIPTION] else 0.0
    wanted = LABELS[kind.kind]
    if label in wanted:
        return 1.0
    if any(label in LABELS[r] for r in _RELATED.get(kind.kind, ())):
        return 0.6
    if kind.kind == NAME and label == "NAME":
        return 0.8
    if kind.kind in {PERSON, ORG} and label == "NAME":
        return 0.5
    return 0.0


@dataclass(frozen=True)
class Asked:
    """What the question asks, read once for all its spans."""

    kind: AnswerType
    event: str = ""  # "birth", "death", "burial": the life event whose date or place is asked
    school: bool = False  # "where did X study / work?": a school or an employer answers
    doing: bool = False  # "who produced X?": a company answers as well as a person
    # what each passage's first sentence says its subject is (referents.subject_kinds): "Metallica" a band
    kinds: dict[str, str] = field(default_factory=dict)
    # the words it calls it by (described.opening_words): "marovia": ("island", "country")
    called: dict[str, tuple[str, ...]] = field(default_factory=dict)
    verb: frozenset[str] = frozenset()  # the deed "who …?" asks about ("direct" for "who directed X?")
    said: frozenset[str] = frozenset()  # the question's own words, stemmed


def typed(asked: Asked, parsed: ParsedSentence, span: Span, life: float) -> tuple[str, float]:
    """The span's answer text and how well it fits the asked-for type. A place question reads more than the labels:
    "born in Lyon" is a place where the small model says PERSON, and "which country is X from?" is answered by a
    country, from a nationality word ("a French director": France) too, but not "which country was X born in?"."""
    kind, event, school = asked.kind, asked.event, asked.school
    text, fitted = clean_span(span.text), fit(kind, span)
    text = without_legal_form(text) if kind.kind == ORG else text  # "which company?": not its ", Inc."
    if fitted < 1.0 and span.label in LABELS[NAME] and kind.kind in {PERSON, ORG} \
            and asked.kinds.get(text.lower()) == kind.kind:
        fitted = 1.0  # "Ameris Bancorp is an American financial holding company": its passage says, not the tagger
    if _called_else(kind, parsed, span) or _is_else(asked, text) or _apposed_else(kind, parsed, span) \
            or named_as_other(kind, text):
        fitted *= CALLED_ELSE
    if kind.kind == NAME and (span.label == "PERSON" and kind.head in IMPERSONAL_HEADS
                              or span.label in {"GPE", "LOC"} and kind.head in WORK_HEADS) \
            and not called_a(asked.called.get(text.lower(), ()), kind.head) and not _quoted(parsed, span):
        fitted *= CALLED_ELSE  # "which comedy franchise …?": not "starring Robin Askwith", nor a place
    if kind.head in _AWARDS and not set(text.lower().split()) & _HEAD_NAMES["award"]:
        fitted *= CALLED_ELSE  # "what medal?": "the Medal of Honor", "an Emmy"; not "Vietnam"
    if kind.head in _SCHOOLS and not (set(text.lower().split()) | set(asked.called.get(text.lower(), ()))) & _SCHOOLS:
        fitted *= NOT_A_SCHOOL  # "at which university …?": "the University of California", not "the Denver Broncos"
    if owns_head(kind, parsed, span):
        fitted *= CALLED_ELSE  # "New England's largest city" for "which city?": Boston is the city, not New England
    if kind.kind == NAME and kind.head in WORK_HEADS and a_firm(text):
        return text, 0.0  # "which comedy …?": not "Surya Vamsi Films Pvt Ltd", the firm that produced it
    if _described_bridge(kind, parsed, span, asked.said):
        return text, 0.0  # "the South Korean girl group Apink", asked "which company formed the girl group …?"
    if _CONTRASTED.search(parsed.sentence.text[max(span.start - 80, 0):span.start]):
        fitted *= CALLED_ELSE  # "made in Brisbane as opposed to Sydney or Melbourne": not Sydney, not Melbourne
    if kind.kind == PERSON and _quoted(parsed, span):
        fitted *= CALLED_ELSE  # "whose song 'Maana Ho Tum' was written by …": a quoted name is a title, no one
    if kind.kind == PERSON and asked.doing and span.label == "ORG":
        return text, 1.0  # "who produced X?": a studio as much as a person
    # (an organisation keeps its own fit: "performed by Lighthouse X" names a group, not who is asked)
    if kind.kind == PERSON and span.label in LABELS[NAME] - {"PERSON", "ORG"} and asked.verb \
            and agent(parsed, span, set(asked.verb)) > 0:
        fitted = DOER_FIT
    around = beside(parsed, span)
    if kind.kind in {PLACE, ORG, NAME} and kind.head and span.label in LABELS[NAME] \
            and _headed(kind.head, text, around):
        return text, 1.0  # "which river?": "the River Fergus", "the Maritsa river", whatever the tagger says
    if kind.head and span.label == "NAME" and re.search(rf"\b{re.escape(kind.head)}(?:{_IS_THE})$", around[0].lower()):
        return text, 1.0  # "Its home ground is the Stadio Aurelio Bassi": an unlabelled name said to be it
    if kind.kind != PLACE:
        return text, fitted
    named = span.label in LABELS[NAME] or span.label == "NAME"  # not "at the age of 67"
    if (span.locative and life > 0 and named) or (school and span.label in {"ORG", "FAC"}):
        fitted = 1.0
    if kind.head in _BELOW_A_COUNTRY | {"country", "nation"} \
            and called_a(asked.called.get(text.lower(), ()), kind.head):
        return text, max(fitted, 1.0)  # "Marovia … is an island country", though no list knows it
    if kind.head in {"country", "nation"}:
        if span.label == "NORP" and not event and (country := country_of_word(text)):
            return country, 1.0
        if not is_country(text):
            fitted *= NOT_A_COUNTRY
    elif kind.head in _BELOW_A_COUNTRY and is_country(text):  # "from what state?": not "United States"
        fitted *= NOT_A_COUNTRY
    elif kind.head in {"state", "province"} and _placed_in(parsed, span):  # "Eugene, Oregon": Oregon
        fitted *= NOT_A_COUNTRY
    elif kind.head in {"state", "province"} and not is_state(text) and (span.label not in {"GPE", "LOC"}
                                                                        or named_after_state(text)):
        fitted *= NOT_A_COUNTRY  # "MetLife Stadium", "New York Jets": in a state, not one
    elif kind.head in _CITIES and is_only_state(text):  # "which city?": not "California"
        fitted *= NOT_A_COUNTRY
    if kind.head in _FACILITIES and span.label in {"GPE", "LOC"}:
        fitted *= CALLED_ELSE  # "which stadium?": a built place, not "the Bears" the tagger calls a location
    if kind.head in _LEVELS and (words := text.lower().split()) and words[-1] in _LEVELS and words[-1] != kind.head:
        fitted *= NOT_A_COUNTRY  # "which county?": not "the Koolauloa District", a place of another level
    return text, fitted


_NAMING_WORKS = {"magazine", "newspaper", "journal", "franchise", "series", "show", "game"}  # "MovieMaker Magazine"
_SCHOOLS = {"university", "college", "school", "academy", "institute", "polytechnic", "conservatory", "seminary"}
_FACILITIES = {"stadium", "arena", "airport", "venue", "station", "theatre", "theater", "hall", "ballpark",
               "racecourse", "racetrack"}
# Levels of place that a place's own name may end with ("Honolulu County", "Koolauloa District")
_LEVELS = {"county", "district", "province", "state", "region", "parish", "borough", "municipality", "prefecture"}


# What the sentence sets against the answer: the names listed after it
# ("other than" is left out: "directed by none other than X" names the answer)
_CONTRASTED = re.compile(r"\b(?:as\s+opposed\s+to|rather\s+than|instead\s+of)\s+"
                         r"(?:(?:the\s+)?[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*\s*(?:,\s*|\s+(?:or|and|nor)\s+)+)*$")


def after_head(kind: AnswerType, text: str) -> str:
    """The name after the asked noun written in lower case inside a span ("Counting Crows's label E Pluribus
    Unum" for "which label?"), else the span; the span keeps the noun while it is scored."""
    if not kind.head or kind.kind not in {ORG, NAME, PLACE}:
        return text
    text = re.split(rf"(?<=\S)\s+{re.escape(kind.head)}\s+(?=[A-Z0-9])", text)[-1]
    # "Carry On franchise primarily": the name is what the lower-case noun follows
    before = re.match(rf"(.*?[A-Z0-9]\S*)\s+{re.escape(kind.head)}s?(?:\s+[a-z][\w\s-]*)?$", text)
    return before.group(1) if before else text


def _quoted(parsed: ParsedSentence, span: Span) -> bool:
    """The span opens with a quotation mark before it ("the film "Gandhi"", ""The Itchy & Scratchy Show""): a
    title, whoever it names."""
    return re.search(r"[\"“'‘](?:(?:The|A|An)\s+)?$", parsed.sentence.text[max(span.start - 5, 0):span.start]) \
        is not None


def _is_else(asked: Asked, text: str) -> bool:
    """The span's own passage says it is another kind of thing than the question asks for: a band for
    "which city?" ("Metallica is an American heavy metal band"), a businesswoman for "what retailer?"."""
    own = asked.kinds.get(text.lower(), "")
    return bool(own) and own != asked.kind.kind and asked.kind.kind in {PERSON, ORG, PLACE}


def _placed_in(parsed: ParsedSentence, span: Span) -> bool:
    """The span is a place the sentence places in a wider one below a country, as addresses do ("Eugene,
    Oregon"; not "Oregon, United States")."""
    wider = placed_in(parsed, span, frozenset({"GPE", "LOC"}))
    return bool(wider) and not is_country(wider)


def beside(parsed: ParsedSentence, span: Span) -> tuple[str, str]:
    """The words right before and right after the span in its sentence ("river" after "the Maritsa",
    "band" before "Euphoria")."""
    text, end = parsed.sentence.text, span.start + len(span.text)
    return text[max(span.start - 48, 0):span.start].rstrip(), text[end:end + 24].lstrip()


def called_as(parsed: ParsedSentence, span: Span, noun: str) -> bool:
    """The sentence calls the span by `noun`, before it or in an apposition after it ("co-founder Bert
    Bell", "Bert Bell, co-founder of the Philadelphia Eagles")."""
    before, after = beside(parsed, span)
    return parsed.called.get(span.start, "") == noun or re.match(
        rf",\s+(?:(?:the|a|an)\s+)?(?:[\w-]+\s+){{0,2}}?{re.escape(noun)}\b", after.lower()) is not None \
        or before.lower().endswith(noun)


def _headed(head: str, text: str, around: tuple[str, str]) -> bool:
    """The span is called by the question's noun: in its name ("the River Fergus"), right after it ("the
    Maritsa river"; not "Upbeat songs", a kind of them) or right before it ("India's pop band Euphoria";
    the small model calls that a place)."""
    before, after = (b.lower() for b in around)
    # (a title holds any word: "Next Album Preview" is a track, "Album" in it calls it nothing)
    named = head in text.lower().split() and head not in WORK_HEADS - _NAMING_WORKS
    return named or re.match(rf"{re.escape(head)}\b", after) is not None \
        or _ends_calling(head, before) or re.match(_IS_A.format(re.escape(head)), after) is not None


# "Pierre is the state capital": the name said to be the noun (the small model calls Pierre a person); not
# "Varna is the largest city" for "which city is the capital?" (a rank or another one is not the noun asked)
_IS_A = r"(?:is|was)\s+(?:the|an?)\s+(?:(?![a-z]+est\b|other\b|second\b|former\b|rival\b|sister\b)[a-z]+\s+)?{}\b"


def _ends_calling(head: str, before: str) -> bool:
    """The words before a name end with the question's noun or one that means the same ("the rock group
    Les Marées" for "what band"), or say that the noun is the name ("Its home ground is the Stadio Aurelio
    Bassi", "Its capital and largest city is Port Selden" for "what is the capital of …")."""
    words = "|".join(re.escape(w) for w in sorted(_HEAD_NAMES.get(head, {head})))
    # ("the nursery rhyme "Tinker, Tailor"": a title opens with its quotation mark; "real name: X")
    before = before.rstrip("\"“'‘ :")
    if head in _NAMED_BY_OF and re.search(rf"\b[Tt]he\s+(?:[A-Z][\w-]*\s+){{0,2}}(?:{words})\s+of$", before):
        return True  # "the role of Ivy Forrester", "the Australian city of Canberra"; not "the largest city of Ohio"
    return re.search(rf"\b(?:{words})s?(?:{_IS_THE})?$|{_THEIR}(?:{words}),$", before.lower()) is not None


_AWARDS = {"award", "medal", "prize", "trophy", "honour", "honor", "decoration"}
# Nouns that "the <noun> of <name>" calls the name by; for others the name is what the noun belongs to ("the
# director of Jaws")
_NAMED_BY_OF = {"role", "character", "part", "city", "town", "village", "county", "province", "island", "state"}


# "Her debut album, Salt Lines": an apposition after a noun someone's or something's own
_THEIR = r"(?<!\bon\s)(?<!\bin\s)(?<!\bof\s)(?<!\bby\s)(?<!\bto\s)\b(?:his|her|its|their)\s+(?:[a-z-]+\s+){0,2}"
# "… capital and largest city is ", "… home ground was the ": the noun, then a copula, right before the name
_IS_THE = r"(?:\s+and\s+(?:[a-z]+\s+){0,2}[a-z]+)?\s+(?:is|was|are|were)(?:\s+the|\s+an?)?"


def names_head(kind: AnswerType, text: str, before: str = "", after: str = "") -> float:
    """1 when the span names what the question asks for by its own noun ("Rockland County" for "what county"),
    or its sentence calls it that right before it ("the actress Antara Mali" for "which actress").
    Places, organisations and named things only by their own name: a chat header "… Time" says nothing
    for "what time". A nationality, said of a person: "an English-American film director", not "a
    British-American mystery thriller film" (a person's nationality is asked)."""
    if not kind.head:
        return 0.0
    if kind.head in _OF_PERSON:
        noun_run = re.match(r"(?:[a-z-]+\s+){0,2}[a-z-]+", after.lower())
        return float(noun_run is not None and any(noun_kind(w) == PERSON for w in noun_run.group().split()))
    if _ends_calling(kind.head, before) or (kind.head in {"state", "province"} and is_state(text)):
        return 1.0  # "Oregon" is a state without saying so
    words = set(text.lower().split())
    return float(kind.kind in {PLACE, ORG, NAME} and bool(words & _HEAD_NAMES.get(kind.head, {kind.head})))


_OF_PERSON = {"nationality", "citizenship"}


def _called_else(kind: AnswerType, parsed: ParsedSentence, span: Span) -> bool:
    """The sentence calls the span by a noun other than the question's ("Dutch label Mascot Records" for
    "which band"; not "singer-songwriter John Lennon" for "which singer"): it is something else of the
    same tagger's kind."""
    called = parsed.called.get(span.start, "")
    if not kind.head or kind.head in _ANY_NOUN or not called or called in _HEAD_NAMES.get(kind.head, ()):
        return False
    before = beside(parsed, span)[0]
    word = before.lower().split()[-1] if before.strip() else called
    return not any(related(stem(kind.head), stem(w)) for w in re.split(r"[-/]", word) + [called] if w)


# The last word of a firm's name that says what kind of firm it is ("Roadkill Records" is a label), or
# that it is no firm at all ("the German Black Chart" ranks a label's records)
_NAMED_KIND = {"records": "label", "recordings": "label", "pictures": "company", "studios": "company",
               "productions": "company", "films": "company", "entertainment": "company", "chart": "chart",
               "charts": "chart"}


def named_as_other(kind: AnswerType, text: str) -> bool:
    """The span's own name says it is another kind than asked: "Roadkill Records" for "which band?"."""
    words = text.lower().split()
    named = _NAMED_KIND.get(words[-1], "") if len(words) > 1 else ""
    return bool(named) and kind.head in {"band", "group", "label", "company"} \
        and named not in _HEAD_NAMES.get(kind.head, {kind.head}) and named != kind.head \
        and not (named == "label" and kind.head == "company")


def _described_bridge(kind: AnswerType, parsed: ParsedSentence, span: Span, said: frozenset[str]) -> bool:
    """The sentence calls the span by a noun the question uses for another thing than what it asks: "the
    girl group Apink" is the girl group "which company formed the girl group whose …?" goes through."""
    called = parsed.called.get(span.start, "")
    if not kind.head or kind.head in _ANY_NOUN or not called or stem(called) not in said:
        return False
    return called not in _HEAD_NAMES.get(kind.head, ()) and not related(stem(kind.head), stem(called))


def _apposed_else(kind: AnswerType, parsed: ParsedSentence, span: Span) -> bool:
    """An apposition right after the span calls it another kind of thing than the question asks for:
    "Laloor, a suburban area in Thrissur Municipal Corporation" is a place, not "which municipal
    corporation?". Nouns of the asked kind ("Kimber, an American manufacturer" for "which company?") and
    nouns of no known kind say nothing against it."""
    if kind.kind not in {PLACE, ORG, PERSON}:
        return False
    kinds = {noun_kind(parsed.lemmas[i]) for i, head in enumerate(parsed.heads)
             if head == span.root and i != span.root and parsed.deps[i] == "appos"} - {""}
    return bool(kinds) and kind.kind not in kinds


# "Under what name …?": any noun may call it that ("the pseudonym Bass Communion").
_ANY_NOUN = {"name", "title", "term", "word", "nickname"}
# An award is named by its kind of honour ("the Order of Polonia Restituta", "the Nobel Prize"); a band
# is called a group as often ("the rock group Les Marées"), a company a firm.
_HEAD_NAMES = {"award": {"award", "prize", "medal", "order", "cross", "trophy", "honour", "honor", "oscar",
                         "emmy", "grammy", "decoration"},
               "band": {"band", "group"}, "group": {"group", "band"}, "team": {"team", "club", "side"},
               "club": {"club", "team"}, "company": {"company", "firm", "corporation", "business"},
               # "under what name …?": "under the pseudonym Bass Communion"; "what is the birth name of X?": "X
               # (born Gaynor Hopkins; …)"
               "name": {"name", "pseudonym", "moniker", "alias", "nickname", "sobriquet", "born", "née"},
               "nickname": {"nickname", "moniker", "sobriquet", "epithet"},
               # "Ebbets Field", "Fenway Park", "MetLife Stadium": a ground is named by its kind
               "stadium": {"stadium", "field", "park", "arena", "dome", "bowl", "ground", "grounds", "coliseum"},
               "ballpark": {"ballpark", "field", "park", "stadium", "grounds"}}


_AMOUNT = re.compile(r"(?i:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
                     r"thirty|forty|fifty|hundred|thousand|million|half|a)\s+(?:[a-z-]+\s+){0,2}[a-z-]+\s*\(\s*$")


def restates_question(text: str, start: int, query: str) -> bool:
    """The span converts an amount the question itself says, in a bracket right after it: "located five
    nautical miles (6 mi, 9 km) west of …" asked of "the airport located five nautical miles west of …"."""
    opened = text.rfind("(", 0, start)
    if opened < 0 or ")" in text[opened:start]:
        return False
    said = _AMOUNT.search(text[max(0, opened - 60):opened + 1])
    return said is not None and said.group(0).rstrip("( ").lower() in query.lower()
