"""Turn files into documents: txt, md, html, pdf, docx and JSONL corpora.

Each reader raises `LightRAGError` with the file named and the reason;
`load_sources` turns that into a `LoadFailure` for the one file (or JSONL
line), so a bad file fails on its own and the others are still indexed. What
reading a file may cost is bounded by `file_limits.ReadLimits`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from lightrag_core.indexing.boilerplate import strip_boilerplate
from lightrag_core.indexing.contents_list import strip_contents_lists
from lightrag_core.indexing.file_limits import DEFAULT_LIMITS, ReadLimits, check_size, check_text, text_limit_error
from lightrag_core.indexing.readers import docx_text, html_to_text, pdf_text
from lightrag_core.indexing.subjects import file_subject
from lightrag_core.models import Document, LightRAGError, content_hash
from lightrag_core.places import Place, markdown_headings, reanchor

TEXT_SUFFIXES = {".txt", ".md", ".markdown", ".text"}
MARKDOWN_SUFFIXES = {".md", ".markdown"}
SUPPORTED = TEXT_SUFFIXES | {".html", ".htm", ".pdf", ".docx", ".jsonl"}
# Largest file accepted unless Settings.max_file_mb (LIGHTRAG_MAX_FILE_MB) says otherwise.
DEFAULT_MAX_BYTES = DEFAULT_LIMITS.max_bytes
# A JSONL corpus is read line by line; more documents than this in one file is a mistake or an attack.
MAX_JSONL_LINES = 200_000


def _decode(data: bytes, path: str) -> str:
    if b"\x00" in data[:8192]:
        raise LightRAGError(f"{path}: looks like a binary file, not text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LightRAGError(f"{path}: not valid UTF-8 (byte {exc.start}); save it as UTF-8 and retry") from exc


def read_bytes(data: bytes, name: str, limits: ReadLimits = DEFAULT_LIMITS) -> tuple[str, list[Place]]:
    """Text of one uploaded or read file, by its suffix, within the limits, and its places (a PDF's
    pages, the headings of Markdown and .docx) for citations."""
    check_size(len(data), name, limits.max_bytes)
    suffix = Path(name).suffix.lower()
    if suffix in TEXT_SUFFIXES:
        text = check_text(_decode(data, name), name, limits)
        return text, markdown_headings(text) if suffix in MARKDOWN_SUFFIXES else []
    if suffix in {".html", ".htm"}:
        return html_to_text(_decode(data, name), name, limits), []
    if suffix == ".pdf":
        return pdf_text(data, name, limits)
    if suffix == ".docx":
        return docx_text(data, name, limits)
    raise LightRAGError(
        f"{name}: unsupported file type {suffix or '(none)'}; use one of " + ", ".join(sorted(SUPPORTED))
    )


def text_from_bytes(data: bytes, name: str, limits: ReadLimits = DEFAULT_LIMITS) -> str:
    """Text of one uploaded or read file, by its suffix, within the limits."""
    return read_bytes(data, name, limits)[0]


def document_from_bytes(
    data: bytes, name: str, doc_id: str | None = None, limits: ReadLimits = DEFAULT_LIMITS, whole_file: bool = False
) -> Document:
    """`whole_file`: the bytes are the file `name` (not pasted text), so a later version replaces it."""
    raw, places = read_bytes(data, name, limits)
    text, cleaned = strip_boilerplate(raw)
    text, contents = strip_contents_lists(text)
    cleaned = "; ".join(note for note in (cleaned, contents) if note)
    if not text.strip():
        raise LightRAGError(f"{name}: no text to index (the file is empty or has only whitespace)")
    return Document(id=doc_id or f"doc-{content_hash(text)[:16]}", text=text, title=Path(name).name, file_path=name,
                    subject=file_subject(data, name, text), whole_file=whole_file, cleaned=cleaned,
                    places=reanchor(places, raw, text))


@dataclass(frozen=True)
class LoadFailure:
    """A file (or one JSONL line) that could not become a document: it is recorded, not raised."""

    source: str  # the file, or "file:line" for a JSONL line
    file_path: str  # the file it came from, to read again on resume
    error: str

    @property
    def doc_id(self) -> str:
        # Stable per source, so a second failure updates the same row and a success can remove it.
        return f"file-{content_hash(self.source)[:16]}"


Loaded = Document | LoadFailure


def _jsonl_row(raw: bytes, where: str, seen: set[str], limits: ReadLimits) -> Document:
    line = _decode(raw, where).strip()
    try:
        row = json.loads(line)
    except json.JSONDecodeError as exc:
        raise LightRAGError(f"{where}: not valid JSON ({exc.msg})") from exc
    if not isinstance(row, dict) or not isinstance(row.get("text"), str):
        raise LightRAGError(f"{where}: each line needs a string field 'text'")
    try:  # JSON may spell a lone surrogate ("\\ud800"); no store can encode it, and the whole batch failed on it
        json.dumps(row, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise LightRAGError(f"{where}: holds text that is not valid Unicode (a lone surrogate)") from None
    if not row["text"].strip():
        raise LightRAGError(f"{where}: 'text' is empty")
    check_text(row["text"], where, limits)
    title = str(row.get("title") or "")
    doc_id = str(row.get("id") or f"doc-{content_hash(row['text'])[:16]}")
    if doc_id in seen:
        raise LightRAGError(f"{where}: duplicate id {doc_id!r}")
    seen.add(doc_id)
    text = f"{title}\n{row['text']}" if title and not row["text"].startswith(title) else row["text"]
    return Document(id=doc_id, text=text, title=title or doc_id, file_path=title or doc_id, subject=title)


def _lines(fh: BinaryIO, longest: int) -> Iterator[bytes | None]:
    """The file's lines, each read no further than `longest` bytes; None for a longer one (skipped)."""
    while raw := fh.readline(longest + 1):
        if len(raw) <= longest or raw.endswith(b"\n"):
            yield raw
            continue
        while (rest := fh.readline(2**20)) and not rest.endswith(b"\n"):
            pass
        yield None


def jsonl_lines(path: Path, limits: ReadLimits = DEFAULT_LIMITS) -> Iterator[Loaded]:
    """One document per line ({id, title, text}); a bad line is a failure of its own, the others still load."""
    seen: set[str] = set()
    found = 0
    # A line holds its text as JSON: escapes (\uXXXX) take up to 6 bytes per character, quotes and keys a little.
    longest = 6 * limits.max_text_chars + 2**16
    with path.open("rb") as fh:
        for lineno, raw in enumerate(_lines(fh, longest), 1):
            where = f"{path}:{lineno}"
            if raw is None:
                yield LoadFailure(where, str(path), str(text_limit_error(where, limits, "the line")))
                continue
            if not raw.strip():
                continue
            found += 1
            if found > MAX_JSONL_LINES:
                yield LoadFailure(where, str(path), f"{where}: more than {MAX_JSONL_LINES} documents in one file; "
                                  "split it into several files")
                return
            try:
                yield _jsonl_row(raw, where, seen, limits)
            except LightRAGError as exc:
                yield LoadFailure(where, str(path), str(exc))
    if not found:
        yield LoadFailure(str(path), str(path), f"{path}: no documents in the file")


def read_jsonl(path: Path) -> list[Document]:
    """Every line of a corpus known to be good; the first bad line raises (benchmarks, tests, evaluation)."""
    docs: list[Document] = []
    for item in jsonl_lines(path):
        if isinstance(item, LoadFailure):
            raise LightRAGError(item.error)
        docs.append(item)
    return docs


def iter_paths(paths: list[str | Path]) -> Iterator[Path]:
    """Files named, and supported files found under folders named, in a stable order (missing ones too)."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUPPORTED)
        else:
            yield path


def load_file(path: Path, limits: ReadLimits = DEFAULT_LIMITS, within: Path | None = None) -> Iterator[Loaded]:
    """The documents one file holds, or the reason it holds none. Never raises for a bad file.

    `within`: a folder the file must really be in. Whoever may drop files into a shared input folder could
    otherwise drop `notes.txt -> /srv/app/.env` (the server's secrets) or a link to any file the server
    may read, and every viewer could then query its text."""
    try:  # a name with bytes that are not UTF-8 decodes to lone surrogates, which no store can encode
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        shown = os.fsencode(path).decode("utf-8", "backslashreplace")
        yield LoadFailure(shown, "", f"{shown}: the file's name is not valid UTF-8; rename the file")
        return
    if within is not None and not path.resolve().is_relative_to(within.resolve()):
        yield LoadFailure(str(path), str(path), f"{path}: a link to a file outside {within}; not read (copy the "
                          "file in instead)")
        return
    if not path.exists():
        yield LoadFailure(str(path), str(path), f"{path}: no such file or folder")
        return
    if path.suffix.lower() == ".jsonl":
        try:
            yield from jsonl_lines(path, limits)
        except (OSError, LightRAGError) as exc:
            yield LoadFailure(str(path), str(path), str(exc) if isinstance(exc, LightRAGError) else f"{path}: {exc}")
        return
    try:
        check_size(path.stat().st_size, str(path), limits.max_bytes)  # before reading a huge file into memory
        yield document_from_bytes(path.read_bytes(), str(path), limits=limits, whole_file=True)
    except LightRAGError as exc:
        yield LoadFailure(str(path), str(path), str(exc))
    except OSError as exc:
        yield LoadFailure(str(path), str(path), f"{path}: cannot be read ({exc.strerror or exc})")


def load_upload(
    data: bytes, name: str, doc_id: str | None = None, limits: ReadLimits = DEFAULT_LIMITS, whole_file: bool = True
) -> Loaded:
    """An uploaded file's document, or its failure (with no file to read again: re-upload to retry).

    An upload replaces the earlier upload of the same name; pasted text (`whole_file=False`) and an
    upload given its own id (the caller manages versions by id) do not."""
    try:
        return document_from_bytes(data, name, doc_id, limits, whole_file and doc_id is None)
    except LightRAGError as exc:
        return LoadFailure(name, "", str(exc))


def load_sources(paths: list[str | Path], limits: ReadLimits = DEFAULT_LIMITS) -> Iterator[Loaded]:
    """Every file under the paths, read one at a time: documents, and a `LoadFailure` for each bad one."""
    for path in iter_paths(paths):
        yield from load_file(path, limits)


def load_within(folder: Path, limits: ReadLimits = DEFAULT_LIMITS) -> Iterator[Loaded]:
    """Every file under `folder` as `load_sources` reads it, but none that a link leads out of the folder."""
    for path in iter_paths([folder]):
        yield from load_file(path, limits, within=folder)


def load_documents(paths: list[str | Path], limits: ReadLimits = DEFAULT_LIMITS) -> Iterator[Document]:
    """The documents under the paths; the first bad file raises (for callers that want all or nothing)."""
    for item in load_sources(paths, limits):
        if isinstance(item, LoadFailure):
            raise LightRAGError(item.error)
        yield item
