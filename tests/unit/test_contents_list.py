"""A book's contents and illustration lists are left out of what is indexed; tables and prose stay."""

from __future__ import annotations

import time
from pathlib import Path

from lightrag_core.indexing.boilerplate import strip_boilerplate
from lightrag_core.indexing.contents_list import strip_contents_lists
from lightrag_core.indexing.loaders import document_from_bytes

BOOK = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "christmas_carol" / "book.txt"

BOOK_FRONT = """Preface words.

  CONTENTS

  STAVE ONE--MARLEY'S GHOST                                             3
  STAVE TWO--THE FIRST OF THE THREE SPIRITS                            37
  STAVE THREE--THE SECOND OF THE THREE SPIRITS                         69

  LIST OF ILLUSTRATIONS

  "How now?" said Scrooge, caustic
    and cold as ever.                                        _Frontispiece_
  Bob Cratchit went down a slide                                      16
  Tailpiece                                                           vi
  On the wings of the wind                                         28-29

STAVE ONE

Marley was dead, to begin with.
"""


def test_both_lists_go_and_the_story_stays():
    body, note = strip_contents_lists(BOOK_FRONT)
    assert body == "Preface words.\n\n\n\nSTAVE ONE\n\nMarley was dead, to begin with.\n"
    assert note == "left out 2 contents lists (12 lines)"


def test_dot_leaders_need_no_heading_and_crlf_is_kept():
    text = ("Intro line.\r\nIntroduction ........ 1\r\nMethods . . . . 4\r\nResults ..... 9\r\n"
            "The study began in May.\r\n")
    body, note = strip_contents_lists(text)
    assert body == "Intro line.\r\nThe study began in May.\r\n"
    assert note == "left out a contents list (3 lines)"


def test_a_table_of_figures_a_short_list_and_prose_are_kept():
    table = "Revenue      1200\nCosts        800\nProfit       400\nTax          100\n"
    assert strip_contents_lists(table) == (table, "")  # spaced figures with no contents heading
    short = "Contents\n\nOne     1\nTwo     5\n\nThe rest is prose.\n"
    assert strip_contents_lists(short) == (short, "")  # two entries are not a list of pages
    prose = "He said so... and left at 3\nThe contents of the box were 12 apples, etc\n" * 3
    assert strip_contents_lists(prose) == (prose, "")
    far = "Contents\n" + "A line of the story.\n" * 12 + "".join(f"Part {n}        {n}\n" for n in range(1, 5))
    assert strip_contents_lists(far) == (far, "")  # the heading is too far above: spaced numbers alone


def test_the_demo_novel_loses_its_lists_only():
    raw = BOOK.read_bytes().decode("utf-8-sig")
    body, _ = strip_boilerplate(raw)
    kept, note = strip_contents_lists(body)
    assert note == "left out 2 contents lists (94 lines)"
    assert "Tailpiece" not in kept and "STAVE FIVE--THE END OF IT" not in kept
    assert "Bob Cratchit, clerk to Ebenezer Scrooge." in kept  # the list of characters says who is who
    assert kept.count("Marley was dead, to begin with.") == 1 and "God bless Us, Every One!" in kept


def test_the_loader_reports_it_and_a_long_line_is_quick():
    doc = document_from_bytes(BOOK_FRONT.encode(), "front.txt")
    assert "STAVE TWO" not in doc.text and doc.cleaned == "left out 2 contents lists (12 lines)"
    line = "Contents\n" + ("word " * 40_000 + "   . . . . . . 12\n") * 5
    start = time.perf_counter()
    strip_contents_lists(line)
    assert time.perf_counter() - start < 1.0
