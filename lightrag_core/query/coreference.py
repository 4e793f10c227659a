"""Which earlier name a sentence speaks of without writing it: a sentence read away from its passage.

Two readings, both by pattern (the context's sentences are not parsed): a sentence that opens with a pronoun
or a definite description is about what the sentence before it named ("He was the father of …"); and one that
calls the passage's subject by the noun its opening called it ("WRVU is a college radio station …. Licensed
to Nashville, the station serves Vanderbilt University") is about that subject, however far from the opening.
"""

from __future__ import annotations

import re

from lightrag_core import lexical
from lightrag_core.query.answer_type import PERSON, noun_kind

# A sentence that opens with a pronoun, or a definite description ("The series starred …" after "Simon & Simon
# is an American detective series"): "The" followed by a common noun in lower case.
_PRONOUN_START = re.compile(r"^(?:(?i:he|she|it|they|his|her|its|their|this|these)\b|(?:The|This|These) [a-z])")
# … or one with "he" or "she" among its first words ("In 1965 he received the Order …"; further on,
# as in "Black was a coach, a position she held until 2017", it is the sentence's own name) or "the film"
# anywhere ("Lucille Marchand directed the film" after the film's own sentence). Not "his" or "her": "the
# release of her 1977 album" made every year about the singer (on hotpotqa_100 it cost two right answers).
_THE_WORK = re.compile(r"\bthe (?:film|movie|series|show|song|single|album|novel|book|band|group|company|play)\b")
# "Born in Kansas City, Missouri, he began …": an opening phrase, then the pronoun; "Before founding Lumen
# Records he played …": the pronoun before any comma.
_OPENING_PHRASE = re.compile(r"^(?:[A-Z][^,;.]{0,60},\s*){1,3}(?:he|she)\b|^[^,;.]{0,60}\b(?:he|she)\b")

# Where an opening's description of its subject stops: before what it goes on to say of it (a preposition, a
# relative word, a participle: "a college radio station | broadcasting …", "a band | formed in …")
UNTIL = r"by|in|of|from|for|at|on|with|formed|founded|based|located|who|which|that"
_IS_A = re.compile(r"\s(?:is|was|are|were)\s+(?:an?|the)\s+(?P<called>[^.;]{1,120})")
# (and where it goes on to say what it is about or where: "a war film | about the evacuation", "a bridge | across")
_CALLED_UNTIL = re.compile(rf"\s(?:{UNTIL}|about|over|across|above|below|under|during|whose|where|between|near|into|"
                           rf"to|than|through)\b|[,;(]|\s[a-z]+(?:ing|ed)\b")
_BRACKET = re.compile(r"\([^()]*\)")
MAX_SUBJECT_WORDS = 8
_CONNECTORS = {"of", "the", "and", "on", "in", "de", "von", "van", "da", "del", "la", "le", "for", "a", "&", "du"}
_PARTICIPLES = {"broadcast", "made", "written", "known", "set", "run", "shown", "held", "built", "sung", "led"}
# (words that order or compare, not what a thing is: "the first album by …" makes no later "the first" its own)
_NOT_CALLING = {"first", "second", "third", "last", "only", "same", "other", "most", "best", "main", "new", "former",
                "largest", "oldest", "eldest", "youngest", "current", "original", "official", "one"}


def refers_back(text: str) -> bool:
    """The sentence is about what the sentence before it named."""
    opening = {w.strip(",;:").lower() for w in text.split(maxsplit=4)[:4]}
    return bool(_PRONOUN_START.match(text) or opening & {"he", "she"} or _OPENING_PHRASE.match(text)
                or _THE_WORK.search(text))


def opening(first: str) -> tuple[str, frozenset[str]]:
    """What a chunk's first sentence names as its subject and the noun it calls it by ("WRVU is a college radio
    station broadcasting …": "WRVU", {"station"}); ("", ∅) when it opens otherwise."""
    found = _IS_A.search(first)
    if found is None:
        return "", frozenset()
    subject = _BRACKET.sub(" ", first[:found.start()]).strip()
    words = subject.split()
    if not words or len(words) > MAX_SUBJECT_WORDS or "," in subject or not subject[0].isupper() or any(
            w[0].islower() and w not in _CONNECTORS for w in words):
        return "", frozenset()  # a clause, not a name ("In 1990 the band was a …")
    said = _CALLED_UNTIL.split(found["called"], maxsplit=1)[0].split()
    # its last word, the noun the others qualify ("radio" and "college" call other things too)
    head = next((w for w in reversed(said) if w not in _PARTICIPLES), "")
    ok = head.isalpha() and head.islower() and head not in _NOT_CALLING and head not in lexical.stop_words()
    return subject, frozenset({head}) if ok else frozenset()


def refers_to_subject(text: str, called: frozenset[str]) -> bool:
    """The sentence names its passage's subject by what the opening called it ("the station"); not a noun
    that describes the name after it ("who married the singer Tess Ferrand", "the city of Lyon"). A sentence may
    open on the noun with a word or two before it ('The "Orioles" soccer/football club played in …')."""
    return any(re.search(rf"\b[Tt]he {re.escape(word)}\b(?!\s+(?:of\s+)?[A-Z])", text)
               or re.match(rf"The (?:[\w\"“”/-]+\s+){{1,2}}{re.escape(word)}\b(?!\s+(?:of\s+)?[A-Z])", text)
               for word in called)


HE_OR_SHE = re.compile(r"(He|She)\s")  # a sentence that opens on "He" or "She"
_GENDERED = re.compile(r"\b(?:(he|his|him)|(she|her|hers))\b", re.IGNORECASE)


def speaks_of_subject(text: str, called: frozenset[str], passage: str) -> bool:
    """`refers_to_subject`, or the sentence opens on "He" or "She" in a passage whose opening calls its subject a
    person and whose first "he" or "she" (or "his", "her") is that one ("Sophie Ramsay is a fictional character
    …. Jones began filming her first scenes …. She made her first screen appearance …": Sophie too, whoever the
    sentence before named; not after "Ann Roe played his wife", where "his" is the subject's)."""
    if refers_to_subject(text, called):
        return True
    opened = HE_OR_SHE.match(text)
    if opened is None or not any(noun_kind(w) == PERSON for w in called):
        return False
    first = _GENDERED.search(passage, 0, 2000)
    return first is not None and bool(first.group(1)) == (opened.group(1) == "He")
