"""The documents that are not indexed, each with its whole reason: a table cell cuts a long error short.

The Upload page lists these lines under the documents table, as text (a file name or an error quoting a
document is document text).
"""

from __future__ import annotations

from lightrag_core.models import FAILED, PROCESSED, DocumentInfo

MAX_LINES = 50  # a batch that failed together (an endpoint down) repeats one error; the CSV export has them all


def problem_lines(docs: list[DocumentInfo], limit: int = MAX_LINES) -> tuple[list[str], int]:
    """One line per document not processed, at most `limit`, and how many more there are: its file, then why
    (the error in full, the file named once), then its id; an interrupted one with no error says so."""
    lines = []
    failed = [d for d in docs if d.status != PROCESSED]
    for d in failed[:limit]:
        name = d.title or d.id
        if d.error:
            why = d.error if d.error.startswith(f"{name}:") else f"{name}: {d.error}"
        elif d.status == FAILED:
            why = f"{name}: failed, with no reason recorded"
        else:
            why = f"{name}: interrupted while {d.status}; re-run it to finish"
        lines.append(f"{why} · id {d.id}")
    return lines, len(failed) - len(lines)
