"""Who played upon the harp? The subject of the asked verb, as the sentence that states the deed names it.

The typed short answer ranks the person names of the sentences that share the question's words, so for
"Who played upon the harp?" it gave the best-connected name nearby (Scrooge) where the text says "Scrooge's
niece played well upon the harp"; for "Who drowned rescuing the crew of the Wren?" it gave none, the doer
being "her husband, Thomas Hale". A context sentence answers "Who <verb>ed …?" when the same verb (by lemma)
is stated there (not negated, modal, conditional or asked), the question's other words are in that verb's own
clause, and it has a subject (or a passive's agent): the answer is that doer as written ("Scrooge's niece",
"the two young Cratchits"), or the name set beside it ("her husband, Thomas Hale" -> Thomas Hale). A pronoun,
or a description that leans on one ("her husband" alone), answers nothing. Only one distinct doer is given:
"was founded by John Smith" and "Mary Jones, some say, founded it" give none.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lightrag_core import lexical
from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import QUESTION_WORDS, ShortAnswer
from lightrag_core.query.clause_answer import MAX_PARSED, MAX_QUESTION_CHARS, answer_key, noun_phrase, same_verb, stated
from lightrag_core.query.sentences import Sentence, stems

if TYPE_CHECKING:
    from spacy.tokens import Token

# "Who played upon the harp?", "Who had inclined its head?"; one class for the tail (no backtracking)
_ASKED = re.compile(r"^\W*(?i:who|what)\s+(?:(?:had|has|have)\s+)?(?P<verb>[a-z]+(?:ed|d))\s+"
                    r"(?P<rest>[^?]{1,120})\??\s*$")
_LEANING = {"his", "her", "its", "their", "my", "your", "our", "this", "that", "these", "those"}


def doer_answer(query: str, scored: list[tuple[Sentence, float]]) -> ShortAnswer | None:
    """Who the context says did the asked deed; None for another question, or when no sentence states it
    with a subject it names, or sentences name different doers."""
    asked = _ASKED.match(query.strip()) if len(query) <= MAX_QUESTION_CHARS else None
    if asked is None:
        return None
    verb = next((t for t in nlp()(query.strip()) if t.text == asked["verb"]), None)
    if verb is None or verb.pos_ != "VERB":
        return None
    given = stems(asked["rest"]) - lexical.stop_words() - QUESTION_WORDS
    if not given:
        return None
    ranked = [s for s, _ in sorted(scored, key=lambda pair: -pair[1])]
    holding = [s for s in ranked if given <= s.stems][:MAX_PARSED]
    found: dict[str, tuple[str, Sentence]] = {}
    claimed: dict[str, tuple[str, Sentence]] = {}
    lemma = verb.lemma_.lower()
    for sentence, doc in zip(holding, nlp().pipe([s.text for s in holding])):
        if doc.text.rstrip(" \"'”’").endswith("?"):
            continue  # asked, not stated
        for token in doc:
            if not same_verb(token, lemma) or not stated(token):
                continue
            subject = _subject(token)
            if subject is None or not given <= stems(" ".join(t.text for t in _own_clause(token, subject, lemma))):
                continue  # the question's words belong to another deed, or to the doer itself
            doer = _doer(subject, by=subject.head.dep_ == "agent")
            if doer and not stems(doer) & given:  # ("Who married Belle?" is not answered by "Belle married Fred")
                # a claim is no answer, but another doer claimed is a rival to the one stated
                (found if _asserted(token) else claimed).setdefault(answer_key(doer), (doer, sentence))
    if len(found) != 1 or set(claimed) - set(found):
        return None
    doer, sentence = next(iter(found.values()))
    return ShortAnswer(doer, [sentence], [doer], 1.0)


# Said of the deed, not done: "reportedly", "hardly"; "some say", "or so Fred claimed"; "doubt that", "a myth that"
_HEDGES = {"reportedly", "allegedly", "supposedly", "purportedly", "apparently", "hardly", "rarely", "seldom",
           "scarcely", "barely", "never", "longer"}
_REPORTS = {"say", "claim", "doubt", "deny", "believe", "think", "suppose", "allege", "rumour", "rumor", "report",
            "suggest", "hope", "wish", "fear", "imagine", "guess", "dream", "lie", "pretend", "insist", "boast", "joke",
            "tell", "reply", "cry", "exclaim", "whisper", "shout", "answer", "add", "swear", "announce"}
_MYTHS = {"myth", "rumour", "rumor", "legend", "claim", "story", "lie", "falsehood"}
_NOBODY = {"no", "none", "nobody", "neither", "few", "nothing", "noone"}


def _asserted(verb: Token) -> bool:
    """The deed is stated as fact: no hedging adverb, no "some say" or "or so X claimed" beside it, and not the
    complement of a verb of saying or doubting, or of "it is a myth that"."""
    if any(c.lower_ in _HEDGES for c in verb.children if c.dep_ in {"advmod", "neg"}):
        return False
    if any(c.lemma_.lower() in _REPORTS for c in verb.children if c.dep_ in {"parataxis", "advcl", "conj", "ccomp"}):
        return False
    head = verb
    while head.dep_ in {"ccomp", "conj", "xcomp", "advcl"} and head.head is not head:
        head = head.head
        if head.lemma_.lower() in _REPORTS or any(c.lemma_.lower() in _MYTHS for c in head.children
                                                   if c.dep_ in {"attr", "nsubj"}):
            return False
    return True


def _subject(verb: Token) -> Token | None:
    """Who did it, as the parse has it: the subject (of the first of two joined verbs when it has none), one the
    parse hung on "after", or a passive's agent."""
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subject is None and verb.dep_ == "conj":
        subject = next((c for c in verb.head.children if c.dep_ == "nsubj"), None)
    if subject is None:
        subject = _misread_subject(verb)
    if subject is None:
        by = next((c for c in verb.children if c.dep_ == "agent"), None)
        subject = next((c for c in by.children if c.dep_ == "pobj"), None) if by is not None else None
    return subject


def _own_clause(verb: Token, subject: Token, lemma: str) -> list[Token]:
    """The verb's words without its doer's, without clauses that describe a noun, and without another statement
    of the same deed inside it ("Smith visited Rome after his brother visited Paris": Paris is not Smith's)."""
    left_out = {t.i for t in subject.subtree}
    for t in verb.subtree:
        if t is not verb and (t.dep_ in {"relcl", "acl"} or same_verb(t, lemma)):
            left_out |= {d.i for d in t.subtree}
    return [t for t in verb.subtree if t.i not in left_out]


def _doer(subject: Token, by: bool = False) -> str:
    """The doer as written; "" for a pronoun, "no one", a description that leans on a pronoun, or a passive's
    "by" phrase that names no one ("signed by the end of May", "painted by candlelight")."""
    if subject.pos_ not in {"NOUN", "PROPN"} or subject.lower_ in _NOBODY or any(
            c.lower_ in _NOBODY for c in subject.children if c.dep_ in {"det", "amod", "nummod"}):
        return ""
    if by and subject.pos_ != "PROPN" and subject.ent_type_ not in {"PERSON", "ORG", "NORP", "GPE"}:
        return ""
    named = next((c for c in subject.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
    if named is not None:
        return _name(named)  # "her husband, Thomas Hale"
    if subject.pos_ == "PROPN":
        return _name(subject)
    said = noun_phrase(subject)  # (two joined doers together: "Scrooge's nephew and Topper")
    if not said or any(w.lower() in _LEANING for w in said.split()):
        return ""
    return said


def _name(head: Token) -> str:
    """A name's words: the proper nouns written before its head that hang on it ("Thomas Hale"), not what
    the parse glued to it ("With an ill-will Scrooge dismounted …": Scrooge)."""
    start = head.i
    while start > 0 and head.doc[start - 1].pos_ == "PROPN" and head.doc[start - 1].head.i in range(start, head.i + 1):
        start -= 1
    return head.doc[start:head.i + 1].text


# "after her husband, Thomas Hale, drowned …": the small model reads "after" as a preposition, its noun
# phrase as the preposition's object and the verb as a clause with no subject
_CONJUNCTIONS = {"after", "before", "until", "till", "since", "as", "once"}


def _misread_subject(verb: Token) -> Token | None:
    """The subject the parse hung on a preposition that is a conjunction here: the noun phrase that ends
    right before the verb, as the object of "after", "before", "until" …"""
    if verb.dep_ != "advcl" or verb.i == 0:
        return None
    before = verb.doc[verb.i - 1]
    while before.i > 0 and before.is_punct:
        before = verb.doc[before.i - 1]
    head = before
    while head.dep_ in {"appos", "compound", "flat"} and head.head is not head:
        head = head.head
    if head.dep_ == "pobj" and head.head.lower_ in _CONJUNCTIONS and head.pos_ in {"NOUN", "PROPN"}:
        return head
    return None
