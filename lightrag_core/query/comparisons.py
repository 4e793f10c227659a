"""Short answers to comparisons: "which was formed first, A or B?", "are A and B both …?" and
"were A and B of the same nationality?".

Each side's best sentence is the one naming it that covers most of the question's relation words;
dates are compared by year, a property by whether each side's sentence states it.
"""

from __future__ import annotations

import re

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import YEAR, ShortAnswer, cover, idf_weights, relation_terms
from lightrag_core.query.answer_type import AnswerType
from lightrag_core.query.sentences import Sentence, named_in


def _about(option: str, sentences: list[Sentence]) -> list[Sentence]:
    return [s for s in sentences if named_in(option, s.name_stems)][:6]


def choice_answer(kind: AnswerType, query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    a, b = kind.options
    terms = relation_terms(query, [], kind.options)
    idf = idf_weights(terms, sentences)
    facts = {}
    for option in (a, b):
        about = _about(option, sentences)
        if not about:
            return None
        best = max(about, key=lambda s: cover(terms, idf, s.name_stems))
        facts[option] = (best, cover(terms, idf, best.name_stems))
    if kind.order:
        years = {}
        for option in facts:
            dated = [s for s in _about(option, sentences) if YEAR.search(s.text)]
            if not dated:
                return None
            s = max(dated, key=lambda s: cover(terms, idf, s.name_stems))
            years[option] = (int(YEAR.search(s.text).group(1)), s)  # type: ignore[union-attr]
        if years[a][0] == years[b][0]:
            return None
        earlier = a if years[a][0] < years[b][0] else b
        winner = earlier if kind.order == "earlier" else (b if earlier == a else a)
        return ShortAnswer(winner, [years[a][1], years[b][1]],
                           [f"{a}: {years[a][0]}", f"{b}: {years[b][0]}", winner], 1.0)
    covered = [o for o, (_, c) in facts.items() if c >= 0.99]
    if len(covered) == 1 and terms:
        other = b if covered[0] == a else a
        return ShortAnswer(covered[0], [facts[covered[0]][0], facts[other][0]], [covered[0]], 0.8)
    return None


def yes_no_answer(kind: AnswerType, query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    if len(kind.options) != 2:
        return None
    if kind.same in _NATIONALITY:
        return _same_nationality(kind, sentences)
    terms = relation_terms(query, [], kind.options)
    if not terms:
        return None
    idf = idf_weights(terms, sentences)
    best = []
    for option in kind.options:
        about = _about(option, sentences)
        if not about:
            return None
        best.append(max(about, key=lambda s: cover(terms, idf, s.name_stems)))
    if kind.same:
        return None  # "the same state": both sentences may say "state" and name different ones
    if all(cover(terms, idf, s.name_stems) >= 0.99 for s in best):
        return ShortAnswer("yes", best, [*kind.options, "yes"], 0.8)
    return _other_nationality(kind, query, sentences)


# "the same …" questions answered by comparing what each side's sentences call it ("an American film").
_NATIONALITY = {"nationality", "country", "citizenship"}


def _nationalities(option: str, sentences: list[Sentence]) -> tuple[set[str], Sentence | None]:
    """The nationality words (spaCy's NORP: "American", "French") of the first sentence about
    `option` that has any, and that sentence."""
    about = _about(option, sentences)
    for sentence, doc in zip(about, nlp().pipe([s.text for s in about])):
        found = {w for e in doc.ents if e.label_ == "NORP" for w in _joined(doc.text, e.start_char, e.end_char)}
        if found:
            return found, sentence
    return set(), None


_HYPHENED = re.compile(r"(?:-[A-Z][a-z]+)+")


def _joined(text: str, start: int, end: int) -> list[str]:
    """A nationality word with those hyphened to it: "British-American" is British and American
    (spaCy labels the first word only)."""
    more = _HYPHENED.match(text, end)
    return text[start : more.end() if more else end].lower().replace("-", " ").split()


def _same_nationality(kind: AnswerType, sentences: list[Sentence]) -> ShortAnswer | None:
    (a_words, a_said), (b_words, b_said) = (_nationalities(o, sentences) for o in kind.options)
    if a_said is None or b_said is None:
        return None
    verdict = "yes" if a_words & b_words else "no"
    return ShortAnswer(verdict, [a_said, b_said], [f"{kind.options[0]}: {', '.join(sorted(a_words))}",
                                                   f"{kind.options[1]}: {', '.join(sorted(b_words))}", verdict], 0.8)


def _other_nationality(kind: AnswerType, query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    """"Are A and B both American directors?": no, when one side's sentence calls it something else
    of the same kind ("a Hungarian director") and no sentence about it says "American"."""
    asked = {e.text.lower() for e in nlp()(query).ents if e.label_ == "NORP"}
    if not asked:
        return None
    rest = relation_terms(query, [], (*kind.options, *asked))
    for option in kind.options:
        about = _about(option, sentences)
        if not about or any(word in s.text.lower() for s in about for word in asked):
            continue
        words, said = _nationalities(option, sentences)
        if said is not None and words and not words & asked and (not rest or cover(rest, {t: 1.0 for t in rest},
                                                                                  said.name_stems) >= 0.99):
            return ShortAnswer("no", [said], [option, ", ".join(sorted(words)), "no"], 0.8)
    return None
