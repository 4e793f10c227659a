"""Chat transcripts: who says each line ("LiHua: I booked the tickets."), so that a line's "I" is its speaker
and its first-person verb is told in the third ("What did Li Hua book?", "What does Adam Smith enjoy …?").

A chunk is read as a chat when at least two of its lines open with a speaker. The speaker's label is blanked
before the chunk is parsed (same length, so offsets hold): a parse of "AdamSmith: I really enjoy dumplings"
hangs the label on the verb and a question would carry it ("… during Lunar New Year AdamSmith?").
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence

from lightrag_core.query.chat_lines import name_words

# "Name: " opening a line (a chat handle, maybe glued: "WolfgangSchulz"); labels that are no speaker are skipped
_LINE = re.compile(r"^(?P<lead>[ \t]*)(?P<name>[A-Z][\w'’.-]{1,30}(?: [A-Z][\w'’.-]{1,30}){0,2}):(?=[ \t])",
                   re.MULTILINE)
_LABELS = {"time", "date", "note", "notes", "subject", "from", "to", "re", "cc", "summary", "warning", "tip",
           "q", "a", "question", "answer", "chapter", "part", "step", "source", "title", "update", "edit"}
MIN_CHAT_LINES = 2
# A first-person auxiliary or copula told of someone else
_THIRD = {"am": "is", "'m": "is", "’m": "is", "have": "has", "'ve": "has", "’ve": "has", "do": "does"}

_AUXILIARIES = {*_THIRD, "was", "did", "had", "been", "being", "be", "get", "got"}
FIRST_BE = {"am", "'m", "’m"}  # (the lemmatizer may keep "’m" as it is: it is "be")

Lines = list[tuple[int, str]]  # (where a line starts, its speaker's name or "")


def _spoken(text: str) -> list[re.Match[str]]:
    found = [m for m in _LINE.finditer(text) if m["name"].lower() not in _LABELS]
    return found if len(found) >= MIN_CHAT_LINES else []


def speaker_lines(text: str) -> Lines:
    """Where each line of `text` starts and who says it ("" for a line no speaker opens, and for every line
    of a text that is no chat)."""
    said = {m.start(): written_name(m["name"]) for m in _spoken(text)}
    out: Lines = []
    start = 0
    for line in text.splitlines(keepends=True):
        out.append((start, said.get(start, "")))
        start += len(line)
    return out


def speaker_at(lines: Sequence[tuple[int, str]], offset: int) -> str:
    """Who says the line holding character `offset`, or ""."""
    at = bisect.bisect_right([start for start, _ in lines], offset) - 1
    return lines[at][1] if at >= 0 else ""


def unlabelled(text: str) -> str:
    """A chat's text with each speaker's label blanked ("AdamSmith: I …" -> "           I …"), as it is parsed."""
    spoken = _spoken(text)
    if not spoken:
        return text
    out, last = [], 0
    for m in spoken:
        out += [text[last: m.start("name")], " " * (m.end() - m.start("name"))]
        last = m.end()
    return "".join([*out, text[last:]])


def written_name(handle: str) -> str:
    """A speaker as a question names them: "WolfgangSchulz" -> "Wolfgang Schulz"; a spaced name is kept."""
    words = name_words(handle).split()
    if " " in handle or len(words) < 3:
        return handle
    return " ".join(words[1:-1])  # (name_words gives the handle, its split words, then the words run together)


def told_of_speaker(aux: list[str], verb: str, lemma: str, tag: str) -> tuple[list[str], str, str] | None:
    """A first-person verb group told of its speaker: "'ve been playing" -> "has been playing", "enjoy" ->
    "enjoys" (VBZ, so a question asks "What does X enjoy?"), "am" -> "is". None when the parse took a verb for
    an auxiliary ("I love hearing …": "love" as the auxiliary of "hearing")."""
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
