""""What is X's first name?" is read off the name as the text writes it in full, or not answered."""

from __future__ import annotations

import pytest

from lightrag_core.query.name_part import FIRST, FULL, LAST, MIDDLE, asked_part
from tests.unit.test_short_answer import answer

LEDGER = ("Then Pike bolted the door. The firm's books were kept by Cornelius Pike, a dry old man. "
          "Nobody ever called Pike Pike twice. Old Pike nodded to Martha Greel, his clerk. "
          "Greel sat down. Martha Jane Greel signed the ledger.")


@pytest.mark.parametrize(("question", "asked"), [
    ("What is Pike's first name?", (FIRST, "Pike")),
    ("What was the given name of Pike?", (FIRST, "Pike")),
    ("What is Martha's surname?", (LAST, "Martha")),
    ("What is the last name of Martha?", (LAST, "Martha")),
    ("What is Greel's middle name?", (MIDDLE, "Greel")),
    ("What was the full name of Greel?", (FULL, "Greel")),
    # a description is no name the text writes out
    ("What is the middle name of the author of Walking on Glass?", None),
    ("What is Pike's job?", None),
])
def test_the_asked_part(question: str, asked: tuple[str, str] | None) -> None:
    assert asked_part(question) == asked


@pytest.mark.parametrize(("question", "expected"), [
    # a sentence's first word ("Then") and a title ("Old") are no first name; "Pike Pike" no longer name
    ("What is Pike's first name?", "Cornelius"),
    ("What is the first name of Pike?", "Cornelius"),
    ("What is Martha's last name?", "Greel"),
    ("What is Greel's middle name?", "Jane"),
])
def test_the_part_as_written(question: str, expected: str) -> None:
    found = answer(question, [LEDGER], [])
    assert found is not None and found.confident and found.text == expected, found
    assert expected in found.evidence[0].text


@pytest.mark.parametrize(("question", "chunks"), [
    # the name is never written out
    ("What is Pike's first name?", ["Pike bolted the door. Old Pike nodded. Pike slept."]),
    # a word capitalised only where a sentence starts is no name ("Tomorrow Pike")
    ("What is Pike's first name?", ["He said it would rain. Tomorrow Pike sails."]),
    # the texts disagree: two first names, written once each
    ("What is Pike's first name?", ["At dawn, Cornelius Pike sailed. Later, Edmund Pike came home."]),
])
def test_no_full_name_no_answer(question: str, chunks: list[str]) -> None:
    found = answer(question, chunks, [])
    assert found is None, found  # (no other reading answers it either: "Tomorrow" is no name)
