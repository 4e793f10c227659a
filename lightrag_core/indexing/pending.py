"""Documents kept in the store before they are indexed, and read back from it to index them.

The API stores what it is given as a `pending` row (its text included) before it answers, so a
crash loses nothing: `resume`, or the server starting again, indexes the row from what is stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from lightrag_core.models import PENDING, PROCESSING, Document, DocumentInfo
from lightrag_core.storage.base import GraphStore

UNFINISHED = frozenset({PENDING, PROCESSING})


def from_row(info: DocumentInfo, text: str | None) -> Document | None:
    """The document a stored row holds, or None when the row keeps no text (a file that failed to load)."""
    return Document(info.id, text, info.title, info.file_path, info.subject, info.whole_file) if text else None


def read_back(store: GraphStore, doc_ids: Iterable[str]) -> Iterator[Document]:
    """The stored documents, one at a time (a job's texts are never all in memory); missing ones are skipped."""
    for doc_id in doc_ids:
        info = store.get_document(doc_id)
        doc = from_row(info, store.get_document_text(doc_id)) if info else None
        if doc is not None:
            yield doc


def unfinished(store: GraphStore) -> list[str]:
    """Ids of documents stored but not yet indexed (queued, or cut off by a crash)."""
    return [info.id for info in store.list_documents() if info.status in UNFINISHED]
