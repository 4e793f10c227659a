"""Who someone did something with or to, in a chat: the other person in the conversation where they say it.

"Who does LiHua ask for help with installing a curtain?" is answered by no name in a sentence: Li Hua's line
says "Can you help me install the curtain?" to the one person he is writing to. When the question asks whom a
person who speaks in the chats did something with or to ("Who does X go to the movie with?", "Who is X meeting
with …?", "Who did X invite …?"), the line of a conversation they take part in that states the rest of the question is
read (theirs, or the other's: "Want to check out Overwatch 3 tomorrow?" asked of Li Hua), and the answer is the
other speaker of its message, when there is exactly one. Lines in messages with different
partners that state it as well give no answer; so does a verb whose object is a third person ("Who does X
mention as their favourite character?" asks for a name the line writes, not for whom X wrote to). Who takes
part is read from the context's sentences, so a speaker whose every line is too short to be one ("Sure!") is
not seen.
"""

from __future__ import annotations

import re

from lightrag_core import lexical
from lightrag_core.query.answer_support import QUESTION_WORDS, ShortAnswer, cover, idf_over
from lightrag_core.query.chat_lines import conversations, name_words, spoken_by
from lightrag_core.query.sentences import Sentence, stems

MAX_QUESTION_CHARS = 200
# "Who does LiHua ask …", "Who is Li Hua meeting with …", "Who did X go to the concert with?": the subject is
# a name of one to three words, the verb follows it
_ASKED = re.compile(r"^\W*(?i:whom?\s+(?:does|did|do|is|was|will))\s+(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2})"
                    r"\s+(?P<rest>[^?]{3,160})\?\s*$")
# Verbs whose object is the one written to (asked, invited, met, thanked), or "… with?", a companion
_TO_PARTNER = re.compile(r"^(?:ask|invite|tell|remind|thank|text|message|call|meet|help|contact|inform|update|"
                         r"visit|join|congratulate|warn|greet|wish|offer|promise|plan|go|want)\w*\b",
                         re.IGNORECASE)
MIN_COVER = 0.5  # the share of the question's other words the line states (by weight)
LEAD = 0.25  # over the best line of another partner


def chat_partner(query: str, scored: list[tuple[Sentence, float]]) -> ShortAnswer | None:
    """The other speaker of the conversation where the asked person and one other say what the question asks;
    None for another question, or when no line of theirs states it, or lines with different partners do."""
    asked = _ASKED.match(query.strip()) if len(query) <= MAX_QUESTION_CHARS else None
    if asked is None:
        return None
    name, rest = asked["name"], asked["rest"].strip()
    if not (_TO_PARTNER.match(rest) or re.search(r"\bwith\s*$", rest, re.IGNORECASE)):
        return None
    sentences = [s for s, _ in scored]
    theirs = {s.message for s in sentences if spoken_by(name, s.speaker)}
    if not theirs:
        return None
    terms = set(stems(rest)) - lexical.stop_words() - QUESTION_WORDS - stems(name_words(name))
    if not terms:
        return None
    idf = idf_over(terms, [s.stems for s in sentences])
    talk = conversations([(s.message, s.speaker) for s in sentences])
    best: dict[str, tuple[float, Sentence]] = {}  # partner → the best line of a conversation with them
    for s in (s for s in sentences if s.message in theirs):  # (what either of the two says of it)
        partners = {who for who in talk.get(s.message, set()) if not spoken_by(name, who)}
        covered = cover(terms, idf, s.name_stems)
        if len(partners) == 1 and covered >= MIN_COVER:
            partner = next(iter(partners))
            if covered > best.get(partner, (0.0, s))[0]:
                best[partner] = (covered, s)
    ranked = sorted(best.items(), key=lambda item: -item[1][0])
    if not ranked or (len(ranked) > 1 and ranked[0][1][0] - ranked[1][1][0] < LEAD):
        return None
    partner, (covered, line) = ranked[0]
    return ShortAnswer(partner, [line], [name, partner], round(covered, 3))
