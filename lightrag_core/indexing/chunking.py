"""Split documents into overlapping token windows."""

from __future__ import annotations

from lightrag_core import tokens
from lightrag_core.models import Chunk, Document, content_hash


def _windows(toks: list[int], size: int, overlap: int) -> list[list[int]]:
    step = size - overlap
    out = []
    for start in range(0, len(toks), step):
        out.append(toks[start : start + size])
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
    pieces: list[list[int]] = []
    texts = doc.text.split(split_by) if split_by else [doc.text]
    for text in texts:
        if not text.strip():
            continue
        toks = tokens.encode(text)
        if split_only or len(toks) <= max_tokens:
            pieces.append(toks)
        else:
            pieces.extend(_windows(toks, max_tokens, overlap))
    chunks = []
    for order, toks in enumerate(pieces):
        content = tokens.decode(toks).strip()
        if not content:
            continue
        cid = "chunk-" + content_hash(f"{doc.id}\x1f{order}\x1f{content}")[:24]
        chunks.append(
            Chunk(id=cid, doc_id=doc.id, order=order, tokens=len(toks), content=content, file_path=doc.file_path)
        )
    return chunks
