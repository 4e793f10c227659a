"""Extraction started ahead: the next batch is extracted while the batch before it is written, nothing is
extracted for a document stored unchanged, and one document whose extraction fails fails alone."""

from __future__ import annotations

import threading

from lightrag_core import Engine
from lightrag_core.indexing.extract_offline import OfflineExtractor
from lightrag_core.indexing.indexer import BATCH_DOCUMENTS
from lightrag_core.models import FAILED, PROCESSED

CITIES = ["Paris", "Lyon", "Marseille", "Lille", "Nantes", "Bordeaux", "Toulouse", "Nice", "Rennes", "Dijon",
          "Reims", "Brest", "Tours", "Metz", "Caen", "Nancy", "Amiens", "Limoges"]


class Watching(OfflineExtractor):
    """spaCy extraction, recording which documents each call held and on which thread it ran."""

    def __init__(self, fail_on: str = "") -> None:
        self.calls: list[tuple[str, set[str]]] = []
        self.second_batch = threading.Event()
        self.fail_on = fail_on

    def extract(self, chunks, subjects=None):
        docs = {c.doc_id for c in chunks}
        self.calls.append((threading.current_thread().name, docs))
        if len(self.calls) == 2:
            self.second_batch.set()
        if self.fail_on and any(self.fail_on in c.content for c in chunks):
            raise ValueError(f"cannot read {self.fail_on}")
        return super().extract(chunks, subjects)


def _files(tmp_path, n: int) -> list:
    files = []
    for k in range(n):
        city = CITIES[k % len(CITIES)]
        files.append(tmp_path / f"doc{k:02d}.txt")
        files[-1].write_text(f"{city} is a city in France. Marie Curie once visited {city} with Pierre Curie.",
                             encoding="utf-8")
    return files


def test_the_next_batch_is_extracted_while_this_one_is_written(offline_settings, tmp_path):
    engine = Engine(offline_settings)
    watching = Watching()
    engine._extractor = watching
    writes = {"n": 0, "second_batch_running": None}
    apply = engine.store.apply

    def observed(write):
        if write.chunks and writes["n"] == 0:
            # The first document's write waits for the second batch's extraction: run one after the other,
            # that extraction would only start once this batch is written, and the wait would time out.
            writes["second_batch_running"] = watching.second_batch.wait(timeout=10)
        writes["n"] += bool(write.chunks)
        return apply(write)

    engine.store.apply = observed
    files = _files(tmp_path, BATCH_DOCUMENTS + 2)
    report = engine.index_paths(files)
    assert writes["second_batch_running"] is True
    assert len(report.processed) == len(files) and not report.failed
    assert [len(docs) for _, docs in watching.calls] == [BATCH_DOCUMENTS, 2]
    assert all(thread.startswith("extract-ahead") for thread, _ in watching.calls)
    assert {d.status for d in engine.documents()} == {PROCESSED}
    assert "Marie Curie" in {e.name for e in engine.store.all_entities()}

    # Run again on the same files: every document is stored unchanged, so nothing is extracted.
    watching.calls.clear()
    again = engine.index_paths(files)
    assert watching.calls == [] and len(again.skipped) == len(files) and not again.processed
    engine.close()


def test_a_document_whose_extraction_fails_fails_alone(offline_settings, tmp_path):
    engine = Engine(offline_settings)
    engine._extractor = Watching(fail_on="Toulouse")
    files = _files(tmp_path, 8)
    report = engine.index_paths(files)
    bad = next(d.id for d in engine.documents() if d.file_path.endswith("doc06.txt"))
    assert report.failed == {bad: "ValueError: cannot read Toulouse"}
    assert len(report.processed) == 7
    statuses = {d.id: d.status for d in engine.documents()}
    assert statuses.pop(bad) == FAILED and set(statuses.values()) == {PROCESSED}
    # The batch call failed, then each document was extracted on its own.
    assert [len(docs) for _, docs in engine.extractor.calls] == [8, *[1] * 8]
    engine.close()
