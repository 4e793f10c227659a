"""Compositional questions split at their relative or possessive structure.

"Who directed the film that was shot in Leland in 1986?" names the film only through Leland: a walk
seeded with Leland reaches Leland's chunks, rarely the film's. The question's *bridges* are the noun
phrases that stand for such an unnamed thing: a common noun with its determiner (or a name's
possessive) on which a relative clause or a preposition hangs ("the film that …", "the director of
X", "a singer-songwriter from …", "X's first novel"). Each bridge is resolved in the text (bridges.py)
and the walk is seeded with what it turned out to be.

Only the tags are read (the keywords stage's tagging of the question, shared); no parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from lightrag_core.nlp import tagged
from lightrag_core.query.described import family
from lightrag_core.query.role_words import KIN_STEPS, ROLE_WORDS
from lightrag_core.query.sentences import stem

if TYPE_CHECKING:
    from spacy.tokens import Token

# Articles only: "his first appearance" is something the question already named, seen from there.
_DETERMINERS = {"the", "a", "an"}
# What hangs on a noun and makes it stand for something named elsewhere: a relative pronoun, a
# preposition, or a past participle ("a team based in …", "the film directed by …").
_RELATIVE = {"that", "which", "who", "whom", "whose", "where"}
_MARKER_TAGS = {"WDT", "WP", "WP$", "VBN"}
# Prepositions that tie a thing to another ("the director of", "an album by"); "the rent transfer to
# Adam" is about Adam, not a thing named through him.
_TYING = {"of", "by", "behind", "for", "from", "with", "in"}
# Present participles that name a work by who is in it: "the 2015 series starring …", "the film featuring …"
_CASTING = {"starring", "featuring", "co-starring"}
# What the question asks for is its answer, not a bridge: "What is the name of the song that …".
# ("Which airport bears the name of the city whose …?" names a bridge: only a name asked for is the answer)
_ASKED = re.compile(r"(?:\b(?:what|which|who)\s+(?:is|was|are|were)(?:\s+the(?:\s+\w+)?\s+name\s+of)?|^\s*name)\s*$",
                    re.IGNORECASE)
# Heads that name no thing of their own ("the same", "the name of", "the number of").
_NOT_THINGS = {"name", "same", "number", "year", "years", "time", "times", "first", "last", "most", "one", "other",
               "both", "type", "kind", "part", "rest", "end", "age", "amount", "date", "day", "month", "week", "lot",
               "couple", "total", "majority", "difference", "way", "place", "term", "title", "word", "words",
               "sport", "population", "height", "length", "size", "area", "percentage", "order",
               # where in a thing, not a thing: "on the outskirts of the Greater Toronto Area"
               "outskirts", "edge", "heart", "centre", "center", "middle", "vicinity", "side"}
_COMPARES = re.compile(r"\b(?:both|same|either)\b|\bor\b[^,?]*\?\s*$", re.IGNORECASE)
_BE = {"is", "was", "are", "were", "be", "been", "being"}
_NOUN_RUN = {"ADJ", "NOUN", "PROPN", "NUM"}


@dataclass(frozen=True)
class Bridge:
    """One unnamed thing in the question: its phrase ("the film that"), its head noun, and the words a
    sentence would state it with (the head's stem, and a role's cue words: "director" -> "direct")."""

    phrase: str
    head: str
    start: int  # character offsets of the noun phrase in the question
    end: int
    cues: tuple[str, ...]
    # Resolved once for each thing the question names: "the directors of A and B", "which film has the
    # director who died first, A or B?".
    each: bool = False


# Kinship said in one word that is two steps ("X's maternal grandfather" is the father of X's mother):
# each step is a bridge of its own, the first resolved from X, the second from what the first found.
_KIN = re.compile(r"\b(" + "|".join(re.escape(k) for k in KIN_STEPS) + r")\b", re.IGNORECASE)


def bridges(question: str) -> list[Bridge]:
    """The question's bridges, left to right (none for a question that names all it asks about)."""
    return list(_bridges(question)) + _kin_bridges(question)


def _kin_bridges(question: str) -> list[Bridge]:
    """A kinship of two steps gives both, even when it is what the question asks for: its first step
    is a bridge, and the second names the answer's own document."""
    out = []
    for found in _KIN.finditer(question):
        first, second = KIN_STEPS[found.group(1).lower()]
        out += [Bridge(f"{found.group(1)} ({first})", first, found.start(), found.end(), _cues([first])),
                Bridge(f"{found.group(1)} ({first}'s {second})", second, found.start(), found.end(), _cues([second]))]
    return out


@lru_cache(maxsize=256)
def _bridges(question: str) -> tuple[Bridge, ...]:
    tokens = list(tagged(question))  # the keywords stage tagged it already (offline)
    out: list[Bridge] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        # "X's director", and "Which film's director …, A or B?" (the director of each option)
        possessive = tok.tag_ == "POS" and i > 0 and (tokens[i - 1].pos_ == "PROPN" or (
            i > 1 and tokens[i - 1].pos_ == "NOUN" and tokens[i - 2].tag_ == "WDT"))
        if tok.lower_ not in _DETERMINERS and not possessive:
            i += 1
            continue
        # The noun run after the determiner ("an independent mom-and-pop publishing house").
        j = i + 1
        while j < len(tokens) and (tokens[j].pos_ in _NOUN_RUN or tokens[j].text == "-" or _hyphened(tokens, j)
                                   or _modifying(tokens, j)):
            j += 1
        while j > i + 2 and _hyphened(tokens, j - 1) and tokens[j - 2].text == "-":
            j -= 2  # "the film co-written by …": a hyphened word after the noun is no part of the run
            while j > i + 1 and _hyphened(tokens, j - 1):
                j -= 1
            if j > i + 2 and not tokens[j - 1].whitespace_:
                j -= 1  # nor is its first part, whatever it was tagged ("the 2006 album co-produced by": "co")
        head = next((k for k in range(j - 1, i, -1) if _common_noun(tokens[k])), None)
        # The run must end on a common noun: "the 2007 FIFA Golden Shoe" is a name, not a bridge.
        if head is None or head != j - 1 or tokens[head].lower_ in _NOT_THINGS:
            i = max(j, i + 1)
            continue
        # "X is a consultant who …": a predicate after a name is that name again, not something else.
        # ('"Wonderland by Night" is a song included in …': a quoted name too)
        named = _before_quote_or_bracket(tokens, i - 2)
        if not possessive and named >= 0 and tokens[i - 1].lower_ in _BE and tokens[named].pos_ == "PROPN":
            i = j
            continue
        after = tokens[j] if j < len(tokens) else None
        if after is not None and after.text.islower() and not after.whitespace_ and j + 2 < len(tokens) \
                and tokens[j + 1].text == "-":
            after = tokens[j + 2]  # "co-produced by": the compound's participle is what hangs on the noun
        # "the television film In Love and War", "the journal Nature": the thing is named right after.
        if after is not None and (after.text[:1].isupper() or after.text[:1] in "\"“'‘"):
            i = j
            continue
        # ("the tournament to which X supplied …": any preposition before a relative pronoun)
        pied = after is not None and after.tag_ in {"IN", "TO"} and j + 1 < len(tokens) \
            and tokens[j + 1].lower_ in {"which", "whom", "whose"}
        hangs = after is not None and (after.lower_ in _RELATIVE or after.lower_ in _TYING
                                       or after.tag_ in _MARKER_TAGS or after.lower_ in _CASTING or pied)
        if _ASKED.search(question[: tok.idx]):
            i = j
            continue
        if possessive or hangs:
            start = tokens[i + 1].idx if possessive else tok.idx
            end = tokens[head].idx + len(tokens[head].text)
            words = [t.lower_ for t in tokens[i + 1: j] if _common_noun(t)]
            cues = _cues(words)
            if not possessive and i >= 2 and tokens[i - 1].lower_ == "by" and tokens[i - 2].tag_ == "VBN":
                # "produced by a man born in …": the deed is what a sentence states the bridge with
                cues = tuple(dict.fromkeys([*cues, stem(tokens[i - 2].lower_)]))
            each = tokens[head].tag_ == "NNS" or _COMPARES.search(question) is not None or (
                possessive and tokens[i - 1].pos_ == "NOUN")
            out.append(Bridge(question[tok.idx if not possessive else start:end], tokens[head].lower_, start, end,
                              cues, each))
        i = j
    return tuple(out)


def _before_quote_or_bracket(tokens: list[Token], at: int) -> int:
    """The token a name ends on when `at` closes a quotation or a bracket after it ("Alien (film) is …")."""
    if at >= 1 and tokens[at].is_quote:
        return at - 1
    if at >= 1 and tokens[at].text == ")":
        opening = next((k for k in range(at - 1, -1, -1) if tokens[k].text == "("), 0)
        return opening - 1
    return at


def _common_noun(token: Token) -> bool:
    """A noun, or a word in lower case the tagger took for a name ("the metroplex hit by …")."""
    return token.pos_ == "NOUN" or (token.pos_ == "PROPN" and token.text.islower())


def _hyphened(tokens: list[Token], j: int) -> bool:
    """A word joined by a hyphen to the one before or after it, inside a noun run: "the best-documented
    tornado", "the Sapporo-born footballer"."""
    return tokens[j].pos_ in {"ADV", "VERB"} and (
        (j > 0 and tokens[j - 1].text == "-") or (j + 1 < len(tokens) and tokens[j + 1].text == "-"))


def _modifying(tokens: list[Token], j: int) -> bool:
    """A participle right before a noun is its modifier: "the Hanna-Barbera animated sitcom" (not "the film
    directed by", whose participle is its clause's)."""
    return tokens[j].tag_ in {"VBN", "VBG"} and j + 1 < len(tokens) and tokens[j + 1].pos_ == "NOUN"


@lru_cache(maxsize=256)
def article_nouns(question: str) -> frozenset[str]:
    """The nouns that end a run opened by an article, with a preposition or a relative word after them
    ("the Neighbours episode about …"): things of their own, each resolve of a bridge asks (cached).
    (A run that ends the question, "the … Golden Shoe play?", is a verb the tagger missed.)"""
    tokens, out = list(tagged(question)), set()
    for i, token in enumerate(tokens):
        if token.lower_ in _DETERMINERS:
            j = i + 1
            while j < len(tokens) and tokens[j].pos_ in _NOUN_RUN:
                j += 1
            if j > i + 1 and tokens[j - 1].pos_ == "NOUN" and j < len(tokens) and (
                    tokens[j].pos_ == "ADP" or tokens[j].tag_ in {"WDT", "WP"}):
                out.add(tokens[j - 1].lower_)
    return frozenset(out)


# Nouns that say only that the bridge is someone: a sentence writing "man" does not state it ("produced
# by a man born in …" is not "the Marlboro Man"); the clause's own words must find it.
_ANYONE = {"man", "woman", "person", "people", "men", "women", "individual", "someone", "somebody"}


def _cues(nouns: list[str]) -> tuple[str, ...]:
    """Stems a sentence states the bridge with: its nouns, the nouns that call the same kind of thing as
    its head ("the animated sitcom" is written "the animated series"), and for a role its cue words."""
    cues = [stem(w) for w in nouns if w not in _ANYONE]
    cues += [stem(w) for w in sorted(family(nouns[-1]))] if nouns else []
    for w in nouns:  # "directors" are stated as "directed" too
        cues += list(ROLE_WORDS.get(w, ROLE_WORDS.get(stem(w), ())))
    return tuple(dict.fromkeys(c for c in cues if len(c) > 2))
