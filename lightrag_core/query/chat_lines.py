"""Chat lines in a context: who speaks a line, what the line says without its speaker, and stamps.

A chat, a transcript or minutes write each message as a line that opens with its speaker ("LiHua: …",
"[10:32] Adam Smith: …"). The message is the unit a reader reads: its sentences are scored with their
message's words and meaning (`sentences.py`), and its speaker's name is no word of what it says.
"""

from __future__ import annotations

import re

# A line that opens with a name and a colon: "LiHua: …", "Chae Song-hwa: …", "[10:32] Adam Smith: …"
# (not "Time: 20260918_18:00").
_TIME = r"[ \t]*(?:\[?[\d:_/. -]{4,20}\]?[ \t]+)?"
_NAME = r"[A-Z][\w'’.-]{1,30}(?: [A-Z][\w'’.-]{1,30}){0,2}"
_STAMP = r"[\d_:/.-]+[ \t]*(?:\n|\Z)"  # the rest of a line that only stamps a time


def _spoken(name: str) -> str:
    """A line's opening that says who speaks, with `name` (captured or not) where the name goes."""
    return _TIME + name + r":[ \t](?!" + _STAMP + ")"


LINE_OPENING = _spoken(_NAME)  # (a pattern: a sentence ends where a speaker's line starts)
SPEAKER_LINE = re.compile(_spoken(f"({_NAME})"))  # (group 1: the speaker)
# A piece of only times and labels ("20260918_1800 Time: 20260918_18:00") states nothing.
_STAMP_LINE = re.compile(r"(?:[\d_:/.-]+|[A-Za-z]+:)(?:\s+(?:[\d_:/.-]+|[A-Za-z]+:))*")
_OPENING = 160  # characters before a line's "Name: " (a time, or a title line joined before it)
# Words that open a line before a colon in documents without being anyone ("Note: …", "Source: …").
LINE_LABELS = {"note", "notes", "time", "date", "subject", "from", "to", "re", "cc", "summary", "warning", "tip",
                "example", "question", "answer", "source", "abstract", "keywords", "title", "author", "update",
                "edit", "location", "agenda", "action", "status", "result", "results", "see", "caption"}


# The words a chat uses to greet, thank and agree, which say nothing of what a question asks about: a line
# sentence of only these and the names of people in the chat ("Hey Li Hua!", "Thanks, Jennifer!", "Good call,
# Adam!") is no evidence, and names the asked person more often than any sentence that states something.
_ACKNOWLEDGING = frozenset(
    "hey hi hello heya hiya yo thanks thank thx you so much very great good call idea awesome cool nice sure yes yeah "
    "yep ok okay got it sounds like a plan absolutely definitely totally friend friends buddy pal everyone "
    "everybody all folks guys team haha hahaha lol wow appreciate appreciated welcome morning afternoon evening "
    "night congrats congratulations cheers bye see ya soon later my dear oh ah indeed exactly agreed right true "
    "same me too i am and that this really point deal noted perfect amazing fantastic lovely there again "
    "here we go of course problem worries".split())
_ACK_WORDS = 8  # longer sentences are read, whatever they open with
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


def acknowledges_only(said: str, speakers: frozenset[str]) -> bool:
    """`said` only greets, thanks or agrees, perhaps naming whom by the name, or the first name, of someone who
    speaks in the chat (`speakers`, squashed: "lihua", "jennifermoore"): "Hey Li Hua! 😊", "Thanks, Jennifer!";
    not "I love Coldplay!", "Yes, Friday!" or "Definitely Messi!"."""
    found = _WORD.findall(said)
    if not found or len(found) > _ACK_WORDS:
        return False
    runs: list[str] = []  # the names: runs of capitalised words that are no such word ("Li Hua")
    run = ""
    for w in found:
        if w[0].isupper() and (run or w.lower() not in _ACKNOWLEDGING):
            run += w.lower()
            continue
        runs, run = [*runs, run] if run else runs, ""
        if w.lower().replace("’", "'") not in _ACKNOWLEDGING:
            return False
    runs = [*runs, run] if run else runs
    return all(len(r) >= 3 and any(s.startswith(r) for s in speakers) for r in runs)


def squash(text: str) -> str:
    """A name with case, spaces and punctuation gone: "Li Hua", "LiHua" and "lihua" are one."""
    return re.sub(r"\W+", "", text.lower())


_CAMEL = re.compile(r"(?<=[a-zß-öø-ÿ])(?=[A-ZÀ-ÖØ-Þ])")
_NOT_LETTERS = re.compile(r"[\W\d_]+")


def glued_apart(text: str) -> str:
    """The words a chat handle runs together, apart: "YurikoYamamoto" -> "Yuriko Yamamoto"."""
    return _CAMEL.sub(" ", text)


def name_words(speaker: str) -> str:
    """A speaker's name as every way a question may write it: a chat's "WolfgangSchulz" is "Wolfgang", "Wolfgang
    Schulz" or "WolfgangSchulz" to a question, and its "Li Hua" also "LiHua"."""
    split = glued_apart(speaker)
    together = _NOT_LETTERS.sub("", speaker)
    return f"{speaker} {split} {together}" if " " in split else speaker


_LETTERS = re.compile(r"[^\W\d_]{2,}")  # (a name's words: letters of any script; an initial says too little)


def spoken_by(name: str, speaker: str) -> bool:
    """`name`, as a question writes it, is the chat's `speaker`: "Wolfgang" or "Wolfgang Schulz" of
    "WolfgangSchulz", "LiHua" of "Li Hua", "Ronald McDonald" of "RonaldMcDonald"."""
    if not name or not speaker:
        return False
    if squash(name) == squash(speaker):
        return True
    words = {w.lower() for w in _LETTERS.findall(name)}
    return bool(words) and words <= {w.lower() for w in _LETTERS.findall(name_words(speaker))}


# A chat line greets whom it speaks to ("Hey Yuriko! 😊 I was wondering …"): the tagger's "Hey Yuriko" is Yuriko.
_GREETING = re.compile(r"(?:[Hh]ey|[Hh]i|[Hh]ello|[Dd]ear|[Yy]o|[Tt]hanks|[Tt]hank you),?\s+(?=[A-Z])")


def unaddressed(name: str) -> str:
    """A name a chat line's greeting ran into, without the greeting: "Yuriko" of "Hey Yuriko"."""
    return _GREETING.sub("", name, count=1) if _GREETING.match(name) else name


def one_of(name: str, speakers: set[str]) -> bool:
    """`name` is one who speaks in the chat (`speakers`, squashed), by a part of their name too ("Chae" for
    ChaeSong-hwa)."""
    squashed = squash(name)
    return len(squashed) >= 3 and any(s.startswith(squashed) for s in speakers)


def stamp_only(raw: str) -> bool:
    """A piece that only stamps a time, perhaps under a title line ("Team chat\nTime: 20260120_18:00")."""
    lines = raw.strip().splitlines()
    return bool(lines) and _STAMP_LINE.fullmatch(lines[-1].strip()) is not None and (
        len(lines) == 1 or len(" ".join(lines[:-1]).split()) <= 8)


def speaker_at(content: str, at: int) -> str:
    """The speaker of the line that holds position `at`, or ""."""
    found = SPEAKER_LINE.match(content, content.rfind("\n", 0, at) + 1)
    return found.group(1) if found and found.group(1).lower() not in LINE_LABELS else ""


def spoken_lines(content: str) -> int:
    """How many of the text's lines open with who speaks (counted up to two)."""
    found = 0
    for start in (0, *(m.end() for m in re.finditer("\n", content))):
        said = SPEAKER_LINE.match(content, start)
        found += said is not None and said.group(1).lower() not in LINE_LABELS
        if found >= 2:
            break
    return found


def without_speaker(text: str, speaker: str) -> str:
    """`text` without the "Name: " of `speaker` that opens it ("JakeWatson: Good call!" says "Good call!"), also
    when a title line was joined before it ("Team chat JakeWatson: Hi there") or it says only a time ("Adam
    Smith: 14:30.", which the line's own reading takes for no stamp); `text` as it is when none opens it."""
    opened = re.compile(rf"(?:\A|(?<=\s)){re.escape(speaker)}:\s+").search(text, 0, _OPENING + len(speaker))
    return text[opened.end():] if speaker and opened else text


# "Who informs Li Hua …?": "who" does the deed (not "who is …", "who did X ask …?")
_WHO_DOES = re.compile(r"\W*who\s+(?!(?:is|was|are|were|do|does|did|has|have|had|will|would|can|could|should|might|"
                       r"must|shall|may)\b)[a-z]", re.IGNORECASE)


def asks_unnamed_speaker(query: str) -> bool:
    """The question asks who did something: whoever did it is not a person it names, so their lines are not the
    ones that say it ("Who informs LiHua that the software is almost done?": Wolfgang's line, not LiHua's replies)."""
    return _WHO_DOES.match(query) is not None


def conversations(lines: list[tuple[object, str]]) -> dict[object, set[str]]:
    """Who speaks in each message, from (message, speaker) pairs: a line is said to all of them."""
    out: dict[object, set[str]] = {}
    for message, speaker in lines:
        if speaker:
            out.setdefault(message, set()).add(speaker)
    return out
