"""Chat transcripts: who says each line ("LiHua: I booked the tickets."), so that a line's "I" is its speaker
and its first-person verb is told in the third ("What did Li Hua book?", "What does Adam Smith enjoy …?").

A chunk is read as a chat only when it is clearly one: at least three lines open with a speaker ("Name: ",
perhaps after a time stamp), at least two different speakers, none a label ("Note:", "Q:", "Born:", a weekday).
A chat is parsed line by line with each label blanked (same length, so offsets hold) and the lines joined back,
so a sentence never runs from one speaker's line into the next and no label is read as part of a clause. The
checks read a chat's text with each handle written as its name ("LiHua:" as "Li Hua:"), as questions write it.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from lightrag_core.nlp import nlp
from lightrag_core.query.chat_lines import LINE_LABELS, SPEAKER_LINE

if TYPE_CHECKING:
    from spacy.tokens import Doc

MIN_CHAT_LINES = 3
MIN_SPEAKERS = 2
# Openings that label a line without anyone saying it, besides the query side's (a recipe, a FAQ, an infobox, a
# mail header, a calendar)
_LABELS = LINE_LABELS | {
    "q", "a", "question", "answer", "born", "died", "sent", "reply-to", "bcc", "chapter", "part", "step", "ingredients",
    "directions", "method", "day", "week", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december", "genre", "label", "producer", "length", "released", "recorded", "website", "phone", "email", "address"}
# A handle's first piece that is part of one name ("DeShawn", "McKenzie", "LeBron"), not a given name of its own
_NAME_PREFIXES = {"mc", "mac", "de", "le", "la", "di", "du", "da", "van", "von", "o", "st"}
_GLUED = re.compile(r"(?<=[a-zß-öø-ÿ])(?=[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ])")
# A first-person auxiliary or copula told of someone else
_THIRD = {"am": "is", "'m": "is", "’m": "is", "have": "has", "'ve": "has", "’ve": "has"}
_AUXILIARIES = {*_THIRD, "was", "did", "had", "been", "being", "be", "got"}
FIRST_BE = {"am", "'m", "’m"}  # (the lemmatizer may keep "’m" as it is: it is "be")

Lines = list[tuple[int, str]]  # (where a line starts, its speaker's name or "")


def _openings(text: str) -> list[tuple[int, re.Match[str]]]:
    """(line start, its speaker match) for each line of a chat that a speaker opens; [] when the text is no chat:
    fewer than three such lines, one speaker, or no one who speaks twice (one-off fields: "Director: …", "Music:
    …", "Starring: …")."""
    starts = [0, *(m.end() for m in re.finditer("\n", text))]
    found = [(start, m) for start in starts if (m := SPEAKER_LINE.match(text, start))
             and m.group(1).lower() not in _LABELS and m.group(1).split()[0].lower() not in _LABELS]
    speakers = {_name(m) for _, m in found}
    if len(found) < MIN_CHAT_LINES or len(speakers) < MIN_SPEAKERS or len(speakers) == len(found):
        return []
    return found


def _name(found: re.Match[str]) -> str:
    """The speaker a line's opening names ("10:32 AM Adam Smith: …": the time's "AM" is no part of it)."""
    return _MERIDIEM.sub("", found.group(1))


def _name_start(found: re.Match[str]) -> int:
    return found.start(1) + len(found.group(1)) - len(_name(found))


_MERIDIEM = re.compile(r"^[AaPp]\.?[Mm]\.?\s+")


def speaker_lines(text: str) -> Lines:
    """Where each line of `text` starts and who says it, as a question names them: a line no speaker opens goes on
    the message above it ("" before the first, after a label line such as "Time: …", and in a text that is no chat)."""
    found = _openings(text)
    if not found:
        return [(0, "")]
    said = {start: written_name(_name(m)) for start, m in found}
    out: Lines = []
    speaker = ""
    for start in [0, *(m.end() for m in re.finditer("\n", text))]:
        if start in said:
            speaker = said[start]
        elif SPEAKER_LINE.match(text, start):  # ("Time: 20260105_11:00" between messages: nobody's)
            speaker = ""
        out.append((start, speaker))
    return out


def speaker_at(lines: Sequence[tuple[int, str]], offset: int) -> str:
    """Who says the line holding character `offset`, or ""."""
    at = bisect.bisect_right([start for start, _ in lines], offset) - 1
    return lines[at][1] if at >= 0 else ""


def unlabelled(text: str) -> str:
    """A chat's text with each speaker's label blanked ("AdamSmith: I …" -> "           I …"), as it is parsed."""
    return _blanked(text, _openings(text))


def _blanked(text: str, found: list[tuple[int, re.Match[str]]]) -> str:
    out, last = [], 0
    for _, m in found:
        out += [text[last: _name_start(m)], " " * (m.end() - _name_start(m))]
        last = m.end()
    return "".join([*out, text[last:]])


def named_text(text: str) -> str:
    """A chat's text with each handle written as a question names it ("LiHua: hi" -> "Li Hua: hi"), for the checks
    that look for an answer or a question's words in it; any other text as it is."""
    out, last = [], 0
    for _, m in _openings(text):
        out += [text[last: _name_start(m)], written_name(_name(m))]
        last = m.end(1)
    return "".join([*out, text[last:]])


def parse(contents: Iterable[str], batch_size: int) -> Iterator[Doc]:
    """Each text parsed, in one batched pipe; a chat message by message (labels blanked, the pieces joined back with
    the text's own offsets), so no sentence runs from one speaker's message into the next."""
    from spacy.tokens import Doc

    plan: list[int] = []  # per text: 0 for a whole text, else how many messages it was cut into

    def pieces() -> Iterator[str]:
        for content in contents:
            found = _openings(content)
            if not found:
                plan.append(0)
                yield content
                continue
            blank = _blanked(content, found)
            cuts = sorted({0, *(start for start, _ in found), len(blank)})
            parts = [blank[a:b] for a, b in zip(cuts, cuts[1:]) if b > a]
            plan.append(len(parts))
            yield from parts

    docs = nlp().pipe(pieces(), batch_size=batch_size)
    for n in itertools.count():
        first = next(docs, None)
        if first is None:
            return
        if plan[n] == 0:
            yield first
            continue
        yield Doc.from_docs([first, *itertools.islice(docs, plan[n] - 1)], ensure_whitespace=False)


def written_name(handle: str) -> str:
    """A speaker as a question names them: "WolfgangSchulz" -> "Wolfgang Schulz", "ChaeSong-hwa" -> "Chae
    Song-hwa", "JohnMcCarthy" -> "John McCarthy"; a spaced name, and one name written in one piece ("DeShawn",
    "McKenzie"), as it is."""
    if " " in handle:
        return handle
    pieces: list[str] = []
    for n, ch in enumerate(handle):
        glued = 0 < n < len(handle) - 1 and ch.isupper() and handle[n - 1].islower() and handle[n + 1].islower()
        if glued and pieces[-1].lower() not in _NAME_PREFIXES:
            pieces.append(ch)
        elif pieces:
            pieces[-1] += ch
        else:
            pieces.append(ch)
    return " ".join(pieces)


def told_of_speaker(aux: list[str], verb: str, lemma: str, tag: str) -> tuple[list[str], str, str] | None:
    """A first-person verb group told of its speaker: "'ve been playing" -> "has been playing", "enjoy" ->
    "enjoys" (VBZ, so a question asks "What does X enjoy?"), "am" -> "is". None when the parse took a verb for
    an auxiliary ("I love hearing …": "love" as the auxiliary of "hearing"), or the auxiliary only stresses ("I do
    love …")."""
    from lemminflect import getInflection

    if aux and aux[0].lower() not in _AUXILIARIES:
        return None
    if aux:
        return [_THIRD.get(aux[0].lower(), aux[0]), *aux[1:]], verb, tag
    if lemma == "be" or verb.lower() in FIRST_BE:
        return aux, _THIRD.get(verb.lower(), verb), "VBZ" if verb.lower() in _THIRD else tag
    if tag in {"VBP", "VB"}:  # ("I love …" tagged as the base form)
        forms = getInflection(lemma, tag="VBZ")
        return aux, forms[0] if forms else verb, "VBZ"
    return aux, verb, tag
