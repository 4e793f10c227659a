"""The bridge's own sentence in the evidence when no short answer is given.

"When did the director of X die?": the sentence about X names its director, and the sentence that
states the answer is about the director and shares almost no word with the question, so ranked on
its own words it seldom makes the four sentences shown. The names the question reaches only through
another (the bridges multihop's decomposition found, and those the best candidate's path passed
through) are followed into the best sentence about one of them: one that names it, or one in a
passage that opens on it, and that can hold the asked-for kind of answer.
"""

from __future__ import annotations

from lightrag_core.query.answer_type import ANY, CHOICE, YES_NO, answer_type
from lightrag_core.query.kind_presence import holds_kind
from lightrag_core.query.sentences import Sentence, named_in, stems

# One sentence: it takes the place of the fourth one shown. Measured on hotpotqa_100 (answer found,
# offline): global 52 -> 53, multihop one won and one lost (a wrong bridge), other modes unchanged;
# names read off the best sentences as further bridges cost mix two answers (a capitalised phrase is
# seldom the bridge).
HOP_SENTENCES = 1


def follow_bridges(scored: list[tuple[Sentence, float]], question_names: list[str], query: str,
                   bridges: tuple[str, ...]) -> list[Sentence]:
    """The best-scored sentences about a bridge that do not name the question's own entities."""
    kind = answer_type(query)
    asked = stems(query)
    bridges = tuple(b for b in bridges if not stems(b) <= asked)
    if not bridges or kind.kind in {YES_NO, CHOICE}:  # a comparison's evidence is each side's own sentence
        return []
    openings = _openings([s for s, _ in scored])
    found: list[Sentence] = []
    for s, _ in scored:
        if len(found) >= HOP_SENTENCES:
            break
        if any(named_in(n, s.name_stems) for n in question_names):
            continue  # a first-hop sentence, not the bridge's own
        if kind.kind != ANY and not holds_kind(kind, s.text, asked):
            continue
        about = openings.get((s.ref, s.rank), frozenset())
        if any(named_in(b, s.name_stems) or named_in(b, about) for b in bridges):
            found.append(s)
    return found


def _openings(sentences: list[Sentence]) -> dict[tuple[str, int], frozenset[str]]:
    """Each passage's opening sentence's words: a passage that opens on a name is about it."""
    first: dict[tuple[str, int], Sentence] = {}
    for s in sentences:
        key = (s.ref, s.rank)
        if key not in first or s.offset < first[key].offset:
            first[key] = s
    return {k: s.stems for k, s in first.items() if s.offset == 0}
