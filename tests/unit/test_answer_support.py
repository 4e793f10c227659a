"""How much of a question's relation words a sentence covers: the same figure in every process."""

from __future__ import annotations

import pytest

from lightrag_core.query.answer_support import cover


def test_cover_does_not_depend_on_the_order_terms_are_summed_in() -> None:
    # 0.1 + 0.2 + 0.3 and 0.3 + 0.2 + 0.1 differ in the last bit; the order of a set of words changes with
    # the hash seed, and a tie at a threshold must not be decided differently from one process to the next.
    terms = {"found", "label", "record"}
    words = frozenset(terms)
    forward = cover(terms, {"found": 0.1, "label": 0.2, "record": 0.3}, words)
    backward = cover(terms, {"record": 0.3, "label": 0.2, "found": 0.1}, words)
    assert forward == backward == 1.0
    half = cover(terms, {"found": 0.1, "label": 0.2, "record": 0.3}, frozenset({"found", "label"}))
    assert half == pytest.approx(0.5)
