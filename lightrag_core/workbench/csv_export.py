"""The one way every export becomes CSV: cells a spreadsheet would run as a formula are neutralised.

A spreadsheet treats a cell starting with `=`, `+`, `-` or `@` as a formula (and a leading tab or
carriage return can hide one), so a document or answer quoting `=HYPERLINK(…)` would run when the
export is opened. Such text cells get a leading `'`, which spreadsheets show as text; numbers stay
numbers (-3 is still -3).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralise(value: Any) -> Any:
    """A cell value safe to open in a spreadsheet: text that would start a formula gets a leading `'`."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def rows_csv(rows: Iterable[Mapping[str, Any]], columns: Sequence[str] | None = None) -> str:
    """Rows of dicts as CSV text (columns: the given ones, else the first row's keys), every cell neutralised."""
    rows = list(rows)
    fieldnames = list(columns) if columns is not None else (list(rows[0]) if rows else [])
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=fieldnames, extrasaction="ignore")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: neutralise(row.get(k, "")) for k in fieldnames})
    return buf.getvalue()


def frame_csv(frame: Any) -> str:
    """A pandas DataFrame as CSV text, every text cell neutralised (column names too: they can come from a query)."""
    safe = frame.map(neutralise) if hasattr(frame, "map") else frame.applymap(neutralise)
    safe.columns = [neutralise(str(c)) for c in safe.columns]
    return str(safe.to_csv(index=False))
