import io
import json

import pytest

from lightrag_core.indexing.loaders import document_from_bytes, load_documents, read_jsonl
from lightrag_core.models import LightRAGError


def test_html_drops_scripts_and_styles():
    html = b"<html><head><style>p{}</style><script>alert('x')</script></head><body><p>Visible text</p></body></html>"
    doc = document_from_bytes(html, "page.html")
    assert "Visible text" in doc.text
    assert "alert" not in doc.text and "p{}" not in doc.text


def test_docx_paragraphs_and_tables():
    import docx

    d = docx.Document()
    d.add_paragraph("Ada Lovelace wrote the first program.")
    table = d.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text = "cell A"
    table.rows[0].cells[1].text = "cell B"
    buf = io.BytesIO()
    d.save(buf)
    doc = document_from_bytes(buf.getvalue(), "notes.docx")
    assert "Ada Lovelace" in doc.text and "cell A | cell B" in doc.text


def test_pdf_text_is_extracted():
    from tests.support.pdfs import text_pdf

    doc = document_from_bytes(text_pdf("Marie Curie discovered polonium."), "paper.pdf")
    assert "Marie Curie discovered polonium." in doc.text


@pytest.mark.parametrize(
    "data,name,fragment",
    [
        (b"", "empty.txt", "no text to index"),
        (b"   \n\t ", "blank.md", "no text to index"),
        (b"\x00\x01\x02binary", "fake.txt", "binary"),
        (b"caf\xe9", "latin1.txt", "not valid UTF-8"),
        (b"not a zip", "bad.docx", "not a valid .docx"),
        (b"%PDF-1.4 garbage", "bad.pdf", "PDF"),
        (b"data", "archive.zip", "unsupported file type"),
    ],
)
def test_bad_files_get_specific_errors(data, name, fragment):
    with pytest.raises(LightRAGError, match=fragment):
        document_from_bytes(data, name)


def test_jsonl_ids_titles_and_errors(tmp_path):
    good = tmp_path / "c.jsonl"
    good.write_text(json.dumps({"id": "a", "title": "Alpha", "text": "Alpha is a letter."}) + "\n\n"
                    + json.dumps({"text": "No id here."}) + "\n")
    docs = read_jsonl(good)
    assert docs[0].id == "a" and docs[0].subject == "Alpha"
    assert docs[1].id.startswith("doc-")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": "a", "text": "x"}\n{broken\n')
    with pytest.raises(LightRAGError, match=r"bad.jsonl:2: not valid JSON"):
        read_jsonl(bad)
    dup = tmp_path / "dup.jsonl"
    dup.write_text('{"id": "a", "text": "x"}\n{"id": "a", "text": "y"}\n')
    with pytest.raises(LightRAGError, match="duplicate id"):
        read_jsonl(dup)
    missing = tmp_path / "missing.jsonl"
    missing.write_text('{"id": "a", "title": "t"}\n')
    with pytest.raises(LightRAGError, match="'text'"):
        read_jsonl(missing)


def test_folders_are_walked_and_missing_paths_named(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.txt").write_text("Text A")
    (tmp_path / "sub" / "b.md").write_text("Text B")
    (tmp_path / "skip.bin").write_bytes(b"\x00")
    assert sorted(d.text for d in load_documents([tmp_path])) == ["Text A", "Text B"]
    with pytest.raises(LightRAGError, match="no such file"):
        list(load_documents([tmp_path / "nope.txt"]))
