"""What a reader sees of Markdown that safe_text.as_text wrote: AppTest hands back the Markdown source."""

from __future__ import annotations

import re

_ESCAPE_OR_CODE = re.compile(r"\\([!-/:-@\[-`{-~])|(`+) ?(.*?) ?\2")


def plain(markdown: str) -> str:
    """Backslash escapes, code-span fences and hard breaks undone."""
    def undo(m: re.Match[str]) -> str:
        return m.group(1) if m.group(1) is not None else m.group(3)

    return _ESCAPE_OR_CODE.sub(undo, markdown).replace("  \n", "\n")
