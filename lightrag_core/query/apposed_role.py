"""Who is Cratchit's wife? The name a sentence sets the role beside: "Mrs. Cratchit, Cratchit's wife, …",
"Zack Hexum, the younger brother of Nick Hexum, …".

An apposition states the relation outright, and it names the holder as the text does, title and all: the
small model's entity for "Mrs. Cratchit" is "Cratchit", which the question already holds, so the typed answer
never offered her and answered with another Cratchit. Only one holder is given: two sentences that set
different names beside the role give none.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.sentences import Sentence

if TYPE_CHECKING:
    from spacy.tokens import Token

_NAME = r"[A-Z][\w.'’-]*(?:\s+(?:of\s+|de\s+|van\s+|von\s+)?[A-Z][\w.'’-]*){0,4}"
_ROLE = r"(?P<role>[a-z]+(?:[\s-][a-z]+)?)"
_ASKED = (re.compile(rf"^\W*(?i:who)\s+(?:is|was|are|were)\s+(?P<owner>{_NAME})['’]s?\s+{_ROLE}\s*\?*\s*$"),
          re.compile(rf"^\W*(?i:who)\s+(?:is|was|are|were)\s+(?:the\s+)?{_ROLE}\s+of\s+(?P<owner>{_NAME})\s*\?*\s*$"))
MAX_PARSED = 12


def apposed_holder(query: str, scored: list[tuple[Sentence, float]]) -> ShortAnswer | None:
    """The one name the context sets the asked role of the asked owner beside; None for another question,
    or when none or several are."""
    asked = next((m for pattern in _ASKED if (m := pattern.match(query.strip()))), None)
    if asked is None:
        return None
    owner, role = asked["owner"], asked["role"].split()[-1].split("-")[-1]
    surname = owner.split()[-1]
    ranked = [s for s, _ in sorted(scored, key=lambda pair: -pair[1])]
    holding = [s for s in ranked if role in s.text.lower() and surname in s.text][:MAX_PARSED]
    found: dict[str, tuple[str, Sentence]] = {}
    for sentence, doc in zip(holding, nlp().pipe([s.text for s in holding])):
        for token in doc:
            if token.lemma_.lower() == role and token.dep_ == "appos" and token.head.pos_ == "PROPN" \
                    and _owned_by(token, surname):
                holder = _name(token.head)
                if holder and not _same_person(holder, owner):
                    found.setdefault(holder.lower(), (holder, sentence))
    if len(found) != 1:
        return None
    holder, sentence = next(iter(found.values()))
    return ShortAnswer(holder, [sentence], [owner, holder], 1.0)


def _owned_by(role: Token, surname: str) -> bool:
    """"Cratchit's wife", "the wife of Bob Cratchit": the role's owner writes the surname."""
    for child in role.children:
        if child.dep_ == "poss" and child.text == surname:
            return True
        if child.dep_ == "prep" and child.lower_ == "of":
            return any(g.dep_ == "pobj" and g.text == surname for g in child.children)  # not "of the firm of X"
    return False


_HER_TITLE = re.compile(r"^(?:Mrs|Miss|Ms|Madame|Lady)\b")


def _same_person(holder: str, owner: str) -> bool:
    """"Ebenezer Scrooge" is the asked Scrooge; "Mrs. Cratchit" and "Belinda Cratchit" are not Bob Cratchit."""
    if owner.split()[-1] not in holder.split() or _HER_TITLE.match(holder):
        return False
    given, own = holder.split()[:-1], owner.split()[:-1]
    return not (given and own and given != own)


def _name(head: Token) -> str:
    """The holder's name as written, its title included ("Mrs. Cratchit")."""
    start = head.i
    while start > 0 and head.doc[start - 1].dep_ == "compound" and head.doc[start - 1].head.i in {head.i, start}:
        start -= 1
    return head.doc[start:head.i + 1].text
