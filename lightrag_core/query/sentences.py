"""Context sentences for the offline answer: the context split into sentences, each with its chunk, its
speaker and time in a chat, and its words as stems; and how a name is found written in a sentence.
(How they are ranked against the question is sentence_rank.py.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from pathlib import PurePath

from lightrag_core import lexical, places
from lightrag_core.query.answer_type import kind_word
from lightrag_core.query.chat_lines import (
    LINE_OPENING,
    name_words,
    speaker_at,
    spoken_lines,
    stamp_only,
    without_speaker,
)
from lightrag_core.query.coreference import opening, refers_back, speaks_of_subject
from lightrag_core.query.dates import Written, date_before, dates_in, heading_dates
from lightrag_core.query.result import QueryResult

# A sentence ends at . ! ? before a capital or a digit, at a paragraph break, before a Markdown
# heading line, and where a chat line's speaker starts (a line may end in an emoji, not a full stop);
# not after an initial or a short title ("M. Ward", "D.P. Varma", "St. Paul", "Inside No. 9", "Maj. George"), which
# would cut a name, and often the very fact asked for, in two; nor after "lit." or "cf." ("Love Forecast (; lit.
# Today's Love) is a 2015 film"); nor after "c." or "b." before a year
# ("(c. 1509 – 1572)", "b. 1944"); nor after a name's own "!" that the name goes on from, into its legal
# form or an apposition ("a subsidiary of Yum! Brands, Inc.", "Yum! Brands, which also owns"; not a chat's
# "Hi Li Hua! Sure, I can"), or into its bracket ("Cheer Up! (TV series)").
_SENTENCE = re.compile(
    r"(?<=[.!?])(?<!\b[A-Z]\.)(?<!\b(?:Mr|Dr|St|Jr|Sr|Ms|Mt|No|Lt)\.)(?<!\b(?:Mrs|Gen|Col|Rev|Vol|Maj|Sgt|Cpl|Adm|Gov|Sen|Rep|Pvt|Hon)\.)"
    r"(?<!\b(?:Capt|Brig|Prof|Supt)\.)(?<!\b(?:Fr|Ft|cf)\.)(?<!\b(?:lit|viz)\.)"
    r"(?!(?<=\b[cbdr]\.)\s+\d)(?!(?<=\b(?:ca|fl)\.)\s+\d)"
    r"(?!(?<=[a-z]!)\s+[A-Z][\w'-]*,\s+(?:Inc|Ltd|LLC|Corp|which|whose|one)\b)(?!(?<=[a-z]!)\s+\()\s+(?=[A-Z0-9\"'“‘(])"
    r"|\n[ \t]*\n\s*|\n(?= {0,3}#{1,6}[ \t])|\n(?=" + LINE_OPENING + ")"
)
_HEADING_LINE = re.compile(r" {0,3}#{1,6}[ \t][^\n]*\Z")
_IT = re.compile(r"(?:It|Its)\s")


@dataclass
class Sentence:
    text: str
    ref: str
    rank: int  # the chunk's position in the context (0 = best retrieved)
    stems: frozenset[str]
    # A sentence that opens with a pronoun is about what the one before it named ("He was the
    # father of …"): it is matched against the names with those words too.
    context_stems: frozenset[str] = frozenset()
    where: str = ""  # "book.pdf, p. 12": the file and the page or heading it came from, when known
    when: datetime | None = None  # the last date written above it in its chunk, else its file name's (dates.py)
    dated: str = ""  # that date as the text writes it ("20260122_15:00")
    offset: int = 0  # where it starts in its chunk: orders two sentences of one chunk
    # The length of a title line the sentence opens with ("Gerald McRaney" before "Gerald Lee McRaney (born
    # …) is …"): a passage's title joins its first sentence, and a name must not run across the two.
    lead: int = 0
    # Who says it, in a chat or a transcript ("WolfgangSchulz: How about Starbucks after work?"): the
    # name that opens its line before a colon, for every sentence of that line.
    speaker: str = ""
    line: int = -1  # a chat sentence's line (where it starts in the chunk; -1 in prose): one message

    @property
    def name_stems(self) -> frozenset[str]:
        return self.stems | self.context_stems

    @cached_property  # (read by every scoring of the context: an answer scores it up to four times)
    def said(self) -> str:
        """What a chat line's sentence says, without the "Name: " that opens its line: the words to match
        and embed (a bare "JakeWatson: Good call!" is mostly its speaker's name)."""
        return without_speaker(self.text, self.speaker) if self.speaker else self.text

    @cached_property
    def spoken_stems(self) -> frozenset[str]:
        """The words it says and its speaker's name, for every sentence of a chat line alike (the first
        writes the name, the next ones do not); a prose sentence's own words."""
        return stems(self.said) | stems(name_words(self.speaker)) if self.speaker else self.stems

    @property
    def message(self) -> tuple[int, datetime | None]:
        """The message it belongs to: one dated heading in one chunk (a chat message, an email)."""
        return self.rank, self.when


# (a name's own "!" inside it, as in "Cheer Up! (TV series)", does not end it; a comma is checked below)
_TITLE_LINE = re.compile(r"[ \t]*((?:[^\n.!?:;]|!(?=[ \t]+[^\s])){1,120})[ \t]*\n")


def _title_length(raw: str) -> int:
    """The length of the title line a sentence opens with, in its whitespace-joined text: a short first
    line with no punctuation to end it, followed by more of the sentence; 0 when there is none."""
    line = _TITLE_LINE.match(raw)
    if line is None or len(line.group(1).split()) > 12 or not (rest := raw[line.end():].strip()):
        return 0
    # a comma is a title's ("Warton, Lancaster") when a new sentence starts below it, not a wrapped clause's
    # ("Tom Crane, a director\nborn in 1950, …")
    if "," in line.group(1) and not rest[0].isupper():
        return 0
    return len(" ".join(line.group(1).split()))


def stem(word: str) -> str:
    """A light suffix strip so "partners" meets "partner", "translated" "translate" and "studied" "study"."""
    for suffix in ("ings", "ing", "ies", "ied", "es", "ed", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix) and not word.endswith("ss"):
            return word[: -len(suffix)] + ("y" if suffix in {"ies", "ied"} else "")
    return word


# Titles a question writes short and a passage spells out ("CEO", "chief executive officer"): it states both
_SPELLED_OUT = {"chief executive officer": "ceo", "chief operating officer": "coo", "chief financial officer": "cfo",
                "chief technology officer": "cto"}
_SPELLED = re.compile("|".join(_SPELLED_OUT), re.IGNORECASE)


def stems(text: str) -> frozenset[str]:
    words = frozenset(stem(w) for w in lexical.words(text))
    if "officer" not in words:  # (the common case: no title to look for)
        return words
    return words | {_SPELLED_OUT[m.group().lower()] for m in _SPELLED.finditer(text)}


def sentences_of(result: QueryResult) -> list[Sentence]:
    seen: set[tuple[str, str]] = set()  # a message repeated on another date is another event
    out: list[Sentence] = []
    for rank, chunk in enumerate(result.chunks):
        before: frozenset[str] = frozenset()
        chunk_places = [(int(p[0]), str(p[1])) for p in chunk.get("places", [])]
        file_name = PurePath(chunk.get("file_path") or "").name
        dates = heading_dates(chunk["content"])
        chat = bool(dates) or spoken_lines(chunk["content"]) >= 2  # (one "Title: subtitle is …" line is prose)
        file_date = next(iter(dates_in(file_name)), None)
        offset = 0
        pieces = _SENTENCE.split(chunk["content"])
        # A title on a line of its own above the first paragraph (an uploaded file: "Homer's Odyssey\n\n…")
        # opens that paragraph's first sentence, as a title line does ("Homer's Odyssey\n…"): "It was
        # written by …" is then about what the passage opens with
        if len(pieces) > 1 and _title_length(f"{pieces[0].strip()}\n{pieces[1]}") == len(" ".join(pieces[0].split())):
            pieces = [f"{pieces[0].strip()}\n{pieces[1]}", *pieces[2:]]
        # the passage's title: what a later "It …" of the passage is about, whatever came between
        title = _title_length(pieces[0]) if pieces else 0
        titled = stems(" ".join(pieces[0].split())[:title]) if title else frozenset()
        # … and what a later "the station" of the passage is about ("WRVU is a college radio station …")
        subject, called = opening(" ".join(pieces[0].split())[title:]) if pieces else ("", frozenset())
        subject_stems = titled or stems(subject)
        for raw in pieces:
            start = chunk["content"].find(raw, offset)
            if start < 0 and "\n" in raw:  # the title joined to its paragraph: from the title on
                start = chunk["content"].find(raw.split("\n", 1)[0], offset)
            offset = max(start, offset) + len(raw)
            if _HEADING_LINE.match(raw) or stamp_only(raw):  # a heading states nothing
                continue
            text = unglued(" ".join(raw.split()))
            words = stems(text)
            dated = _date_of(dates, raw, max(start, 0)) or file_date
            key = (text, dated.text if dated else "")
            if 20 <= len(text) <= 600 and key not in seen:
                seen.add(key)
                inherited = before if refers_back(text) else frozenset()
                end = max(start, 0) + len(raw) - 1
                speaker = speaker_at(chunk["content"], end) if chat else ""
                if titled and not speaker and _IT.match(text):
                    # "It was written by …" two sentences after "In this episode, Homer …" (prose: a chat's
                    # "It was such a great team effort" is about what was just said)
                    inherited |= titled
                if not speaker and speaks_of_subject(text, called, chunk["content"]):
                    inherited |= subject_stems
                label = places.at(chunk_places, max(start, 0)) if chunk_places else ""
                where = f"{file_name}, {label}" if label and file_name else label
                # (the line of the piece's end, as its speaker's: a title line joined before it is no part of it)
                line = chunk["content"].rfind("\n", 0, end) + 1 if speaker else -1
                out.append(Sentence(text, chunk["reference_id"], rank, words, inherited, where,
                                    dated.when if dated else None, dated.text if dated else "", max(start, 0),
                                    _title_length(raw), speaker, line))
            # "He married …" after "He was born …": the pronoun's names carry on through the run.
            before = words | (before if refers_back(text) else frozenset())
    return out


def split_sentences(text: str) -> list[str]:
    """Whitespace-normalised sentences of a text, in order."""
    return [unglued(" ".join(p.split())) for p in _SENTENCE.split(text) if p.strip()]


_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
# A life's two dates run together where a dash was lost ("(December 23, 1923July 5, 2005)", "(153510 February
# 1587)", as some encyclopaedia dumps have them): the year ends where a month or a day before one starts
_GLUED_DATES = re.compile(rf"(?<=\b\d{{4}})(?=(?:{_MONTHS})\b)"
                          rf"|(?:(?<=\(\d{{4}})|(?<=\band \d{{4}}))(?=\d{{1,2}}\s+(?:{_MONTHS})\b)")


def unglued(text: str) -> str:
    """The text with a dash put back between two dates run together."""
    return _GLUED_DATES.sub(" – ", text)


def _date_of(dates: list[Written], raw: str, start: int) -> Written | None:
    """The heading date above a sentence or on its own first line ("Time: 20260120_18:00\nJennifer: …"),
    else the first one inside it (a title line above the heading: "Team chat\nTime: …")."""
    first_line = raw.find("\n")
    found = date_before(dates, start + (first_line if first_line >= 0 else 0))
    return found or next((d for d in dates if start <= d.start < start + len(raw)), None)


def question_names(query: str, result: QueryResult) -> list[str]:
    """Entity names and keywords the question itself contains (linked entities first)."""
    q = query.lower()
    names = [lk["entity"] for lk in result.linked_entities]
    # as whole words: "Australia" is not named by "what Australian city?", nor "India" by "Indian"
    names += [k for k in result.low_level if written_in(k.lower(), q)]
    names += [e["entity_name"] for e in result.entities
              if len(e["entity_name"]) > 2 and written_in(e["entity_name"].lower(), q)]
    # "which century", "what year": the keywords hold what is asked, which names nothing
    names = list(dict.fromkeys(n for n in names if len(n) >= 2 and not _ASKED_NOUN.match(n)))
    # "Simon &" and "Mississippi" are no names of their own in "Simon & Simon starred …" or "the Mississippi
    # Institute of Arts": matched alone, they would tie the question to every Simon and everything in Mississippi.
    return [n for n in names if not any(_nested(n.lower(), m.lower(), q) for m in names if len(m) > len(n))]


def _whole(part: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(part)}(?!\w)")


def written_in(part: str, text: str) -> bool:
    """`part` is written in `text` as whole words ("marley" in "jacob marley", not "india" in "indian")."""
    return _whole(part).search(text) is not None


def name_variant(short: str, long_: str) -> bool:
    """`short` is `long_` without its middle names ("Gerald McRaney", "Gerald Lee McRaney", "Barnaby Thomas
    Gerard Joyce"): a first and a last name, and the same with one or two words between. Not numbers or dates,
    and not a name with a middle part of its own ("George W. Bush" is not "George H. W. Bush")."""
    a, b = short.lower().split(), long_.lower().split()
    return len(a) == 2 and len(b) in {3, 4} and a[0] == b[0] and a[1] == b[-1] and not any(c.isdigit() for c in long_)


_ASKED_NOUN = re.compile(r"(?:which|what|whose) [a-z]+\Z")


def _nested(short: str, long_: str, q: str) -> bool:
    """Every place the question writes `short` is inside a place it writes `long_`, and `short` is a part of
    no name of its own there: a fragment ("Simon &") or one of three or more words ("Mississippi" of "the
    Mississippi Institute of Arts"). Not a first name of two ("Adam" of "Adam Smith"): chats call him that."""
    if short[-1:].isalnum() and len(long_.split()) < 3:
        return False
    spans = [(m.start(), m.end()) for m in re.finditer(re.escape(long_), q)]
    starts = [m.start() for m in _whole(short).finditer(q)]
    return bool(spans and starts) and all(any(a <= i and i + len(short) <= b for a, b in spans) for i in starts)


_YEAR_WORD = re.compile(r"1[5-9]\d\d|20\d\d")
_CONNECTOR = re.compile(r"\s(?:of|on|in|the|a|an|and|at|for|to|from|with|by|upon)\s", re.IGNORECASE)


def _name_forms(name: str) -> list[frozenset[str]]:
    """A name matches in full, or by its last word alone ("Scrooge" for "Ebenezer Scrooge")."""
    full = stems(name)
    words = [w for w in lexical.words(name) if w not in lexical.stop_words()]
    if any(_YEAR_WORD.fullmatch(w) for w in words):
        # "2007 FIFA U-20 World Cup", "the entire 2003–04 season": one edition or season; "Cup" alone, or
        # the 2009 one, is another
        return [full]
    # A title's last word is a common word ("Hank Williams on Stage" is not in "his stage name"), and a number
    # names nothing ("Big Hero 6"): only a name of names goes by its last one.
    titled = bool(_CONNECTOR.search(name)) or not words or not words[-1].isalpha()
    # nor a kind ("Corporation" of "Six Flags Entertainment Corporation")
    titled = titled or kind_word(words[-1])
    return [full, frozenset({stem(words[-1])})] if len(words) > 1 and not titled else [full]


def named_in(name: str, text_stems: frozenset[str]) -> bool:
    return any(form <= text_stems for form in _name_forms(name))
