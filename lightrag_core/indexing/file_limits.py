"""How much one file may cost to read: its bytes, the text it expands to, a .docx's unpacked parts,
a PDF's pages and seconds.

A file's size says little about what reading it costs: a 55 KB .docx unpacks to 40 M characters, a
4 KB PDF can hold pages that each take seconds. Each limit here is a setting, and the error a file
gets names the setting to raise, so a real document that is simply large can still be indexed.
"""

from __future__ import annotations

from dataclasses import dataclass

from lightrag_core.config import Settings
from lightrag_core.models import LightRAGError

MB = 2**20


@dataclass(frozen=True)
class ReadLimits:
    """The bounds every reader applies (defaults match `Settings`)."""

    max_bytes: int = 20 * MB  # LIGHTRAG_MAX_FILE_MB: the file itself
    max_text_chars: int = 20 * MB  # LIGHTRAG_MAX_TEXT_MB: the text one document may hold
    max_docx_bytes: int = 50 * MB  # LIGHTRAG_MAX_DOCX_MB: a .docx's parts once unpacked
    # LIGHTRAG_MAX_DOCX_RATIO: unpacked / packed size of a part over 1 MB. Real XML compresses 5 to 20
    # times; a zip bomb's part near deflate's limit of about 1000.
    max_docx_ratio: int = 200
    max_pdf_pages: int = 2000  # LIGHTRAG_MAX_PDF_PAGES
    pdf_seconds: float = 120.0  # LIGHTRAG_PDF_SECONDS: reading one PDF's text

    @classmethod
    def from_settings(cls, settings: Settings) -> ReadLimits:
        return cls(
            max_bytes=settings.max_file_bytes,
            max_text_chars=int(settings.max_text_mb * MB),
            max_docx_bytes=int(settings.max_docx_mb * MB),
            max_docx_ratio=settings.max_docx_ratio,
            max_pdf_pages=settings.max_pdf_pages,
            pdf_seconds=settings.pdf_seconds,
        )


DEFAULT_LIMITS = ReadLimits()


def check_size(size: int, name: str, limit: int) -> None:
    if size > limit:
        raise LightRAGError(f"{name}: {size / MB:.1f} MB is larger than the {limit / MB:.0f} MB limit; "
                            "split it, or raise LIGHTRAG_MAX_FILE_MB")


def text_limit_error(name: str, limits: ReadLimits, what: str = "its text") -> LightRAGError:
    return LightRAGError(f"{name}: {what} is longer than the {limits.max_text_chars:,} character limit; "
                         "split it, or raise LIGHTRAG_MAX_TEXT_MB")


def check_text(text: str, name: str, limits: ReadLimits) -> str:
    if len(text) > limits.max_text_chars:
        raise text_limit_error(name, limits)
    return text
