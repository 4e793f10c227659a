"""What did Scrooge poke? The thing a named subject did something to, read off the sentence that says so.

The typed short answer looks for names, dates and numbers; "What did X <verb> …?" asks for whatever the
verb took ("the fire", "a heavy sleep", "the saucepan of potatoes"), a common noun phrase no type fits. A
context sentence answers it when the same verb (by lemma) has the question's subject as its subject and
holds the question's other words; the answer is the verb's object, or the object of the preposition the
question ends on ("What did the Spirit sink into?"). Only one distinct answer is given: two sentences that
say different things give none.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lightrag_core import lexical
from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.sentences import Sentence, stems

if TYPE_CHECKING:
    from spacy.tokens import Token

_NAME = r"(?:(?i:the)\s+)?[A-Z][\w.'’-]*(?:\s+(?:of\s+|the\s+|de\s+|van\s+|von\s+)*[A-Z][\w.'’-]*){0,5}"
_ASKED = re.compile(rf"^\W*(?i:what)\s+(?i:did|does|do)\s+(?P<subject>{_NAME})\s+(?P<verb>[a-z]+)"
                    r"(?P<rest>(?:\s+[^?]{1,80}?)?)\s*\?*\s*$")
_PREPS = {"into", "with", "from", "about", "for", "on", "under", "through", "towards", "toward", "against", "upon",
          "to", "over", "across", "behind", "beside", "at", "beneath", "around", "among", "onto", "along", "past",
          "in", "by", "of", "off", "out", "below", "above", "near", "inside", "outside", "within"}
MAX_PARSED = 12  # sentences with the verb, best-scored first
MAX_WORDS = 12
_CLAUSES = {"relcl", "advcl", "acl", "appos", "punct", "cc", "conj"}


def clause_answer(query: str, scored: list[tuple[Sentence, float]]) -> ShortAnswer | None:
    """The one thing the context says the question's subject did the asked verb to; None for another
    question, or when no sentence says it, or sentences say different things."""
    asked = _ASKED.match(query.strip())
    if asked is None:
        return None
    subject = re.sub(r"^the\s+", "", asked["subject"], flags=re.IGNORECASE)
    verb, rest = asked["verb"].lower(), asked["rest"].split()
    prep = rest.pop().lower() if rest and rest[-1].lower() in _PREPS else ""
    given = stems(" ".join(rest)) - lexical.stop_words()
    head_word = subject.split()[-1]
    ranked = [s for s, _ in sorted(scored, key=lambda pair: -pair[1])]
    named = stems(head_word)
    holding = [s for s in ranked if (head_word in s.text or named <= s.context_stems) and given <= s.name_stems]
    holding = holding[:MAX_PARSED]
    found: dict[str, tuple[str, Sentence]] = {}
    for sentence, doc in zip(holding, nlp().pipe([s.text for s in holding])):
        for token in doc:
            if token.lemma_.lower() != verb or token.pos_ not in {"VERB", "AUX"}:
                continue
            if not _done_by(token, head_word, named <= sentence.context_stems):
                continue
            said = _object(token, prep)
            if said and head_word not in said:
                found.setdefault(_key(said), (said, sentence))
    if len(found) != 1:
        return None
    said, sentence = next(iter(found.values()))
    return ShortAnswer(said, [sentence], [subject, said], 1.0)


def _done_by(verb: Token, name: str, before: bool) -> bool:
    """The verb's subject (or, for the second of two joined verbs, the first one's) writes the name, or is
    "he" or "she" when the sentence before named it (`before`: "Peter … He crossed the threshold")."""
    for v in (verb, verb.head if verb.dep_ == "conj" else None):
        subject = next((c for c in v.children if c.dep_ == "nsubj"), None) if v is not None else None
        if subject is not None:
            words = [t.text for t in subject.subtree]
            return name in words or before and subject.lower_ in {"he", "she"}
    return False


def _object(verb: Token, prep: str) -> str:
    """The verb's object, or the object of its preposition `prep` (on the verb or on its object)."""
    if not prep:
        obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
        return _phrase(obj) if obj is not None else ""
    holders = [verb, *(c for c in verb.children if c.dep_ == "dobj")]
    for holder in holders:
        for p in holder.children:
            if p.dep_ in {"prep", "prt"} and p.lower_ == prep:
                pobj = next((c for c in p.children if c.dep_ == "pobj"), None)
                if pobj is not None:
                    return _phrase(pobj)
    return ""


def _phrase(root: Token) -> str:
    """The noun phrase under `root` without clauses, asides and lists; "" for a pronoun or a long phrase."""
    if root.pos_ not in {"NOUN", "PROPN"}:
        return ""
    cut = {t.i for c in root.children if c.dep_ in _CLAUSES for t in c.subtree}
    start = end = root.i
    while start - 1 >= root.left_edge.i and start - 1 not in cut:
        start -= 1
    while end + 1 <= root.right_edge.i and end + 1 not in cut:
        end += 1
    if end - start + 1 > MAX_WORDS:
        return ""
    return root.doc[start:end + 1].text.strip(" ,;:")


def _key(text: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", text.lower())
