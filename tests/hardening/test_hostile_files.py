"""Hostile files cost bounded time and memory: each fails on its own, its error naming the limit it
passed and the setting that raises it. The files are built here (tests/support), none committed."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from lightrag_core.indexing import loaders
from lightrag_core.indexing.file_limits import ReadLimits
from lightrag_core.indexing.loaders import LoadFailure, document_from_bytes, load_file, load_upload
from tests.support.docx_files import bomb_docx, good_docx, lying_docx, many_parts_docx, paragraphs_docx
from tests.support.pdfs import shared_stream_pdf, text_pdf

ROOT = Path(__file__).resolve().parents[2]
LIMITS = ReadLimits()
LINE = "Every page shares this line."


def failure(data: bytes, name: str, limits: ReadLimits = LIMITS) -> str:
    item = load_upload(data, name, limits=limits)
    assert isinstance(item, LoadFailure), f"{name} was read: {str(item)[:200]}"
    return item.error


def timed(fn, *args):
    started = time.perf_counter()
    result = fn(*args)
    return result, time.perf_counter() - started


# -- .docx ---------------------------------------------------------------------------------------


def test_a_zip_bomb_docx_is_refused_from_its_directory_before_it_is_unpacked():
    bomb = bomb_docx(60_000_000)  # about 190 KB on disk
    assert len(bomb) < 300_000
    error, seconds = timed(failure, bomb, "bomb.docx")
    assert "unpacks to 59.9 MB, more than the 50 MB limit" in error and "raise LIGHTRAG_MAX_DOCX_MB" in error
    assert seconds < 3
    # Under the size limit, its packing ratio still gives it away.
    error = failure(bomb_docx(20_000_000), "smaller.docx")
    assert "word/document.xml unpacks to" in error and "raise LIGHTRAG_MAX_DOCX_RATIO" in error


def test_docx_parts_count_and_a_part_that_lies_about_its_size():
    assert "2017 parts is more than a .docx holds" in failure(many_parts_docx(2000), "parts.docx")
    # The directory says 1000 bytes; the part holds 5 MB. zipfile stops at the declared size (then
    # its checksum fails), so the check on declared sizes still bounds what is unpacked.
    error, seconds = timed(failure, lying_docx(1000), "lying.docx")
    assert "not a valid .docx file" in error and "CRC" in error and seconds < 3


def test_docx_text_stops_at_the_text_limit_and_a_real_long_document_is_read():
    long_doc = paragraphs_docx(3000, "Charles Babbage designed the Analytical Engine in London.")
    doc = document_from_bytes(long_doc, "long.docx")
    assert len(doc.text.splitlines()) == 3001 and doc.text.endswith("2999 Charles Babbage designed the "
                                                                     "Analytical Engine in London.")
    error = failure(long_doc, "long.docx", replace(LIMITS, max_text_chars=50_000))
    assert "longer than the 50,000 character limit; split it, or raise LIGHTRAG_MAX_TEXT_MB" in error
    assert document_from_bytes(good_docx(), "good.docx").text.startswith("Ada Lovelace")


# -- PDF -----------------------------------------------------------------------------------------


def test_a_pdf_with_more_pages_than_the_limit_is_refused_before_any_page_is_read():
    error, seconds = timed(failure, shared_stream_pdf(2500, 20_000), "pages.pdf")
    assert "2500 pages is more than the 2000 page limit; split it, or raise LIGHTRAG_MAX_PDF_PAGES" in error
    assert seconds < 20  # counting pages only; reading each page's 20,000 operations would take hours


def test_pages_sharing_one_content_stream_are_read_once_and_the_text_limit_stops_them():
    # 1500 pages x 20,000 text operations (560,000 characters a page): before, every page parsed the
    # stream again (about 2 to 6 s a page here) and the text grew without bound.
    pdf = shared_stream_pdf(1500, 20_000)
    assert len(pdf) < 300_000  # 240 KB, mostly the page objects
    error, seconds = timed(failure, pdf, "shared.pdf")
    assert "longer than the 20,971,520 character limit; split it, or raise LIGHTRAG_MAX_TEXT_MB" in error
    assert seconds < 60
    doc = document_from_bytes(shared_stream_pdf(3, 4), "small.pdf")
    assert doc.text.count(LINE) == 12 and len(doc.text.split("\n\n")) == 3


def test_the_pdf_time_budget_is_checked_inside_a_page():
    error = failure(shared_stream_pdf(1, 20_000), "slow.pdf", replace(LIMITS, pdf_seconds=0.05))
    assert "reading the PDF took longer than 0.05 s; split it, or raise LIGHTRAG_PDF_SECONDS" in error
    error = failure(shared_stream_pdf(1, 20_000), "long.pdf", replace(LIMITS, max_text_chars=1000))
    assert "longer than the 1,000 character limit" in error
    assert document_from_bytes(text_pdf("Marie Curie discovered polonium."), "ok.pdf").text.strip() == (
        "Marie Curie discovered polonium.")


# -- HTML, text, JSONL ---------------------------------------------------------------------------


@pytest.mark.parametrize("tail", [b"<a" * 200_000, b"<!--" * 200_000, b"<div>" * 200_000, b"</" * 200_000])
def test_html_with_unclosed_constructs_is_read_in_linear_time(tail):
    # Python's html.parser (under BeautifulSoup) took 88 s on '<a' x 100,000, growing with the square.
    doc, seconds = timed(document_from_bytes, b"<p>Ada Lovelace &amp; Charles Babbage</p>" + tail, "page.html")
    assert doc.text.startswith("Ada Lovelace & Charles Babbage") and seconds < 5


def test_html_and_plain_text_stop_at_the_text_limit():
    page = b"<p>Ada Lovelace wrote the first program.</p>" * 2000
    assert "raise LIGHTRAG_MAX_TEXT_MB" in failure(page, "page.html", replace(LIMITS, max_text_chars=10_000))
    assert "raise LIGHTRAG_MAX_TEXT_MB" in failure(b"word " * 3000, "a.txt", replace(LIMITS, max_text_chars=10_000))
    assert document_from_bytes(page, "page.html").text.count("Ada Lovelace") == 2000


def test_a_jsonl_line_past_the_limit_fails_alone_without_being_held_in_memory(tmp_path):
    limits = replace(LIMITS, max_text_chars=1000)
    corpus = tmp_path / "corpus.jsonl"
    rows = [{"id": "a", "text": "Ada Lovelace."}, {"id": "huge", "text": "x" * 500_000},
            {"id": "long", "text": "y" * 2000}, {"id": "b", "text": "Charles Babbage."}]
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows))
    items = list(load_file(corpus, limits))
    assert [i.id for i in items if not isinstance(i, LoadFailure)] == ["a", "b"]
    errors = [i.error for i in items if isinstance(i, LoadFailure)]
    assert errors == [f"{corpus}:2: the line is longer than the 1,000 character limit; split it, or raise "
                      "LIGHTRAG_MAX_TEXT_MB",
                      f"{corpus}:3: its text is longer than the 1,000 character limit; split it, or raise "
                      "LIGHTRAG_MAX_TEXT_MB"]


def test_a_jsonl_file_with_too_many_documents_stops_at_the_cap(tmp_path, monkeypatch):
    monkeypatch.setattr(loaders, "MAX_JSONL_LINES", 3)
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": f"d{i}", "text": f"text {i}"}) + "\n" for i in range(6)))
    items = list(load_file(corpus))
    assert [i.id for i in items[:3]] == ["d0", "d1", "d2"] and len(items) == 4
    assert isinstance(items[3], LoadFailure) and "more than 3 documents in one file" in items[3].error


# -- peak memory, in a process of its own ------------------------------------------------------

# Linux keeps a process's peak resident size (VmHWM); writing 5 to clear_refs resets it, so the
# peak read afterwards is the file's own, not the imports' (spaCy and ONNX load with the package).
PEAK = """
import json, sys
from pathlib import Path
from lightrag_core.indexing.loaders import load_file

def peak_mb():
    return next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM")) / 1024

open("/proc/self/clear_refs", "w").write("5")
base = peak_mb()
items = list(load_file(Path(sys.argv[1])))
print(json.dumps({"grew_mb": peak_mb() - base, "errors": [getattr(i, "error", "") for i in items]}))
"""


@pytest.mark.parametrize(("name", "build", "limit"), [
    ("bomb.docx", lambda: bomb_docx(40_000_000), "LIGHTRAG_MAX_DOCX_RATIO"),  # before: +229 MB, 7.5 s
    ("shared.pdf", lambda: shared_stream_pdf(1500, 20_000), "LIGHTRAG_MAX_TEXT_MB"),
])
def test_peak_memory_of_reading_a_hostile_file(tmp_path, name, build, limit):
    path = tmp_path / name
    path.write_bytes(build())
    out = subprocess.run([sys.executable, "-c", PEAK, str(path)], capture_output=True, text=True, timeout=300,
                         cwd=ROOT, env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    figures = json.loads(out.stdout)
    print(name, "peak grew by", round(figures["grew_mb"], 1), "MB")
    assert limit in figures["errors"][0]
    # The file's text alone would be 40 M characters (the docx) or 840 M (the PDF); reading stops
    # within the 20 M character limit, held once as parts and once joined.
    assert figures["grew_mb"] < 100, figures  # measured: docx +7 MB (before: +163 MB), PDF +51 MB
