"""What kind of answer a question asks for, read from its words and spaCy's parse.

The offline short answer picks a span of this kind from the context, so a wrong type is worse than
none: when the question's form is not recognised the type is `ANY` and the answer must come from a
graph entity the evidence names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lightrag_core.nlp import nlp
from lightrag_core.query.countries import country_of_word

PERSON, ORG, PLACE, DATE, NUMBER, NAME, ANY = "person", "organisation", "place", "date", "number", "name", "any"
LANGUAGE = "language or nationality"
# What someone is or does, in common nouns: "what position" (a striker), "what profession" (an aviator).
DESCRIPTION = "description"
YES_NO, CHOICE = "yes/no", "choice"
LENGTH = "length"  # NUMBER's head for "how long …?": a duration or a distance answers
MONEY = "money"  # NUMBER's head for "how much did it earn / cost …?": a sum of money answers

# spaCy entity labels that can stand for each expected type.
LABELS: dict[str, frozenset[str]] = {
    PERSON: frozenset({"PERSON"}),
    ORG: frozenset({"ORG"}),
    LANGUAGE: frozenset({"LANGUAGE", "NORP"}),
    PLACE: frozenset({"GPE", "LOC", "FAC"}),
    DATE: frozenset({"DATE", "TIME"}),
    NUMBER: frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT"}),
    # Nationalities ("American") describe names; they answer only a language or nationality question.
    NAME: frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "WORK_OF_ART", "EVENT", "PRODUCT", "LAW"}),
    # answer_spans.parse's common-noun spans: "plays as a striker", "was an English aviator".
    DESCRIPTION: frozenset({"AS_ROLE", "IS_A"}),
}

# The noun after "which"/"what" says the type ("which city", "what company").
_HEAD_TYPES: dict[str, str] = {}
for _type, _nouns in {
    PERSON: "person man woman actor actress singer director writer author politician player musician artist "
            "composer producer poet novelist king queen son daughter wife husband father mother brother "
            "sister founder owner leader president member star character partner coach chef clerk nephew niece "
            "uncle aunt cousin employer servant friend rapper senator governor mayor judge comedian dancer model "
            "athlete footballer boxer wrestler journalist scientist physicist chemist philosopher economist historian "
            "architect "
            "designer photographer filmmaker screenwriter playwright lyricist songwriter guitarist drummer bassist "
            "pianist vocalist frontman host presenter captain general officer soldier emperor prince princess duke "
            "earl lord bishop pope minister chancellor premier lawyer businessman businesswoman entrepreneur ceo "
            "chairman biographer illustrator cartoonist animator inventor explorer astronaut pilot aviator engineer "
            "mathematician quarterback pitcher goalkeeper cyclist swimmer golfer jockey conductor monarch ruler sultan "
            "heir grandson granddaughter grandfather grandmother stepfather stepmother godfather teacher student "
            "mentor protagonist villain narrator creator spouse widow girlfriend boyfriend collaborator bandmate "
            "cofounder co-founder campaigner activist suffragist suffragette feminist reformer advocate candidate "
            "nominee statesman stateswoman diplomat ambassador admiral commander colonel lieutenant sergeant knight "
            "saint priest cardinal rabbi imam monk nun missionary preacher theologian scholar professor lecturer "
            "researcher physician surgeon nurse psychologist psychiatrist biologist botanist zoologist astronomer "
            "geologist linguist sociologist anthropologist archaeologist critic columnist commentator broadcaster "
            "announcer violinist cellist saxophonist trumpeter organist keyboardist percussionist soprano tenor "
            "baritone ballerina choreographer sculptor painter essayist translator magician sprinter skier skater "
            "gymnast batsman cricketer midfielder linebacker mountaineer rower fencer weightlifter stepson "
            "stepdaughter sibling twin ancestor descendant investor banker spokesperson spokesman spokeswoman "
            "apprentice merchant policeman sheriff outlaw pirate heroine antagonist celebrity socialite supermodel "
            "contestant laureate inductee alumnus congressman congresswoman legislator councillor dictator tsar "
            "czar pharaoh caliph chieftain baron baroness countess viscount marquess duchess empress consort regent "
            "nobleman aristocrat philanthropist benefactor proprietor landlord landlady murderer assassin gangster "
            "detective archer shooter runner diver hurdler snowboarder surfer racer executive manager administrator "
            "cinematographer "
            "editor",
    ORG: "company band team organisation organization group club publisher label party university college "
         "school network station channel airline firm corporation magazine newspaper agency brand manufacturer "
         "retailer studio subsidiary conglomerate bank league federation association union society institute "
         "foundation orchestra choir ensemble duo trio quartet troupe",
    PLACE: "city town country state county location place region village island province district area "
           "continent river mountain lake borough suburb nation capital neighbourhood neighborhood municipality "
           "parish territory kingdom empire republic peninsula bay sea ocean valley desert stadium arena airport "
           "ground venue seat ballpark racecourse racetrack",
    DATE: "year date decade century month day era time hour",
    NUMBER: "population number amount percentage age height length",
    LANGUAGE: "language nationality",
    DESCRIPTION: "position profession occupation job career vocation trade",
}.items():
    for _noun in _nouns.split():
        _HEAD_TYPES[_noun] = _type

# a name's last word that says what kind of firm it is, not which one ("… Entertainment Corporation")
_FIRM_WORDS = frozenset("companies corp inc ltd llc plc co holdings records restaurants entertainment pictures "
                        "productions films media enterprises industries international airways".split())


def kind_word(word: str) -> bool:
    """`word` says what kind of organisation a name is ("Corporation", "University", "Records"). (Not a place's
    kind: "Airport" alone is how a sentence names an airport of a list, "the John C. Munro … Airport".)"""
    lowered = word.lower()
    return _HEAD_TYPES.get(lowered) == ORG or lowered in _FIRM_WORDS


# Nouns whose instances have names ("what film", "which magazine"); after any other noun ("what policy",
# "what moment") the answer is a description, which a span of a name type would get wrong.
_NAMED_HEADS = set("""film movie song album single book novel series show programme program episode magazine
newspaper journal game opera play poem painting brand product award medal prize title character role part
event war battle festival tournament competition building bridge ship schooner yacht vessel aircraft plane car
ballet musical franchise genre position sport instrument name comedy drama sitcom documentary thriller memoir
autobiography biography rhyme hymn anthem slogan motto abbreviation acronym attraction ride coaster""".split())
# Named things that are never people: a span the tagger calls a person seldom names one ("which comedy
# franchise …?": not one of its actors)
IMPERSONAL_HEADS = frozenset(_NAMED_HEADS - {"character", "role", "part", "title", "name", "position", "genre"})
# Works, which a place the tagger finds seldom names ("what memoir?": not "Kansas"; "Fargo" the film is called one)
WORK_HEADS = frozenset("""film movie song album single book novel series show programme program episode magazine
newspaper journal game opera play poem painting memoir autobiography biography comedy drama sitcom documentary
thriller musical ballet franchise rhyme hymn anthem""".split())

_PERSONAL_NAME = re.compile(
    r"\b(?:birth|real|maiden|given|full|middle|first|last|family|stage|pen|married|christian)\s+name\b", re.IGNORECASE)
_AUX_START = re.compile(r"^(are|is|was|were|do|does|did|has|have|had|can|could|will|would)\b", re.IGNORECASE)
_HOW_MANY = re.compile(r"\bhow (many|much|long|old|tall|big|large|far)\b", re.IGNORECASE)
# "How long did it last?", "how long is the highway?": a span of time or a length, not a bare count
_HOW_LONG = re.compile(r"\bhow long\b", re.IGNORECASE)
_HOW_MUCH_MONEY = re.compile(r"\bhow much\s+(?:money\b|(?:\w+\s+){1,12}?(?:earn|cost|gross|raise|pay|paid|spend|spent|"
                             r"sell|sold|worth|budget|revenue|profit)\w*\b)", re.IGNORECASE)
# "when" asks only at the start or the end ("… first developed when?"); inside it joins clauses.
_WHEN = re.compile(r"^when\b|\bwhen\s*\?\s*$|\b(what|which) (year|date|decade)\b", re.IGNORECASE)
_YEAR_ASKED = re.compile(r"\b(what|which) year\b", re.IGNORECASE)
_DAY_ASKED = re.compile(r"\b(what|which) (date|day)\b", re.IGNORECASE)
# "What time …?", "At what time …?" opening the question; not "what time signature", "what time of year"
_CLOCK_ASKED = re.compile(r"\W*(?:(?:at|by|from|until|around|about)\s+)?(?:what|which)\s+time\b"
                          r"(?!\s+(?:signature|period|zone|frame|slot|span|of|in)\b)", re.IGNORECASE)
_SET_ASIDE = re.compile(r"^(?:besides|apart\s+from|aside\s+from|other\s+than|in\s+addition\s+to)\s+[^,?]{1,80},\s*",
                        re.IGNORECASE)
_WH_WORD = re.compile(r"\b(which|what|who|whom|whose|when|where|how)\b", re.IGNORECASE)
# "where" asks at the start, after a preposition or at the end; elsewhere it opens a relative clause ("who
# founded the college where X was educated?" asks for a person).
_WHERE = re.compile(r"^where\b|\b(?:from|to|in|at) where\b|\bwhere\s*\?\s*$", re.IGNORECASE)
# "who" asks at the start, after a preposition or at the end; elsewhere it opens a relative clause
# ("an actress who starred in what?").
_WHO = re.compile(r"^(who|whom|whose)\b|\b(by|to|of|with|for|from) (who|whom)\b|\bwho(m)?\s*\?\s*$", re.IGNORECASE)
# (a date's own comma stays inside an option: "the outbreak of January 21–23, 2017")
# (the second option may end on a comma and a place, or be a title with commas of its own: "Toad Hall or
# University College, Otago?", "The Jetsons or Yippee, Yappee and Yahooey?")
# (and a peer's ordinal: "John Talbot, 3rd Earl of Shrewsbury, or Edward Fitzherbert, 13th Baron Stafford?"; and
# a title's bracket: "Virtuous Woman or You Don't Love Me (No, No, No)?")
# (one branch for every comma an option keeps: two that both fit one comma double the work at each, and a
# question of many bracketed years then took seconds to fail)
_KEPT_COMMA = r",(?=\s*\d{4}\b|\s+\d{1,2}(?:st|nd|rd|th)\s|[^,()?]*(?:,[^,()?]*)*\))"
_OPTIONS = re.compile(r"[,:]?\s*(?P<a>(?:[^,?]|" + _KEPT_COMMA + r")+?)(?P<sep>,?)\s+or\s+"
                      r"(?P<b>(?:[^,?]|" + _KEPT_COMMA +
                      r"|,(?=(?:\s+(?:(?-i:[A-Z])[\w'’-]*|and|&)){1,4}\s*\??\s*$))+?)\s*\??\s*$",
                      re.IGNORECASE)
# "Were A and B of the same nationality?", "Are A and B members of the same band?"
# (the words between B and "the same" are lower-case, so "Ed Wood of the same" keeps "Ed Wood" whole)
_SAME = re.compile(r"^\w+\s+(?:both\s+)?(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+"
                   r"(?:[a-z][\w-]*\s+){0,5}?the\s+same\s+(?P<what>[a-z]+)")
# "A and B were founded in the 1950s. Which was the first …?": the two compared are named before the question.
_PAIR = re.compile(r"^(?:both\s+)?(?P<a>[A-Z][^,;:]{0,80}?)\s+and\s+(?P<b>[A-Z][^,;:]{0,80}?)\s+"
                   r"(?:are|were|is|was|have|had|both)\b")
# "Between A and B, which one was released first?"
# (not "Between 1961 and 1963, who was governor?": a period, not two things compared)
_BETWEEN = re.compile(r"^between\s+(?P<a>[^,?\d][^,?]{0,99}?)\s+and\s+(?P<b>[^,?\d][^,?]{0,99}?),\s*(?:which|who)\b",
                      re.IGNORECASE)
_WHICH_OF_TWO = re.compile(r"^(?:which|who)\b(?:\s+(?:one|of\s+(?:the\s+two|them|these|the\s+pair)))?\s+"
                           r"(?:is|was|were|are|has|had|did|came|opened|started)\b", re.IGNORECASE)
_COMPARATIVE = re.compile(r"\b(?:more|most|less|least|larger|largest|bigger|biggest|smaller|smallest|longer|longest|"
                          r"taller|tallest|higher|highest|greater|greatest|better|best)\b", re.IGNORECASE)
_BOTH = re.compile(r"^\w+\s+(?:both\s+)?(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+(?:both|each|all)\b", re.IGNORECASE)
# "Are both magazines, the Woman's Viewpoint and Pick Me Up, British publications?": the pair set off by commas
_BOTH_APPOSED = re.compile(r"^\w+\s+both\s+[a-z][\w'-]*(?:\s+[a-z][\w'-]*){0,3},\s+(?P<a>[^,]+?)\s+and\s+"
                           r"(?P<b>[^,]+?),\s+\S", re.IGNORECASE)
# A comparison is read from at most this many characters: real ones are far shorter, and the
# patterns that find the two sides backtrack over what they are given.
MAX_COMPARED = 300
# the first option when it holds a comma of its own, after the comparison's comma: capitalised words only
_TITLED_FIRST = re.compile(r"\b(?:first|earlier|later|older|younger|larger|more)\s*,\s*"
                           r"(?P<a>(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*,\s+[A-Z][^,?]*?))\s+or\s+[^,?]+\??\s*$",
                           re.IGNORECASE)
_EARLIER = ("first", "earlier", "earliest", "older", "oldest", "before", "sooner")
_LATER = ("later", "latest", "last", "younger", "youngest", "newer", "newest", "recent", "recently", "after")


def noun_kind(noun: str) -> str:
    """The kind of answer a noun types ("band": an organisation, "city": a place), or ""."""
    # (a partner in the role is of its kind: "co-owner", "co-star")
    return _HEAD_TYPES.get(noun, "") or (_HEAD_TYPES.get(noun[3:], "") if noun.startswith("co-") else "")


@dataclass(frozen=True)
class AnswerType:
    kind: str
    options: tuple[str, ...] = ()  # CHOICE and YES_NO: the two things compared
    order: str = ""  # CHOICE: "earlier" or "later" when the question compares dates
    head: str = ""  # the noun after which/what, when it set the type
    year: bool = False  # DATE: the question asks for a year
    day: bool = False  # DATE: it asks for a date or a day ("on what date …?"), which a year alone does not give
    clock: bool = False  # DATE: it asks for a time of day ("what time …?"), which a day alone does not give
    same: str = ""  # YES_NO: the property "the same …" asks about ("nationality"), if it does


@lru_cache(maxsize=512)
def answer_type(question: str) -> AnswerType:
    """The expected answer of `question` (cached: the Compare page asks one question in many modes)."""
    if chosen := choice_type(question) or yes_no_type(question):
        return chosen
    text = _asked_text(question)
    last = re.split(r"(?<=[.!?])\s+", text)[-1]
    if _HOW_MANY.search(text):
        return AnswerType(NUMBER, head=LENGTH if _HOW_LONG.search(text) else MONEY if _HOW_MUCH_MONEY.search(text)
                          else "")
    if _WHEN.search(text):
        return AnswerType(DATE, year=_YEAR_ASKED.search(text) is not None, day=_DAY_ASKED.search(text) is not None,
                          clock=_CLOCK_ASKED.match(text) is not None)
    doc = nlp()(text)
    # ("Who wrote the episode with which the show surpassed …?": a relative "which" types nothing asked by "who")
    head = "" if _WHO_FIRST.match(text) or _stranded(doc) else _wh_head(doc) or _imperative_head(text, doc)
    if head:
        kind = noun_kind(head) or (NAME if head in _NAMED_HEADS else ANY)
        if head == "body" and re.search(r"\bbody\s+of\s+water\b", text, re.IGNORECASE):
            kind = PLACE  # "into what body of water does X empty?": a lake or a sea (a "governing body" is not)
        if head == "name" and _PERSONAL_NAME.search(text):
            kind = PERSON  # "what is the birth name of X?": a person's name ("born Gaynor Hopkins"), not a title
        return AnswerType(kind, head=head, year=kind == DATE and head == "year",
                          day=kind == DATE and head in {"date", "day"},
                          clock=kind == DATE and head == "time" and _CLOCK_ASKED.match(text) is not None)
    if _WHERE.search(text) or _WHERE.search(last):
        return AnswerType(PLACE)
    if _WHO.search(text) or _WHO.search(last):
        return AnswerType(PERSON)
    return AnswerType(ANY)


def _asked_text(question: str) -> str:
    # "Besides Walter Manley, who produced …?": what it asks starts after the name set aside
    return _SET_ASIDE.sub("", " ".join(question.split()).strip())


def yes_no_type(question: str) -> AnswerType | None:
    """A yes/no question, with the two things it asks about together when it names them ("Are A and B both
    …?", "Were A and B of the same nationality?"); None otherwise. Read without a parse."""
    last = re.split(r"(?<=[.!?])\s+", _asked_text(question))[-1]
    if not _AUX_START.match(last) or _WH_WORD.search(last):
        return None
    if len(last) > MAX_COMPARED:  # the patterns below are quadratic in what they read
        return AnswerType(YES_NO)
    if same := _SAME.search(last):
        return AnswerType(YES_NO, (_clean(same["a"]), _clean(same["b"])), same=same["what"].lower())
    both = _BOTH_APPOSED.search(last) or _BOTH.search(last)
    return AnswerType(YES_NO, (_clean(both["a"]), _clean(both["b"])) if both else ())


@lru_cache(maxsize=512)
def choice_type(question: str) -> AnswerType | None:
    """A choice between two named things ("…, A or B?", "Between A and B, which …?"), read without a parse
    (multihop's coverage asks it of every question); None when the question offers no choice."""
    text = _asked_text(question)
    lowered = text.lower()
    words = set(re.findall(r"[a-z]+", lowered))
    order = "earlier" if words & set(_EARLIER) else "later" if words & set(_LATER) else ""
    options = _OPTIONS.search(text[-MAX_COMPARED:])  # "…, A or B?" ends the question
    if options and options["sep"] and _LISTED_BEFORE.search(text[-MAX_COMPARED:][:options.start("a")]):
        options = None  # "Harvard, Yale, or Princeton?": three, not two
    if options and (lowered.startswith(("which", "who", "what")) or _AUX_START.match(text)):
        a, b = _clean(options["a"]), _clean(options["b"])
        if (titled := _TITLED_FIRST.search(text[-MAX_COMPARED:])) and titled["a"].endswith(options["a"]):
            a = titled["a"]  # "born first, Rich Man, Poor Man or The Outsider?": a title with a comma
        if a and b and not _AUX_START.match(text):
            return AnswerType(CHOICE, (a, b), order)
    said = re.split(r"(?<=[.!?])\s+", text)
    last = said[-1]
    before = " ".join(said[:-1])[:MAX_COMPARED]  # "A and B were founded …. Which was the first …?"
    # "A and B were in a film. Who was its director?" compares nothing: a comparison word must say so
    compares = bool(order) or _COMPARATIVE.search(last) is not None
    pair = _BETWEEN.match(text[:MAX_COMPARED]) or (_PAIR.match(before) if compares and _WHICH_OF_TWO.match(last)
                                                   else None)
    if pair:
        a, b = _clean(pair["a"]), _clean(pair["b"])
        if a and b:
            return AnswerType(CHOICE, (a, b), order)
    return None


# an item before the two, after the comparison's own word: "first, Harvard, | Yale, or Princeton?"
_LISTED_BEFORE = re.compile(r",\s*[^,]+,\s*$")
_NATIONALITY_FIRST = re.compile(r"(?P<word>[A-Z][a-z]+)\s+(?=(?:[a-z][\w-]*\s+){1,3}[A-Z])")


def _clean(option: str) -> str:
    option = re.sub(r"^(?:which|who|what)\b.*?\b(?:first|later|earlier|older|oldest|younger|larger|more)\b[,:]?\s*",
                    "", option.strip(), flags=re.IGNORECASE)
    # "the forming of The Dandy Warhols" compares the band: the answer names it, not the event.
    option = re.sub(r"^(?:the\s+)?(?:forming|formation|founding|birth|death|release|creation|opening)\s+of\s+",
                    "", option.strip(), flags=re.IGNORECASE)
    option = option.strip(" ,.:;\"'").removeprefix("the ").strip()
    # "Scottish writer William Smeaton": a nationality before the description is part of it
    described = _NATIONALITY_FIRST.match(option)
    if described and country_of_word(described["word"]) and any(
            noun_kind(w) for w in option[described.end():].split()[:3] if w.islower()):  # (not "Italian for Beginners")
        option = option[described.end():]
    return re.sub(r"^(?:[a-z]+\s+){1,3}(?=[A-Z])", "", option)  # "films Oko Za Oko" compares the film


def _wh_head(doc: Any) -> str:
    """The noun a "which"/"what" determines ("which city", "what kind of company" → company)."""
    for token in doc:
        if token.lower_ in {"which", "what"} and token.dep_ in {"det", "attr", "dobj", "nsubj", "pobj"}:
            head = token.head if token.dep_ == "det" else None
            while head is not None and head.dep_ == "compound" and head.head.pos_ in {"NOUN", "PROPN"} \
                    and head.head.i > head.i:
                head = head.head  # "what … comedy Franchise": the compound's last noun heads it
            if token.dep_ == "attr":  # "what was the population of …": the verb's subject names the thing
                head = next((c for c in token.head.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
            if head is not None and head.pos_ in {"NOUN", "PROPN"}:
                if head.lower_ in {"kind", "type", "sort", "name", "title"}:
                    # "what kind of company", "what is the name of the band": the noun after "of" says it
                    of = [c for c in head.children if c.dep_ == "prep" and c.lower_ == "of"]
                    objs = [g for p in of for g in p.children if g.dep_ == "pobj"]
                    if head.lower_ == "name" and _PERSONAL_NAME.search(doc.text):
                        return "name"  # "the real name of the lead singer": a name the singer was born with
                    if head.lower_ == "name":  # the name of a clerk, of a river: a name, typed if the noun says
                        return objs[0].lemma_.lower() if objs and objs[0].lemma_.lower() in _HEAD_TYPES else "name"
                    if head.lower_ == "title":  # "the title of the memoir": the memoir's; of a job, a title
                        return objs[0].lemma_.lower() if objs and objs[0].lemma_.lower() in _NAMED_HEADS else "title"
                    return objs[0].lemma_.lower() if objs else head.lemma_.lower()
                return head.lemma_.lower()
    return _head_after(doc)


_WHO_FIRST = re.compile(r"\W*who\b", re.IGNORECASE)


def _stranded(doc: Any) -> bool:
    """"What was the first novel of X published by?": the opening "what" is the object of the preposition the
    question ends on, after a participle describing the subject, so the subject ("novel") is no type of the
    answer. (Not a relative clause's: "What is the policy that Adam reminds Li Hua about?" asks the policy.)"""
    words = [t for t in doc if not t.is_punct]
    if len(words) < 4 or words[0].lower_ not in {"what", "who"} or words[0].dep_ != "attr":
        return False
    last = words[-1]
    return last.pos_ == "ADP" and last.head.tag_ == "VBN" and last.head.dep_ in {"acl", "ROOT"}


_IMPERATIVE = re.compile(r"^(?:name|identify|list|give|state)\s+(?:the|a|an|all|both)\b", re.IGNORECASE)


def _imperative_head(question: str, doc: Any) -> str:
    """"Name the mother of X", "List the actresses …": the object of the request says the type, as the
    noun after "which" does."""
    if not _IMPERATIVE.match(question):
        return ""
    obj = next((t for t in doc if t.dep_ == "dobj" and t.head.i == 0 and t.pos_ in {"NOUN", "PROPN"}), None)
    return obj.lemma_.lower() if obj is not None else ""


def _head_after(doc: Any) -> str:
    """The noun read off the words after "which"/"what" when the parse did not attach it: the small
    model reads "to which Bollywood actress" as "which" alone, and "which of the founders" asks for
    one of the founders."""
    for token in doc:
        if token.lower_ not in {"which", "what"}:
            continue
        following = doc[token.i + 1 : token.i + 6]
        if len(following) > 1 and following[0].lower_ == "of":
            following = following[1:]
        nouns: list[Any] = []
        for word in following:
            if word.pos_ in {"DET", "NUM", "ADJ", "PUNCT"} and not nouns and word.lower_ != "?":
                continue  # "which of the two …", "what low budget British comedy"
            if word.pos_ not in {"NOUN", "PROPN"}:
                break
            nouns.append(word)
        known = [n.lemma_.lower() for n in nouns if n.lemma_.lower() in _HEAD_TYPES or n.lemma_.lower() in _NAMED_HEADS]
        if known:
            return known[0]
        if nouns and nouns[-1].pos_ == "NOUN":
            return str(nouns[-1].lemma_.lower())
    return ""
