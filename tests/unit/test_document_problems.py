"""The Upload page's list of documents not indexed: each with its whole reason, the file named once."""

from __future__ import annotations

from lightrag_core.models import DocumentInfo
from lightrag_core.workbench.document_problems import problem_lines


def _doc(doc_id: str, title: str, status: str, error: str = "") -> DocumentInfo:
    return DocumentInfo(doc_id, title, title, "h", status, error=error)


def test_every_document_not_indexed_has_one_line_with_its_whole_error():
    long_reason = "not a readable PDF (" + "Stream has ended unexpectedly; " * 8 + "at byte 41)"
    docs = [_doc("doc-1", "book.txt", "processed"),
            _doc("file-2", "report.pdf", "failed", f"report.pdf: {long_reason}"),
            _doc("file-3", "notes.txt", "failed", "no text to index"),
            _doc("file-4", "big.docx", "processing"),
            _doc("file-5", "odd.md", "failed")]
    assert problem_lines(docs) == ([
        f"report.pdf: {long_reason} · id file-2",  # the file named once, the reason uncut
        "notes.txt: no text to index · id file-3",
        "big.docx: interrupted while processing; re-run it to finish · id file-4",
        "odd.md: failed, with no reason recorded · id file-5",
    ], 0)
    assert problem_lines([docs[0]]) == ([], 0)


def test_a_batch_that_failed_together_lists_a_bounded_number_of_lines():
    docs = [_doc(f"file-{i}", f"f{i}.txt", "failed", "the endpoint refused the connection") for i in range(5000)]
    lines, more = problem_lines(docs)
    assert len(lines) == 50 and more == 4950 and lines[0] == "f0.txt: the endpoint refused the connection · id file-0"
