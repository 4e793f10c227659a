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
from lightrag_core.query.answer_support import WRITTEN_NAME, ShortAnswer
from lightrag_core.query.name_sex import WOMANS_TITLE
from lightrag_core.query.sentences import Sentence

if TYPE_CHECKING:
    from spacy.tokens import Token

_ROLE = r"(?P<role>[a-z]+(?:[\s-][a-z]+)?)"
# (each pattern's tail is one class: two runs of spaces around "?" backtracked)
_OWNER = rf"(?:the )?(?P<owner>{WRITTEN_NAME})"
_ASKED = (re.compile(rf"^\W*(?i:who) (?:is|was|are|were) {_OWNER}['’]s? {_ROLE}[\s?]*$"),
          re.compile(rf"^\W*(?i:who) (?:is|was|are|were) (?:the )?{_ROLE} of {_OWNER}[\s?]*$"))
MAX_PARSED = 12
MAX_QUESTION_CHARS = 200
_MODIFIERS = {"amod", "compound", "nummod", "npadvmod"}


def apposed_holder(query: str, scored: list[tuple[Sentence, float]], typed: ShortAnswer | None = None
                   ) -> ShortAnswer | None:
    """The one name the context sets the asked role of the asked owner beside; None for another question,
    or when none or several are. `typed` (the typed answer) stands when it is confident, of another family
    than the owner and read in another sentence: the apposition corrects the confusion of a family's names
    ("Cratchit" for "Mrs. Cratchit") and a misreading of its own sentence ("Bob" from "Mrs. Cratchit, wife
    of Bob Cratchit")."""
    if len(query) > MAX_QUESTION_CHARS:
        return None
    asked = next((m for pattern in _ASKED if (m := pattern.match(" ".join(query.split())))), None)
    if asked is None or "-" in asked["role"]:
        return None
    owner, (*kinds, role) = asked["owner"], asked["role"].lower().split()
    surname = owner.split()[-1]
    ranked = [s for s, _ in sorted(scored, key=lambda pair: -pair[1])]
    holding = [s for s in ranked if role in s.text.lower() and surname in s.text][:MAX_PARSED]
    found: dict[str, tuple[str, Sentence]] = {}
    for sentence, doc in zip(holding, nlp().pipe([s.text for s in holding])):
        for token in doc:
            if token.lemma_.lower() == role and token.dep_ == "appos" and token.head.pos_ == "PROPN" \
                    and _as_asked(token, kinds) and _owned_by(token, owner):
                holder = _name(token.head)
                if holder[:1].isalpha() and not _same_person(holder, owner):
                    found.setdefault(holder.lower(), (holder, sentence))
    if len(found) != 1:
        return None
    holder, sentence = next(iter(found.values()))
    family = surname in typed.text.split() or any(f"{typed.text} {surname}" in s.text for s in ranked) \
        if typed is not None else True  # ("Bob" is Bob Cratchit)
    if typed is not None and typed.confident and not family and sentence.text not in {s.text for s in typed.evidence}:
        return None  # a confident answer of another family, read elsewhere: it stands
    return ShortAnswer(holder, [sentence], [owner, holder], 1.0)


def _as_asked(role: Token, kinds: list[str]) -> bool:
    """The role as the question words it: "the second wife" is no answer to "first wife", "the first female
    president" none to "president"; not "not Bob's wife", not "brother-in-law"."""
    said = {c.lower_ for c in role.children if c.dep_ in _MODIFIERS}
    after = role.doc[role.i + 1].text if role.i + 1 < len(role.doc) else ""
    between = range(role.head.i + 1, role.i)  # ("Mary Jones, not Bob's wife but his sister")
    negated = any(role.doc[i].lower_ in {"not", "never"} for i in between) or any(
        c.dep_ == "neg" for c in role.children)
    return said == set(kinds) and after != "-" and not negated


def _owned_by(role: Token, owner: str) -> bool:
    """"Cratchit's wife", "the wife of Bob Cratchit": the role's owner is the asked one, by the whole name it
    is written with (not "Tom Smith's wife" for Bob Smith's, not "the partner of the firm of Scrooge and
    Marley" for Scrooge's)."""
    asked = owner.split()
    for child in role.children:
        if child.dep_ == "poss" and child.pos_ == "PROPN":
            return _written(child, asked)
        if child.dep_ == "prep" and child.lower_ == "of":
            return any(g.dep_ == "pobj" and g.pos_ == "PROPN" and _written(g, asked) for g in child.children)
    return False


def _written(head: Token, asked: list[str]) -> bool:
    """The name under `head` ("Bob Cratchit", "Cratchit") is the asked owner, or its family name alone."""
    words = [*(c.text for c in head.children if c.dep_ == "compound"), head.text]
    return words == asked or words == asked[-1:] or (len(asked) == 1 and words[-1] == asked[0])


_HER_TITLE = re.compile("^" + WOMANS_TITLE)


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
