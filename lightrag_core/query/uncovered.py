"""Whether the passages found speak of what the question asks at all.

Every search returns its nearest passages, however far: without a line saying so, sentences that share
nothing with the question read as an answer to it ("What is the capital of France?" over a novel). The note
is shown above the evidence when there is no short answer, never instead of it (a word the text writes in
another form must not hide what was found), and the eval's answer-found reads neither line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lightrag_core import lexical
from lightrag_core.nlp import tagged
from lightrag_core.query.answer_support import QUESTION_WORDS
from lightrag_core.query.sentences import Sentence, stem

if TYPE_CHECKING:
    from spacy.tokens import Token

NOT_COVERED = "The documents may not cover this: none of the question's words is in the passages found"
NOT_MENTIONED = "The passages found never mention"


def words_not_found(query: str, sentences: list[Sentence]) -> list[str]:
    """The question's own words, when not one of them is in any sentence of the context; else []."""
    asked = {w: stem(w) for w in lexical.words(query) if w not in QUESTION_WORDS and w not in lexical.stop_words()
             and (len(w) > 2 or w.isdigit())}
    if not asked:
        return []
    said = _roots(set().union(*(s.name_stems for s in sentences)))
    return [] if any(_roots({st}) & said for st in asked.values()) else list(asked)


def names_not_found(query: str, sentences: list[Sentence]) -> list[str]:
    """The names the question writes ("France" in "What is the capital of France?"; with none, its nouns:
    "cheetah"), when no sentence of the context holds a word of any of them; else []."""
    tokens = [t for t in tagged(query) if t.i > 0 and t.is_alpha and t.lower_ not in QUESTION_WORDS]
    names = _runs([t for t in tokens if t.pos_ == "PROPN"]) or _runs([t for t in tokens if t.pos_ == "NOUN"])
    said = _roots(set().union(*(s.name_stems for s in sentences)))
    return [] if any(_roots({stem(w)}) & said for name in names for w in lexical.words(name)) else names


def _roots(words: set[str]) -> set[str]:
    """Words loosely, for a note that must not say "not covered" of what is: "cats" meets "cat", "organised"
    "organized" (the first five letters of a longer word)."""
    out = set(words)
    for w in words:
        if len(w) > 3 and w.endswith("s"):
            out.add(w[:-1])
        if len(w) >= 6:
            out.add(w[:5])
    return out


def _runs(tokens: list[Token]) -> list[str]:
    """Adjacent tokens joined: ["Tiny Tim", "Scrooge"]."""
    runs: list[list[Token]] = []
    for token in tokens:
        if runs and token.i == runs[-1][-1].i + 1:
            runs[-1].append(token)
        else:
            runs.append([token])
    return [" ".join(t.text for t in run) for run in runs]


def coverage_note(query: str, sentences: list[Sentence]) -> str:
    """The line to show above the evidence, or "" when the passages hold the question's names or words."""
    if unmatched := words_not_found(query, sentences):
        return f"{NOT_COVERED} ({', '.join(unmatched)})."
    if missing := names_not_found(query, sentences):
        return f"{NOT_MENTIONED} {' or '.join(missing)}: the documents may not cover this question."
    return ""
