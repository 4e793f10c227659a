"""Which sentences beyond the best-scored pool candidate spans are read from, and which chat lines are
replies: a sentence that states the asked relation about the question's name though it shares few words
with the question, and a line that agrees with an earlier speaker's (neither opens a topic)."""

from __future__ import annotations

from lightrag_core.query.answer_spans import PLACE_LABELS, ParsedSentence, Span, clean_span
from lightrag_core.query.answer_support import cover
from lightrag_core.query.candidate_weights import SPEAKER, STAMPED
from lightrag_core.query.chat_lines import acknowledges_only, spoken_by
from lightrag_core.query.sentences import Sentence, named_in, stems

EXTRA_POOL = 6  # sentences below the pool that state the asked relation about a question's name, parsed too
STATING = 0.25  # the share of the question's relation words such a sentence must state itself
REPLY_SHARE = 0.5  # a reply follows another speaker's line that states at least this share of what the reply states


def stating(sentences: list[Sentence], names: list[str], found: tuple[str, ...], terms: set[str],
            idf: dict[str, float]) -> list[Sentence]:
    """Sentences below the pool that name what the question is about and state, in their own words,
    part of what it asks ("It was created by TV executive Reg Watson" after "Neighbours is a soap
    opera"): they share few words with the question, so the scoring ranks them low, but they hold the
    answer. A bridge decomposition found leads; a name may be inherited from the sentence before,
    the relation words may not (every sentence after "X is a fictional character" would cover them)."""
    if not terms or not names:
        return []

    ranked: list[tuple[tuple[bool, float], int, Sentence]] = []
    for i, s in enumerate(sentences):  # each sentence's names and cover read once
        reached = sum(named_in(n, s.name_stems) for n in names)
        covered = cover(terms, idf, s.stems) if reached else 0.0
        if reached and covered >= STATING:
            ranked.append(((any(named_in(f, s.name_stems) for f in found), covered + reached / len(names)), -i, s))
    return [s for *_, s in sorted(ranked, key=lambda r: r[:2], reverse=True)[:EXTRA_POOL]]


def replies_to_openers(sentences: list[Sentence], terms: set[str], idf: dict[str, float]) -> set[int]:
    """The chat lines (by id) that follow another speaker's line of the same message stating at least
    REPLY_SHARE as much of the question: "Beer it is! Perfect match for hot pot." after "How about some
    cold beer with the hot pot?"."""
    messages: dict[tuple[int, object], list[Sentence]] = {}
    for s in sentences:
        if s.speaker:
            messages.setdefault(s.message, []).append(s)
    out: set[int] = set()
    for lines in messages.values():
        said: dict[str, float] = {}  # speaker → the most of the question a line of theirs stated so far
        for s in sorted(lines, key=lambda line: line.offset):
            covered = cover(terms, idf, s.name_stems)
            if covered > 0 and any(v >= REPLY_SHARE * covered for who, v in said.items() if who != s.speaker):
                out.add(id(s))
            said[s.speaker] = max(said.get(s.speaker, 0.0), covered)
    return out


def bridge_sentences(bridges: list[tuple[ParsedSentence, Span]], sentences: list[Sentence], limit: int
                     ) -> dict[int, tuple[ParsedSentence, Span]]:
    """The sentences that name each bridge (by id), at most `limit`, bridge by bridge in the order the best
    sentences name them. (Taken in turns, every bridge's first sentence before any bridge's second, the
    weaker bridges' sentences crowded out the best bridge's later ones: on hotpotqa_100 it cost local,
    global, hybrid, mix and multihop one to three right short answers each.)"""
    seconds: dict[int, tuple[ParsedSentence, Span]] = {}
    for first, bridge in bridges:
        name = clean_span(bridge.text)
        # a place goes by its whole name: "Chapel Hill" is not the "Hill" of Jack Hill, nor "North Carolina" any
        # "Carolina"
        whole = stems(name) if bridge.label in PLACE_LABELS else None
        for s in sentences:
            if len(seconds) >= limit:
                return seconds
            if s is not first.sentence and id(s) not in seconds and (
                    whole <= s.name_stems if whole is not None else named_in(name, s.name_stems)):
                seconds[id(s)] = (first, bridge)
    return seconds


def saying(sentences: list[Sentence], speakers: set[str], courtesy: bool) -> list[Sentence]:
    """The sentences that say something: not a chat line that only greets, thanks or agrees ("JenniferMoore:
    Awesome!", whose "Awesome" the tagger may call a name), unless the question asks about such a line."""
    if courtesy or not speakers:
        return sentences
    frozen = frozenset(speakers)
    return [s for s in sentences if not (s.speaker and acknowledges_only(s.said, frozen))]


def chat_answers(s: Sentence, doer: bool, stamped: bool, replies: set[int], teller: str = ""
                 ) -> list[tuple[float, str, bool]]:
    """What a chat line answers by being said, with the weight of a span the parse ties to the question and
    whether it is a reply: who says it ("Who suggests hot pot?", when `doer`) and when ("When did Li Hua tell
    Adam …?", when `stamped`: a line of `teller`'s, when the question says who did it)."""
    if not s.speaker:
        return []
    stamp = s.dated if stamped and (not teller or spoken_by(teller, s.speaker)) else ""
    return [(weight, text, weight == SPEAKER and id(s) in replies)
            for weight, text in ((SPEAKER, s.speaker if doer else ""), (STAMPED, stamp)) if text]
