"""What a file says it is about: its title, read from the file itself, when it has one.

A Markdown (or text) file's first `#` heading, an HTML page's <title>, a PDF's title metadata, a
.docx's title property. The title becomes the document's subject: the offline extractor ties the
text's statements to it, and multihop links a question naming it to the document's chunks (the
file's name links too). Each reader looks only at a bounded prefix or a small part of the file.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

MAX_TITLE_CHARS = 200
_HEAD_CHARS = 4096  # a heading further down than this is not the document's title
_HTML_HEAD_BYTES = 65536
_CORE_XML_BYTES = 65536
_ATX = re.compile(r"#{1,6}[ \t]+(.+)")
# Titles that name the tool, not the document.
_NOISE = re.compile(r"^(microsoft (word|powerpoint) - |untitled\b)", re.IGNORECASE)


def _clean(title: str) -> str:
    title = " ".join(title.split()).strip(" #")
    title = _NOISE.sub("", title).strip()
    if title.lower().endswith((".docx", ".doc", ".pdf")):
        title = title.rsplit(".", 1)[0]
    if not (2 <= len(title) <= MAX_TITLE_CHARS) or not any(c.isalpha() for c in title):
        return ""
    return title


def markdown_title(text: str) -> str:
    """The first ATX heading (`# Title`) among the text's first lines."""
    for line in text[:_HEAD_CHARS].splitlines():
        match = _ATX.fullmatch(line.strip())
        if match:
            return _clean(match.group(1))
    return ""


def html_title(data: bytes) -> str:
    """The page's <title>, found with plain searches in its first 64 KB (no pattern that can backtrack)."""
    head = data[:_HTML_HEAD_BYTES].decode("utf-8", errors="replace")
    lower = head.lower()
    start = lower.find("<title")
    if start < 0:
        return ""
    open_end = lower.find(">", start)
    close = lower.find("</title", open_end + 1) if open_end >= 0 else -1
    if close < 0 or close - open_end > 4 * MAX_TITLE_CHARS:
        return ""
    import html

    return _clean(html.unescape(head[open_end + 1:close]))


def pdf_title(data: bytes) -> str:
    """The PDF's /Title metadata (the file has already been read within its limits)."""
    from pypdf import PdfReader

    try:
        meta = PdfReader(io.BytesIO(data)).metadata
    except Exception:  # a PDF that reads but whose metadata does not: no title, not a failure
        return ""
    return _clean(str(meta.title)) if meta is not None and meta.title else ""


def docx_title(data: bytes) -> str:
    """The title property in the .docx's docProps/core.xml (a small part, read on its own)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            info = zf.getinfo("docProps/core.xml")
            if info.file_size > _CORE_XML_BYTES:
                return ""
            raw = zf.read(info)
            if b"<!DOCTYPE" in raw or b"<!ENTITY" in raw:  # core.xml needs neither; entities can expand
                return ""
            root = ElementTree.fromstring(raw)
    except (KeyError, zipfile.BadZipFile, ElementTree.ParseError):
        return ""
    for element in root.iter():
        if element.tag.endswith("}title") and element.text:
            return _clean(element.text)
    return ""


def file_subject(data: bytes, name: str, text: str) -> str:
    """The title the file gives itself, or '' when it gives none."""
    suffix = Path(name).suffix.lower()
    if suffix in {".md", ".markdown", ".txt", ".text"}:
        return markdown_title(text)
    if suffix in {".html", ".htm"}:
        return html_title(data)
    if suffix == ".pdf":
        return pdf_title(data)
    if suffix == ".docx":
        return docx_title(data)
    return ""
