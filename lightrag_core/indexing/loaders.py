"""Turn files into documents: txt, md, html, pdf, docx and JSONL corpora.

Each reader raises `LightRAGError` with the file named and the reason, so a
bad file fails on its own without stopping the others.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

from lightrag_core.models import Document, LightRAGError, content_hash

TEXT_SUFFIXES = {".txt", ".md", ".markdown", ".text"}


def max_file_bytes() -> int:
    """Largest file accepted (LIGHTRAG_MAX_FILE_MB, default 20): bigger ones take hours to index offline."""
    raw = os.environ.get("LIGHTRAG_MAX_FILE_MB", "").strip()
    try:
        return int(float(raw) * 2**20) if raw else 20 * 2**20
    except ValueError as exc:
        raise LightRAGError(f"LIGHTRAG_MAX_FILE_MB must be a number, got {raw!r}") from exc


def check_size(size: int, name: str) -> None:
    limit = max_file_bytes()
    if size > limit:
        raise LightRAGError(f"{name}: {size / 2**20:.1f} MB is larger than the {limit / 2**20:.0f} MB limit; "
                            "split it, or raise LIGHTRAG_MAX_FILE_MB")
SUPPORTED = TEXT_SUFFIXES | {".html", ".htm", ".pdf", ".docx", ".jsonl"}


def _decode(data: bytes, path: str) -> str:
    if b"\x00" in data[:8192]:
        raise LightRAGError(f"{path}: looks like a binary file, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LightRAGError(f"{path}: not valid UTF-8 (byte {exc.start}); save it as UTF-8 and retry") from exc


def html_to_text(html: str) -> str:
    """Visible text of an HTML page; scripts, styles and templates removed."""
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(html, "html.parser")
    for tag in soup(["script", "style", "noscript", "template", "iframe", "object"]):
        tag.decompose()
    return "\n".join(line.strip() for line in soup.get_text("\n").splitlines() if line.strip())


def _pdf_text(data: bytes, path: str) -> str:
    import io

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise LightRAGError(f"{path}: the PDF is encrypted; decrypt it before indexing")
        if len(reader.pages) == 0:
            raise LightRAGError(f"{path}: the PDF has no pages")
        return "\n\n".join((page.extract_text() or "") for page in reader.pages)
    except LightRAGError:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise LightRAGError(f"{path}: not a readable PDF ({exc})") from exc


def _docx_text(data: bytes, path: str) -> str:
    import io
    import zipfile

    import docx

    try:
        document = docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise LightRAGError(f"{path}: not a valid .docx file ({exc})") from exc
    parts = [p.text for p in document.paragraphs if p.text.strip()]
    for table in document.tables:
        for row in table.rows:
            parts.append(" | ".join(cell.text for cell in row.cells))
    return "\n".join(parts)


def text_from_bytes(data: bytes, name: str) -> str:
    """Text of one uploaded or read file, by its suffix."""
    check_size(len(data), name)
    suffix = Path(name).suffix.lower()
    if suffix in TEXT_SUFFIXES:
        return _decode(data, name)
    if suffix in {".html", ".htm"}:
        return html_to_text(_decode(data, name))
    if suffix == ".pdf":
        return _pdf_text(data, name)
    if suffix == ".docx":
        return _docx_text(data, name)
    raise LightRAGError(
        f"{name}: unsupported file type {suffix or '(none)'}; use one of " + ", ".join(sorted(SUPPORTED))
    )


def document_from_bytes(data: bytes, name: str, doc_id: str | None = None) -> Document:
    text = text_from_bytes(data, name)
    if not text.strip():
        raise LightRAGError(f"{name}: no text to index (the file is empty or has only whitespace)")
    return Document(id=doc_id or f"doc-{content_hash(text)[:16]}", text=text, title=Path(name).name, file_path=name)


def read_jsonl(path: Path) -> list[Document]:
    """One document per line: {id, title, text}.

    The whole file is checked before anything is returned, so a broken line
    rejects the file (naming the line) instead of indexing half of it.
    """
    docs: list[Document] = []
    seen: set[str] = set()
    with path.open("rb") as fh:
        for lineno, raw in enumerate(fh, 1):
            line = _decode(raw, f"{path}:{lineno}").strip()
            if not line:
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise LightRAGError(f"{path}:{lineno}: not valid JSON ({exc.msg})") from exc
            if not isinstance(row, dict) or not isinstance(row.get("text"), str):
                raise LightRAGError(f"{path}:{lineno}: each line needs a string field 'text'")
            if not row["text"].strip():
                raise LightRAGError(f"{path}:{lineno}: 'text' is empty")
            title = str(row.get("title") or "")
            doc_id = str(row.get("id") or f"doc-{content_hash(row['text'])[:16]}")
            if doc_id in seen:
                raise LightRAGError(f"{path}:{lineno}: duplicate id {doc_id!r}")
            seen.add(doc_id)
            text = f"{title}\n{row['text']}" if title and not row["text"].startswith(title) else row["text"]
            docs.append(Document(id=doc_id, text=text, title=title or doc_id, file_path=title or doc_id, subject=title))
    if not docs:
        raise LightRAGError(f"{path}: no documents in the file")
    return docs


def iter_paths(paths: list[str | Path]) -> Iterator[Path]:
    """Files named, and supported files found under folders named, in a stable order."""
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise LightRAGError(f"{path}: no such file or folder")
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUPPORTED)
        else:
            yield path


def load_documents(paths: list[str | Path]) -> Iterator[Document]:
    for path in iter_paths(paths):
        if path.suffix.lower() == ".jsonl":
            yield from read_jsonl(path)
        else:
            check_size(path.stat().st_size, str(path))  # before reading a huge file into memory
            yield document_from_bytes(path.read_bytes(), str(path))
