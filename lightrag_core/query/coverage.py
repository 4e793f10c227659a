"""multihop's last stage: the first passages chosen to cover the question together.

The fused ranking scores each passage on its own, so a multi-hop question's first five often hold
several passages about its first-named thing (a series and three of its characters) and leave out the
one that states the last hop, which shares few words with the passages before it but many with the
question. Here the first `COVER_HEAD` places are filled greedily: each next passage is the one whose
fused rank and whose question words not yet covered by the passages before it weigh most. A word's
weight is its rarity among the candidates, so a word every candidate says ("film") counts for little
and the words only the missing hop says count most.

Measured with multihop on hotpotqa_100, lihuaworld and the 360 multi-hop questions with gold passages
of bench/wiki_forms/evidence (batches 18-26), all-gold@5 before -> after (README, "Retrieval quality").
"""

from __future__ import annotations

import math
import re

from lightrag_core import lexical
from lightrag_core.models import Chunk
from lightrag_core.query.answer_type import choice_type, yes_no_type
from lightrag_core.query.result import CoverageMove
from lightrag_core.query.sentences import stem

COVER_HEAD = 8  # the places filled by coverage; the rest keep their fused order
SHOWN_HEAD = 5  # a passage brought into this many first places is reported
# A passage's place counts for RANK_SCALE / (RANK_SCALE + place), from place 0: the fused ranking's first
# starts at 1, its sixth at 0.5, so coverage reorders the head without reaching far down the candidates.
RANK_SCALE = 5.0


# Runs of letters and digits, the question's and the passages' alike (the index's own tokeniser goes
# through SQLite for any non-ASCII text, which was most of this stage's time on chat logs)
_WORD = re.compile(r"[^\W_]+")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def question_words(text: str) -> set[str]:
    """The stems of a text's words that are not stop words."""
    stop = lexical.stop_words()
    return {stem(w) for w in _words(text) if w not in stop and (len(w) > 1 or w.isdigit())}


def _said(text: str, asked: set[str], starts: set[str]) -> set[str]:
    """The question's words a passage says. A stem keeps its word's first three letters, so only words
    that begin as a question word does (`starts`) are stemmed."""
    return {s for w in _words(text) if w[:3] in starts and (s := stem(w)) in asked}


def _compares(query: str) -> bool:
    """A choice between two named things, or a yes/no question about two together ("Are A and B both …?")."""
    if choice_type(query) is not None:
        return True
    asked = yes_no_type(query)
    return asked is not None and len(asked.options) == 2


def rarity(said: list[set[str]], words: set[str]) -> dict[str, float]:
    """Each question word's weight: the rarer among the candidates' passages, the more it says."""
    n = len(said)
    return {w: math.log((n + 1) / (sum(w in s for s in said) + 0.5)) for w in words}


def cover(query: str, chunks: list[Chunk], weight: float, head: int = COVER_HEAD) -> list[Chunk]:
    """The chunks reordered so that the first `head` cover the question's words together (`weight` is
    coverage's weight against the fused rank; 0 keeps the fused order). A comparison ("A or B?", "Are A and B
    both …?") keeps its order: each compared thing's own passage is what it needs, found by its name, and a
    passage that names both or says more of the question's other words pushed one out (hotpotqa_100
    comparisons all-gold@5 1.00 -> 0.955 when "A or B?" was covered too)."""
    asked = question_words(query)
    if weight <= 0 or len(chunks) < 2 or not asked or _compares(query):
        return chunks
    starts = {w[:3] for w in asked}
    said = [_said(c.content, asked, starts) for c in chunks]
    weights = rarity(said, asked)
    # (a word no candidate says cannot be covered: counted, it would only shrink what the others add)
    total = sum(v for w, v in weights.items() if any(w in s for s in said)) or 1.0
    covered: set[str] = set()
    left = list(range(len(chunks)))
    order: list[int] = []
    while left and len(order) < head:
        best = max(left, key=lambda i: (RANK_SCALE / (RANK_SCALE + i)
                                        + weight * sum(weights[w] for w in said[i] - covered) / total, -i))
        order.append(best)
        left.remove(best)
        covered |= said[best]
    return [chunks[i] for i in order + left]


def brought_forward(fused: list[Chunk], covered: list[Chunk], head: int = SHOWN_HEAD) -> list[CoverageMove]:
    """The passages `cover` moved into the first `head` places from further down, in their new order."""
    was = {c.id: n for n, c in enumerate(fused, 1)}
    return [CoverageMove(c.id, c.file_path, was[c.id], n) for n, c in enumerate(covered[:head], 1)
            if was.get(c.id, 0) > head]
