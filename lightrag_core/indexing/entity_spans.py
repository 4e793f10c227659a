"""Which of the statistical NER's spans name something, and by what words.

The small English model reads dialogue badly: it opens a span at a quotation mark ("'How",
"'Bring", "'Man of the"), runs one across an exclamation into the next speech ("dong!' 'Half",
"Dick! Chirrup") or across a blank line ("GREAT BRITAIN\\n\\n PREFACE"), and labels
interjections, numbers and common nouns as people ("Halloo", "Twelve", "gruel"). Each such
span became an entity that headed the review queue, sat in contexts and was asked about in
generated questions. A span keeps only its words inside the speech it starts in, and counts
as a name when one of them is a noun and, where the sentence uses capitals at all, one of
them is capitalised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_STOPS = {"!", "?"}
_NOUNS = {"PROPN", "NOUN"}
_ADJECTIVES = {"NORP", "LANGUAGE"}  # "African", "French": adjectives that name a group
_TITLES = {"WORK_OF_ART", "EVENT", "LAW", "PRODUCT"}
_TAIL = {"DET", "ADP", "CCONJ", "SCONJ", "PART"}


def _breaks(token: Token) -> bool:
    """A token a name cannot run across: a speech's end, a paragraph break. (A quotation mark can
    sit inside a name: Andrew Alan "Drew" Fuller.)"""
    return token.text in _STOPS or (token.is_space and token.text.count("\n") >= 2)


def _edge(token: Token) -> bool:
    return token.is_punct and token.text not in {".", "&"} or token.is_quote or token.is_space


def _names_something(tokens: list[Token], label: str) -> bool:
    if any(token.pos_ in _NOUNS for token in tokens) or label in _ADJECTIVES:
        return True
    # A title can be a clause ("As Good as It Gets", "Carry On"); a quotation's first word cannot.
    return label in _TITLES and sum(token.is_title for token in tokens) >= 2


def name_span(span: Span) -> Span | None:
    """The part of an NER span that names something: its words up to its first break, without
    the punctuation around them; None when that part names nothing."""
    tokens = list(span)
    while tokens and _edge(tokens[0]):
        tokens.pop(0)
    for n, token in enumerate(tokens):
        if _breaks(token):
            tokens = tokens[:n]
            break
    while tokens and (_edge(tokens[-1]) or tokens[-1].pos_ in _TAIL and tokens[-1].is_lower):
        tokens.pop()  # and a span cut inside a phrase ("Man of the"), its dangling words
    if not tokens or not _names_something(tokens, span.label_):
        return None
    kept = span.doc[tokens[0].i : tokens[-1].i + 1]
    if any(ch.isupper() for ch in span.sent.text) and not any(ch.isupper() for ch in kept.text):
        return None  # lower case where the sentence uses capitals: a common noun, not a name
    return kept
