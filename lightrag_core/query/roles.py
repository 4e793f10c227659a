"""Questions that name something only through another: "the director of X", "X's father", "the label
that released X", "the journal published by X".

The first hop is the role phrase (`first_hop`); its holder is found in the sentences about X
(`role_holders.py`). The rest of the question is then asked about that name ("When did the director of X
die?" becomes "When did Sergio Leone die?"). Comparisons use the same first hop ("which film has the
director who died first, A or B?"). Names the passages write with a title or a territory keep it
(`with_territory`). The words that state each role are in `role_words.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from lightrag_core.query.countries import country_of_word, is_country
from lightrag_core.query.name_forms import PEER
from lightrag_core.query.role_words import KIN_ROLES, ROLE_ALIASES, ROLE_WORDS, SOURCE_AUTHOR, THINGS, cue

_ROLES = "|".join(dict.fromkeys([*KIN_ROLES, *ROLE_ALIASES, *ROLE_WORDS]))
# "the youngest son of X": the qualifier narrows which holder is meant, and is looked for with the role.
_QUALIFIERS = (r"(?:eldest|youngest|oldest|elder|younger|older|first|second|third|only|late|former|current|paternal|"
               r"maternal|lead)")
_WORKS = r"(?:film|movie|song|album|book|novel|band|series|show|play|opera|poem|painting|magazine|company)"
_PEERAGE = rf"(?:{PEER}[^?,]{{0,60}}?)"
# X runs to the verb or the question mark.
_UNTIL = (r"(?=\s+(?:die|died|born|buried|was|is|work|worked|live|lived|come|came|from|graduate|graduated|study|"
          r"studied|educated|attend|attended|trained|receive|received|get|got|have|has|had|win|won|play|played|do|does|"
          r"did|located|found|founded|headquartered|based|owned|published|released|produced|shot|filmed|recorded|"
          r"set|been|portray|portrays|portrayed|appear|appears|appeared|perform|performs|performed|a\s+part)\b|\s*\?|,|$)")
# A lower-case word that describes the name after it, never a relative pronoun, a preposition or an article
_DESCRIBING = (r"(?!(?:that|which|who|whom|whose|where|when|of|the|a|an|in|at|on|to|for|by|with|from|and|or)\b)"
               r"[a-z][a-z-]*")
# "the director of (film) X"; "the cause of death of director of film X" leaves out the second "the"; "the band
# behind the album X"
# ("the director of the film adaptation of X" is asked of X: its page says who directed the adaptation)
_OF = re.compile(rf"(?:\bthe\s+|(?<=\bof\s))(?:(?P<qualifier>{_QUALIFIERS})\s+)?(?P<role>{_ROLES})\s+"
                 r"(?:of|(?<=\bband )behind)\s+(?:the\s+)?"
                 r"(?:(?:(?:film|movie|screen|television|stage)\s+)?(?:adaptation|version)\s+of\s+(?:the\s+)?)?"
                 # ("the mother-in-law of the journalist John Diamond": a describing noun before the name)
                 rf"(?:{_WORKS}\s+|{_DESCRIBING}\s+){{0,2}}?(?P<x>[A-Z0-9][^?,]{{0,120}}?{_PEERAGE}?)" + _UNTIL)
# A lower-case word of a relative phrase's noun or its modifiers ("the record label that …", "the 1994 film
# directed by X"): never a relative pronoun, a preposition or an article ("the mouth of the Cullen River
# located in" holds no relative phrase)
_WORD = r"(?!(?:that|which|who|whom|whose|of|the|a|an|in|at|on|to|for|by|with|from|into|under|against)\b)[a-z0-9-]+"
# "the institute that owned X", "the company which was founded by X": the verb is the cue.
_RELATIVE = re.compile(rf"\b[Tt]he\s+(?:{_WORD}\s+){{0,2}}?(?P<noun>{_WORD})\s+(?:that|which|who)\s+"
                       r"(?:(?:was|were|is|are|has|had|have)\s+)?(?P<verb>(?!(?:the|his|her|its|their|our|your)\b)[a-z]{3,})"
                       r"\s+(?:(?:by|in|on|for|at|through|into)\s+)?"
                       # "the author who created the fictional character Cross Damon": lower-case words before X
                       rf"(?:(?:the|an?)\s+)?(?:{_WORD}\s+){{0,3}}?(?P<x>[A-Z0-9][^?,]{{0,120}}?)" + _UNTIL)
# "the coastal archaeology journal published by X", "the film directed by X": the relative without "that".
_REDUCED = re.compile(rf"\b[Tt]he\s+(?:{_WORD}\s+){{0,2}}?(?P<noun>{_WORD})\s+"
                      r"(?P<verb>[a-z]{3,}ed|written|made|built|sung)\s+"
                      rf"by\s+(?:the\s+)?(?:{_WORKS}\s+)?(?P<x>[A-Z0-9][^?,]{{0,120}}?)" + _UNTIL)
# A name doing a relative phrase's verb: capitalised words, with the small words titles hold between them
# ("the album that Too Good to Last was recorded for")
_DOER = (r"[A-Z][\w.'-]{0,40}(?:\s+(?:(?:of|the|to|a|an|and|in|on|at|for|de|von|van|da|del)\s+){0,2}"
         r"[A-Z][\w.'-]{0,40}){0,4}")
# "the newspaper Derek Moss worked for", "the team that Tom Hale played for": X did the verb to the thing.
# The preposition must end it: in "When was the band Kestrel Lane formed?" the band is what was formed.
_DONE_BY = re.compile(rf"\b[Tt]he\s+(?:{_WORD}\s+){{0,2}}?(?P<noun>{_WORD})\s+(?:(?:that|which|whom)\s+)?"
                      rf"(?P<x>{_DOER})\s+(?:(?:has|had)\s+)?"
                      # "the label X is signed to", "the album X was recorded for"; but "the city Carthage was
                      # destroyed in" is no relative
                      r"(?:(?P<passive>is|was|are|were)\s+)?"
                      r"(?P<verb>(?!(?:was|is|has|does)\b)[a-z]{2,}(?:ed|s)|wrote|won|ran|led|sang|made|built)"
                      r"\s+(?(passive)(?:to|for)|(?:for|at|in|with|on|under|to))\b")
# "the author of the book on which the documentary X is based": the book is seldom named, its author is, in
# X's own passage ("a film based on a book by Richard Bach")
_SOURCE_OF = re.compile(r"\bthe\s+(?:author|writer)\s+of\s+the\s+(?:book|novel|story|short\s+story|play|memoir|"
                        r"poem|comic|manga)\s+(?:on\s+which|from\s+which|which|that)\s+(?:the\s+)?"
                        rf"(?:(?:{_WORKS}|documentary|musical|miniseries)\s+)?(?P<x>[A-Z0-9][^?,]{{0,80}}?)\s+(?:is|was)\s+"
                        r"(?:based|adapted)(?:\s+(?:on|from))?" + _UNTIL)
# "the band Zia Rowe plays keyboards in", "the club Tom Hale played for": what X is a member of, asked as X's
# band or club (an instrument or a part between, nothing else: "the club X played a friendly with" is another)
_PARTS = (r"(?:keyboards?|drums|bass|guitars?|vocals|piano|synthesi[sz]ers?|saxophone|trumpet|violin|cello|"
          r"percussion|organ|harmonica|banjo|mandolin|flute|turntables)")
_MEMBER_OF = re.compile(rf"\b[Tt]he\s+(?P<noun>band|group|club|team)\s+(?:(?:that|which|whom)\s+)?(?P<x>{_DOER})\s+"
                        r"(?:plays|played|sings|sang|drums|drummed|performs|performed)"
                        rf"(?:\s+(?:lead\s+|rhythm\s+|bass\s+)?{_PARTS})?\s+(?:in|for)\b")
_MEMBER_ROLE = {"band": "band", "group": "band", "club": "club", "team": "team"}
# "the senator for whom X served as chief of staff", "the team for which X played": the same, with its
# preposition before "whom" or "which" (a past participle is no noun: "the company founded for which …")
_PIED = re.compile(rf"\b[Tt]he\s+(?:{_WORD}\s+){{0,2}}?(?P<noun>{_WORD})(?<!ed)\s+"
                   r"(?:to|for|with|in|at|on|from|under|against)\s+(?:whom|which)\s+(?:the\s+)?"
                   rf"(?P<x>{_DOER})\s+(?:(?:has|had)\s+)?"
                   r"(?P<verb>(?!(?:was|is|has|does|were|are)\b)[a-z]{2,}(?:ed|s)|wrote|won|ran|led|sang|made|built"
                   r"|fought|went)\b(?:\s+[\w'-]+){0,6}?" + _UNTIL)  # the clause's own words end it
# "the institution that X attended", "the journal that X publishes": X did the verb to the thing.
_DONE_THAT = re.compile(rf"\b[Tt]he\s+(?:{_WORD}\s+){{0,2}}?(?P<noun>{_WORD})\s+(?:that|which|whom)\s+"
                        rf"(?P<x>{_DOER})\s+(?:(?:has|had)\s+)?"
                        r"(?P<verb>(?!(?:was|is|has|does)\b)[a-z]{2,}(?:ed|s)|wrote|won|ran|led|sang|made|built)"
                        + _UNTIL)
# "the person after whom X is named": the name after "named after" in a sentence about X.
_NAMED_AFTER = re.compile(rf"\bthe\s+(?:{_WORD}\s+){{0,2}}?(?P<noun>{_WORD})\s+"
                          r"(?:after\s+(?:whom|which)|for\s+whom)\s+"
                          r"(?:the\s+)?(?P<x>[A-Z0-9][^?,]{0,120}?)\s+(?:is|was|were|are)\s+named\b")
# "X's birthplace", "the birthplace of X", "the city where X was born": a place found by its event.
_EVENT_PLACE = re.compile(
    r"\bthe\s+(?:birthplace|place\s+of\s+birth)\s+of\s+(?P<x>[A-Z][^?,]{0,80}?)" + _UNTIL
    + r"|\bthe\s+(?P<noun>city|town|village|place|country|state|county|province|region|district|island|college|"
    r"university|school|academy|institution|company|studio|club|team)\s+(?:where|in\s+which|at\s+which)\s+"
    # X may be a role of its own ("the college where the director of film X was educated")
    # ("the country where the Big Tree at Victoria Falls stands": a name's run of words after "the")
    # ("the town where the race walker Kerry Saxby-Junna was born": describing words before the name)
    rf"(?:the\s+(?:{_DESCRIBING}\s+){{0,3}}?(?P<x4>[A-Z][\w.'-]*(?:\s+(?:of|at|on|in|the|de|and|[A-Z][\w.'-]*))*)|"
    rf"(?P<x2>(?:the\s+(?:{_QUALIFIERS}\s+)?(?:{_ROLES})\s+of\s+(?:the\s+)?(?:{_WORKS}\s+)?)?[A-Z][^?,]{{0,80}}?))"
    r"\s+(?:(?:was|were|is|are|did|does)\s+)?(?P<event>born|died|die|buried|educated|studied|study|worked|work|"
    r"lived|live|located|situated|based|headquartered|formed|founded|raised|played|play|"
    r"(?:stands|stood|lies)(?=\s*[?,]))\b"
    r"|(?P<x3>[A-Z][\w.\-]{0,40}(?:\s+[A-Z][\w.\-]{0,40}){0,4})'s\s+(?:birthplace|hometown|place\s+of\s+birth)\b")
# "the place where the writer of X attended a luau": a place found by what someone did there, asked as
# "Where <X> attended a luau?" of the sentences about X (the events above keep their own questions)
_DONE_WHERE = re.compile(
    r"\bthe\s+(?P<noun>city|town|village|place|country|state|county|island|venue)\s+(?:where|in\s+which|at\s+which)\s+"
    rf"(?P<x>(?:the\s+(?:{_QUALIFIERS}\s+)?(?:{_ROLES})\s+of\s+(?:the\s+)?(?:{_WORKS}\s+)?)?{_DOER})"
    r"\s+(?:(?P<aux>was|were|is|are)\s+)?"
    r"(?P<verb>(?!(?:born|died|buried|educated|studied|worked|lived|located|based|formed|founded|raised|played|"
    r"headquartered)\b)(?:[a-z]{3,}ed|met|saw|wrote|went|held|spent|took|gave|made|won|fought|sang|built|heard|shot))"
    r"(?P<object>(?:\s+[a-z][\w'-]{0,30}){0,4})(?=\s*\?)")
# "X's father": X is the run of capitalised words (with of, the, de …) before "'s".
_NAME_WORD = r"[A-Z][\w.\-]{0,40}"
_POSSESSIVE = re.compile(rf"(?P<x>{_NAME_WORD}(?:\s+(?:of|the|de|von|van|da|del|{_NAME_WORD})){{0,8}})'s\s+"
                         rf"(?:(?P<qualifier>{_QUALIFIERS})\s+)?(?P<role>{_ROLES})\b")
# "the Copper Sky performer", "the Jaws composer": a title before a person's role noun, as a modifier. Not a
# nationality ("the French director"), a word like "Oscar-winning", a noun before the holder's own name ("the
# Serie A club Valtorre"), nor a thing's role: "the Motown label" is Motown itself.
_TITLE_WORD = r"[A-Z][\w.']{0,40}(?:-[A-Z][\w.']{0,40})*"
_PERSON_ROLES = "|".join(r for r in [*KIN_ROLES, *ROLE_WORDS] if r not in THINGS)
_TITLED = re.compile(rf"\bthe\s+(?P<x>{_TITLE_WORD}(?:\s+(?:{_TITLE_WORD}|of|the|and|a|in|on)){{0,6}}?)\s+"
                     rf"(?P<role>{_PERSON_ROLES})\b(?![\w-])(?!\s*(?:of\b|'s|’s|[A-Z0-9]))")
# "the college whose student newspaper is X", "the country whose capital is X": X is the noun's <role> of it.
_WHOSE = re.compile(rf"\b[Tt]he\s+(?:{_WORD}\s+){{0,2}}?(?P<noun>{_WORD})\s+whose\s+(?:{_WORD}\s+){{0,2}}?"
                    r"(?P<role>[a-z]+)\s+(?:is|was|are|were)\s+(?:the\s+)?(?P<x>[A-Z][^?,]{0,120}?)" + _UNTIL)
# "Name the mother of X, who was the daughter of …": a request for the name, whatever describes it after.
# (The clause after it asks nothing itself: "Identify the mother of X, who was born in which city?" asks a city.)
_ASKS_THE_NAME = re.compile(r"^(?:(?:who|what)\s+(?:is|was|were|are)(?:\s+the\s+name\s+of)?|(?:name|identify)"
                            r"(?:\s*,\s*(?:who|whose)\b(?:(?!\b(?:which|what|when|where|how|whom)\b)[^?])*)?)$",
                            re.IGNORECASE)
_ASKS_A_COUNTRY = re.compile(r"^(?:which|what)\s+(?:country|nation)\s+(?:is|was)$", re.IGNORECASE)


@dataclass(frozen=True)
class Hop:
    role: str
    subject: str  # X in "the director of X"
    outer: str  # the question with the phrase replaced by a placeholder: "When did {} die?"
    qualifier: str = ""  # "youngest" in "the youngest son of X"
    asks: str = ""  # for a place found by its event: the question that finds it ("Where was {} born?")
    noun: str = ""  # what the holder is called, when the question says ("label" in "the label that released X")
    # the holder must be called `noun` somewhere: "the film in which X made his debut" is no radio programme
    # named beside "made" (a relative phrase with its preposition first says no more of the tie than that)
    called: bool = False
    besides: tuple[str, ...] = ()  # names the holder is not: "the actress who starred in X alongside A and B"

    def asks_the_name(self, holder: str = "") -> bool:
        """"Who is the director of X?": the holder itself is the answer; so is a country asked as one ("Which
        country is the birthplace of X?" is answered by "born in Botswana", not by what Botswana is in)."""
        outer = self.outer.replace("{}", "").strip().rstrip("?").strip()
        return _ASKS_THE_NAME.match(outer) is not None or (
            _ASKS_A_COUNTRY.match(outer) is not None and is_country(holder))


# "In which city was the 1975 soap opera made that was created by X?": the relative clause put after the verb
_EXTRAPOSED = re.compile(r"(?P<noun>\b(?:was|is|were|are)\s+the\s+(?:[\w-]+\s+){0,3}?[a-z][\w-]*)\s+"
                         r"(?P<verb>[a-z]{3,}ed|made|built|shot|written|sung|held|set|founded)\s+"
                         # (its doer named: an inner clause's phrases are read as they stand, each in its turn)
                         rf"(?P<clause>(?:that|which|who)\s+(?:was|were|is|are)\s+[a-z]{{3,}}\s+by\s+{_DOER})\s*\?\s*$")


def first_hop(question: str) -> Hop | None:
    """The first role phrase of the question (the earliest in it, when several forms match)."""
    hop = _first_hop(question)
    # 'called Qvwm "an unusually impressive imposter"': the name ends where a quotation opens after it
    if hop is not None and hop.subject.count('"') == 1 and not hop.subject.startswith('"'):
        hop = replace(hop, subject=hop.subject.split('"')[0].strip())
    return hop


def _first_hop(question: str) -> Hop | None:
    question = " ".join(question.split())  # one space between words: the patterns then never rescan a run of them
    if moved := _EXTRAPOSED.search(question):  # the clause back beside its noun: "… soap opera that … X made?"
        question = f"{question[:moved.start()]}{moved['noun']} {moved['clause']} {moved['verb']}?"
    found = [(m.start(), kind, m) for kind, pattern in (("of", _OF), ("of", _POSSESSIVE), ("relative", _RELATIVE),
                                                        ("place", _EVENT_PLACE), ("relative", _DONE_BY),
                                                        ("relative", _REDUCED), ("relative", _DONE_THAT),
                                                        ("named", _NAMED_AFTER), ("whose", _WHOSE),
                                                        ("done where", _DONE_WHERE), ("pied", _PIED),
                                                        ("member", _MEMBER_OF), ("source", _SOURCE_OF))
             if (m := pattern.search(question)) and (pattern is not _PIED or _outer_stands(question, m))]
    if titled := _titled(question):
        found.append((titled.start(), "titled", titled))
    if not found:
        return None
    _, kind, m = min(found, key=lambda f: (_swallowed(f[2], found), f[0]))
    outer = question[: m.start()] + "{}" + question[m.end():]
    if kind == "place":
        return Hop("place", (m["x"] or m["x2"] or m["x3"] or m["x4"]).strip(), outer, asks=_asks_place(m))
    if kind == "done where":
        aux = f"{m['aux']} " if m["aux"] else ""
        return Hop("place", m["x"].strip(), outer, asks=f"Where {aux}{{}} {m['verb']}{m['object']}?")
    if kind == "source":
        return Hop(SOURCE_AUTHOR, m["x"].strip(), outer)
    if kind == "member":
        return Hop(_MEMBER_ROLE[m["noun"]], m["x"].strip(), outer, noun=_MEMBER_ROLE[m["noun"]])
    if kind == "named":
        return Hop("named after", m["x"].strip(), outer, noun=m["noun"])
    if kind == "whose":  # the holder is what X is the <role> of ("… is the student newspaper of Wrenfield College")
        x, rest = _name_run(m["x"].strip())
        return Hop(f"{m['role']} of", x, outer.replace("{}", "{}" + rest, 1), noun=m["noun"])
    if kind in {"relative", "pied"}:
        x, rest = _name_run(m["x"].strip())  # "the country that contains Tessaly Bay gain independence"
        x, besides = _besides(x)
        return Hop(cue(m["verb"]), x, outer.replace("{}", "{}" + rest, 1), noun=m["noun"], called=kind == "pied",
                   besides=besides)
    role = ROLE_ALIASES.get(m["role"].lower(), m["role"].lower())
    if kind == "of" and (firm := _KIN_FIRM.match(question, m.end())):
        # "WingStreet's sister franchise": no kin, a thing the passages call so ("its sister franchise Pizza Hut")
        return Hop(f"{role} {firm['noun']}", m["x"].strip(), question[: m.start()] + "{}" + question[firm.end():])
    qualifier = "" if kind == "titled" else (m["qualifier"] or "").lower()  # _TITLED has no qualifier
    # a firm or a club is told from the other names by what the passages call it; a person is not (a
    # "Mother Teresa" or "the director Quentin Tarantino" named beside the subject is no mother or director)
    x, rest = _name_run(m["x"].strip())  # "the creator of Neighbours made?" (a clause moved back beside its noun)
    if not _VERB_TAIL.match(rest):  # "the author of the Harry Potter series", "Le petit prince": all one name
        x, rest = m["x"].strip(), ""
    return Hop(role, x, outer.replace("{}", "{}" + rest, 1), qualifier, noun=role if role in THINGS else "")


_VERB_TAIL = re.compile(r"\s+(?:[a-z]+ed|made|built|shot|written|sung|held|set|won|begun|run|done|seen)\b")


def _swallowed(m: re.Match[str], found: list[tuple[int, str, re.Match[str]]]) -> bool:
    """Another phrase starts between this one's start and its X: "the record label founded by the band Zia
    Rowe plays keyboards in" read X as Zia Rowe, past "the band" that the name's own clause is about."""
    x = next((m.start(g) for g in ("x", "x2", "x3", "x4") if g in m.re.groupindex and m.group(g)), m.end())
    return any(m.start() < other.start() < x for _, _, other in found if other is not m)


def _outer_stands(question: str, m: re.Match[str]) -> bool:
    """A relative phrase with its preposition first runs to the question mark only when the words before it
    already ask something ("Which country hosted …", "What is the capital of …"): in "When was the company
    for which X worked acquired by Google?" the clause's words cannot be told from the question's own."""
    return question[m.end():].strip() != "?" or _ASKS_BEFORE.search(question[:m.start()]) is not None


# The words before a phrase end in a verb of their own ("hosted", "owns", "won") or a preposition ("of")
_ASKS_BEFORE = re.compile(r"\b(?:(?!(?:was|is|has|does|this|its|his)\b)[a-z]{2,}(?:ed|s)|won|wrote|led|ran|built|made|"
                          r"of|in|for|to|at|on|by|with|from)\s+$")


# How to ask for the place of each event ("the town where X was raised": "Where was X raised?").
_PLACE_OF = {"born": "was {} born", "died": "did {} die", "die": "did {} die", "buried": "was {} buried",
             "educated": "was {} educated", "studied": "did {} study", "study": "did {} study",
             "worked": "did {} work", "work": "did {} work", "lived": "did {} live", "live": "did {} live",
             "located": "is {} located", "situated": "is {} located", "stands": "is {} located",
             "stood": "is {} located", "lies": "is {} located", "based": "is {} based", "formed": "was {} formed",
             "founded": "was {} founded", "raised": "was {} raised", "played": "did {} play", "play": "did {} play",
             "headquartered": "is {} headquartered"}


# A kin word before a thing's noun makes a thing's tie ("sister company", "parent company", "sister ship")
_KIN_FIRM = re.compile(r"\s+(?P<noun>company|companies|firm|franchise|chain|brand|ship|city|station|newspaper|"
                       r"publication|label|school|college|club|team|organi[sz]ation|network|channel|magazine|show|"
                       r"series|band|airline|hotel|restaurant)\b")


def _asks_place(m: re.Match[str]) -> str:
    """The question that finds the place: "Where was {} born?", or, for "the country where X is located",
    "Which country is {} located in?" (a country, not the village's district)."""
    event = _PLACE_OF[(m["event"] or "born").lower()]
    noun = (m["noun"] or "").lower()
    if noun in {"country", "state", "county", "province", "region", "district"}:
        return f"Which {noun} {event} in?"
    return f"Where {event}?"


# Lower-case words a name may hold ("Once Upon a Time in America", "Lena Royce's second album")
_IN_NAMES = {"of", "the", "a", "an", "and", "in", "on", "at", "to", "for", "de", "von", "van", "da", "del", "la", "le"}


def _name_run(x: str) -> tuple[str, str]:
    """A relative phrase's X without a tail of lower-case words that no name holds, and that tail: in "the
    country that contains Tessaly Bay gain independence" X is "Tessaly Bay". A lower-case word with a
    capitalised one after it is inside a name ("Gone with the Wind", "Johannes van der Waals"), and after
    a possessive the words belong to X ("Lena Royce's second album")."""
    words = x.split(" ")
    for i, word in enumerate(words):
        if "'s" in word or "’s" in word:
            break
        if i and word[:1].islower() and word not in _IN_NAMES and not any(w[:1].isupper() for w in words[i:]):
            return " ".join(words[:i]), " " + " ".join(words[i:])
    return x, ""


_ALONGSIDE = re.compile(r"\s+(?:alongside|opposite|along\s+with|together\s+with)\s+(?P<others>[A-Z].*)$")


def _besides(x: str) -> tuple[str, tuple[str, ...]]:
    """X without the names it is joined with ("Toote Khilone alongside Shekhar Kapur and Utpal Dutt"): those
    took part beside the holder, so none of them is it."""
    joined = _ALONGSIDE.search(x)
    if joined is None:
        return x, ()
    others = re.split(r",\s*(?:and\s+)?|\s+and\s+", joined["others"])
    return x[: joined.start()], tuple(o.strip() for o in others if o.strip())


def inner_hop(subject: str) -> Hop | None:
    """The subject when it is itself a role phrase ("Scrooge's clerk" in "the youngest son of Scrooge's
    clerk", "Copper Sky performer" in "the spouse of the Copper Sky performer"): its holder is found first,
    then the outer role is asked of that holder."""
    hop = first_hop(subject + "?")
    if hop is not None and hop.outer.strip(" ?") == "{}":
        return hop
    titled = _titled(f"the {subject}")
    if titled is None or titled.end() != len(subject) + 4:
        return None
    return Hop(titled["role"].lower(), titled["x"], "{}?")


def _titled(text: str) -> re.Match[str] | None:
    """The first "the <Title> <role>" phrase whose title is no nationality ("the French director")."""
    return next((m for m in _TITLED.finditer(text) if not any(map(country_of_word, m["x"].split()))), None)
