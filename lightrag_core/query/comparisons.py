"""Short answers to comparisons: "which was formed first, A or B?" and "are A and B both …?".

Each side's best sentence is the one naming it that covers most of the question's relation words;
dates are compared by year, a property by whether each side's sentence states it.
"""

from __future__ import annotations

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
    if all(cover(terms, idf, s.name_stems) >= 0.99 for s in best):
        return ShortAnswer("yes", best, [*kind.options, "yes"], 0.8)
    return None
