"""Documents kept in the store before they are indexed, and read back from it to index them.

The API stores what it is given as a `pending` row (its text included) before it answers, so a
crash loses nothing: `resume`, or the server starting again, indexes the row from what is stored.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator

from lightrag_core.models import PENDING, PROCESSED, PROCESSING, Document, DocumentInfo, GraphWrite, LightRAGError
from lightrag_core.places import Place
from lightrag_core.storage.base import GraphStore

UNFINISHED = frozenset({PENDING, PROCESSING})


def stage(store: GraphStore, doc: Document, removal: Callable[[str], GraphWrite]) -> bool:
    """Store the document as a pending row with its text; False when it is already stored unchanged.

    Changed content first drops the old version (`removal` plans that), in the same transaction.
    """
    if not doc.text.strip():
        raise LightRAGError(f"{doc.id}: no text to index")
    existing = store.get_document(doc.id)
    now = time.time()
    if _same(existing, doc):
        return False
    info = DocumentInfo(doc.id, doc.title, doc.file_path, doc.hash, PENDING,
                        created_at=existing.created_at if existing else now, updated_at=now,
                        subject=doc.subject, whole_file=doc.whole_file)
    if existing and existing.content_hash != doc.hash and store.document_chunk_ids(doc.id):
        write = removal(doc.id)
        write.delete_document_ids = []
        write.document, write.document_text, write.document_places = info, doc.text, doc.places
        store.apply(write)
    else:
        store.save_document(info, doc.text, doc.places)
    return True


def unchanged(store: GraphStore, doc: Document) -> bool:
    """Whether the document is stored, processed, with this content (a read: `stage` decides for good)."""
    return _same(store.get_document(doc.id), doc)


def _same(existing: DocumentInfo | None, doc: Document) -> bool:
    return existing is not None and existing.status == PROCESSED and existing.content_hash == doc.hash


def from_row(info: DocumentInfo, text: str | None, places: list[Place] | None = None) -> Document | None:
    """The document a stored row holds, or None when the row keeps no text (a file that failed to load)."""
    if not text:
        return None
    return Document(info.id, text, info.title, info.file_path, info.subject, info.whole_file, places=places or [])


def read_row(store: GraphStore, info: DocumentInfo) -> Document | None:
    """`from_row` with the text and its places read from the store."""
    text = store.get_document_text(info.id)
    return from_row(info, text, store.get_document_places(info.id)) if text else None


def read_back(store: GraphStore, doc_ids: Iterable[str], stop: Callable[[], bool] | None = None
              ) -> Iterator[Document]:
    """The stored documents, one at a time (a job's texts are never all in memory); missing ones are skipped.
    Once `stop()` is true no more are read: those not reached stay pending rows for `resume`."""
    for doc_id in doc_ids:
        if stop is not None and stop():
            return
        info = store.get_document(doc_id)
        doc = read_row(store, info) if info else None
        if doc is not None:
            yield doc


def unfinished(store: GraphStore) -> list[str]:
    """Ids of documents stored but not yet indexed (queued, or cut off by a crash)."""
    return [info.id for info in store.list_documents() if info.status in UNFINISHED]
