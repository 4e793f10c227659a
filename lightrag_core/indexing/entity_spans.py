"""Which of the statistical NER's spans name something, and by what words.

The small English model reads dialogue badly: it opens a span at a quotation mark ("'How",
"'Bring", "'Man of the"), runs one across an exclamation into the next speech ("dong!' 'Half",
"Dick! Chirrup") or across a blank line ("GREAT BRITAIN\\n\\n PREFACE"), and labels
interjections, numbers and common nouns as people ("Halloo", "Twelve", "gruel"). Each such
span became an entity that headed the review queue, sat in contexts and was asked about in
generated questions. A span keeps only its words inside the speech it starts in, and counts
as a name when one of them is a noun and, where the sentence uses capitals at all, it is not
plain lower-case words (a lower-case brand keeps its marks: "f(x)").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

_STOPS = {"!", "?"}
_NOUNS = {"PROPN", "NOUN"}
_ADJECTIVES = {"NORP", "LANGUAGE"}  # "African", "French": adjectives that name a group
_TITLES = {"WORK_OF_ART", "EVENT", "LAW", "PRODUCT"}
# Lower-case words and nothing else ("gruel", "rusty keys"); a name styled in lower case keeps a mark of
# its style ("f(x)", "will.i.am") and stays
_PLAIN_LOWER = re.compile(r"[a-z][a-z' -]{0,80}")
_TAIL = {"DET", "ADP", "CCONJ", "SCONJ", "PART"}
# Titles before a surname that name another person than the surname alone ("Mrs. Cratchit" beside Bob
# Cratchit); "Miss" mostly stands before a first name ("Miss Belinda"), which names the same person.
_WIFE = {"mrs", "ms"}


def _breaks(token: Token) -> bool:
    """A token a name cannot run across: a speech's end, a paragraph break. (A quotation mark can
    sit inside a name: Andrew Alan "Drew" Fuller.)"""
    return token.text in _STOPS or (token.is_space and token.text.count("\n") >= 2)


def _edge(token: Token) -> bool:
    return token.is_punct and token.text not in {".", "&"} or token.is_quote or token.is_space


def _names_something(tokens: list[Token], label: str) -> bool:
    if any(token.pos_ in _NOUNS for token in tokens) or label in _ADJECTIVES:
        return True
    # A capital where nothing asks for one is the writer's: "Bihar", "Outkast", "Charmed", whatever the tagger
    # says (a sentence's or a quotation's first word is capitalised anyway: "'How now?'")
    if any((t.is_title or t.is_upper) and not _opens(t) and (t.pos_ not in {"NUM", "PRON", "DET"} or _alnum(t.text))
           for t in tokens):
        return True
    # A title can be a clause ("As Good as It Gets", "Carry On"); a quotation's first word cannot.
    return label in _TITLES and sum(token.is_title for token in tokens) >= 2


def _alnum(text: str) -> bool:
    """Letters and digits in one word: "Blink-182" is a name, "Twelve" a number."""
    return any(ch.isalpha() for ch in text) and any(ch.isdigit() for ch in text)


def _opens(token: Token) -> bool:
    """The first word of its sentence or of a quotation or bracket in it."""
    if token.i == token.sent.start:
        return True
    before = token.doc[token.i - 1]
    return before.is_quote or before.is_space or before.text in {"(", "[", "—", "--", ":"} or (
        before.i == token.sent.start and before.is_punct)


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
    if not tokens:
        return None
    doc = span.doc
    # a title the writer put in quotes ("Charmed", "Forever") is one, whatever the tagger calls its word
    quoted = tokens[0].i > 0 and doc[tokens[0].i - 1].is_quote and tokens[-1].i + 1 < len(doc) and (
        doc[tokens[-1].i + 1].is_quote)
    if not quoted and not _names_something(tokens, span.label_):
        return None
    kept = doc[tokens[0].i : tokens[-1].i + 1]
    if any(ch.isupper() for ch in span.sent.text) and _PLAIN_LOWER.fullmatch(kept.text):
        return None  # plain lower-case words where the sentence uses capitals: a common noun, not a name
    if span.label_ == "PERSON" and kept.start > 0 and doc[kept.start - 1].text.rstrip(".").lower() in _WIFE:
        return doc[kept.start - 1 : kept.end]  # "Mrs. Cratchit" is not Bob: the model leaves her title out
    return kept
