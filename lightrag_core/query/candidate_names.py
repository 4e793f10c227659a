"""One candidate per person or thing: a name's shorter and fuller forms are one answer, and a bridge that
names the same one leads on to nothing.

`candidates.py` offers every span; these decide which spans are the same candidate.
"""

from __future__ import annotations

from lightrag_core.query.answer_spans import ParsedSentence, clean_span
from lightrag_core.query.answer_support import related
from lightrag_core.query.sentences import Sentence, name_variant, stem, written_in

Scored = tuple[float, list[Sentence], list[str]]  # score, evidence, path


def one_name(bridge: str, text: str) -> bool:
    """The span names the bridge itself, in full ("McRaney" and "Gerald Lee McRaney", "Gerald McRaney" and
    "Gerald Lee McRaney"): no answer reached through it, and no sign that it only leads on to the answer.
    Not "Paris" and "Paris Hilton", nor "Washington" and "University of Washington"."""
    words = text.split()
    surname = len(bridge.split()) == 1 and len(words) > 1 and words[-1].lower() == bridge.lower() \
        and all(w[:1].isupper() for w in words)
    return surname or name_variant(bridge, text) or name_variant(text, bridge)


def describes(sentence: Sentence, name: str, head: str) -> bool:
    """The sentence is about `name` (opens with it, or with its passage's title that holds it) and calls
    it by the question's noun ("… is an American television and movie actor" for "which actor")."""
    opening = sentence.text[:max(sentence.lead, len(name) + 2)]
    return written_in(name.lower(), opening.lower()) and any(related(stem(head), w) for w in sentence.stems)


def fuller(name: str, parsed: ParsedSentence) -> str:
    """The name as its own sentence gives it in full ("Gerald Lee McRaney" for "Gerald McRaney")."""
    last = name.split()[-1].lower()
    persons = (clean_span(k.text) for k in parsed.spans if k.label == "PERSON")
    return next((full for full in persons if last in full.lower().split() and len(full) > len(name)), name)


def merge_names(candidates: dict[str, Scored], whole: bool = False) -> dict[str, Scored]:
    """One candidate per name ("Marley" joins "Jacob Marley"): a name must not compete with itself.
    The best-scored form stands for it; with `whole` (a date asked, not a year) the longest form is
    the answer at the best form's score: "died in 1975" and "(1887 – April 5, 1975)" agree, and the
    day answers "on which date?"."""
    merged: dict[str, Scored] = {}
    for key in sorted(candidates, key=len, reverse=True):
        home = max((k for k in merged if written_in(key, k) or name_variant(key, k)), key=lambda k: merged[k][0],
                   default=None)
        if home is None:
            merged[key] = candidates[key]
        elif candidates[key][0] > merged[home][0]:
            score, evidence, path = candidates[key]
            if whole:
                longest = merged[home]
                evidence = [*evidence, *(s for s in longest[1] if s not in evidence)]
                path = [*path[:-1], longest[2][-1]]
            merged[home] = (score, evidence, path)
    return merged
