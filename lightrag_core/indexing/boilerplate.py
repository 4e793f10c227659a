"""Text a file carries that is not its content: a Project Gutenberg book's header, licence and
illustration placeholders.

Public-domain books are the usual first corpus (LightRAG's own demo indexes one), and each
wraps the book in ~400 lines of licence text. Indexed, that text becomes entities such as
"Project Gutenberg", "Foundation" and "United States" that link to nothing in the book and
crowd the hubs; "[Illustration: ...]" captions repeat lines of the text and end up as entity
descriptions. Nothing is removed unless the markers Gutenberg prints are there, and what was
left out is said in the indexing report.
"""

from __future__ import annotations

import re

_START = re.compile(r"^[ \t]*\*{3}[ \t]*START OF (?:THE|THIS) PROJECT GUTENBERG E-?BOOK[^\n]*$", re.I | re.M)
_END = re.compile(r"^[ \t]*\*{3}[ \t]*END OF (?:THE|THIS) PROJECT GUTENBERG E-?BOOK[^\n]*$", re.I | re.M)
# Older files repeat the end in prose on the line before the marker. Only the opening words are
# matched (anchored): a pattern running to the end of the text backtracks quadratically on a long line.
_END_PROSE = re.compile(r"End of (?:the )?Project Gutenberg", re.I)
# The volunteers' credit that opens most books ("Produced by ... Team at http://www.pgdp.net").
# Image placeholders inside the book; their captions repeat lines of the text. A caption stops at the
# next "[" too, so an unclosed placeholder is scanned only up to the next one, not 600 characters each.
_ILLUSTRATION = re.compile(r"\[Illustration(?::[^\][]{0,600})?\]", re.I)
_CREDIT = re.compile(r"\A\s*Produced by\b.*?(?:\n[ \t\r]*\n|\Z)", re.I | re.S)  # CRLF files too


def strip_boilerplate(text: str) -> tuple[str, str]:
    """The text without a Project Gutenberg wrapper, and what was left out ('' when nothing was)."""
    start = _START.search(text)
    if start is None:
        return text, ""
    end = _END.search(text, start.end())
    body = text[start.end() : end.start() if end else len(text)]
    body = _CREDIT.sub("", _without_end_prose(body)).strip("\r\n")
    if not body.strip():  # markers around nothing: keep the file as it is rather than index nothing
        return text, ""
    body, pictures = _ILLUSTRATION.subn("", body)
    parts = [f"the Project Gutenberg header ({_lines(text[: start.end()])})"]
    if end:
        parts.append(f"licence ({_lines(text[end.start() :])})")
    if pictures:
        parts.append(f"{pictures} illustration placeholder{'s' if pictures > 1 else ''}")
    return body, "left out " + ", ".join(parts[:-1]) + " and " * (len(parts) > 1) + parts[-1]


def _without_end_prose(body: str) -> str:
    """The body without a last line (after a line break) that repeats the end in prose; one linear pass."""
    trimmed = body.rstrip()
    cut = trimmed.rfind("\n")
    if cut >= 0 and _END_PROSE.match(trimmed[cut + 1 :].lstrip(" \t")):
        return body[:cut]
    return body


def _lines(text: str) -> str:
    n = text.count("\n") + 1
    return f"{n} line" + ("s" if n > 1 else "")
