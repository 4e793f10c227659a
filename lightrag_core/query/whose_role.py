"""Whose second wife wrote "Death of Samantha"? The one whose role it is, not the one who holds it.

The typed reading finds who did the deed (Yoko Ono wrote the song) and would answer with her: she is the
second wife, the question asks whose. The answer is the name a sentence about her gives as the role's
owner: "She is noted for being the second wife and widow of singer-songwriter John Lennon" (the role "of"
a name, or a name's role: "John Lennon's second wife"). Only one owner is given: no such sentence, or
sentences naming different owners, give no short answer. A reading is confident for such a question only
when one of its sentences states its answer as the role's owner (`states_owner`), whichever reader found it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.answer_type import PERSON, noun_kind
from lightrag_core.query.coreference import HE_OR_SHE
from lightrag_core.query.described import passage_subject
from lightrag_core.query.sentences import Sentence

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

_WHOSE = re.compile(r"^\W*whose\s", re.IGNORECASE)
MAX_QUESTION_CHARS = 300
MAX_PARSED = 12  # sentences about the holder read for the owner, best scored first
_MODIFIERS = {"amod", "compound", "nummod"}


@lru_cache(maxsize=256)  # (asked of every reading of a question, each time a parse)
def asked_role(query: str) -> tuple[str, frozenset[str]] | None:
    """The role a "Whose …?" question asks the owner of, and the words that qualify it ("second wife":
    ("wife", {"second"})); None for another question, or a role no person holds."""
    if not _WHOSE.match(query) or len(query) > MAX_QUESTION_CHARS:
        return None
    doc = nlp()(" ".join(query.split()))
    whose = next((t for t in doc if t.lower_ == "whose"), None)
    if whose is None or whose.head.pos_ not in {"NOUN", "PROPN"} or whose.head.i == whose.i:
        return None
    role = whose.head
    if noun_kind(role.lemma_.lower()) != PERSON:
        return None  # "Whose operetta …?", "Whose drum overdubs …?": the work's sentence names its owner itself
    return role.lemma_.lower(), frozenset(c.lower_ for c in role.children if c.dep_ in _MODIFIERS)


def owners(text: str, role: tuple[str, frozenset[str]]) -> list[str]:
    """The names `text` gives as the role's owner: "the second wife of John Lennon", "John Lennon's second
    wife"; also through a coordinated role ("the second wife and widow of John Lennon", either of the two)."""
    return _owners(nlp()(text), role)


def _owners(doc: Doc, role: tuple[str, frozenset[str]]) -> list[str]:
    lemma, qualifiers = role
    found = []
    for token in doc:
        if token.lemma_.lower() != lemma or token.pos_ != "NOUN":
            continue
        if {c.lower_ for c in token.children if c.dep_ in _MODIFIERS} != qualifiers:
            continue  # "his first wife" is no answer to "whose second wife"
        joined = [c for c in token.children if c.dep_ == "conj"] + ([token.head] if token.dep_ == "conj" else [])
        for holder in (token, *joined):
            for child in holder.children:
                if child.dep_ == "poss" and child.pos_ == "PROPN":
                    found.append(_name(child))
                elif child.dep_ == "prep" and child.lower_ == "of":
                    found += [_name(g) for g in child.children if g.dep_ == "pobj" and g.pos_ == "PROPN"]
    return list(dict.fromkeys(found))


def _name(head: Token) -> str:
    """The proper name under `head`, without the common nouns before it ("singer-songwriter John Lennon")."""
    start = head.i
    while start > 0 and head.doc[start - 1].dep_ == "compound" and head.doc[start - 1].pos_ == "PROPN":
        start -= 1
    return str(head.doc[start:head.i + 1].text)


def owner_answer(query: str, holder: ShortAnswer, scored: list[tuple[Sentence, float]]) -> ShortAnswer | None:
    """The role's one owner as a sentence about `holder` (the typed reading) states it, the holder's sentence
    leading the evidence; `holder` itself, not confident, when no sentence or several owners; None when
    the question asks no "whose"."""
    role = asked_role(query)
    if role is None:
        return None
    if states_owner(query, holder):
        return holder
    context = [s for s, _ in scored]
    ranked = [s for s, _ in sorted(scored, key=lambda pair: -pair[1])]
    about = [s for s in ranked if _about(s, holder.text, context)][:MAX_PARSED]
    found: dict[str, tuple[str, Sentence]] = {}
    for sentence, doc in zip(about, nlp().pipe([s.text for s in about])):
        for owner in _owners(doc, role):
            if owner.split()[-1] not in holder.text.split():
                found.setdefault(owner.lower(), (owner, sentence))
    if len(found) != 1:
        return replace(holder, confident=False)
    owner, sentence = next(iter(found.values()))
    evidence = [*holder.evidence[:1], *([sentence] if sentence not in holder.evidence[:1] else [])]
    return ShortAnswer(owner, evidence, [*holder.path[:-1], holder.text, owner], holder.score)


def states_owner(query: str, short: ShortAnswer) -> bool:
    """One of the reading's sentences gives its answer as the asked role's owner (always, for a question
    that asks no "whose")."""
    role = asked_role(query)
    return role is None or any(short.text in owners(s.text, role) for s in short.evidence)


def _about(sentence: Sentence, holder: str, context: list[Sentence]) -> bool:
    """The sentence names the holder, or opens on "He"/"She" in the holder's own passage."""
    last = holder.split()[-1]
    if re.search(rf"(?<!\w){re.escape(last)}(?!\w)", sentence.text):
        return True
    opening = passage_subject(sentence, context, person=True) if HE_OR_SHE.match(sentence.text) else ""
    return opening.split()[-1:] == [last]
