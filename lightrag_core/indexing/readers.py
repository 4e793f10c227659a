"""The text of an HTML page, a PDF and a .docx, each read within `ReadLimits`.

Each reader stops as soon as a limit is passed and raises `LightRAGError` naming the setting to
raise; none builds more in memory than the text it returns plus what its parser needs.
"""

from __future__ import annotations

import io
import time
import zipfile
from typing import Any

from lightrag_core.indexing.file_limits import DEFAULT_LIMITS, MB, ReadLimits, text_limit_error
from lightrag_core.models import LightRAGError
from lightrag_core.places import MAX_PLACES, Place, heading_label, page_label

_HIDDEN_TAGS = frozenset({"script", "style", "noscript", "template", "iframe", "object"})
# A .docx unpacks its parts into memory; these catch a zip bomb from the zip's directory alone.
MAX_DOCX_MEMBERS = 2000
_RATIO_FLOOR = MB  # small parts may compress well without costing anything


class _TextTarget:
    """lxml parser target: collects visible text as the page streams by, building no tree."""

    def __init__(self, name: str, limits: ReadLimits) -> None:
        self.parts: list[str] = []
        self.size = 0
        self.hidden = 0
        self.name, self.limits = name, limits

    def start(self, tag: str, attrib: object) -> None:
        self.hidden += tag in _HIDDEN_TAGS
        self.parts.append("\n")  # a tag separates strings, as get_text("\n") does

    def end(self, tag: str) -> None:
        if tag in _HIDDEN_TAGS and self.hidden:
            self.hidden -= 1
        self.parts.append("\n")

    def data(self, data: str) -> None:
        if not self.hidden:
            self.size += len(data)
            if self.size > self.limits.max_text_chars:
                raise text_limit_error(self.name, self.limits)
            self.parts.append(data)

    def comment(self, text: str) -> None:
        pass

    def close(self) -> str:
        return "".join(self.parts)


def html_to_text(html: str, name: str = "page", limits: ReadLimits = DEFAULT_LIMITS) -> str:
    """Visible text of an HTML page; scripts, styles and templates removed.

    libxml2's HTML parser streams in linear time; Python's html.parser (and BeautifulSoup over it)
    is quadratic on unclosed tags ('<a' repeated 100,000 times took 88 s) and builds a node per tag."""
    from lxml import etree

    target = _TextTarget(name, limits)
    parser = etree.HTMLParser(target=target, no_network=True)
    parser.feed(html)
    text: str = parser.close()
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


class _PdfBudget:
    """Time and characters spent on one PDF, checked between content operations of every page.

    What is not covered: pypdf parses a page's whole content stream before the first operation,
    so one page can overrun the budget by that parse (bounded by pypdf's 75 MB decompression cap)."""

    def __init__(self, name: str, limits: ReadLimits) -> None:
        self.name, self.limits = name, limits
        self.deadline = time.monotonic() + limits.pdf_seconds
        self.chars = 0

    def check_time(self, *_: Any) -> None:
        if time.monotonic() > self.deadline:
            raise LightRAGError(f"{self.name}: reading the PDF took longer than {self.limits.pdf_seconds:g} s; "
                                "split it, or raise LIGHTRAG_PDF_SECONDS")

    def add_text(self, text: str) -> None:
        self.chars += len(text)
        if self.chars > self.limits.max_text_chars:
            raise text_limit_error(self.name, self.limits)


def _content_key(page: Any) -> tuple[object, ...] | None:
    """What a page's text depends on, when another page may share it: its content streams and resources.

    Crafted files point every page at one costly stream; the text of a repeat is then reused, not
    extracted again (it still counts against the character limit)."""
    from pypdf.generic import ArrayObject, IndirectObject

    contents = page.raw_get("/Contents") if "/Contents" in page else None
    if isinstance(contents, IndirectObject) and isinstance(contents.get_object(), ArrayObject):
        contents = contents.get_object()
    items = list(contents) if isinstance(contents, ArrayObject) else [contents]
    refs = [ref for ref in items if isinstance(ref, IndirectObject)]
    if len(refs) != len(items):
        return None
    resources = page.raw_get("/Resources") if "/Resources" in page else None
    if isinstance(resources, IndirectObject):
        shared: object = ("ref", resources.idnum, resources.generation)
    else:
        shown = repr(page.get("/Resources"))
        if len(shown) > 4000:
            return None
        shared = ("inline", shown)
    return (*((ref.idnum, ref.generation) for ref in refs), shared)


def pdf_text(data: bytes, name: str, limits: ReadLimits) -> tuple[str, list[Place]]:
    """The pages' text, and where each page starts in it ("p. 1", "p. 2", …)."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    budget = _PdfBudget(name, limits)
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise LightRAGError(f"{name}: the PDF is encrypted; decrypt it before indexing")
        pages = len(reader.pages)
        if pages == 0:
            raise LightRAGError(f"{name}: the PDF has no pages")
        if pages > limits.max_pdf_pages:
            raise LightRAGError(f"{name}: {pages} pages is more than the {limits.max_pdf_pages} page limit; "
                                "split it, or raise LIGHTRAG_MAX_PDF_PAGES")
        seen: dict[tuple[object, ...], str] = {}
        texts = []
        for page in reader.pages:
            budget.check_time()
            key = _content_key(page)
            if key is not None and key in seen:
                text = seen[key]
                budget.add_text(text)
            else:
                text = page.extract_text(visitor_operand_before=budget.check_time,
                                         visitor_text=lambda t, *_: budget.add_text(t)) or ""
                if key is not None:
                    seen[key] = text
            texts.append(text)
        places: list[Place] = []
        offset = 0
        for number, text in enumerate(texts, 1):
            places.append((offset, page_label(number)))
            offset += len(text) + 2
        return "\n\n".join(texts), places
    except LightRAGError:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise LightRAGError(f"{name}: not a readable PDF ({exc})") from exc


def check_docx_zip(data: bytes, name: str, limits: ReadLimits) -> None:
    """Refuse a .docx whose parts unpack beyond the limits, from the zip's directory alone.

    The sizes checked are the ones the directory declares; a part that holds more than it declares
    is not a risk, since `zipfile` stops reading at the declared size and then fails its CRC check."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except zipfile.BadZipFile as exc:
        raise LightRAGError(f"{name}: not a valid .docx file ({exc})") from exc
    if len(members) > MAX_DOCX_MEMBERS:
        raise LightRAGError(f"{name}: {len(members)} parts is more than a .docx holds ({MAX_DOCX_MEMBERS} at most); "
                            "refused as a likely zip bomb")
    total = sum(m.file_size for m in members)
    if total > limits.max_docx_bytes:
        raise LightRAGError(f"{name}: the .docx unpacks to {total / MB:.1f} MB, more than the "
                            f"{limits.max_docx_bytes / MB:g} MB limit; split it, or raise LIGHTRAG_MAX_DOCX_MB")
    for member in members:
        ratio = member.file_size // max(member.compress_size, 1)
        if member.file_size > _RATIO_FLOOR and ratio > limits.max_docx_ratio:
            raise LightRAGError(f"{name}: part {member.filename} unpacks to {ratio} times its packed size, more "
                                f"than the limit of {limits.max_docx_ratio} (a likely zip bomb); "
                                "raise LIGHTRAG_MAX_DOCX_RATIO if the document is real")


def docx_text(data: bytes, name: str, limits: ReadLimits) -> tuple[str, list[Place]]:
    """The paragraphs' and tables' text, and where each heading's section starts in it."""
    import docx

    check_docx_zip(data, name, limits)
    try:
        document = docx.Document(io.BytesIO(data))
    except (zipfile.BadZipFile, KeyError, ValueError) as exc:
        raise LightRAGError(f"{name}: not a valid .docx file ({exc})") from exc
    parts: list[str] = []
    places: list[Place] = []
    size = 0

    def add(text: str) -> None:
        nonlocal size
        size += len(text) + 1
        if size > limits.max_text_chars:
            raise text_limit_error(name, limits)
        parts.append(text)

    for paragraph in document.paragraphs:
        text = paragraph.text
        if text.strip():
            if _is_heading(paragraph) and len(places) < MAX_PLACES:
                places.append((size, heading_label(text)))
            add(text)
    for table in document.tables:
        for row in table.rows:
            add(" | ".join(cell.text for cell in row.cells))
    return "\n".join(parts), places


def _is_heading(paragraph: Any) -> bool:
    """Word's built-in heading and title styles (their names are the same in every UI language)."""
    try:
        style = (paragraph.style.name or "") if paragraph.style is not None else ""
    except (KeyError, ValueError):  # a style id the file does not define
        return False
    return style.startswith("Heading") or style == "Title"
