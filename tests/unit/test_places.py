"""Pages and headings of a text, cut per chunk, found again after boilerplate is removed."""

from __future__ import annotations

import time

from lightrag_core.indexing.chunking import chunk_document
from lightrag_core.indexing.loaders import document_from_bytes
from lightrag_core.places import at, markdown_headings, reanchor, span_label, within


def test_markdown_headings_are_places_and_code_or_hashtags_are_not() -> None:
    text = "# Intro\nText.\n#hashtag is not a heading\n    # indented code\n## Results ##\nMore."
    assert markdown_headings(text) == [(0, "§ Intro"), (text.index("## Results"), "§ Results")]


def test_a_hostile_heading_line_costs_little() -> None:
    text = "# " + "a " * 200_000 + "\n" + "#" * 100_000
    started = time.perf_counter()
    markdown_headings(text)
    assert time.perf_counter() - started < 2.0  # generous; the pattern is bounded per line


def test_lookups_and_chunk_spans() -> None:
    places = [(0, "p. 1"), (100, "p. 2"), (250, "p. 3")]
    assert at(places, 0) == "p. 1" and at(places, 99) == "p. 1" and at(places, 100) == "p. 2" and at([], 5) == ""
    assert within(places, 90, 260) == [(0, "p. 1"), (10, "p. 2"), (160, "p. 3")]
    assert within(places, 100, 120) == [(0, "p. 2")]
    assert span_label(within(places, 90, 260)) == "pp. 1–3" and span_label([(0, "p. 7")]) == "p. 7"
    assert span_label([(0, "§ Methods"), (40, "§ Results")]) == "§ Methods" and span_label([]) == ""


def test_places_follow_the_text_when_a_books_wrapper_is_cut() -> None:
    original = "Licence header\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\n# One\nFirst part.\n# Two\nSecond."
    kept = "# One\nFirst part.\n# Two\nSecond."
    places = markdown_headings(original)
    assert reanchor(places, original, kept) == [(0, "§ One"), (kept.index("# Two"), "§ Two")]
    doc = document_from_bytes(original.encode(), "book.md")
    assert doc.text == kept and doc.places == [(0, "§ One"), (kept.index("# Two"), "§ Two")]


def test_each_chunk_keeps_its_own_places_counted_from_its_start() -> None:
    body = "# Intro\n\n" + "Alpha beta gamma. " * 300 + "\n\n## Results\n\n" + "Delta epsilon. " * 400
    doc = document_from_bytes(body.encode(), "notes.md")
    chunks = chunk_document(doc, 300, 50)
    assert chunks[0].places == [(0, "§ Intro")]
    switching = [c for c in chunks if len(c.places) == 2]
    assert switching, [c.places for c in chunks]
    for chunk in switching:
        offset, label = chunk.places[1]
        assert label == "§ Results" and chunk.content[offset:].startswith("## Results")
    assert chunks[-1].places == [(0, "§ Results")]
    plain = document_from_bytes(body.encode(), "notes.txt")  # plain text: no headings are read
    assert all(c.places == [] for c in chunk_document(plain, 300, 50))
