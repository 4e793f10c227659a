"""Chat evidence shown as messages: a line of a chat is read whole, and a question asked in it with its reply.

Sentences are scored one by one, but in a chat the unit of meaning is the message: "It feels like we're really
getting to know them!" is half of what Emily said, the other half ("I love the emphasis on character
development and their backstories") is what the question asked. And a line that asks ("What do you all do
to unwind after intense battles?") matches a question best while its answer is the next speaker's reply.
So, when no short answer is given, each chosen chat sentence is shown as its whole message (when that is
short enough to read as one), two sentences of one message once, and a chosen line that asks a question is
followed by the reply, the next message in its chunk by someone else (up to two replies, besides the four
chosen). Prose is shown as it was chosen.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lightrag_core.query.chat_lines import squash
from lightrag_core.query.sentence_rank import MAX_SENTENCES, greets_only, repeats
from lightrag_core.query.sentences import Sentence

_ASKS = re.compile(r"\?[^\w]{0,12}$")  # a line that ends on a question mark, an emoji or two after it ("… joining? 🤔")
MAX_MESSAGE_CHARS = 400  # a longer message is shown by its chosen sentence alone
# Replies shown besides the four chosen messages (a reply that took a chosen message's place lost the answer
# that message held)
MAX_REPLIES = 2


def as_messages(chosen: list[Sentence], context: list[Sentence], ranked: list[Sentence] | None = None,
                replies: bool = True) -> list[Sentence]:
    """`chosen` with each chat sentence widened to its message and, if `replies`, each question line followed
    by its reply (the first `MAX_REPLIES` of them), the chosen ones' order kept. Two chosen sentences of one
    message leave a place, filled from `ranked` (the context's sentences, best first), as `choose` fills one:
    no line that only greets, none that repeats one shown."""
    lines: dict[tuple[int, int], list[Sentence]] = {}
    for s in context:
        if s.speaker and s.line >= 0:
            lines.setdefault((s.rank, s.line), []).append(s)
    for message in lines.values():
        message.sort(key=lambda m: m.offset)
    speakers = frozenset(squash(s.speaker) for s in context if s.speaker)
    shown: list[Sentence] = []
    seen: set[tuple[int, int]] = set()
    given = places = 0  # replies shown; chosen places taken
    for i, s in enumerate([*chosen, *(ranked or [])]):
        if places == MAX_SENTENCES:
            break
        key = (s.rank, s.line)
        if s in shown or key in seen:
            continue  # (another sentence of a message already shown whole)
        if i >= len(chosen) and (greets_only(s, speakers) or repeats(s, shown)):
            continue  # (a place filled from the ranked ones, as choose fills it)
        places += 1
        if not s.speaker or s.line < 0 or key not in lines:
            shown.append(s)
            continue
        seen.add(key)
        shown.append(_whole(s, lines[key]))
        asks = _ASKS.search(s.said) is not None or _ASKS.search(lines[key][-1].said) is not None  # (or its message)
        reply = _reply(s, lines) if replies and asks else None
        if reply is not None and (reply[0].rank, reply[0].line) not in seen and given < MAX_REPLIES:
            seen.add((reply[0].rank, reply[0].line))
            shown.append(_whole(reply[0], reply))
            given += 1
    return shown


def _whole(s: Sentence, message: list[Sentence]) -> Sentence:
    """The sentence as its whole message (its sentences, in order), or as it is when that runs long."""
    text = " ".join(m.said.strip() for m in message)
    if len(message) < 2 or len(text) > MAX_MESSAGE_CHARS:
        return s
    return replace(s, text=text, offset=message[0].offset)


def _reply(s: Sentence, lines: dict[tuple[int, int], list[Sentence]]) -> list[Sentence] | None:
    """The next message of the sentence's chunk, when someone else writes it."""
    after = sorted(line for rank, line in lines if rank == s.rank and line > s.line)
    if not after:
        return None
    message = lines[(s.rank, after[0])]
    return message if message[0].speaker != s.speaker else None
