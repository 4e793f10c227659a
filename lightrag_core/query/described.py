"""What a text calls a name: the words a passage's first sentence describes its subject by ("Quillfeather
Records is an independent record label"), and the noun a sentence puts right before a name ("the Toronto
label Birchwood Music", "Serie A club Valtorre", "the fishing town of Carrow").

A question that names something by its kind ("the label that released X", "the club Y plays for") is
answered by a name the passages call that, not by whichever name stands nearest the verb.
"""

from __future__ import annotations

import re
from typing import Any

from lightrag_core import lexical
from lightrag_core.query.answer_type import PERSON, noun_kind
from lightrag_core.query.coreference import UNTIL
from lightrag_core.query.sentences import Sentence, split_sentences

# Nouns that call the same kind of thing: "the film" refers to the subject of a passage about a comedy,
# "the single" to that of a song's, and "the team" a passage calls a club.
FAMILIES = [
    {"film", "movie", "comedy", "drama", "thriller", "documentary", "musical", "picture"},
    {"song", "single", "track", "ballad"},
    {"series", "show", "programme", "program", "sitcom", "serial", "episode", "soap", "telenovela", "miniseries"},
    {"album", "record", "ep", "compilation"},
    {"book", "novel", "story", "memoir", "poem"},
    {"band", "group", "duo", "trio"},
    {"company", "firm", "corporation", "business", "brand", "label"},
    {"game"}, {"play"}, {"opera"}, {"magazine", "newspaper", "journal"}, {"franchise"},
]
# Nouns only a name's own description settles (a passage calls a club a "football club", not a "team").
_ALSO = [{"club", "team", "side"}, {"society", "association", "institution", "organisation", "organization"}]


def family(noun: str) -> set[str]:
    """The nouns that call what `noun` calls (empty for a noun of no family)."""
    return next((f for f in FAMILIES if noun in f), set())


def calls(noun: str, words: set[str]) -> bool:
    """`words` call a thing by `noun` or a noun of its family ("record label" calls a label; "Serie A club"
    a team)."""
    near = family(noun) or next((f for f in _ALSO if noun in f), {noun})
    return bool(words & (near | {noun}))


OPENS = re.compile(r"\s*[\"“]?(?P<name>[^\"”]{1,80}?)[\"”]?(?:\s+\([^()]{1,60}\))?\s+(?:is|was)\s+(?:an?|the)\s+"
                   r"(?P<called>(?:[\w'-]+\s+){0,8}[\w'-]+)")
# "an American heavy metal band formed in …": the words before the first of these say what the subject is
_UNTIL = UNTIL
_DESCRIBED_UNTIL = re.compile(rf"\s(?:{_UNTIL})\b|[,;(]")
# The same read loosely (a long bracket of names and dates may come before "is a"), and cut where it goes on to
# say more of it ("… is a 2015 South Korean television series starring …")
_SAID_TO_BE = re.compile(r"\s(?:is|was|are|were)\s+(?:an?|the)\s+(?P<called>[^.;]{1,120})")
_SAID_UNTIL = re.compile(rf"\s(?:{_UNTIL}|starring|featuring|directed|written|produced|released|about)\b|[,;(]")
OPENING_CHARS = 300  # a first chunk's opening sentence starts within this many characters (after a title line)


_TITLE_BRACKET = re.compile(r"\s*\([^()]*\)\s*$")  # "XM (album)": the bracket tells it from another


def bare(name: str) -> str:
    """A subject's name without its title's closing parenthesis or quotation marks ("Charley's Aunt (1963
    film)", ""Falling Away from Me"")."""
    return _TITLE_BRACKET.sub("", name).strip(" \"“”")


_FILE_EXTENSION = re.compile(r"\.(?:txt|md|markdown|pdf|docx|html?|jsonl?|csv)$", re.IGNORECASE)


def without_extension(title: str) -> str:
    """An uploaded file's title without its extension ("Homer's Odyssey.txt"); any other title as it is."""
    return _FILE_EXTENSION.sub("", title)


def written_title(title: str) -> str:
    """A document's title as a text writes it: without its bracket or the extension of the uploaded file it
    is the name of ("XM (album)", "Homer's Odyssey.txt")."""
    return _TITLE_BRACKET.sub("", without_extension(title))


def opening_index(sentences: list[str]) -> int:
    """Which of a document's first chunk's sentences opens it: the first, or the second after a title line of
    its own (an uploaded file's first line has no full stop)."""
    return 1 if len(sentences) > 1 and not sentences[0].rstrip("\"'”’)").endswith((".", "!", "?")) else 0


def opening_words(sentences: list[Sentence]) -> dict[str, tuple[str, ...]]:
    """What each passage's first sentence calls its subject, in its words' order, by the subject's title
    and by the words before "is a": {"quillfeather records": ("independent", "record", "label")}."""
    out: dict[str, tuple[str, ...]] = {}
    for s in sentences:
        found = OPENS.match(s.text, s.lead) if s.offset == 0 else None
        if found is None:
            continue
        described = tuple(description(found))
        for name in (bare(found["name"]), bare(s.text[:s.lead])):
            if name:
                out.setdefault(name.lower(), described)
    return out


def called_a(words: tuple[str, ...], noun: str) -> bool:
    """An opening's description calls its subject a `noun`, as its last word or one of a pair ("an island
    country", "a singer and actress"); not a noun that qualifies another ("a sports show host")."""
    return any(w == noun and (i + 1 == len(words) or words[i + 1] in {"and", "or"}) for i, w in enumerate(words))


def described_by(name: str, openings: dict[str, tuple[str, ...]]) -> set[str]:
    """The words a passage's first sentence calls `name` by: its own passage's, or that of a passage whose
    subject's name holds it whole ("Valtorre", opened as "Unione Sportiva Valtorre is an Italian football
    club")."""
    key = name.lower()
    if key in openings:
        return set(openings[key])
    # ends it, not only holds it: "Delfino Pescara 1936 is a football club" says nothing of the town Pescara
    return next((set(v) for k, v in openings.items() if k.endswith(" " + key)), set())


# "the town of Carrow", "the island of Tessa": a place's noun before "of" calls the place ("the son of
# Henry" does not call Henry a son)
_PLACE_OF = {"city", "town", "village", "island", "state", "county", "province", "region", "district", "kingdom",
             "republic", "borough", "parish", "municipality", "port", "suburb"}


def noun_before(doc: Any, i: int) -> str:
    """The common noun a sentence puts right before its token `i`: "label" in "the Toronto label Birchwood
    Music", "town" in "the fishing town of Carrow"; "" when there is none."""
    if i < 1:
        return ""
    before = doc[i - 1]
    if before.pos_ == "NOUN":
        return str(before.lemma_.lower())
    if before.lower_ == "of" and i >= 2 and doc[i - 2].lower_ in _PLACE_OF:
        return str(doc[i - 2].lower_)
    return ""


def called_before(doc: Any, start: int) -> str:
    """`noun_before` the name starting at character `start`."""
    at = next((t.i for t in doc if t.idx == start), None)
    return noun_before(doc, at) if at else ""


NEAR = 1500  # characters from a chunk's first sentence within which "it" may still be its subject


def passage_opening(sentence: Sentence, sentences: list[Sentence]) -> Sentence | None:
    """The first sentence of the sentence's passage (its chunk), when the context holds it and it is near:
    in a long chunk, "it" is seldom what the chunk opened with pages before."""
    same = [s for s in sentences if s.rank == sentence.rank and s.ref == sentence.ref and s.offset < sentence.offset]
    first = min(same, key=lambda s: s.offset) if same else None
    return first if first is not None and sentence.offset - first.offset <= NEAR else None


def passage_subject(said: Sentence, sentences: list[Sentence], person: bool) -> str:
    """What the sentence's passage is about, when "he" or "she" (`person`) or "it" can be it: the title
    its first sentence opens with, else the name before that sentence's "is a"; "" when the context does
    not hold that sentence near, or it calls its subject something the pronoun cannot be ("Girton
    College is a college" is no "she")."""
    first = passage_opening(said, sentences)
    found = OPENS.match(first.text, first.lead) if first is not None else None
    if first is None or found is None:
        return ""
    if any(noun_kind(w) == PERSON for w in description(found)) != person:
        return ""
    return opening_name(first, found)


def opening_name(opening: Sentence, found: re.Match[str]) -> str:
    """The subject a passage's first sentence (matched by `OPENS`) names: its title line if it has one,
    else the words before "is a"."""
    return bare(opening.text[:opening.lead] if opening.lead else found["name"])


def description(found: re.Match[str]) -> list[str]:
    """The words an opening sentence calls its subject by, before what it goes on to say of it."""
    return _DESCRIBED_UNTIL.split(found["called"], maxsplit=1)[0].lower().split()


def head_noun(words: list[str] | tuple[str, ...]) -> str:
    """The noun a description calls its subject by: its last word before a participle goes on to say more of
    it ("2015 south korean television series | starring …", "video game developer": developer, not game)."""
    cut = next((i for i, w in enumerate(words) if i > 0 and w.endswith(("ed", "ing"))), len(words))
    return words[cut - 1] if cut else ""


MIN_DESCRIBED = 3  # words of description a question and an opening must share to name the same thing
MAX_DESCRIBED = 8  # the longest description tried first
MAX_NAME_WORDS = 8  # an opening's subject longer than this, or with a comma, is not a name read off it


_PREDICATE = re.compile(r"\b(?:is|was|are|were)\s*$", re.IGNORECASE)


def described_subjects(question: str, sentences: list[Sentence]) -> list[tuple[str, str, Sentence]]:
    """The subjects of passages whose first sentence calls them what the question calls something it
    names only by description ("the 1994 animated television film featuring …": "A Flintstones Christmas
    Carol is a 1994 animated television film"): a description of at least MIN_DESCRIBED words ending on
    a noun of a kind, that one passage only gives (two films "an American comedy film" are neither). Each
    with the question's phrase ("the 1994 animated television film") and the opening that says it."""
    asked = " ".join(re.findall(r"[\w'-]+|[^\w\s]", question))
    found: dict[str, dict[str, Sentence]] = {}
    for s in sentences:
        opened = OPENS.match(s.text, s.lead) if s.offset == 0 else None
        if opened is None:
            continue
        words, name = opened["called"].split(), opening_name(s, opened)
        for end in range(min(len(words), MAX_DESCRIBED), MIN_DESCRIBED - 1, -1):
            # (not named right after: "the Swedish performance artist Ayesha" is Ayesha)
            said = re.search(rf"\b(?:the|an?)\s+{re.escape(' '.join(words[:end]))}(?=\s+(?-i:[^A-Z\s\"“'‘]))", asked,
                             re.IGNORECASE)
            if said and _PREDICATE.search(asked, 0, said.start()):
                continue  # "Do Lafzon Ki Kahani, is a 2016 … film": what the question names, said again
            # (a name of common words only, "Always", would be found in every sentence that writes them)
            if said and (family(words[end - 1].lower()) or noun_kind(words[end - 1].lower())) \
                    and 0 < len(name.split()) <= MAX_NAME_WORDS and "," not in name \
                    and not set(lexical.words(name)) <= lexical.stop_words():
                found.setdefault(said.group(0), {}).setdefault(name, s)
                break
    return [(phrase, *next(iter(named.items()))) for phrase, named in found.items() if len(named) == 1]


def said_to_be(text: str) -> list[str]:
    """What the text's first sentence (after a title line) says its subject is, read loosely
    ('Nicholas Lofton "Nick" Hexum (born April 12, 1970) is an American singer': "american singer")."""
    said = split_sentences(text[:OPENING_CHARS + 200])
    found = _SAID_TO_BE.search(said[opening_index(said)]) if said else None
    return _SAID_UNTIL.split(found["called"], maxsplit=1)[0].lower().split() if found else []
