"""A book's table of contents and its lists of illustrations, figures or tables: lines that
name a part and the page it starts on.

Indexed, they are read as prose: "Stave Five 147" becomes an organisation, "List of Black"
a second one, and an illustration's caption (a line of dialogue cut where the printer broke
it) becomes entities such as "'How" that head the review queue and the generated questions.
They hold nothing the chapters do not say again. A block is cut only when it is plainly a
list of pages: it opens with a heading ("CONTENTS", "List of Illustrations") and has at least
three lines ending in a page number after a run of spaces or dots, or, with no heading, at
least three dot-leader lines ("Introduction ........ 3"). A financial table's figures sit
after spaces too, which is why spaces alone count only under a heading.
"""

from __future__ import annotations

import re

_HEADING = re.compile(
    r"(?:table of )?contents"
    r"|list of (?:(?:coloured |colour |black and white )?illustrations|figures|tables|plates|maps)",
    re.I,
)
# A page: a number or a range ("28-29"), a lower-case roman numeral, or a word printers use for one.
_PAGE = re.compile(r"(?<!\w)(?:\d{1,4}(?:[-–]\d{1,4})?|[ivxlc]{1,7}|_?frontispiece_?)$", re.I)
_GAP = 10  # lines of an entry's wrapped text (or a sub-heading) allowed between two page lines under a heading
_DOT_GAP = 2  # … and between two dot-leader lines with no heading
_MAX_LINE = 300  # longer lines are prose, and are not searched
_MIN_ENTRIES = 3
_MIN_DOTS = 4  # an ellipsis ("let me see... 40") is three


def _leader(line: str) -> tuple[str, int]:
    """('dots' or 'spaces', its arabic page or 0) when the line ends in a page number after a leader, else ('', 0)."""
    text = line.rstrip()
    if len(text) > _MAX_LINE:
        return "", 0
    page = _PAGE.search(text)
    if page is None or page.start() == 0:
        return "", 0
    head = text[: page.start()]
    if not head.strip(" \t.…"):
        return "", 0
    number = int(re.split(r"[-–]", page.group())[0]) if page.group()[0].isdigit() else 0
    bare = head.rstrip(" \t")
    leader = bare[len(bare.rstrip(". ")):]  # the run of dots (and the spaces between them) before the page
    if leader.count(".") >= _MIN_DOTS or bare.endswith("……") or leader.count(" .") >= 2:
        return "dots", number
    return ("spaces", number) if head.endswith("   ") or head.endswith("\t") else ("", 0)


def _is_heading(line: str) -> bool:
    return _HEADING.fullmatch(line.strip().strip("#*_ ").rstrip(".:")) is not None


def strip_contents_lists(text: str) -> tuple[str, str]:
    """The text without its contents lists, and what was left out ('' when nothing was)."""
    lines = text.splitlines(keepends=True)
    cuts: list[tuple[int, int]] = []  # line ranges [start, end) to drop
    block: list[int] = []  # page lines of the block being read
    kinds: list[str] = []
    heading = -1
    since = 0  # non-blank lines since the block's last page line (or its heading)
    last_page = 0  # pages only grow down a list; a poem's line numbers after it start again ("51", then "5")

    def close() -> None:
        if len(block) >= _MIN_ENTRIES and (heading >= 0 or kinds.count("dots") >= _MIN_ENTRIES):
            cuts.append((heading if heading >= 0 else block[0], block[-1] + 1))

    for number, line in enumerate(lines):
        if not line.strip():
            continue
        kind, page = _leader(line)
        if kind and block and page and page < last_page:
            close()
            block, kinds, heading, since, last_page = [], [], -1, 0, 0
            continue
        if kind:
            if not block and heading < 0 and kind == "spaces":
                continue  # spaced figures with no heading above them: a table, not a list of pages
            block.append(number)
            kinds.append(kind)
            since = 0
            last_page = page  # (a roman page, 0, starts the count again: the front matter's own pages)
            continue
        since += 1
        if _is_heading(line) and not block:
            heading, since = number, 0
            continue
        if since > (_GAP if heading >= 0 else _DOT_GAP) or (_is_heading(line) and block):
            close()
            block, kinds, last_page = [], [], 0
            heading = number if _is_heading(line) else -1
            since = 0
    close()
    if not cuts:
        return text, ""
    dropped_lines = bytearray(len(lines))  # (one pass: a membership test per cut was quadratic on many lists)
    for a, b in cuts:
        dropped_lines[a:b] = b"\x01" * (b - a)
    keep = [line for line, gone in zip(lines, dropped_lines) if not gone]
    dropped = sum(b - a for a, b in cuts)
    label = "a contents list" if len(cuts) == 1 else f"{len(cuts)} contents lists"
    return "".join(keep), f"left out {label} ({dropped} line{'s' if dropped > 1 else ''})"
