"""What did Scrooge poke? The thing a named subject did something to, read off the sentence that says so.

The typed short answer looks for names, dates and numbers; "What did X <verb> …?" asks for whatever the
verb took ("the fire", "a heavy sleep", "the saucepan of potatoes"), a common noun phrase no type fits. A
context sentence answers it when the same verb (by lemma) has the question's subject as its subject and
holds the question's other words, and states the deed (not negated, under a modal or a condition, nor asked);
the answer is the verb's object, or the object of the preposition the question ends on ("What did the Spirit
sink into?"). Only one distinct answer is given: two sentences that say different things give none.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lightrag_core import lexical
from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import WRITTEN_NAME, ShortAnswer
from lightrag_core.query.sentences import Sentence, stems

if TYPE_CHECKING:
    from spacy.tokens import Token

_SUBJECT = rf"(?P<subject>(?:(?i:the)\s+)?{WRITTEN_NAME})"
_ASKED = re.compile(rf"^\W*(?i:what)\s+(?i:did|does|do)\s+{_SUBJECT}\s+(?P<verb>[a-z]+)"
                    r"(?P<rest>(?: [^?]{1,80}?)?)[\s?]*$")
MAX_QUESTION_CHARS = 300  # (and the pattern's tail is one class: two runs of spaces around "?" backtracked)
# A verb that does not state the deed: "did not poke", "would poke", "if he poked"
_MODALS = {"would", "could", "might", "may", "should", "can", "must", "will", "shall", "'d", "wo", "ca"}
_UNLESS = {"if", "whether", "unless"}
_PREPS = {"into", "with", "from", "about", "for", "on", "under", "through", "towards", "toward", "against", "upon",
          "to", "over", "across", "behind", "beside", "at", "beneath", "around", "among", "onto", "along", "past",
          "in", "by", "of", "off", "out", "below", "above", "near", "inside", "outside", "within"}
MAX_PARSED = 12  # sentences that write the subject and the question's other words, best-scored first
MAX_WORDS = 12
_CLAUSES = {"relcl", "advcl", "acl", "appos"}


def clause_answer(query: str, scored: list[tuple[Sentence, float]]) -> ShortAnswer | None:
    """The one thing the context says the question's subject did the asked verb to; None for another
    question, or when no sentence says it, or sentences say different things."""
    asked = _ASKED.match(query.strip()) if len(query) <= MAX_QUESTION_CHARS else None
    if asked is None:
        return None
    subject = re.sub(r"^the\s+", "", asked["subject"], flags=re.IGNORECASE)
    verb, rest = asked["verb"].lower(), asked["rest"].split()
    prep = rest.pop().lower() if rest and rest[-1].lower() in _PREPS else ""
    given = stems(" ".join(rest)) - lexical.stop_words()
    head_word = subject.split()[-1]
    ranked = [s for s, _ in sorted(scored, key=lambda pair: -pair[1])]
    holding = [s for s in ranked if head_word in s.text and given <= s.name_stems][:MAX_PARSED]
    found: dict[str, tuple[str, Sentence]] = {}
    for sentence, doc in zip(holding, nlp().pipe([s.text for s in holding])):
        if doc.text.rstrip(" \"'”’").endswith("?"):
            continue  # asked, not stated
        for token in doc:
            if not same_verb(token, verb) or not stated(token) or not _done_by(token, subject):
                continue
            said = _object(token, prep)
            # (not a word the question gives: "What did Scrooge ask Bob to fetch?" is not "Bob")
            if said and head_word not in said and not (stems(said) - lexical.stop_words()) & given:
                found.setdefault(answer_key(said), (said, sentence))
    if len(found) != 1:
        return None
    said, sentence = next(iter(found.values()))
    return ShortAnswer(said, [sentence], [subject, said], 1.0)


def same_verb(token: Token, verb: str) -> bool:
    """The question's verb, by lemma or by its regular forms (the small model lemmatises "hated" as "hat")."""
    forms = {verb + "d", verb + "ed", verb + "s", verb + "es", verb + "ing", verb[:-1] + "ing"}
    return token.pos_ in {"VERB", "AUX"} and (token.lemma_.lower() == verb or token.lower_ in forms)


def stated(verb: Token) -> bool:
    """The sentence says the deed was done: not negated, not under a modal, not a condition."""
    if any(c.dep_ == "neg" or c.dep_ == "aux" and c.lower_ in _MODALS or c.lower_ in _UNLESS
           for c in verb.children):
        return False
    return not (verb.dep_ == "conj" and any(c.dep_ == "neg" or c.lower_ in _MODALS for c in verb.head.children))


def _done_by(verb: Token, name: str) -> bool:
    """The verb's subject (or, for the second of two joined verbs, the first one's) is the name itself, or one
    of names joined to it: not "Scrooge's clerk", not "the man who hated Scrooge"."""
    for v in (verb, verb.head if verb.dep_ == "conj" else None):
        subject = next((c for c in v.children if c.dep_ == "nsubj"), None) if v is not None else None
        if subject is not None:
            heads = [subject, *(c for c in subject.children if c.dep_ == "conj")]
            return any(_named(h) == name.split()[-len(_named(h)):] or _named(h)[-len(name.split()):] == name.split()
                       for h in heads)
    return False


def _named(head: Token) -> list[str]:
    """A name's words: its compound chain and its head ("Pierre Curie", "Master Peter Cratchit")."""
    return [*(c.text for c in head.children if c.dep_ == "compound"), head.text]


def _object(verb: Token, prep: str) -> str:
    """The verb's object, or the object of its preposition `prep` (on the verb or on its object)."""
    if not prep:
        obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
        return noun_phrase(obj) if obj is not None else ""
    holders = [verb, *(c for c in verb.children if c.dep_ == "dobj")]
    for holder in holders:
        for p in holder.children:
            if p.dep_ in {"prep", "prt"} and p.lower_ == prep:
                pobj = next((c for c in p.children if c.dep_ == "pobj"), None)
                if pobj is not None:
                    return noun_phrase(pobj)
    return ""


def noun_phrase(root: Token) -> str:
    """The noun phrase under `root` without clauses, asides and lists; "" for a pronoun or a long phrase."""
    if root.pos_ not in {"NOUN", "PROPN"}:
        return ""
    # (its clauses go, and a phrase after it but "of": "the saucepan of potatoes", not "… for his services")
    cut = {t.i for c in root.children if c.dep_ in _CLAUSES or c.dep_ == "prep" and c.lower_ != "of"
           and not any(g.pos_ == "PROPN" for g in c.children) for t in c.subtree}  # ("… Prize in Physics")
    start = end = root.i
    while start - 1 >= root.left_edge.i and start - 1 not in cut:
        start -= 1
    while end + 1 <= root.right_edge.i and end + 1 not in cut:
        end += 1
    if end - start + 1 > MAX_WORDS:
        return ""
    return root.doc[start:end + 1].text.strip(" ,;:")


def answer_key(text: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", text.lower())
