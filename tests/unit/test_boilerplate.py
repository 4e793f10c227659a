"""A book's Project Gutenberg wrapper is left out of what is indexed, and the report says so."""

from __future__ import annotations

import time
from pathlib import Path

from lightrag_core.indexing.boilerplate import strip_boilerplate
from lightrag_core.indexing.loaders import document_from_bytes

BOOK = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "christmas_carol" / "book.txt"

WRAPPED = """The Project Gutenberg eBook of Tiny Tales
Title: Tiny Tales

*** START OF THIS PROJECT GUTENBERG EBOOK TINY TALES ***

Produced by a volunteer team at http://www.pgdp.net

Ada Lovelace wrote the first program for Charles Babbage.

End of the Project Gutenberg EBook of Tiny Tales
*** END OF THIS PROJECT GUTENBERG EBOOK TINY TALES ***

Section 1. General Terms of Use of the Project Gutenberg Literary Archive Foundation
"""


def test_the_demo_novel_keeps_the_story_and_loses_the_licence():
    raw = BOOK.read_bytes().decode("utf-8-sig")  # as the loader reads it: with the file's CRLF line ends
    assert "\r\n" in raw
    body, note = strip_boilerplate(raw)
    assert note == ("left out the Project Gutenberg header (27 lines), licence (352 lines) "
                    "and 33 illustration placeholders")
    assert body.lstrip().startswith("A CHRISTMAS CAROL")
    assert "Marley was dead, to begin with." in body and body.rstrip().endswith("+")  # the transcriber's box
    assert "Gutenberg" not in body and "Literary Archive Foundation" not in body and "pgdp.net" not in body
    assert "[Illustration" not in body
    # The caption is gone (what remains is the book's own list of illustrations); the story line stays.
    assert body.count('"How now?" said Scrooge, caustic') == 1 and "'How now!' said Scrooge, caustic" in body


def test_an_older_wrapper_with_its_prose_end_and_credit():
    for text in (WRAPPED, WRAPPED.replace("\n", "\r\n")):
        body, note = strip_boilerplate(text)
        assert body == "Ada Lovelace wrote the first program for Charles Babbage."
        assert note == "left out the Project Gutenberg header (4 lines) and licence (4 lines)"


def test_text_without_markers_or_with_nothing_between_them_is_kept_as_it_is():
    plain = "A note that mentions Project Gutenberg and its licence in passing."
    assert strip_boilerplate(plain) == (plain, "")
    empty = "*** START OF THE PROJECT GUTENBERG EBOOK X ***\n\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\n"
    assert strip_boilerplate(empty) == (empty, "")
    unended = "header\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\nThe story, cut short."
    assert strip_boilerplate(unended) == ("The story, cut short.", "left out the Project Gutenberg header (2 lines)")


def test_the_loader_indexes_the_body_and_carries_the_note():
    doc = document_from_bytes(WRAPPED.encode(), "tales.txt")
    assert doc.text == "Ada Lovelace wrote the first program for Charles Babbage."
    assert doc.cleaned.startswith("left out the Project Gutenberg header")
    html = "<html><body><p>*** START OF THE PROJECT GUTENBERG EBOOK X ***</p><p>Body text here.</p>" \
           "<p>*** END OF THE PROJECT GUTENBERG EBOOK X ***</p><p>Licence.</p></body></html>"
    assert document_from_bytes(html.encode(), "x.html").text == "Body text here."


def test_illustration_placeholders_go_but_brackets_in_the_text_stay():
    text = ("*** START OF THE PROJECT GUTENBERG EBOOK X ***\n[Illustration]\nShe read it [aloud]. "
            "[Illustration: _The end of\nthe road_]\n*** END OF THE PROJECT GUTENBERG EBOOK X ***")
    body, note = strip_boilerplate(text)
    assert body.strip() == "She read it [aloud]."
    assert note == "left out the Project Gutenberg header (1 line), licence (1 line) and 2 illustration placeholders"


def test_a_long_line_after_the_prose_end_costs_linear_time():
    # 200,000 spaces after "End of the Project Gutenberg": the old end-of-text pattern backtracked over
    # every split of the line (16,000 spaces took 1.3 s, growing with the square of the length).
    spaces = " " * 200_000
    text = ("*** START OF THE PROJECT GUTENBERG EBOOK X ***\nThe story.\n"
            f"End of the Project Gutenberg{spaces}x\nmore{spaces}\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\n")
    started = time.perf_counter()
    body, note = strip_boilerplate(text)
    assert time.perf_counter() - started < 2  # before: far beyond 100 s
    assert body.startswith("The story.\nEnd of the Project Gutenberg")  # not the last line: kept
    tail = "*** START OF THE PROJECT GUTENBERG EBOOK X ***\nThe story.\nEnd of Project Gutenberg's X" + spaces
    started = time.perf_counter()
    assert strip_boilerplate(tail + "\n")[0] == "The story."
    assert time.perf_counter() - started < 2  # before: far beyond 100 s
