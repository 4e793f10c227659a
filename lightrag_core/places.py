"""Where in its file a piece of text came from: a PDF's page, or the heading a Markdown or .docx
section sits under, so a citation can say "report.pdf, p. 12" rather than just the file.

A place list is `[(offset, label), ...]` sorted by offset: from each offset on, until the next,
the text is on that page or under that heading. Readers make one for a whole document; chunking
keeps, for each chunk, the places that fall inside it with offsets counted from the chunk's start.
"""

from __future__ import annotations

import bisect
import re

Place = tuple[int, str]

MAX_LABEL = 80  # a heading is a label, not a paragraph
MAX_PLACES = 20_000  # a document with more headings than this gets none recorded past it
# A Markdown ATX heading line ("## Results"); bounded line length so a hostile line costs little.
_HEADING = re.compile(r"^ {0,3}#{1,6}[ \t]+([^\n]{1,300}?)[ \t#]*$", re.M)
_ANCHOR = 60  # characters of a place's text used to find it again after boilerplate is cut


def page_label(number: int) -> str:
    return f"p. {number}"


def heading_label(text: str) -> str:
    text = " ".join(text.split())
    return "§ " + (text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…")


def markdown_headings(text: str) -> list[Place]:
    """Each ATX heading's line, labelled with its words."""
    out: list[Place] = []
    for match in _HEADING.finditer(text):
        words = match.group(1).strip()
        if words:
            out.append((match.start(), heading_label(words)))
            if len(out) >= MAX_PLACES:
                break
    return out


def at(places: list[Place], offset: int) -> str:
    """The label in effect at `offset` ('' before the first place, or with none)."""
    i = bisect.bisect_right([p[0] for p in places], offset) - 1
    return places[i][1] if i >= 0 else ""


def within(places: list[Place], start: int, end: int, offsets: list[int] | None = None) -> list[Place]:
    """The places of the text between `start` and `end`, counted from `start`: the one in effect at
    `start` (at 0), then each that begins before `end`. `offsets`: the places' offsets, when the
    caller asks for many spans of one document."""
    keys = offsets if offsets is not None else [p[0] for p in places]
    first = bisect.bisect_right(keys, start) - 1
    last = bisect.bisect_left(keys, end)
    out: list[Place] = [(0, places[first][1])] if first >= 0 else []
    out += [(offset - start, label) for offset, label in places[first + 1 : last]]
    return out


def span_label(places: list[Place]) -> str:
    """One label for a whole chunk: its page or pages ("pp. 3–4"), or its first heading."""
    if not places:
        return ""
    pages = [int(label[3:]) for _, label in places if label.startswith("p. ") and label[3:].isdigit()]
    if pages and len(pages) == len(places):
        return page_label(pages[0]) if pages[0] == pages[-1] else f"pp. {pages[0]}–{pages[-1]}"
    return places[0][1]


def reanchor(places: list[Place], original: str, kept: str) -> list[Place]:
    """The places moved onto `kept`, a trimmed copy of `original` (a file's boilerplate cut): each
    place is found again by its opening words, in order; one whose text was cut is dropped."""
    if kept == original:
        return places
    out: list[Place] = []
    pos = 0
    for offset, label in places:
        anchor = original[offset : offset + _ANCHOR].strip()
        if not anchor:
            continue
        found = kept.find(anchor, pos)
        if found >= 0:
            out.append((found, label))
            pos = found
    return out
