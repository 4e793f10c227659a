"""What answers a question that asks for a measure: "how long …?" a duration or a length, "how much did it earn
/ cost …?" a sum of money. A bare count ("42", "two") fits such a question only weakly."""

from __future__ import annotations

import re

from lightrag_core.query.answer_spans import Span
from lightrag_core.query.answer_type import DATE, LABELS, MONEY

# a span of time the tagger labels a date ("about 100 years", "12 days"), as "how long …?" asks
_DURATION = re.compile(r"\b(?:\d[\d,.]*|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                       r"twenty|thirty|forty|fifty|sixty|hundred|several|few)\s+(?:more\s+)?"
                       r"(?:years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|centuries)\b",
                       re.IGNORECASE)
BARE_COUNT = 0.3  # "how long …?" answered by a number with no unit ("42") fits this much


def measure_fit(head: str, span: Span) -> float:
    """How well the span answers a measure question whose head is LENGTH or MONEY."""
    if head == MONEY:
        fits = span.label == "MONEY"  # "$15 million", not a count of something ("two")
    else:  # a quantity ("6.89 mi") or a duration ("about 100 years"); a date does not answer
        fits = span.label == "QUANTITY" or (span.label in LABELS[DATE] and _DURATION.search(span.text) is not None)
    return 1.0 if fits else BARE_COUNT if span.label == "CARDINAL" else 0.0
