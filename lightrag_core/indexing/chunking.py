"""Split documents into overlapping token windows."""

from __future__ import annotations

from lightrag_core import tokens
from lightrag_core.models import Chunk, Document, content_hash
from lightrag_core.places import within


def _windows(toks: list[int], size: int, overlap: int) -> list[tuple[int, list[int]]]:
    step = size - overlap
    out = []
    for start in range(0, len(toks), step):
        out.append((start, toks[start : start + size]))
        if start + size >= len(toks):
            break
    return out


def chunk_document(
    doc: Document,
    max_tokens: int = 1200,
    overlap: int = 100,
    split_by: str | None = None,
    split_only: bool = False,
) -> list[Chunk]:
    """Chunks of at most `max_tokens` tokens, `overlap` tokens shared between neighbours.

    With `split_by`, the text is first cut at that string; pieces that are
    still too long are windowed (unless `split_only`, which keeps them whole).
    Chunk ids hash the document id and the content, so re-chunking the same
    text gives the same ids.
    """
    if overlap >= max_tokens:
        raise ValueError("overlap must be smaller than max_tokens")
    pieces: list[tuple[list[int], int]] = []  # each piece's tokens and where it starts in the text
    texts = _split(doc.text, split_by) if split_by else [(doc.text, 0)]
    for text, start in texts:
        if not text.strip():
            continue
        toks = tokens.encode(text)
        if split_only or len(toks) <= max_tokens:
            pieces.append((toks, start))
        else:
            # Where each window starts in the text, so a chunk knows its pages (only when there are any).
            offsets = tokens.encoding().decode_with_offsets(toks)[1] if doc.places else []
            for first, window in _windows(toks, max_tokens, overlap):
                pieces.append((window, start + offsets[first] if offsets else start))
    keys = [p[0] for p in doc.places]
    chunks = []
    for order, (toks, start) in enumerate(pieces):
        decoded = tokens.decode(toks)
        content = decoded.strip()
        if not content:
            continue
        begin = start + len(decoded) - len(decoded.lstrip())
        cid = "chunk-" + content_hash(f"{doc.id}\x1f{order}\x1f{content}")[:24]
        chunks.append(
            Chunk(id=cid, doc_id=doc.id, order=order, tokens=len(toks), content=content, file_path=doc.file_path,
                  places=within(doc.places, begin, begin + len(content), keys) if doc.places else [])
        )
    return chunks


def _split(text: str, separator: str) -> list[tuple[str, int]]:
    """The text cut at `separator`, each piece with its offset in the text."""
    out, start = [], 0
    for piece in text.split(separator):
        out.append((piece, start))
        start += len(piece) + len(separator)
    return out
