"""What leaves the store: a deleted document, and the earlier versions of a file indexed again.

A removal rebuilds what the document shared with others from the records of the chunks
that remain, so the graph equals one built without it.

Document ids are content hashes, so an edited file arrives as a new document; without
this, the old text would keep answering beside the new one. The stored documents of
the same file (same path as given, or the same upload name) are removed once the new
version is written, never before: a new version that fails leaves the old one in place,
and a run killed in between finishes the job when the file is indexed again (the
unchanged new version is skipped and the old one is still found).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from lightrag_core.curation import ACTIVE, UNDONE, Curation
from lightrag_core.indexing import failure_rows
from lightrag_core.indexing.merge import Summariser
from lightrag_core.indexing.plan import curated_records, plan_removal
from lightrag_core.models import Document, Entity, GraphWrite, Relation, relation_key
from lightrag_core.storage.base import GraphStore


def removal_write(
    store: GraphStore, doc_id: str, summarise: Summariser,
    embed: Callable[[list[Entity], list[Relation]], None], curation: Curation | None = None,
) -> GraphWrite:
    """The write that removes a document and rebuilds what it shared with others (embedded).

    The document's records are read through the expert's rules, so a merged name finds the
    kept entity and what a review deleted is not looked for.
    """
    curation = curation or Curation()
    chunk_ids = store.document_chunk_ids(doc_id)
    mine = curated_records({}, store.get_chunk_records(chunk_ids), curation)
    names = {e.name for ents, _ in mine.values() for e in ents}
    keys = {relation_key(r.src, r.tgt) for _, rels in mine.values() for r in rels}
    entities = store.get_entities(sorted(names))
    relations = store.get_relations(sorted(keys))
    cited: list[Entity | Relation] = [*entities.values(), *relations.values()]
    remaining = sorted({s for x in cited for s in x.source_ids} - set(chunk_ids))
    write = plan_removal(doc_id, chunk_ids, entities, relations, store.get_chunks(remaining),
                         store.get_chunk_records(remaining), summarise, curation)
    embed(write.entities, write.relations)
    return write


def clear_write(store: GraphStore, undo_rules: bool = False, who: str = "") -> GraphWrite:
    """The write that empties the workspace: every document (failed and pending rows too), chunk, entity and
    relation, in one transaction. The expert's rules stay (a document indexed again is curated as before)
    unless `undo_rules`, which marks each one undone in the same transaction, as an undo would."""
    docs = [info.id for info in store.list_documents()]
    chunk_ids = sorted({c for doc_id in docs for c in store.document_chunk_ids(doc_id)})
    write = GraphWrite(delete_document_ids=docs, delete_chunk_ids=chunk_ids,
                       delete_entities=sorted(e.name for e in store.all_entities()),
                       delete_relations=sorted(relation_key(r.src, r.tgt) for r in store.all_relations()))
    if undo_rules:
        now = time.time()
        write.rules = [{**rule, "state": UNDONE, "undone_at": now, "undone_by": who,
                        "undo_comment": "every document was cleared"}
                       for rule in store.list_rules() if rule.get("state", ACTIVE) == ACTIVE]
    return write


class FileVersions:
    """The stored documents of each file path, read once per run and kept up to date by it."""

    def __init__(self, store: GraphStore) -> None:
        self.store = store
        self._by_path: dict[str, set[str]] | None = None

    def _paths(self) -> dict[str, set[str]]:
        if self._by_path is None:
            self._by_path = {}
            for info in self.store.list_documents():
                if info.file_path and not failure_rows.is_load_failure(info):  # those are replaced on load
                    self._by_path.setdefault(info.file_path, set()).add(info.id)
        return self._by_path

    def earlier(self, doc: Document, this_run: set[str]) -> list[str]:
        """Stored documents `doc` supersedes: same file, another id, not written by this run
        (two uploads with one name in a batch are two documents, not versions)."""
        if not doc.whole_file or not doc.file_path:
            return []
        ids = self._paths().setdefault(doc.file_path, set())
        ids.add(doc.id)  # the new version is now one of the file's stored documents
        return sorted(ids - this_run - {doc.id})

    def forget(self, file_path: str, doc_id: str) -> None:
        self._paths().get(file_path, set()).discard(doc_id)
