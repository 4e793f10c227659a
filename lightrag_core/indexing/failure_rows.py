"""Files that never became documents, kept as `failed` document rows so nothing is lost silently.

A row for a file (or one JSONL line) has no content hash; it names the file, so `resume`
and a later `index` of the same file can read it again and replace the row.
"""

from __future__ import annotations

import time
from pathlib import Path

from lightrag_core.indexing.loaders import LoadFailure
from lightrag_core.models import FAILED, DocumentInfo, GraphWrite
from lightrag_core.storage.base import GraphStore


def is_load_failure(info: DocumentInfo) -> bool:
    """A row for a file (or JSONL line) that never became a document: it has no content hash."""
    return info.status == FAILED and not info.content_hash


def record(store: GraphStore, failure: LoadFailure) -> None:
    now = time.time()
    old = store.get_document(failure.doc_id)
    store.save_document(DocumentInfo(
        failure.doc_id, Path(failure.source).name, failure.file_path, "", FAILED, failure.error,
        created_at=old.created_at if old else now, updated_at=now,
    ))


def by_file(store: GraphStore) -> dict[str, list[str]]:
    """The failure rows of each file, by the file's path."""
    found: dict[str, list[str]] = {}
    for info in store.list_documents():
        if is_load_failure(info):
            found.setdefault(info.file_path, []).append(info.id)
    return found


def forget(store: GraphStore, doc_ids: list[str]) -> None:
    """Drop earlier failures of a file about to be read again (a new failure records them again)."""
    if doc_ids:
        store.apply(GraphWrite(delete_document_ids=doc_ids))
