"""Life events in a sentence: whose birth, death or burial a date or place is ("(1887 – April 5, 1975)",
"born in Lyon"), which verb places a span, and what a sentence says someone died of.

`candidates.py` weighs spans with these; `short_answer.py` answers "what was the cause of death of X?".
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from lightrag_core.query.answer_spans import ParsedSentence, Span
from lightrag_core.query.sentences import stem, stems

if TYPE_CHECKING:
    from spacy.tokens import Token

_BRACKETS = re.compile(r"\(([^()]{4,120})\)")
_DASH = re.compile(r"\s*[–—-]\s+|\s+[–—-]\s*|–")
# ("b." and "d." before a date, a month or "in" only, in lower case: "E.B. White" and "J. D. Salinger" are initials,
# no birth or death)
_ABBREVIATED = r"(?=\s*(?:\d|c\.|ca\.|in\s|(?-i:[A-Z][a-z]{2,8})\.?\s+\d|$))"
_CUES = {"birth": re.compile(rf"\b(?:born|birth|(?-i:(?<![.\w])b\.){_ABBREVIATED})", re.IGNORECASE),
         "death": re.compile(rf"\b(?:died|death|dead|(?-i:(?<![.\w])d\.){_ABBREVIATED}|killed)", re.IGNORECASE),
         "burial": re.compile(r"\b(?:buried|burial|interred|grave)", re.IGNORECASE)}
# The words a question asks an event with, which a sentence stating it by a cue or a bracket covers.
EVENT_WORDS = {"birth": stems("born birth"), "death": stems("die died death"), "burial": stems("buried burial bury")}
CUE_REACH = 60  # characters before a span in which "born"/"died" says whose date or place it is
_CLAUSE_END = re.compile(r"[;)]|, (?:and |but )?(?:he|she|they|it)\b", re.IGNORECASE)


def asked_event(lemmas: set[str], question: Sequence[Token] = ()) -> str:
    """"birth", "death" or "burial" when the question asks when or where someone was born, died or buried.
    A hyphened "-born" describes someone the question goes through ("the follow-up to the album of the
    Harlem-born rapper"), so it asks no birth."""
    born = [t for t in question if t.lower_ == "born"]
    if born and all(t.i > 0 and question[t.i - 1].text == "-" for t in born):
        lemmas = lemmas - {"bear", "born"}
    if lemmas & {"bear", "born", "birth", "birthplace", "birthdate"}:  # ("which country is X's birthplace?")
        return "birth"
    return "death" if lemmas & {"die", "death", "deathplace"} else "burial" if lemmas & {"bury", "burial"} else ""


def life_event(parsed: ParsedSentence, span: Span, asked: str) -> float:
    """For a question about a birth or death: 1 for a date or place that the sentence gives for that
    event ("born 3 June 1899 in Leeds", the first date of a "(1924 – 2005)" bracket for a birth),
    -0.5 for one it gives for the other event (a birth place does not answer "where did X die?")."""
    if not asked:
        return 0.0
    if span.label == "DATE":
        bracket = _bracket_event(parsed.sentence.text, span)
        if bracket:
            return 1.0 if bracket == asked else -0.5
    verb = governing_verb(parsed, span.root)
    if verb and verb not in _EVENT_VERBS:
        return 0.0  # "born in Bergen and studied at the Oslo theatre school": Oslo is where he studied
    cue = _cue_before(parsed.sentence.text, span.start)
    if not cue:
        return 0.0
    return 1.0 if cue == asked else -0.5


_EVENT_VERBS = {"bear", "born", "die", "bury"}


_FROM_ASKED = re.compile(r"\bfrom\s*\?\s*$", re.IGNORECASE)  # "Where is X from?", "What state is X from?"
_FROM_BEFORE = re.compile(r"\bfrom\s+(?:the\s+)?$")


def asks_from(query: str) -> bool:
    """"Where is X from?": where the sentences say X is from ("a script writer from Assam")."""
    return _FROM_ASKED.search(query) is not None


def after_from(text: str, start: int) -> bool:
    """The span at `start` is the object of "from"."""
    return _FROM_BEFORE.search(text, 0, start) is not None


def placed_by(parsed: ParsedSentence, span: Span, lemmas: set[str], own_clause: bool = False) -> float:
    """For "where did X work?": 1 for a place the asked verb governs ("worked at the University of
    Glasgow", not "born in Dundee"), else 0 (a place another verb governs may still answer: "released
    in the United Kingdom" says nothing against it). `own_clause`: not in a relative clause."""
    return float(governing_verb(parsed, span.root, own_clause) in lemmas)


_CLAUSES = {"ROOT", "conj", "advcl", "relcl", "acl", "xcomp", "ccomp"}
_OWN_CLAUSE = _CLAUSES - {"relcl", "acl"}  # not a clause about another name ("…, who had founded Bluebird in 1962")


def governing_verb(parsed: ParsedSentence, root: int, own_clause: bool = False) -> str:
    """The lemma of the verb whose preposition the span is the object of ("studied at X": study); ""
    when the span hangs from no verb that way. A name inside a phrase ("at the Oslo theatre school")
    hangs from the phrase's head."""
    verb = _governing(parsed, root, own_clause)
    return parsed.lemmas[verb] if verb is not None else ""


def _governing(parsed: ParsedSentence, root: int, own_clause: bool = False) -> int | None:
    for _ in range(4):
        if parsed.deps[root] not in {"compound", "amod", "nmod", "poss"}:
            break
        root = parsed.heads[root]
    if parsed.deps[root] == "prep":  # "from 1957 to 1961": the tagger's span is headed by its own "to"
        verb = parsed.heads[root]
    elif parsed.deps[root] != "pobj":
        return None
    else:
        verb = parsed.heads[parsed.heads[root]]
    return verb if parsed.deps[verb] in (_OWN_CLAUSE if own_clause else _CLAUSES) else None


def dated_elsewhere(parsed: ParsedSentence, span: Span, lemmas: set[str], named: set[str],
                    ours: Callable[[str], bool]) -> bool:
    """A date that is another thing's, asked no life event: in a life bracket of a name that is not ours
    ("Hugh Brock (1914 - 1985)", asked when a committee ended), or governed by the asked verb whose object is
    something the question does not name ("She founded Orvell Press in 1921", asked when a society was). A life
    bracket never dates a deed the question asks ("Rakim Mayers (born October 3, 1988)", asked when an album
    he appeared on was followed up), whoever's it is."""
    owner = bracket_owner(parsed.sentence.text, span.start)
    return bool(owner) and (not ours(owner) or bool(lemmas & DEEDS)) or _done_to_another(parsed, span, lemmas, named)


# Things made or done on a date, which no birth or death date answers
DEEDS = {"release", "found", "launch", "open", "publish", "premiere", "form", "establish", "build", "sign", "air",
         "debut", "complete", "close", "create", "record", "issue", "broadcast", "inaugurate", "begin"}


def _done_to_another(parsed: ParsedSentence, span: Span, lemmas: set[str], named: set[str]) -> bool:
    verb = _governing(parsed, span.root)
    if verb is None or parsed.lemmas[verb] not in lemmas:
        return False
    objects = [i for i, head in enumerate(parsed.heads) if head == verb and parsed.deps[i] == "dobj"]
    # (not what the question itself asks about: "When did Li Hua buy the tickets?", "I bought the tickets on …")
    return any(stem(parsed.tokens[i]) not in named and parsed.lemmas[i] not in lemmas and _named(parsed, i)
               for i in objects)


def _named(parsed: ParsedSentence, i: int) -> bool:
    """The token is written as a name in its sentence ("Orvell Press"; not "4-0" or "the tickets")."""
    found = re.search(rf"(?<!\w){re.escape(parsed.tokens[i])}(?!\w)", parsed.sentence.text, re.IGNORECASE)
    return found is not None and found.group(0)[:1].isupper()


def _cue_before(text: str, start: int) -> str:
    """The life event named nearest before `start`, within reach and in the same clause."""
    window = text[max(0, start - CUE_REACH):start]
    ends = [m.end() for m in _CLAUSE_END.finditer(window)]
    window = window[ends[-1]:] if ends else window
    last = {event: found[-1].start() for event, cue in _CUES.items() if (found := list(cue.finditer(window)))}
    return max(last, key=lambda event: last[event]) if last else ""


def _bracket_event(text: str, span: Span) -> str:
    """"birth" or "death" for a date inside a "(1924 – 2005)" or "(born 1924)" bracket after a name."""
    for bracket in _BRACKETS.finditer(text):
        if not bracket.start(1) <= span.start < bracket.end(1):
            continue
        inside = bracket.group(1)
        if _CUES["birth"].search(inside) and _CUES["death"].search(inside):
            return ""  # "(born 3 June 1899 in Leeds, died 1968)": the cue words say which
        parts = _DASH.split(inside.removeprefix("born "), maxsplit=1)
        offset = span.start - bracket.start(1)
        if len(parts) == 2:
            return "birth" if offset < inside.find(parts[1]) else "death"
        if inside.startswith("born "):
            return "birth"
    return ""


_LIFE = re.compile(r"\b(?:born|died|b\.|d\.)|\b(?:1[0-9]{3}|20[0-9]{2})\b")

# A life bracket: "(born 3 March 1960)", "(b. 1901)", "(1924 – 2005)", "(18 September 1863 – 1947)"; `born`
# when it opens with born, `first` and `second` the years it gives
LIFE_BRACKET = re.compile(r"\((?P<born>(?i:born|b\.)\s+)?[^()]{0,40}?\b(?P<first>1[0-9]{3}|20[0-9]{2})\b"
                          r"(?:[^()]{0,40}?[–—-][^()]{0,40}?\b(?P<second>1[0-9]{3}|20[0-9]{2})\b)?[^()]{0,40}\)")


# what a firm's bracket dates ("Kell Records (founded 1950 in Karvik – closed 1990)"), not a life
_FIRM_YEARS = re.compile(r"\b(?:founded|established|formed|opened|closed|dissolved|defunct|launched|active)\b",
                         re.IGNORECASE)


def lived_bracket_at(text: str, at: int) -> bool:
    """A bracket that dates a life ("(born … 1954)" or "(1905–1959)", not a work's "(1948)" nor a firm's
    "(founded 1950 – closed 1990)") starts at `at`."""
    found = LIFE_BRACKET.match(text, at)
    return found is not None and bool(found["born"] or found["second"]) and not _FIRM_YEARS.search(found[0])


def in_others_bracket(text: str, start: int, ours: Callable[[str], bool], own: bool = False) -> bool:
    """`start` is in a bracket after another name than ours, in a sentence that gives ours a bracket too
    ("… lead singer Marian Gold (born 26 May 1954 in Herford), Bernhard Lloyd (born … in Enger)": Enger is
    Bernhard Lloyd's birthplace, not Marian Gold's), or, when the question asks our `own` birth or death of a
    sentence about ours, in any other's bracket ("Joel White (1930–1997), the son of author E. B. White":
    1997 is not E. B. White's death; "He was the son of Martin Kingsley Sr. (1899–1984)"; but the bracket of
    "Jim Mollison (1905–1959) … married Amy Johnson" does answer when Amy Johnson's husband died). Each
    bracket belongs to the words before it, back to the bracket before."""
    owners = _owners(text)
    here = next((owner for a, b, owner in owners if a <= start < b), None)
    if here is None or ours(here):
        return False
    return own or any(ours(owner) for _, _, owner in owners)


def bracket_owner(text: str, start: int) -> str:
    """The words before the life bracket `start` is in ("David Marciano" for "(born January 7, 1960)"), or
    "" when it is in none."""
    return next((owner for a, b, owner in _owners(text) if a <= start < b), "")


def in_first_bracket(text: str, start: int) -> bool:
    """`start` is in the sentence's first life bracket: in a passage's first sentence, its subject's own
    ("Bill Cole (footballer) William Henry Cole (born 3 March 1960)", whatever name the lead gives him)."""
    owners = _owners(text)
    return bool(owners) and owners[0][0] <= start < owners[0][1]


def _owners(text: str) -> list[tuple[int, int, str]]:
    """Each life bracket's inside (start, end) and the words before it, back to the bracket before."""
    lives = [b for b in _BRACKETS.finditer(text) if _LIFE.search(b.group(1))]  # not "Breslau (now Wrocław)"
    return [(b.start(1), b.end(1), re.split(r"[;()]", text[max(0, b.start() - 60):b.start()])[-1]) for b in lives]


_CAUSE_ASKED = re.compile(r"\bcause\s+of\s+(?:his\s+|her\s+|their\s+)?death\b|\b(?:how|why)\s+did\b.{0,200}\bdie\b",
                          re.IGNORECASE)
_CAUSE = re.compile(r"\b(?:died|dies|death)\s+(?:was\s+)?(?:of|from|due\s+to|after)\s+"
                    r"(?:a\s+|an\s+|the\s+|complications\s+(?:of|from)\s+)?(?P<cause>[a-z][a-z' -]{2,50}?)"
                    r"(?=\s+(?:in|at|on|while|aged|at\s+the\s+age)\b|[,.;(]|$)")


def asks_cause_of_death(question: str) -> bool:
    return _CAUSE_ASKED.search(question) is not None


def cause_of_death(text: str) -> str:
    """What a sentence says someone died of ("He died of a heart attack in Paris": heart attack)."""
    found = _CAUSE.search(text)
    return found["cause"].strip() if found else ""


_MONTH = re.compile(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\b")


def life_date(year: str, died: bool, text: str) -> str:
    """The whole date of a birth (or, `died`, a death) in `year` that a life bracket of `text` gives ("2 March
    2001" from "John Diamond (10 May 1953 – 2 March 2001)"), or "" when it gives the year alone."""
    for bracket in LIFE_BRACKET.finditer(text):
        group = "second" if died else "first"
        if bracket[group] != year or bracket["born"] and died:
            continue
        inner = bracket.group(0)[1:-1]
        parts = re.split(r"\s*[–—]\s*|\s+-\s+", inner)
        part = parts[-1] if died else parts[0]
        date = part.removeprefix("born").strip(" ,;")
        if year in date and _MONTH.search(date) and len(date) <= 24:
            return date
    return ""
