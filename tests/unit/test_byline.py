""""Who wrote <book>?" is answered by the book's byline on its title page, where the small model finds no person."""

from __future__ import annotations

import pytest

from tests.unit.test_short_answer import answer

TITLE_PAGE = ("A WINTER LEDGER\nA WINTER LEDGER BY MARGARET OSWIN ILLUSTRATED BY PETER KALE HALLOWAY AND SONS "
              "LONDON FIRST PUBLISHED 1911. The snow fell on the counting-house. ")


@pytest.mark.parametrize("question", ["Who wrote A Winter Ledger?", "Who is the author of A Winter Ledger?",
                                      "who wrote a winter ledger?", "Who wrote the novel A Winter Ledger?"])
def test_the_byline_names_the_author(question: str) -> None:
    found = answer(question, [TITLE_PAGE], [])
    assert found is not None and found.confident and found.text == "Margaret Oswin", found
    assert "BY MARGARET OSWIN" in found.evidence[0].text


@pytest.mark.parametrize("chunk", ["The Salt Road by Ada Fenwick\nChapter One. It rained.",
                                   # the title line ends the name, though the next line is read on with it
                                   "The Salt Road by Ada Fenwick\nIt rained all day."])
def test_a_byline_where_a_line_starts(chunk: str) -> None:
    found = answer("Who wrote The Salt Road?", [chunk], [])
    assert found is not None and found.confident and found.text == "Ada Fenwick", found


@pytest.mark.parametrize(("question", "chunks"), [
    # the illustrator's "by" follows no title
    ("Who illustrated A Winter Ledger?", [TITLE_PAGE]),
    # a performer inside a sentence is no byline ('"Hallelujah" by Jeff Buckley' is a cover)
    ("Who wrote Lantern Song?", ["The choir sang Lantern Song by Tom Bray at the fair, to great applause. "]),
    # two bylines, two authors
    ("Who wrote The Salt Road?", ["The Salt Road by Ada Fenwick\nIt rained. ",
                                  "The Salt Road by Iris Moor\nIt snowed. "]),
])
def test_no_byline_no_answer(question: str, chunks: list[str]) -> None:
    found = answer(question, chunks, [])
    wrong = {"Peter Kale", "Tom Bray", "Ada Fenwick", "Iris Moor"}
    assert found is None or not found.confident or found.text not in wrong, found
