"""Build real .docx files for tests, hostile ones included (python-docx writes the base file)."""

from __future__ import annotations

import io
import struct
import zipfile

import docx

GOOD = "Ada Lovelace wrote the first program for Charles Babbage."


def good_docx(text: str = GOOD) -> bytes:
    document = docx.Document()
    document.add_paragraph(text)
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def _rewritten(body: bytes, extra: dict[str, bytes] | None = None) -> bytes:
    """A copy of a good .docx with `body` in place of its paragraph's text (and extra parts added)."""
    src = zipfile.ZipFile(io.BytesIO(good_docx()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "word/document.xml":
                data = data.replace(GOOD.encode(), body)
            z.writestr(info.filename, data)
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return out.getvalue()


def bomb_docx(chars: int) -> bytes:
    """A zip bomb: `chars` letters in paragraphs of 1000, all alike, pack about 1000 to 1."""
    paragraph = b"</w:t></w:r></w:p><w:p><w:r><w:t>" + b"a" * 1000
    return _rewritten(GOOD.encode() + paragraph * (chars // 1000))


def paragraphs_docx(count: int, text: str) -> bytes:
    """A real document with many paragraphs (varied text packs only a few times smaller)."""
    runs = b"".join(f"</w:t></w:r></w:p><w:p><w:r><w:t>{i} {text}".encode() for i in range(count))
    return _rewritten(GOOD.encode() + runs)


def many_parts_docx(parts: int) -> bytes:
    return _rewritten(GOOD.encode(), {f"bulk/item{i}.xml": b"<a/>" for i in range(parts)})


def lying_docx(declared: int) -> bytes:
    """A .docx whose document part holds far more than its directory entry declares (`declared` bytes)."""
    data = bytearray(bomb_docx(5_000_000))
    name = b"word/document.xml"
    # The central directory entry (signature PK\\1\\2): uncompressed size sits 24 bytes in, the name at 46.
    at = data.find(b"PK\x01\x02")
    while at >= 0:
        name_len = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46 : at + 46 + name_len] == name:
            struct.pack_into("<I", data, at + 24, declared)
        at = data.find(b"PK\x01\x02", at + 4)
    return bytes(data)
