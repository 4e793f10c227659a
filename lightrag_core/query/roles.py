"""Questions that name something only through another: "the director of X", "X's father".

The first hop is the role's holder: the name nearest the role's cue word ("directed", "daughter of")
in a sentence about X. The rest of the question is then asked about that name ("When did the
director of X die?" becomes "When did Sergio Leone die?"). Comparisons use the same first hop
("which film has the director who died first, A or B?").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lightrag_core.nlp import nlp
from lightrag_core.query.sentences import Sentence, named_in

# Cue words that state each role in a sentence about its subject.
ROLE_WORDS = {"director": ("direct",), "composer": ("compos", "music"), "author": ("author", "writ", "wrote"),
              "writer": ("writ", "wrote"), "screenwriter": ("writ", "wrote", "screenplay"),
              "producer": ("produc",), "creator": ("creat",), "founder": ("found",), "performer": ("perform",),
              "singer": ("sing", "sung", "perform"), "father": ("father", "son of", "daughter of", "child of"),
              "mother": ("mother", "son of", "daughter of", "child of"), "husband": ("husband", "married"),
              "wife": ("wife", "married"), "spouse": ("married", "wife", "husband", "spouse"),
              # Family and work ties, stated by their own noun ("youngest son of B", "A, clerk to B").
              "son": ("son of", "his son", "her son"), "daughter": ("daughter",), "brother": ("brother",),
              "sister": ("sister",), "nephew": ("nephew",), "niece": ("niece",), "uncle": ("uncle",),
              "aunt": ("aunt",), "clerk": ("clerk",), "partner": ("partner",), "employer": ("employ",),
              "apprentice": ("apprentic",), "servant": ("servant",), "fiancée": ("fianc",), "fiance": ("fianc",)}
_ROLES = "|".join(ROLE_WORDS)
# "the youngest son of X": the qualifier narrows which holder is meant, and is looked for with the role.
_QUALIFIERS = r"(?:eldest|youngest|oldest|elder|younger|older|first|second|third|only|late|former)"
_WORKS = r"(?:film|movie|song|album|book|novel|band|series|show|play|opera|poem|painting|magazine|company)"
# "the director of (film) X", X running to the verb or the question mark.
_OF = re.compile(rf"\bthe\s+(?:(?P<qualifier>{_QUALIFIERS})\s+)?(?P<role>{_ROLES})\s+of\s+(?:the\s+)?"
                 rf"(?:{_WORKS}\s+)?(?P<x>[A-Z0-9][^?,]{{0,120}}?)"
                 r"(?=\s+(?:die|died|born|was|is|work|worked|live|lived|come|came|from|graduate|graduated|study|"
                 r"studied|receive|received|get|got|have|has|had|win|won|play|played|do|does|did)\b|\s*\?|,|$)")
# "X's father": X is the run of capitalised words (with of, the, de …) before "'s".
_NAME_WORD = r"[A-Z][\w.\-]{0,40}"
_POSSESSIVE = re.compile(rf"(?P<x>{_NAME_WORD}(?:\s+(?:of|the|de|von|van|da|del|{_NAME_WORD})){{0,8}})'s\s+"
                         rf"(?:(?P<qualifier>{_QUALIFIERS})\s+)?(?P<role>{_ROLES})\b")
_ASKS_THE_NAME = re.compile(r"^(?:who|what)\s+(?:is|was|were|are)(?:\s+the\s+name\s+of)?\s*$", re.IGNORECASE)


_CAPS_HEADING = re.compile(r"^(?:[A-Z]{3,}\s+)+(?=[A-Z][a-z])")


def without_heading(name: str) -> str:
    """A name without a heading in capitals the small model read into it ("CHARACTERS Bob Cratchit")."""
    return _CAPS_HEADING.sub("", name)


@dataclass(frozen=True)
class Hop:
    role: str
    subject: str  # X in "the director of X"
    outer: str  # the question with the phrase replaced by a placeholder: "When did {} die?"
    qualifier: str = ""  # "youngest" in "the youngest son of X"

    def asks_the_name(self) -> bool:
        """"Who is the director of X?": the holder itself is the answer."""
        return _ASKS_THE_NAME.match(self.outer.replace("{}", "").strip(" ?")) is not None


def first_hop(question: str) -> Hop | None:
    for pattern in (_OF, _POSSESSIVE):
        if found := pattern.search(question):
            outer = question[: found.start()] + "{}" + question[found.end():]
            return Hop(found["role"].lower(), found["x"].strip(), outer, (found["qualifier"] or "").lower())
    return None


def inner_hop(subject: str) -> Hop | None:
    """The subject when it is itself a role phrase ("Scrooge's clerk" in "the youngest son of Scrooge's
    clerk"): its holder is found first, then the outer role is asked of that holder."""
    hop = first_hop(subject + "?")
    return hop if hop is not None and hop.outer.strip(" ?") == "{}" else None


def holder(subject: str, role: str, sentences: list[Sentence], qualifier: str = "") -> tuple[str, Sentence] | None:
    """Who holds `role` for `subject`, and the sentence that says so: the name nearest the role's cue
    word in a sentence about the subject (never a name made only of the subject's words). With a
    qualifier ("youngest"), sentences that say "youngest son" are read first."""
    cues = ROLE_WORDS.get(role, (role,))
    about = [s for s in sentences if named_in(subject, s.name_stems)]
    if qualifier:
        qualified = [s for s in about if f"{qualifier} {role}" in s.text.lower()]
        about = qualified + [s for s in about if s not in qualified]
    stating = [s for s in about if any(c in s.text.lower() for c in cues)][:6]
    subject_words = {w.lower() for w in subject.split()}
    for said, doc in zip(stating, nlp().pipe([s.text for s in stating])):
        cue = min(i for c in cues if (i := said.text.lower().find(c)) >= 0)
        # The small model often calls a director an ORG; a name nearest the cue word comes first.
        names = {without_heading(e.text): e.start_char for e in doc.ents if e.label_ in {"PERSON", "ORG"}}
        names.update({c.text: c.start_char for c in doc.noun_chunks if c.root.pos_ == "PROPN" and c.text not in names})
        for name in sorted(names, key=lambda n: abs(names[n] - cue)):
            # A relative shares the family name ("Tim Cratchit, son of Bob Cratchit"); a part of the
            # subject's own name ("America" in "Once Upon a Time in America"), or its fuller form
            # ("Ebenezer Scrooge" for "Scrooge"), is not its holder.
            words = {w.lower() for w in name.split()}
            if not (words <= subject_words or subject_words <= words):
                return name.strip(" ,."), said
    return None
