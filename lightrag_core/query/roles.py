"""Questions that name something only through another: "the director of X", "X's father".

The first hop is the role's holder: the name nearest the role's cue word ("directed", "daughter of")
in a sentence about X. The rest of the question is then asked about that name ("When did the
director of X die?" becomes "When did Sergio Leone die?"). Comparisons use the same first hop
("which film has the director who died first, A or B?").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lightrag_core.nlp import nlp
from lightrag_core.query.countries import country_of_word
from lightrag_core.query.sentences import Sentence, named_in, stems

# Cue words that state each role in a sentence about its subject.
ROLE_WORDS = {"director": ("direct",), "composer": ("compos", "music"), "author": ("author", "writ", "wrote"),
              "writer": ("writ", "wrote"), "screenwriter": ("writ", "wrote", "screenplay"),
              "producer": ("produc",), "creator": ("creat",), "founder": ("found",),
              # "… is a song by American singer Dana Whitfield": a song's performer is mostly stated by "by".
              "performer": ("perform", "song by", "single by", "album by", "recorded by", "sung by"),
              "singer": ("sing", "sung", "perform", "song by", "single by", "recorded by"),
              "father": ("father", "son of", "daughter of", "child of", "heir of"),
              "mother": ("mother", "son of", "daughter of", "child of"), "husband": ("husband", "married"),
              "wife": ("wife", "married"), "spouse": ("married", "wife", "husband", "spouse"),
              # Family and work ties, stated by their own noun ("youngest son of B", "A, clerk to B").
              "son": ("son of", "his son", "her son"), "daughter": ("daughter",),
              "child": ("his son", "her son", "their son", "daughter", "child"),
              # a sibling is also the one whose sister (or brother) the subject is: "she was the sister of X"
              "brother": ("brother", "sister of", "sibling"), "sister": ("sister", "brother of", "sibling"),
              "sibling": ("brother", "sister", "sibling"), "nephew": ("nephew",), "niece": ("niece",),
              "uncle": ("uncle",),
              "aunt": ("aunt",), "clerk": ("clerk",), "partner": ("partner",), "employer": ("employ",),
              "apprentice": ("apprentic",), "servant": ("servant",), "fiancée": ("fianc",), "fiance": ("fianc",)}
# Kinship stated nowhere in one sentence, only as a chain of two ties: the paternal grandfather is the
# father's father, the father-in-law the spouse's father. The answer follows the chain tie by tie, and
# multihop's decomposition makes each tie a bridge of its own (decompose.py).
KIN_STEPS = {"paternal grandfather": ("father", "father"), "paternal grandmother": ("father", "mother"),
             "maternal grandfather": ("mother", "father"), "maternal grandmother": ("mother", "mother"),
             "father-in-law": ("spouse", "father"), "mother-in-law": ("spouse", "mother"),
             "stepmother": ("father", "spouse"), "stepfather": ("mother", "spouse"),
             "brother-in-law": ("spouse", "brother"), "sister-in-law": ("spouse", "sister")}
_ROLES = "|".join(["father-in-law", "mother-in-law", "brother-in-law", "sister-in-law", "grandfather",
                   "grandmother", *ROLE_WORDS])
# "the youngest son of X": the qualifier narrows which holder is meant, and is looked for with the role.
_QUALIFIERS = r"(?:eldest|youngest|oldest|elder|younger|older|first|second|third|only|late|former|paternal|maternal)"
_WORKS = r"(?:film|movie|song|album|book|novel|band|series|show|play|opera|poem|painting|magazine|company)"
# "Edward Stafford, 4th Baron Stafford", "Edward Stanley, 3rd Earl of Derby": a numbered title after a comma
# is part of the name.
_PEER = (r",\s+\d{1,2}(?:st|nd|rd|th)\s+(?:Baron|Baroness|Earl|Countess|Count|Duke|Duchess|Marquess|Viscount|"
         r"Baronet|Lord|Lady|Prince|Princess)\b")
_PEERAGE = rf"(?:{_PEER}[^?,]{{0,60}}?)"
# "…, 2nd Baronet" has no place after it; "KG" after a title is an order, not part of it
_PEERAGE_TAIL = re.compile(_PEER + r"(?:\s+(?:of\s+)?[A-Z][a-z][\w'-]{0,40}){0,3}")
# X runs to the verb or the question mark.
_UNTIL = (r"(?=\s+(?:die|died|born|buried|was|is|work|worked|live|lived|come|came|from|graduate|graduated|study|"
          r"studied|educated|attend|attended|trained|receive|received|get|got|have|has|had|win|won|play|played|do|does|"
          r"did|located|found|founded|headquartered|based|owned|published|released|produced|a\s+part)\b|\s*\?|,|$)")
# "the director of (film) X"; "the cause of death of director of film X" leaves out the second "the"
# ("the director of the film adaptation of X" is asked of X: its page says who directed the adaptation)
_OF = re.compile(rf"(?:\bthe\s+|(?<=\bof\s))(?:(?P<qualifier>{_QUALIFIERS})\s+)?(?P<role>{_ROLES})\s+of\s+(?:the\s+)?"
                 r"(?:(?:(?:film|movie|screen|television|stage)\s+)?(?:adaptation|version)\s+of\s+(?:the\s+)?)?"
                 rf"(?:{_WORKS}\s+)?(?P<x>[A-Z0-9][^?,]{{0,120}}?{_PEERAGE}?)" + _UNTIL)
# "the institute that owned X", "the company which was founded by X": the verb is the cue.
_RELATIVE = re.compile(r"\bthe\s+(?:[a-z-]+\s+){0,2}?(?P<noun>[a-z]+)\s+(?:that|which|who)\s+"
                       r"(?:(?:was|were|is|are|has|had|have)\s+)?(?P<verb>[a-z]{3,})\s+(?:(?:by|in|on|for|at)\s+)?"
                       rf"(?:the\s+)?(?:{_WORKS}\s+)?(?P<x>[A-Z0-9][^?,]{{0,120}}?)" + _UNTIL)
# "the newspaper Derek Moss worked for", "the team that Tom Hale played for": X did the verb to the thing.
# The preposition must end it: in "When was the band Kestrel Lane formed?" the band is what was formed.
_DONE_BY = re.compile(r"\bthe\s+(?:[a-z-]+\s+){0,2}?(?P<noun>[a-z]+)\s+(?:(?:that|which|whom)\s+)?"
                      r"(?P<x>[A-Z][\w.'-]{0,40}(?:\s+[A-Z][\w.'-]{0,40}){0,4})\s+(?:(?:has|had)\s+)?"
                      r"(?P<verb>(?!(?:was|is|has|does)\b)[a-z]{2,}(?:ed|s)|wrote|won|ran|led|sang|made|built)"
                      r"\s+(?:for|at|in|with|on|under)\b")
# "X's birthplace", "the birthplace of X", "the city where X was born": a place found by its event.
_EVENT_PLACE = re.compile(
    r"\bthe\s+(?:birthplace|place\s+of\s+birth)\s+of\s+(?P<x>[A-Z][^?,]{0,80}?)" + _UNTIL
    + r"|\bthe\s+(?P<noun>city|town|village|place|country|state|county|college|university|school|academy|"
    r"institution|company|studio|club|team)\s+(?:where|in\s+which|at\s+which)\s+"
    # X may be a role of its own ("the college where the director of film X was educated")
    rf"(?P<x2>(?:the\s+(?:{_QUALIFIERS}\s+)?(?:{_ROLES})\s+of\s+(?:the\s+)?(?:{_WORKS}\s+)?)?[A-Z][^?,]{{0,80}}?)"
    r"\s+(?:(?:was|were|is|are|did|does)\s+)?(?P<event>born|died|die|buried|educated|studied|study|worked|work|"
    r"lived|live|located|based|formed|founded|raised|played|play)\b"
    r"|(?P<x3>[A-Z][\w.\-]{0,40}(?:\s+[A-Z][\w.\-]{0,40}){0,4})'s\s+(?:birthplace|hometown|place\s+of\s+birth)\b")
_IRREGULAR = {"wrote": "writ", "written": "writ", "sang": "sung", "made": "made", "built": "built", "won": "won",
              "began": "began", "ran": "ran", "led": "led", "held": "held", "bought": "bought", "sold": "sold"}
# "X's father": X is the run of capitalised words (with of, the, de …) before "'s".
_NAME_WORD = r"[A-Z][\w.\-]{0,40}"
_POSSESSIVE = re.compile(rf"(?P<x>{_NAME_WORD}(?:\s+(?:of|the|de|von|van|da|del|{_NAME_WORD})){{0,8}})'s\s+"
                         rf"(?:(?P<qualifier>{_QUALIFIERS})\s+)?(?P<role>{_ROLES})\b")
# "Name the mother of X, who was the daughter of …": a request for the name, whatever describes it after.
# (The clause after it asks nothing itself: "Identify the mother of X, who was born in which city?" asks a city.)
_ASKS_THE_NAME = re.compile(r"^(?:(?:who|what)\s+(?:is|was|were|are)(?:\s+the\s+name\s+of)?|(?:name|identify)"
                            r"(?:\s*,\s*(?:who|whose)\b(?:(?!\b(?:which|what|when|where|how|whom)\b)[^?])*)?)$",
                            re.IGNORECASE)


_CAPS_HEADING = re.compile(r"^(?:[A-Z]{3,}\s+)+(?=[A-Z][a-z])")


def without_heading(name: str) -> str:
    """A name without a heading in capitals the small model read into it ("CHARACTERS Bob Cratchit")."""
    return _CAPS_HEADING.sub("", name)


# A ruler or noble is named with a territory ("Princess Sophie of Kessel", "Louis of France"); the small
# model stops the name before "of", so an answer would lose what tells two Duke Friedrichs apart.
_TITLES = frozenset("""prince princess duke duchess king queen count countess lord lady earl baron baroness emperor
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
    if not words or not (always or words[0].lower().strip(".") in _TITLES or len(words) == 1):
        return name
    tail = _OF_TERRITORY.match(text, end) or _TITLED_TAIL.match(text, end)
    return name + text[end:tail.end()] if tail else name


# "Frederick, Margrave of Baden", "Francis, Duke of Teck": a ruler named by his title after a comma.
_TITLED_TAIL = re.compile(r",\s+(?:Grand\s+)?(?:" + "|".join(w.capitalize() for w in sorted(_TITLES)) +
                          r")\s+of\s+[A-Z][\w'-]{1,40}(?:\s+[A-Z][\w'-]{1,40}){0,2}")


@dataclass(frozen=True)
class Hop:
    role: str
    subject: str  # X in "the director of X"
    outer: str  # the question with the phrase replaced by a placeholder: "When did {} die?"
    qualifier: str = ""  # "youngest" in "the youngest son of X"
    asks: str = ""  # for a place found by its event: the question that finds it ("Where was {} born?")

    def asks_the_name(self) -> bool:
        """"Who is the director of X?": the holder itself is the answer."""
        return _ASKS_THE_NAME.match(self.outer.replace("{}", "").strip().rstrip("?").strip()) is not None


def first_hop(question: str) -> Hop | None:
    """The first role phrase of the question (the earliest in it, when several forms match)."""
    found = [(m.start(), kind, m) for kind, pattern in (("of", _OF), ("of", _POSSESSIVE), ("relative", _RELATIVE),
                                                        ("place", _EVENT_PLACE), ("relative", _DONE_BY))
             if (m := pattern.search(question))]
    if not found:
        return None
    _, kind, m = min(found, key=lambda f: f[0])
    outer = question[: m.start()] + "{}" + question[m.end():]
    if kind == "place":
        return Hop("place", (m["x"] or m["x2"] or m["x3"]).strip(), outer, asks=_asks_place(m))
    if kind == "relative":
        return Hop(_cue(m["verb"]), m["x"].strip(), outer)
    return Hop(m["role"].lower(), m["x"].strip(), outer, (m["qualifier"] or "").lower())


# How to ask for the place of each event ("the town where X was raised": "Where was X raised?").
_PLACE_OF = {"born": "was {} born", "died": "did {} die", "die": "did {} die", "buried": "was {} buried",
             "educated": "was {} educated", "studied": "did {} study", "study": "did {} study",
             "worked": "did {} work", "work": "did {} work", "lived": "did {} live", "live": "did {} live",
             "located": "is {} located", "based": "is {} based", "formed": "was {} formed",
             "founded": "was {} founded", "raised": "was {} raised", "played": "did {} play", "play": "did {} play"}


def _asks_place(m: re.Match[str]) -> str:
    """The question that finds the place: "Where was {} born?", or, for "the country where X is located",
    "Which country is {} located in?" (a country, not the village's district)."""
    event = _PLACE_OF[(m["event"] or "born").lower()]
    noun = (m["noun"] or "").lower()
    if noun in {"country", "state", "county"}:
        return f"Which {noun} {event} in?"
    return f"Where {event}?"


def _cue(verb: str) -> str:
    """The part of a verb that its forms share ("published" → "publish"), to find it in a sentence."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    for suffix in ("ied", "ed", "es", "s"):
        if verb.endswith(suffix) and len(verb) - len(suffix) >= 3:
            return verb[: -len(suffix)] + ("y" if suffix == "ied" else "")
    return verb


def inner_hop(subject: str) -> Hop | None:
    """The subject when it is itself a role phrase ("Scrooge's clerk" in "the youngest son of Scrooge's
    clerk"): its holder is found first, then the outer role is asked of that holder."""
    hop = first_hop(subject + "?")
    return hop if hop is not None and hop.outer.strip(" ?") == "{}" else None


def chain_holder(subject: str, role: str, sentences: list[Sentence], qualifier: str = ""
                 ) -> tuple[list[str], list[Sentence]] | None:
    """The holder of a role, through the middle holder when the role is a chain ("paternal grandfather"):
    the names along the way and the sentences that say each tie. None when a tie is not stated."""
    steps = KIN_STEPS.get(f"{qualifier} {role}") or KIN_STEPS.get(role)
    if steps is None:
        found = holder(subject, role, sentences, qualifier)
        return ([found[0]], [found[1]]) if found else None
    names: list[str] = []
    said: list[Sentence] = []
    for step in steps:
        found = holder(names[-1] if names else subject, step, sentences)
        if found is None:
            return None
        names.append(found[0])
        said.append(found[1])
    return names, said


_SPOUSES = {"spouse", "wife", "husband"}
_MUTUAL = {*_SPOUSES, "brother", "sister", "sibling", "son", "daughter", "child"}
# Chunks not already a PERSON or ORG that may hold a role: not a city, but LOC, which the small model
# gives some people's names ("the actress Lidiya Orlova").
_HOLDING_KINDS = {"", "LOC", "WORK_OF_ART", "FAC", "PRODUCT", "EVENT", "LAW"}
_KIN_OF = re.compile(r"(?:son|daughter|child|heir|wife|husband|spouse|widow|widower|sister|brother|sibling)"
                     r"\s+(?:and\s+\w+\s+)?of\s+")
# Roles whose cue, followed by "of <subject>", says the sentence's own subject holds a tie to ours.
_TIES = {"father", "mother", "spouse", "wife", "husband"}


def _points_at(text: str, cue: int, subject: str) -> bool:
    """The cue is "son of <subject>" (or "son of A and <subject>"): asked for the subject's parent, the
    sentence names its child; "the wife of <subject>": asked for the subject's spouse, the one named
    near the cue is someone else ("She was the daughter of X and the wife of <subject>"); "his father was
    <subject>": the subject is the father here, of the sentence's own subject."""
    word = re.match(r"\w+", text[cue:])
    after = cue + (word.end() if word else 0)
    if subject in text[after:after + len(subject) + 12]:  # " was ", ", "
        return True
    kin = _KIN_OF.match(text, cue)
    if kin is None:
        return False
    stop = min((i for mark in ".;(" if (i := text.find(mark, kin.end())) >= 0), default=len(text))
    return subject in text[kin.end():min(stop, kin.end() + 120)]


_DESCRIBED = re.compile(r"(?:the\s+|a\s+|an\s+)?(?:[a-z-]+\s+){0,3}")  # "and the singer Ingrid Lund"


def _parents(text: str, cue: int) -> int:
    """Where the name after "and" may start in "the son of A and B" (-1 when the cue is not that)."""
    kin = _KIN_OF.match(text, cue)
    joined = text.find(" and ", kin.end()) if kin else -1
    if kin is None or joined < 0 or any(mark in text[kin.end():joined] for mark in ".;("):
        return -1
    return joined + 5


def _second_parent(text: str, cue: int, names: dict[str, int]) -> str:
    """"the son of A and B": by custom the father is named first, so the mother is the name after "and",
    past a lower-case description ("and the singer Ingrid Lund")."""
    start = _parents(text, cue)
    if start < 0:
        return ""
    reach = start + len(_DESCRIBED.match(text, start).group(0)) + 1  # type: ignore[union-attr]
    after = sorted((at, name) for name, at in names.items() if at >= start)
    return after[0][1].strip(" ,.") if after and after[0][0] <= reach else ""


def _own_subject(said: Sentence, doc: Any, sentences: list[Sentence]) -> str:
    """Who the sentence is about: its subject's name, or, for "she" or a surname alone ("Keane is the
    daughter of …"), the person its passage's first sentence names (a Wikipedia paragraph opens with
    its subject). "" when the subject is something else."""
    subject = next((t for t in doc if t.dep_ in {"nsubj", "nsubjpass"} and t.head.dep_ == "ROOT"), None)
    if subject is None or not (subject.pos_ == "PROPN" or subject.lower_ in {"he", "she"}):
        return ""
    own = next((e.text for e in doc.ents if e.start <= subject.i < e.end), subject.text) \
        if subject.pos_ == "PROPN" else ""
    if len(own.split()) > 1:
        return own
    first = min((s for s in sentences if s.ref == said.ref), key=lambda s: s.offset)
    if own:  # "Aoife Keane (born 1965) is …": the surname with the names before it, as the passage opens
        opening = re.search(rf"((?:(?!{re.escape(own)}\b)[A-Z][\w'.-]*\s+){{1,2}}){re.escape(own)}\s*(?:\(|is\b|was\b)",
                            first.text)
        return opening.group(1) + own if opening else own
    return next((e.text for e in nlp()(first.text).ents if e.label_ == "PERSON"), "")


def _proper_tail(chunk: Any) -> tuple[int, str]:
    """The proper-noun run that ends a noun chunk, with a capitalised "The" before it, and where it starts."""
    tokens = list(chunk)
    first = len(tokens)
    while first > 0 and (tokens[first - 1].pos_ == "PROPN" or tokens[first - 1].text == "The"):
        first -= 1
    if first == len(tokens):
        return chunk.start_char, chunk.text
    return tokens[first].idx, chunk.doc[chunk.start + first:chunk.end].text


def _names_of(said: Sentence, doc: Any, role: str) -> dict[str, int]:
    """The names in a sentence that may hold a role, and where each starts. The small model often calls a
    director an ORG, and some people a location; a chunk around a name it found ("American singer Dana
    Whitfield") is not another name, and a chunk's description is not part of its name ("the British
    band The Velvet Hours"). A place holds no family role ("born in Naples, the daughter of …"), but a
    verb may ask for one ("the country that X belongs to")."""
    names = {with_territory(without_heading(e.text), said.text, e.end_char): e.start_char
             for e in doc.ents if e.label_ in {"PERSON", "ORG"}}
    kinds = _HOLDING_KINDS if role in ROLE_WORDS else _HOLDING_KINDS | {"GPE"}
    for c in doc.noun_chunks:
        if c.root.pos_ == "PROPN" and c.root.ent_type_ in kinds:
            start, text = _proper_tail(c)
            names.setdefault(with_territory(text, said.text, c.end_char), start)
    return names


def holder(subject: str, role: str, sentences: list[Sentence], qualifier: str = "") -> tuple[str, Sentence] | None:
    """Who holds `role` for `subject`, and the sentence that says so: the name nearest the role's cue
    word in a sentence about the subject (never a name made only of the subject's words). With a
    qualifier ("youngest"), sentences that say "youngest son" are read first."""
    cues = ROLE_WORDS.get(role, (role,))
    # Sentences with the subject's whole name first: "Bremia" alone names every king of Bremia.
    full = stems(subject)
    about = sorted((s for s in sentences if named_in(subject, s.name_stems)), key=lambda s: not full <= s.name_stems)
    if qualifier:
        qualified = [s for s in about if f"{qualifier} {role}" in s.text.lower()]
        about = qualified + [s for s in about if s not in qualified]
    stating = [s for s in about if any(c in s.text.lower() for c in cues)][:6]
    subject_words = {w.lower() for w in subject.split()}
    for said, doc in zip(stating, nlp().pipe([s.text for s in stating])):
        lowered = said.text.lower()
        cue, matched = min((i, c) for c in cues if (i := lowered.find(c)) >= 0)
        if role in _TIES | _MUTUAL and _points_at(lowered, cue, subject.lower()):
            # "Louis of France was the son of Louis, Grand Dauphin" names Louis of France's father; "she
            # married <subject>", "Keane is the daughter of <subject>": the sentence's own subject holds it
            other = _own_subject(said, doc, sentences) if role in _MUTUAL else ""
            if other and not {w.lower() for w in other.split()} <= subject_words:
                return other, said
            if role in _TIES:
                continue  # else the name nearest the cue: "Tim Cratchit, a cripple, youngest son of Bob Cratchit"
        if role in _SPOUSES and re.search(r"\band (?:his|her) $", lowered[:cue]):
            continue  # "the daughter of Henry and his wife Beatrice": Henry's wife, not the subject's
        names = _names_of(said, doc, role)
        if role == "mother" and _parents(lowered, cue) >= 0:
            # "the son of A and B": the mother is B, never A, the name nearest the cue
            if second := _second_parent(lowered, cue, names):
                return second, said
            continue
        # "daughter of X", "directed by X": the holder comes after such a cue, as after a verb's "by"
        # ("the label that released X": "X … released in 1996 by Lumen Records")
        after_only = matched.endswith((" of", " by")) or (
            role not in ROLE_WORDS and re.search(r"\bby\b", lowered[cue:cue + 60]) is not None)
        for name in sorted(names, key=lambda n: abs(names[n] - cue) + (1000 if after_only and names[n] < cue else 0)):
            # A relative shares the family name ("Tim Cratchit, son of Bob Cratchit"); a part of the
            # subject's own name ("America" in "Once Upon a Time in America"), or its fuller form
            # ("Ebenezer Scrooge" for "Scrooge"), is not its holder.
            # A nationality the tagger calls an organisation ("the Welsh author Gwen Harries") holds nothing.
            words = {w.lower() for w in name.split()}
            if not (words <= subject_words or subject_words <= words) and not country_of_word(name):
                return re.sub(r"^the\s+", "", name.strip(" ,."), flags=re.IGNORECASE), said
    return None
