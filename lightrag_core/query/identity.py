""""Who is Fred?": a question that names someone and asks nothing more is answered by what the text says they
are ("Fred, Scrooge's nephew": Scrooge's nephew), not by another name their sentences hold.

Three forms say it, read off spaCy's parse of the sentences that write the name: an apposition after it ("Belle,
a comely matron, an old sweetheart of Scrooge's"), a copula ("Grant Hill … is a retired American basketball
player"), and a description the name is apposed to ("Scrooge's nephew Fred"). Relative clauses are left out
("… who played 19 seasons in the NBA"): the answer is one line. A description through an unresolved pronoun
("Marley was his partner") says too little to give.
"""

from __future__ import annotations

import re
from typing import Any

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.sentences import Sentence

# Lower-case words a name may hold between its capitalised ones ("Ghost of Christmas Past", "Ludwig van Beethoven")
_PARTICLES = r"of|the|and|de|du|da|di|del|der|van|von|la|le|ap|ab|ferch|bin|al|y"
_NAME_WORD = r"(?:[A-Z0-9][\w.'’&-]*)"
_ASKED = re.compile(
    rf"^\W*(?i:who|what)\s+(?i:is|was|are|were)\s+(?P<name>(?:the\s+)?{_NAME_WORD}"
    rf"(?:\s+(?:(?:{_PARTICLES})\s+)*{_NAME_WORD}){{0,6}})\s*\?\s*$")
_OWNING = re.compile(r"['’]s?$")  # "Who is Li Hua's …": a possessive asks about someone else
# Sentences parsed for a description, best first: bounds the cost of a name written in every chunk
MAX_PARSED = 12
MAX_WORDS = 16
_CUT = {"relcl", "advcl"}  # clauses hung on the description (and names apposed to it: _phrase)
_EDGE = {"PUNCT", "CCONJ"}
_IS = {"is", "was", "are", "were", "'s", "’s"}
_HEDGED = {"aux", "auxpass", "neg"}


def asked_name(query: str) -> str:
    """The name a "Who is X?" / "What was X?" question asks about, when it asks nothing else; else ""."""
    found = _ASKED.match(query.strip())
    if found is None or _OWNING.search(found["name"]):
        return ""
    return re.sub(r"^the\s+", "", found["name"])


def identity_answer(query: str, scored: list[tuple[Sentence, float]]) -> ShortAnswer | None:
    """What the best-scored sentences that write the asked name say it is; None for any other question, or
    when no such sentence describes it."""
    name = asked_name(query)
    if not name:
        return None
    written = re.compile(rf"(?<![\w]){re.escape(name)}(?![\w])", re.IGNORECASE)
    ranked = sorted(scored, key=lambda pair: -pair[1])
    holding = [(s, m) for s, _ in ranked if (m := _written(written, s.text))][:MAX_PARSED]
    for (sentence, match), doc in zip(holding, nlp().pipe([s.text for s, _ in holding])):
        named = doc.char_span(match.start(), match.end(), alignment_mode="expand")
        if named is None:
            continue
        head = named.root
        # "Grant Hill Grant Henry Hill (born …) is"; "Tim Cratchit ("Tiny Tim"), a cripple": the full name's
        while head.dep_ in {"compound", "appos"} and head.head.pos_ == "PROPN" and head.head.i != head.i:
            head = head.head
        said = _description(head, set(range(named.start, named.end)) | {head.i})
        if said:
            return ShortAnswer(said, [sentence], [name, said], 1.0)
    return None


# A woman's title before a bare surname names his wife or daughter: "Mrs. Fezziwig" is not Fezziwig
_HER = re.compile(r"(?:Mrs|Miss|Ms|Madame|Lady)\.?\s+$")


def _written(name: re.Pattern[str], text: str) -> re.Match[str] | None:
    return next((m for m in name.finditer(text) if not _HER.search(text, 0, m.start())), None)


def _description(head: Any, name: set[int]) -> str:
    """What the sentence says the name (its syntactic head `head`) is, or ""."""
    apposed = [said for c in head.children if c.dep_ == "appos" and c.pos_ == "NOUN" and (said := _phrase(c, name))]
    if apposed and len(", ".join(apposed).split()) <= MAX_WORDS:  # "Ebenezer Scrooge, a grasping … man, the partner"
        return ", ".join(apposed)
    if apposed:
        return apposed[0]
    # "Grant Hill … is a retired player"; not "would have been a match", "was not a …"
    if head.dep_ == "nsubj" and head.head.lower_ in _IS and not any(c.dep_ in _HEDGED for c in head.head.children):
        attr = next((c for c in head.head.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        if attr is not None:
            return _phrase(attr, name)
    if head.dep_ == "appos" and head.head.pos_ == "NOUN":  # "Scrooge's nephew Fred"
        return _phrase(head.head, name)
    return ""


def _phrase(root: Any, name: set[int]) -> str:
    """The noun phrase under `root` without its clauses and without the name, as one unbroken run of words;
    "" when it leans on a pronoun or runs too long."""
    if any(c.dep_ == "poss" and c.pos_ == "PRON" for c in root.children):
        return ""  # "his partner": whose, the sentence does not say
    cut = set(name)
    for child in root.children:
        if child.dep_ in _CUT or child.dep_ == "appos" and child.pos_ == "PROPN":
            cut |= {t.i for t in child.subtree}
    start = end = root.i
    while start - 1 >= root.left_edge.i and start - 1 not in cut:
        start -= 1
    while end + 1 <= root.right_edge.i and end + 1 not in cut:
        end += 1
    words = list(root.doc[start:end + 1])
    while words and words[0].pos_ in _EDGE:
        words.pop(0)
    while words and words[-1].pos_ in _EDGE:
        words.pop()
    if not words or len(words) > MAX_WORDS:
        return ""
    return root.doc[words[0].i:words[-1].i + 1].text
