"""Document-derived text made safe to show through Streamlit's Markdown: it renders as the text it is.

Streamlit renders strings as GitHub Markdown: `![x](url)` makes every reader's browser fetch the URL,
bare `http://…` and `www.…` become links, `$…$` becomes LaTeX and `:name:` an icon. Document text
(answers quoting it, chunks, descriptions, file names) goes through `as_text` first, which escapes
every ASCII punctuation mark with a backslash: CommonMark allows that escape for exactly those
characters, so nothing in the text can open Markdown, HTML, an entity or an autolink, and the reader
still sees every character. Line breaks stay line breaks.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator

_PUNCTUATION = re.compile("([" + re.escape(string.punctuation) + "])")
_LINE_BREAK = re.compile(r"\r\n?|\n")


def as_text(text: object) -> str:
    """`text` as Markdown that renders literally: punctuation escaped, each line break a hard break."""
    escaped = _PUNCTUATION.sub(r"\\\1", str(text))
    # Two trailing spaces make a hard break, so an answer's lines stay lines instead of one paragraph.
    return _LINE_BREAK.sub("  \n", escaped)


class TextStream:
    """A streamed answer for `st.write_stream`: yields each part escaped, keeps the raw text in `text`."""

    def __init__(self, parts: Iterable[str]) -> None:
        self._parts = parts
        self.text = ""

    def __iter__(self) -> Iterator[str]:
        for part in self._parts:
            self.text += part
            yield as_text(part)
