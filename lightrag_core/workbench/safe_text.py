"""Document-derived text made safe to show through Streamlit's Markdown: it renders as the text it is.

Streamlit renders strings as GitHub Markdown: `![x](url)` makes every reader's browser fetch the URL,
bare `http://…` and `www.…` become links, `$…$` becomes LaTeX and `:name:` an icon. Document text
(answers quoting it, chunks, descriptions, file names) goes through `as_text` first, which escapes
every ASCII punctuation mark with a backslash: CommonMark allows that escape for exactly those
characters, so nothing in the text can open Markdown, HTML or an entity, and the reader still sees
every character. GitHub's bare-URL links are found in the parsed text, after escapes, so a word that
holds a URL, `www.` or an e-mail address is shown as a code span instead (verbatim, never a link).
Line breaks stay line breaks.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Iterator

_PUNCTUATION = re.compile("([" + re.escape(string.punctuation) + "])")
_LINE_BREAK = re.compile(r"\r\n?|\n")


_EMAIL = re.compile(r"@[-\w]+\.[-\w]")
_BACKTICKS = re.compile(r"`+")


def _linkable(word: str) -> bool:
    lowered = word.lower()
    return "://" in lowered or "www." in lowered or _EMAIL.search(word) is not None


def _code_span(word: str) -> str:
    fence = "`" * (max((len(run) for run in _BACKTICKS.findall(word)), default=0) + 1)
    pad = " " if word.startswith("`") or word.endswith("`") else ""
    return f"{fence}{pad}{word}{pad}{fence}"


def as_text(text: object) -> str:
    """`text` as Markdown that renders literally: punctuation escaped, words holding a URL or address as
    code spans, each line break a hard break."""
    # Split on whitespace (linear, no backtracking on long words); odd items are the whitespace itself.
    parts = re.split(r"(\s+)", str(text))
    out = [part if i % 2 else (_code_span(part) if _linkable(part) else _PUNCTUATION.sub(r"\\\1", part))
           for i, part in enumerate(parts)]
    # Two trailing spaces make a hard break, so an answer's lines stay lines instead of one paragraph.
    return _LINE_BREAK.sub("  \n", "".join(out))


_WORD_END = re.compile(r"[ \t\n](?=\S*\Z)")


class TextStream:
    """A streamed answer for `st.write_stream`: yields it escaped, keeps the raw text in `text`.

    Parts are passed on whole words at a time: a URL split across parts ("www" then ".example.org")
    must be judged as one word, or the joined text would become a link."""

    def __init__(self, parts: Iterable[str]) -> None:
        self._parts = parts
        self.text = ""

    def __iter__(self) -> Iterator[str]:
        pending = ""
        for part in self._parts:
            self.text += part
            pending += part
            cut = _WORD_END.search(pending)
            if cut:
                ready, pending = pending[: cut.end()], pending[cut.end():]
                yield as_text(ready)
        if pending:
            yield as_text(pending)
