"""The bridge's own sentence in the evidence when no short answer is given.

"When did the director of X die?": the sentence about X names its director, and the sentence that
states the answer is about the director and shares almost no word with the question, so ranked on
its own words it seldom makes the four sentences shown. The names the question reaches only through
another (the bridges multihop's decomposition found, and those the best candidate's path passed
through) are followed into the best sentence about one of them: one that names it, or one in a
passage that opens on it, and that can hold the asked-for kind of answer.

A nested question ("Which actor plays the biologist in the 1983 film of the book that portrays the
method of the researcher based in …") asks in its first clause, and the answer's sentence shares that
clause's words ("… stars X as a government biologist"), drowned out in the whole question by the inner
hops' names: the best sentence for that clause alone joins the evidence too.
"""

from __future__ import annotations

import re

from lightrag_core.query.answer_type import ANY, CHOICE, YES_NO, answer_type
from lightrag_core.query.decompose import bridges
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


# The words that open a question and ask, not describe ("Which … did the king …").
_ASKING = re.compile(r"^\W*(?:\w+\s+){0,3}?(?:which|what|who|whom|whose|when|where|how)\b", re.IGNORECASE)
_NOT_CONTENT = {"which", "what", "who", "whom", "whose", "when", "where", "how", "did", "does", "do", "is", "was",
                "are", "were", "the", "a", "an", "in", "of", "on", "at", "by", "to", "from", "with", "for"}


NESTED = 2  # bridges that make a question nested
ASKED_LOOK = 5  # how far down the asked clause's ranking a sentence that can hold the answer is looked for


def asked_clause(query: str) -> str | None:
    """The part of a nested question that the answer's own sentence states: from the asking word to the
    first thing it names only through another ("Which actor plays the government biologist" of "Which actor
    plays the government biologist in the 1983 film of the book that …"). None when the question asks
    after that thing or names it too little to tell a sentence by."""
    found = [b for b in bridges(query) if "(" not in b.phrase]  # (not a kinship word's own two steps)
    asking = _ASKING.match(query)
    # A question of one bridge has its answer's sentence followed from the bridge (follow_bridges); only
    # nested ones lose it (measured: one bridge won 2 answers found and lost 4 on hotpotqa_100's modes).
    if len(found) < NESTED or asking is None:
        return None
    first = min(found, key=lambda b: b.start)
    if first.start < asking.end():
        return None
    outer = query[: first.end]
    words = {w for w in re.findall(r"[a-z0-9]+", outer.lower()) if w not in _NOT_CONTENT}
    return outer if len(words) >= 2 else None


def asked_sentence(scored: list[tuple[Sentence, float]], query: str, chosen: list[Sentence],
                   clause: str = "") -> list[Sentence]:
    """The best sentence for the asked clause that can hold the asked-for kind, not yet chosen. When that is the
    opening of its passage, which names the thing the clause describes ("Big Hero 6: The Series is an upcoming
    American animated series") by the clause's own words, the passage's best sentence that says what the clause
    asks of it ("… will use traditional 2D animation") follows it."""
    kind = answer_type(query)
    if kind.kind in {YES_NO, CHOICE}:
        return []
    asked = stems(query)
    for s, _ in scored[:ASKED_LOOK]:
        if s in chosen:
            continue
        if kind.kind == ANY or holds_kind(kind, s.text, asked):
            return [s, *_what_it_is_asked(s, scored, chosen, clause)]
    return []


def _what_it_is_asked(opening: Sentence, scored: list[tuple[Sentence, float]], chosen: list[Sentence],
                      clause: str) -> list[Sentence]:
    """After a passage's opening: its best-ranked other sentence that says a word of the clause the opening
    does not ("use" of "what kind of animation will be used by the upcoming TV series")."""
    if opening.offset != 0 or opening.line >= 0 or not clause:
        return []  # (a chat's first line opens a conversation, not a passage about one thing)
    left = {w for w in stems(clause) - opening.stems if w not in _NOT_CONTENT}
    return next(([s] for s, _ in scored if s.ref == opening.ref and s.rank == opening.rank and s is not opening
                 and s not in chosen and s.stems & left), [])
