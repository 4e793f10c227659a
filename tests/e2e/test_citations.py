"""Citations a reader can check: the offline answer names the PDF page or the heading its sentence came from.

Real files (a three-page PDF, a .docx with Word headings, a Markdown file) go through the real
readers, chunker, store and query, offline.
"""

from __future__ import annotations

import io
from pathlib import Path

import docx
import pytest

from lightrag_core import Engine, QueryParam, Settings
from tests.support.pdfs import pages_pdf

PAGES = [
    ["The Brill harbour survey covers the northern coast.", "It lists the piers and the breakwater."],
    ["The lighthouse at Brill was designed by the engineer Anna Vos.", "Its lamp was first lit in 1874."],
    ["The survey ends with maintenance costs.", "Repairs are planned every ten years."],
]


def _docx() -> bytes:
    document = docx.Document()
    document.add_heading("Ferry timetable", level=1)
    document.add_paragraph("The ferry to Texel leaves the harbour every hour in summer.")
    document.add_heading("Winter service", level=1)
    document.add_paragraph("In winter the ferry to Vlieland sails twice a day from the western quay.")
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


MARKDOWN = """# Field notes

The dune restoration began on the island of Terschelling.

## Birds

Spoonbills returned to the Boschplaat marshes in the spring of 2019.
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory) -> Engine:
    root = tmp_path_factory.mktemp("citations")
    files = root / "files"
    files.mkdir()
    (files / "survey.pdf").write_bytes(pages_pdf(PAGES))
    (files / "ferries.docx").write_bytes(_docx())
    (files / "notes.md").write_text(MARKDOWN)
    settings = Settings.from_env(root / "w", llm_model="", neo4j_uri="", embedding_model="")
    eng = Engine(settings)
    report = eng.index_paths([files])
    assert len(report.processed) == 3 and not report.failed, report
    yield eng
    eng.close()


def _evidence(engine: Engine, question: str, mode: str = "naive") -> tuple[list[dict], str]:
    result, answer = engine.answer(question, QueryParam(mode=mode))
    return result.chunks, answer


def test_a_pdf_sentence_is_cited_with_its_page(engine):
    chunks, answer = _evidence(engine, "Who designed the lighthouse at Brill?")
    assert "The lighthouse at Brill was designed by the engineer Anna Vos. [1] (survey.pdf, p. 2)" in answer
    pdf = next(c for c in chunks if c["file_path"].endswith("survey.pdf"))
    assert pdf["location"] == "pp. 1–3"  # one chunk holds the three short pages
    assert [label for _, label in pdf["places"]] == ["p. 1", "p. 2", "p. 3"]


def test_a_docx_sentence_is_cited_with_its_heading(engine):
    _, answer = _evidence(engine, "How often does the ferry to Vlieland sail in winter?")
    assert "from the western quay. [" in answer
    line = next(line for line in answer.splitlines() if "Vlieland" in line)
    assert line.endswith("(ferries.docx, § Winter service)")


def test_a_markdown_sentence_is_cited_with_its_heading(engine):
    _, answer = _evidence(engine, "When did spoonbills return to the Boschplaat marshes?")
    line = next(line for line in answer.splitlines() if line.startswith("- Spoonbills"))
    assert line.endswith("(notes.md, § Birds)")


def test_plain_text_keeps_the_plain_reference(engine, tmp_path):
    (tmp_path / "plain.txt").write_text("The windmill at Hoorn was rebuilt by Jan Bakker in 1901.")
    engine.index_paths([tmp_path / "plain.txt"])
    _, answer = _evidence(engine, "Who rebuilt the windmill at Hoorn?")
    line = next(line for line in answer.splitlines() if "windmill at Hoorn" in line and line.startswith("- "))
    assert line.endswith("]"), line  # no page or heading to name


def test_places_survive_a_restart_and_resume(engine):
    """The API stores a document's text before indexing it; the places are stored with it."""
    store = engine.store
    doc = next(d for d in engine.documents() if d.title == "survey.pdf")
    assert [label for _, label in store.get_document_places(doc.id)] == ["p. 1", "p. 2", "p. 3"]
    assert Path(doc.file_path).name == "survey.pdf"
