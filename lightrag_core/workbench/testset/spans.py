"""Token-level helpers over spaCy's parse: the entity a token is part of, a phrase without its asides."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lightrag_core.workbench.testset.lexicon import ASIDE_DEPS, HEAD_KINDS, LABEL_KINDS, NAMED_KINDS
from lightrag_core.workbench.testset.model import Word

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def entity_kind(label: str) -> str:
    return LABEL_KINDS.get(label, "")


def entity_at(tok: Token) -> Span | None:
    """The named entity (of a kind a question can ask about) that `tok` is part of."""
    for ent in tok.doc.ents:
        if ent.start <= tok.i < ent.end and entity_kind(ent.label_):
            return ent
    return None


_SUFFIXES = {"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"}


def cut_short(ent: Span) -> bool:
    """Whether the text goes on with more of the name than the NER took: "Hank Williams, Jr." or "the Metropolitan
    Borough of Bury" (a head noun such as "borough", then "of" and a capitalised word)."""
    doc = ent.doc
    after = [doc[i] for i in range(ent.end, min(ent.end + 2, len(doc)))]
    if len(after) == 2 and after[0].text == "," and after[1].lower_ in _SUFFIXES:
        return True
    return (len(after) == 2 and after[0].lower_ == "of" and after[1].text[:1].isupper()
            and ent[-1].lower_ in HEAD_KINDS)


def phrase(root: Token, skip: set[int]) -> list[Token]:
    """The tokens of `root`'s subtree without asides (relative clauses, appositions, punctuation...)."""
    out: list[Token] = []

    def walk(t: Token) -> None:
        if t.i in skip:
            return
        out.append(t)
        for child in t.children:
            if child.dep_ in ASIDE_DEPS and not (child.dep_ == "cc" and t.dep_ == "conj") and not _one_name(t, child):
                continue
            walk(child)

    walk(root)
    return sorted(out, key=lambda t: t.i)


def _one_name(a: Token, b: Token) -> bool:
    """Both tokens inside one entity: a title's own "and" ("Pride and Prejudice") is no list."""
    ent = entity_at(a)
    return ent is not None and ent.start <= b.i < ent.end


def contiguous(tokens: list[Token]) -> bool:
    return all(b.i == a.i + 1 for a, b in zip(tokens, tokens[1:]))


def span(tok: Token) -> tuple[int, int]:
    return tok.left_edge.i, tok.right_edge.i + 1


def in_entity(tok: Token) -> bool:
    return tok.ent_type_ != "" and tok.ent_iob_ in {"B", "I"}


def word(t: Token) -> Word:
    return Word(t.i, t.text, t.whitespace_, t.ent_type_ in LABEL_KINDS and entity_kind(t.ent_type_) in NAMED_KINDS)
