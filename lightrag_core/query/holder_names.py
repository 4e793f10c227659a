"""Which words of a sentence name someone or something that may hold a role, and what the sentence or the
passages call each: the tagger's people and organisations, a proper-noun chunk it left unlabelled, a run of
capitalised words it missed after a word that names people ("It stars Sandra Oh as …"), a title before a
name ("Queensland Senator Barnaby Joyce" is a senator), a name a woman's title or noun calls her.

`role_holders.py` picks the holder among these.
"""

from __future__ import annotations

import re
from typing import Any

from lightrag_core.query.answer_type import ORG, PERSON, noun_kind
from lightrag_core.query.countries import country_of_word
from lightrag_core.query.described import OPENS, bare, called_before, calls, described_by, opening_words
from lightrag_core.query.name_forms import (
    GENERATION_ONLY,
    GENERATION_TAIL,
    given_names_start,
    with_territory,
    without_heading,
)
from lightrag_core.query.name_sex import FEMALE, MALE, WOMEN_ROLES, sex_of
from lightrag_core.query.role_words import ROLE_WORDS
from lightrag_core.query.sentences import Sentence

# Chunks not already a PERSON or ORG that may hold a role: not a city, but LOC, which the small model
# gives some people's names ("the actress Lidiya Orlova").
_HOLDING_KINDS = {"", "LOC", "WORK_OF_ART", "FAC", "PRODUCT", "EVENT", "LAW"}


def _proper_tail(chunk: Any) -> tuple[int, str]:
    """The proper-noun run that ends a noun chunk, with a capitalised "The" before it, and where it starts."""
    tokens = list(chunk)
    first = len(tokens)
    while first > 0 and (tokens[first - 1].pos_ == "PROPN" or tokens[first - 1].text == "The"):
        first -= 1
    if first == len(tokens):
        return chunk.start_char, chunk.text
    return tokens[first].idx, chunk.doc[chunk.start + first:chunk.end].text


def names_of(said: Sentence, doc: Any, role: str) -> dict[str, int]:
    """The names in a sentence that may hold a role, and where each starts. The small model often calls a
    director an ORG, and some people a location; a chunk around a name it found ("American singer Dana
    Whitfield") is not another name, and a chunk's description is not part of its name ("the British
    band The Velvet Hours"). A place holds no family role ("born in Naples, the daughter of …"), but a
    verb may ask for one ("the country that X belongs to")."""
    # "by the historian Agnes Thorne": a name a person's noun calls is a person's, whatever the tagger says (a
    # firm's or a band's noun too: "Mandopop band F.I.R.", tagged a place);
    # a name run on from the title line ("Lumen Records Lumen Records is …") starts after it
    names = {_tailed(with_territory(without_heading(said.text[start:e.end_char].strip()), said.text, e.end_char),
                     said.text, start): start
             for e in doc.ents
             if e.label_ in {"PERSON", "ORG"} or noun_kind(called := called_before(doc, e.start_char)) == PERSON
             or (noun_kind(called) == ORG and e.label_ not in _AMOUNTS | _TIMES and e.text[:1].isupper())
             # a title in quotation marks, for a deed's holder ("the show in which X played Y": "… the soap
             # opera "Neighbours", played by X")
             or (e.label_ == "WORK_OF_ART" and role not in ROLE_WORDS and said.text[e.start_char - 1:e.start_char]
                 in _QUOTES)
             for start in [_past_title(said, doc[given_names_start(doc, e)].idx, e.end_char)]}
    kinds = _HOLDING_KINDS if role in ROLE_WORDS else _HOLDING_KINDS | {"GPE"}
    for c in doc.noun_chunks:
        if c.root.pos_ == "PROPN" and c.root.ent_type_ in kinds:
            start, _ = _proper_tail(c)
            start = _past_title(said, start, c.end_char)
            names.setdefault(with_territory(said.text[start:c.end_char].strip(), said.text, c.end_char), start)
    # "It stars Sandra Oh as …": a run of capitalised words the tagger read as nothing at all (not as a
    # place or a date), past the first word
    # (an amount the tagger found in capitalised words is a name: "published by Two Dollar Radio")
    taken = [(at, at + len(name)) for name, at in names.items()] + [
        (e.start_char, e.end_char) for e in doc.ents
        if not (e.label_ in _AMOUNTS and _CAPITALISED_RUN.fullmatch(e.text))]
    for run in _CAPITALISED_RUN.finditer(said.text, said.lead + 2 if said.lead else 1):
        if not any(a < run.end() and run.start() < b for a, b in taken) and not country_of_word(run.group()) \
                and _NAMING.search(said.text, max(0, run.start() - 12), run.start()):
            names.setdefault(run.group(), run.start())
    # "his roles as … in the television series "Due South"": a quoted title the tagger left unlabelled, for a
    # deed's holder
    if role not in ROLE_WORDS:
        for quoted in _QUOTED.finditer(said.text):
            names.setdefault(quoted["title"], quoted.start("title"))
    # "Until Tomorrow (1975) was an Australian television soap opera …": the passage's subject, however the
    # tagger read its words (here a date)
    opening = OPENS.match(said.text, said.lead) if said.offset == 0 else None
    if opening is not None and _TITLE_CASE.fullmatch(bare(opening["name"])) \
            and opening["name"].lower() not in {"he", "she", "it", "they", "this", "there"} \
            and not any(at == opening.start("name") for at in names.values()):
        names.setdefault(bare(opening["name"]), opening.start("name"))
    # "Hank Williams, Sr.": the tagger may call the suffix a name (or a place) of its own
    # ("Sr." may even split into "Sr" and ".")
    # ("Maj." of "the daughter of Maj. George Peter" is no name of its own)
    return {name: at for name, at in names.items()
            if not GENERATION_ONLY.fullmatch(name) and re.search(r"[^\W\d_]", name)
            and name.rstrip(". ").lower() not in _TITLES_ALONE}


_TITLES_ALONE = {"maj", "capt", "col", "gen", "lt", "sgt", "cpl", "adm", "gov", "sen", "rep", "pvt", "hon", "prof",
                 "rev", "brig", "fr", "dr", "mr", "mrs", "ms", "sir", "st"}
_BANG_TAIL = re.compile(r"\s+[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?(?=[\s,.;)])")
# "George Washington Parke Custis Peter", tagged as two names: capitalised words right after a name go on with it
_NAME_GOES_ON = re.compile(r"(?:\s[A-Z][a-z][\w'-]*){1,3}(?=[,.;:)]|\s+[a-z(]|$)")
_MAIDEN_TAIL = re.compile(r"\s+\((?:née|nee|né|born)\s+[A-Z][\w'-]+\)\s+[A-Z][\w'-]+")
_QUOTES = {'"', "“", "‘", "'"}
_QUOTED = re.compile(r"[\"“](?P<title>[A-Z0-9][^\"“”]{1,60}?)[\"”]")
_TIMES = {"DATE", "TIME", "ORDINAL", "PERCENT"}
# A title's words: capitalised, with the small words titles hold ("Until Tomorrow", "Gone with the Wind")
_TITLE_CASE = re.compile(r"[A-Z0-9][\w'.&-]*(?:\s+(?:(?:of|the|a|an|and|in|on|at|to|for|with|by|de|la|le)\s+)*"
                         r"[A-Z0-9][\w'.&-]*)*")
_AMOUNTS = {"MONEY", "CARDINAL", "QUANTITY"}


_CAPITALISED_RUN = re.compile(r"(?<![\w'’-])[A-Z][a-z]+(?:\s+[A-Z][a-z]+){1,3}(?![\w'’-])")
# … after a word that names people ("stars Sandra Oh", "by", a list's comma), not "hired X as Special Teams coach"
_NAMING = re.compile(r"(?:\b(?:stars|starring|starred|by|featuring|with|and)|,)\s+$")


def _tailed(name: str, text: str, start: int) -> str:
    """The name with what the tagger leaves after it: a maiden name's bracket and the surname after it
    ("Vanessa (née Salmon) Lawson"), a suffix that tells a son from his father ("Hank Williams, Jr."),
    the words a name goes on with after its own "!" ("Yum! Brands"), or the rest of a long name the tagger
    cut in two ("George Washington Parke Custis Peter")."""
    end = start + len(name)
    tail = _MAIDEN_TAIL.match(text, end) or GENERATION_TAIL.match(text, end) \
        or (_BANG_TAIL.match(text, end) if name.endswith("!") else None) or _NAME_GOES_ON.match(text, end)
    if tail and tail.re is _NAME_GOES_ON and set(tail.group(0).split()) & set(name.split()):
        return name  # "Odile Ferrand Odile Ferrand (born …": the title line, then the name again
    return name + tail.group(0) if tail and text.startswith(name, start) else name


def _past_title(said: Sentence, start: int, end: int) -> int:
    """Where a name starts that the tagger ran on from the passage's title line into its first sentence
    ("Kestrel Outfitters Kestrel Outfitters is …"): after the title."""
    return said.lead + 1 if start < said.lead < end - 1 else start


def is_called(name: str, start: int, doc: Any, noun: str, openings: dict[str, tuple[str, ...]]) -> bool:
    """The name is called `noun` by its own words ("Society for Shoreline Studies"), by the noun right
    before it in the sentence, or by its passage's first sentence."""
    said = {w.lower() for w in name.split()} | {called_before(doc, start)} | described_by(name, openings)
    # "Queensland Senator Barnaby Joyce": a senator; 'the television series "Due South"': a series
    said.add(word_before(doc.text, start))
    return calls(noun, said)


def called_anywhere(name: str, noun: str, sentences: list[Sentence]) -> bool:
    """The name is called `noun` by its own words, its passage's first sentence ("Love Forecast … is a 2015
    South Korean romantic comedy film") or the word right before it in a sentence ("the Toronto label
    Birchwood Music", "Queensland Senator Barnaby Joyce")."""
    said = {w.lower() for w in name.split()} | described_by(name, opening_words(sentences))
    for s in sentences:
        if (at := s.text.find(name)) > 0:
            said.add(word_before(s.text, at))
    return calls(noun, said)


# "the grandson of Queen Victoria": a grandmother, for all that "grandson of" says
GRANDFATHERS = {"grandfather", "great-grandfather"}
_FEMALE = WOMEN_ROLES | {"lady", "mrs", "mrs.", "madame"}


def female(name: str, start: int, doc: Any) -> bool:
    """A name its own title or the noun before it calls a woman ("Queen Victoria", "actress Ann Fell"), or
    whose first name is a woman's ("Martha Peter")."""
    # ("Mrs. Ann Fell": a title the tagger left outside the name)
    return name.split()[0].lower() in _FEMALE or called_before(doc, start) in _FEMALE \
        or word_before(doc.text, start) in _FEMALE or sex_of(name) == FEMALE


# Roles only a man holds, and only a woman: a holder of the other sex is not it ("the second son of Martha
# Peter" names no father)
_MEN_ONLY = {"father", *GRANDFATHERS}
_WOMEN_ONLY = {"mother", "grandmother", "great-grandmother"}


def of_other_sex(role: str, name: str, start: int, doc: Any) -> bool:
    """The name is a woman's and the role a man's, or the other way round (by title or first name)."""
    return (role in _MEN_ONLY and female(name, start, doc)) or (role in _WOMEN_ONLY and sex_of(name) == MALE)


def lone_other_sex(role: str, text: str, after: int, names: dict[str, int], doc: Any) -> bool:
    """The kin cue ending at `after` names one parent, of the other sex than the role asks, and no second
    parent after it ("the second son of Martha Peter of Tudor Place", asked his father): the sentence names
    no holder. A name joined by "and" or "by" is a second parent ("the son of King Harold by Mary Leigh",
    "the daughter of Nigel Lawes, a minister, and Vanessa Lawes", asked the mother)."""
    if role not in _MEN_ONLY | _WOMEN_ONLY:
        return False
    following = sorted((start, name) for name, start in names.items() if start >= after)
    if not following or not of_other_sex(role, following[0][1], following[0][0], doc):
        return False
    return not any(_SECOND_PARENT.search(text, max(start - 60, 0), start) and not of_other_sex(role, name, start, doc)
                   for start, name in following[1:])


_SECOND_PARENT = re.compile(r"\b(?:and|by)\s+(?:[a-z-]+\s+){0,3}$")  # "… and the singer Ingrid Lund"


def bare_name(name: str) -> str:
    return re.sub(r"^the\s+", "", name.strip(" ,."), flags=re.IGNORECASE)


def word_before(text: str, start: int) -> str:
    """The word right before `start`, in lower case and without a comma after it ("" at the start)."""
    # (past an opening quotation mark: 'the television series "Due South"' is called a series)
    before = [w for w in (w.strip("\"“‘'") for w in text[max(0, start - 24):start].split()) if w]
    return before[-1].lower().strip(",;:") if before else ""


# usual short forms of English first names, and titles that stand before a surname
FIRST_NAME_SHORT = {"bill": "william", "will": "william", "billy": "william", "bob": "robert", "rob": "robert",
          "bobby": "robert", "dick": "richard", "rick": "richard", "tom": "thomas", "jim": "james",
          "jimmy": "james", "jack": "john", "johnny": "john", "kate": "katherine", "kitty": "katherine",
          "dan": "daniel", "mike": "michael", "ted": "edward", "ned": "edward", "tony": "anthony",
          "liz": "elizabeth", "beth": "elizabeth", "peggy": "margaret", "maggie": "margaret", "sam": "samuel",
          "ben": "benjamin", "chuck": "charles", "charlie": "charles", "hank": "henry", "harry": "henry",
          "larry": "lawrence", "jerry": "gerald", "joe": "joseph", "steve": "stephen", "andy": "andrew",
          "fred": "frederick", "greg": "gregory", "ken": "kenneth", "matt": "matthew", "nick": "nicholas",
          "pat": "patrick", "pete": "peter", "phil": "philip", "ron": "ronald", "tim": "timothy",
          "sue": "susan", "jenny": "jennifer", "becky": "rebecca", "nancy": "ann", "molly": "mary"}
NAME_TITLES = {"lord", "lady", "sir", "dame", "king", "queen", "prince", "princess", "saint", "st", "pope", "count",
           "earl", "duke", "baron", "general", "president", "dr", "mr", "mrs", "ms"}


# The works whose maker a possessive names ("a character from Richard Wright's 1953 novel", "Sergio Leone's
# 1984 film"), by the role asked: the writer of a novel, the director of a film
_WRITTEN = "novel|book|story|poem|play|comic"
_MADE = {"author": _WRITTEN, "writer": _WRITTEN, "writ": _WRITTEN, "creator": f"{_WRITTEN}|series|show",
         "creat": f"{_WRITTEN}|series|show", "director": "film|movie|documentary", "direct": "film|movie|documentary"}
# a person's name: two to four capitalised words, not an acronym or a firm ("the BBC's", "Marvel Comics'")
_POSSESSOR = (r"(?P<name>(?-i:[A-Z][a-z][\w.'-]*(?:\s+[A-Z][\w.'-]*){1,3}))['’]s\s+(?:\d{4}\s+)?"
              r"(?:[a-z-]+\s+){0,2}")
_OTHER_WORK = re.compile(r"\b(?:remake|sequel|prequel|version|adaptation|parody|spin-off)\s+(?:of|to)\s+$|"
                         r"\b(?:based\s+on|inspired\s+by|adapted\s+from)\s+$", re.IGNORECASE)
_FIRM_WORDS = re.compile(r"\b(?:Comics|Studios?|Pictures|Records|Books|Press|Entertainment|Television|Films?|"
                         r"Productions|Company|Corporation|Network|Channel|Media|Publishing|Group)\b")


def maker(role: str, about: list[Sentence], subject_words: set[str]) -> tuple[str, Sentence] | None:
    """The maker a sentence about the subject names by a possessive before the asked kind of work, when no
    cue word states the role: "Cross Damon was a fictional character from Richard Wright's 1953 novel"."""
    if role not in _MADE:
        return None
    made = re.compile(_POSSESSOR + rf"(?:{_MADE[role]})s?\b", re.IGNORECASE)
    for said in about:
        for found in made.finditer(said.text):
            name = found["name"]
            if _OTHER_WORK.search(said.text[max(0, found.start() - 30):found.start()]):
                continue  # "a remake of David Lean's 1946 film": that film's maker
            if not {w.lower() for w in name.split()} & subject_words and not country_of_word(name) \
                    and not _FIRM_WORDS.search(name):
                return bare_name(name), said
    return None
