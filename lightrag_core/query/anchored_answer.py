"""An answer asked in place: "… known for his precisionist depictions of what?", read off the sentence the
question quotes.

A long question often keeps the words of the sentence it was written from and puts "what" where the answer
stood ("with an annual output of what in 2011?", "who starred in what for seven years?"). No type fits such a
"what", so the typed short answer never gives one; but a context sentence that writes the words right before
it, and the words after it when there are any, holds the answer between them. The quoted words must be long
enough to be that sentence's own: three words before, or two before and two after; and every sentence that
quotes them must give the same answer.
"""

from __future__ import annotations

import re

from lightrag_core import lexical
from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.sentences import Sentence, stems

MAX_QUESTION_CHARS = 400
MAX_LEFT_WORDS = 8  # the longest run of words before "what" looked for
MAX_ANSWER_WORDS = 10
# "what" asked in place: not the question's opening word, and not "what city" (a type the typed answer reads)
_IN_PLACE = re.compile(r"^(?P<left>\W*\w.{0,300}?)\s+(?i:what|whom)(?P<right>(?:\s+[^?\s][^?]{0,80}?)?)\s*\??\s*$")
# a word that may follow an in-place "what" ("what for seven years", "what in 2011")
_AFTER_WHAT = {"in", "for", "on", "at", "during", "since", "from", "by", "with", "before", "after", "until", "as",
               "to", "into", "under", "over", "between", "among", "throughout", "when", "while"}
# "a painter known for his depictions of urban landscapes that are …": the answer ends where a clause starts
_CLAUSE_START = re.compile(r"\s*(?:[,;:()\[\]]|\.(?:\s|$)|\s(?:that|which|who|whom|whose|where|when|while|and|but|"
                           r"as|because|since|although|though)\s)")
# 'the sitcom "Mad About You"', "the band Porcupine Tree": the name, not the noun it is given by
_NOUN_THEN_NAME = re.compile(r"^(?:the|a|an)\s+(?:[a-z][\w-]*\s+){1,3}(?P<name>[\"“][^\"”]+[\"”]|[A-Z][^\"“”]*)$")


def anchored_answer(query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    """The answer the one sentence quoting the question's words around its in-place "what" gives; None for a
    question that asks otherwise, when no sentence quotes it, or when sentences give different answers."""
    asked = _IN_PLACE.match(query.strip()) if len(query) <= MAX_QUESTION_CHARS else None
    if asked is None:
        return None
    right = asked["right"].split()
    if right and right[0].lower() not in _AFTER_WHAT:
        return None  # "what city …?", "what did …": asked otherwise
    return _quoted(query, asked["left"], right, sentences)


# "… a second campus in which California city?": a typed question asked in place (its noun ends the question)
_TYPED_IN_PLACE = re.compile(r"^(?P<left>\W*\w.{0,300})\s+(?i:which|what)\s+(?P<noun>[^?,;]{1,60}?)\s*\??\s*$")


def quoted_typed(query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    """As `anchored_answer`, for "which <noun>" or "what <noun>" asked in place: what the sentence quoting the
    words before it writes after them. The caller checks it against the typed reading, which knows the type."""
    asked = _TYPED_IN_PLACE.match(query.strip()) if len(query) <= MAX_QUESTION_CHARS else None
    return _quoted(query, asked["left"], [], sentences) if asked is not None else None


def _quoted(query: str, before: str, right: list[str], sentences: list[Sentence]) -> ShortAnswer | None:
    left = re.findall(r"[\w'’.-]+", before)[-MAX_LEFT_WORDS:]
    # the runs of the question's last words before "what", longest first (two words at least)
    runs = [(len(left) - start, re.compile(_words(left[start:]) + r"\s+", re.IGNORECASE))
            for start in range(len(left) - 1)]
    after = re.compile(r"\s+" + _words(right) + r"(?!\w)", re.IGNORECASE) if right else None
    # (quoted words that are mostly "of the", "is a" could be any sentence's)
    enough_words = {n: _content(left[len(left) - n:]) + _content(right) for n, _ in runs}
    asked_stems = stems(query)
    found: dict[str, tuple[str, Sentence]] = {}
    for sentence in sentences:
        said = _between(sentence.text, runs, after, len(right), enough_words)
        if said is None or _given(said, asked_stems):
            continue
        found.setdefault(_key(said), (said, sentence))
    if len(found) != 1:
        return None
    said, sentence = next(iter(found.values()))
    return ShortAnswer(said, [sentence], [said], 1.0)


def same_answer(a: str, b: str) -> bool:
    """Two readings give the same answer ("the Hebron Academy", "Hebron Academy")."""
    return _key(a) == _key(b)


def _between(text: str, runs: list[tuple[int, re.Pattern[str]]], after: re.Pattern[str] | None, right: int,
             enough_words: dict[int, int]) -> str | None:
    """What `text` writes after the longest run of the question's words before "what" it quotes (and before the
    question's words after it, when there are any); None unless the quoted words are long enough to be its own:
    three before, or two before and two after, with two words that are not function words among them."""
    for length, run in runs:
        found = run.search(text)
        if found is None:
            continue
        rest = text[found.end():]
        if after is not None:
            end = after.search(rest)
            if end is None or not (length >= 3 or right >= 2) or enough_words[length] < 2:
                return None
            return _named(rest[:end.start()])
        if length < 3 or enough_words[length] < 2:
            return None
        return _named(_phrase(rest))
    return None


def _phrase(rest: str) -> str:
    """The noun phrase `rest` opens with: up to where a clause starts, or spaCy's noun chunk when it is shorter."""
    clause = _CLAUSE_START.search(rest)
    head = rest[:clause.start()] if clause else rest
    chunks = list(nlp()(head).noun_chunks)
    if chunks and chunks[0].start_char == 0:
        return chunks[0].text
    return head


def _named(said: str) -> str | None:
    said = said.strip()
    if found := _NOUN_THEN_NAME.match(said):
        said = found["name"]
    said = said.strip(" \"'“”‘’")
    if not said or len(said.split()) > MAX_ANSWER_WORDS or said.split()[0].lower() in _PRONOUNS:
        return None
    return said


_PRONOUNS = {"it", "he", "she", "they", "him", "her", "them", "this", "that", "these", "those", "his", "its", "their"}


def _words(words: list[str]) -> str:
    return r"(?<!\w)" + r"\s+".join(re.escape(w) for w in words)


def _content(words: list[str]) -> int:
    return len(stems(" ".join(words)) - lexical.stop_words())


def _given(said: str, asked: frozenset[str] | set[str]) -> bool:
    """Every word of the answer is the question's own: it answers nothing."""
    own = stems(said) - lexical.stop_words()
    return not own or own <= asked


def _key(said: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", said.lower()).strip()
