"""A file's own title becomes its document's subject: a Markdown heading, an HTML <title>, PDF and .docx
title metadata; junk titles and hostile input give none."""

from __future__ import annotations

import io
import time
import zipfile

from lightrag_core.indexing.loaders import document_from_bytes
from lightrag_core.indexing.subjects import docx_title, file_subject, html_title, markdown_title, pdf_title


def test_markdown_first_heading_is_the_subject():
    doc = document_from_bytes(b"Intro line\n\n# Marie Curie\n\nShe was born in Warsaw.\n## Later\n", "notes.md",
                              whole_file=True)
    assert doc.subject == "Marie Curie" and doc.title == "notes.md"
    assert markdown_title("No heading here.\n#hashtag is not one\n") == ""
    assert markdown_title("# \n") == "" and markdown_title("## 1999 ##") == ""  # no letters: not a title


def test_html_title_with_entities_and_bounded_search():
    assert html_title(b"<html><head><title>Curie &amp; Radium</title></head><body>x</body></html>") == \
        "Curie & Radium"
    assert html_title(b"<title>unclosed" + b" a" * 50_000) == ""
    started = time.perf_counter()
    assert html_title(b"<title" * 200_000) == ""  # many openings, no '>': plain finds, one pass
    assert time.perf_counter() - started < 1.0


def test_pdf_title_metadata(tmp_path):
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=72, height=72)
    writer.add_metadata({"/Title": "Microsoft Word - Radium Report.docx"})
    buf = io.BytesIO()
    writer.write(buf)
    assert pdf_title(buf.getvalue()) == "Radium Report"  # the tool's prefix and the extension dropped
    assert pdf_title(b"%PDF-1.4 not really") == ""


def _docx(core: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("docProps/core.xml", core)
    return buf.getvalue()


def test_docx_title_property_and_refused_entities():
    core = (b'<?xml version="1.0"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/'
            b'metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Polonium</dc:title>'
            b"</cp:coreProperties>")
    assert docx_title(_docx(core)) == "Polonium"
    bomb = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><x><dc:title>&a;</dc:title></x>'
    assert docx_title(_docx(bomb)) == ""
    assert docx_title(b"not a zip") == ""
    assert file_subject(b"", "plain.csv", "# Heading") == ""  # a type that names no title


def test_a_question_naming_a_markdown_heading_reaches_that_file(offline_settings, tmp_path):
    """Indexed through the real engine: the heading links by title, and so does the file's name."""
    from lightrag_core import Engine, QueryParam

    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "field_notes.md").write_text("# The Quiet Orchard\n\nThe orchard lies east of the old mill. "
                                           "Apples ripen there in late September.\n")
    (folder / "other.md").write_text("# Harbour Log\n\nShips left the harbour at dawn.\n")
    engine = Engine(offline_settings)
    try:
        engine.index_paths([folder])
        result = engine.query_data("When do apples ripen in The Quiet Orchard?", QueryParam(mode="multihop"))
        titles = {lk["entity"] for lk in result.linked_entities if lk["method"] == "title"}
        assert "The Quiet Orchard" in titles
        by_name = engine.query_data("What do the Field Notes say about apples?", QueryParam(mode="multihop"))
        assert {lk["entity"] for lk in by_name.linked_entities if lk["method"] == "title"} == {"The Quiet Orchard"}
    finally:
        engine.close()
