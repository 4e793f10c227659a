"""Reads go on while a write is in progress: the embedded store's queries never wait for the writer.

Under load a write transaction (one document's graph) or a reload of the vector matrices used to
hold the one lock every read took, so every query in flight waited for it. Here a real write is
held open inside its transaction (between its statements and its COMMIT) while reads, and whole
queries through the engine, run and must complete, seeing the store as it was before the write.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, Entity, GraphWrite, Relation
from lightrag_core.storage.sqlite import store as store_module
from lightrag_core.storage.sqlite.store import SQLiteStore

DIM = 16
BOUND = 30.0  # seconds: only so that old code fails instead of hanging; never a latency check


def _vec(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def _doc(doc_id: str, seed: int) -> GraphWrite:
    info = DocumentInfo(doc_id, doc_id, f"{doc_id}.txt", "hash-" + doc_id, PROCESSED, chunk_count=2)
    chunks = [Chunk(f"{doc_id}-c{i}", doc_id, i, 5, f"passage {i} about {doc_id} lighthouse", f"{doc_id}.txt",
                    _vec(seed + i)) for i in range(2)]
    ents = [Entity(f"{doc_id} keeper", "person", "keeps it", [chunks[0].id], [info.file_path], 1.0, _vec(seed + 10)),
            Entity(f"{doc_id} tower", "place", "stands", [chunks[1].id], [info.file_path], 1.0, _vec(seed + 11))]
    rel = Relation(ents[0].name, ents[1].name, "keeps", "keeper keeps tower", 1.0, [chunks[0].id],
                   [info.file_path], 1.0, _vec(seed + 12))
    return GraphWrite(document=info, document_text="body", chunks=chunks, entities=ents, relations=[rel],
                      chunk_records={c.id: {"entities": [], "relations": []} for c in chunks})


class HeldWrite:
    """Runs `write` in a thread and holds it inside its transaction (after its statements, before COMMIT)
    until `release()`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, write: callable) -> None:
        self.inside, self._release = threading.Event(), threading.Event()
        self.error: BaseException | None = None
        real = store_module.apply_write

        def held(steps, w):  # the real write path, then a pause with the transaction still open
            real(steps, w)
            self.inside.set()
            self._release.wait(BOUND)

        monkeypatch.setattr(store_module, "apply_write", held)

        def run() -> None:
            try:
                write()
            except BaseException as exc:  # reported by the test
                self.error = exc

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert self.inside.wait(BOUND), "the write never reached its transaction"

    def release(self) -> None:
        self._release.set()
        self.thread.join(BOUND)
        assert not self.thread.is_alive() and self.error is None, self.error


def _in_thread(fn: callable) -> dict:
    """Run `fn` in a thread, bounded: {'done': finished within the bound, 'value' or 'error'}."""
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(BOUND)
    out["done"] = not t.is_alive()
    return out


def test_reads_complete_and_see_the_last_commit_while_a_write_transaction_is_open(tmp_path, monkeypatch):
    store = SQLiteStore(tmp_path)
    store.set_embedding_meta("test-model", DIM)
    store.apply(_doc("d1", 100))
    assert [c.id for c in store.search_chunks(_vec(100), 1, 0.0)] == ["d1-c0"]  # matrices loaded
    before_counts, before_version = store.counts(), store.write_version()

    held = HeldWrite(monkeypatch, lambda: store.apply(_doc("d2", 200)))
    try:
        def reads() -> dict:
            return {
                "counts": store.counts(),
                "version": store.write_version(),
                "chunk_hit": [c.id for c in store.search_chunks(_vec(200), 1, -1.0)],
                "entity_hits": {e.name for e in store.search_entities(_vec(210), 5, -1.0)},
                "relations": [r.key for r in store.search_relations(_vec(212), 5, -1.0)],
                "text": [c.id for c in store.search_chunks_text(["lighthouse"], 10)],
                "near": store.neighbourhood(["d1 keeper"], 5).seeds,
                "doc": store.get_document("d2"),
            }

        got = _in_thread(reads)
        assert got["done"], "a read waited for the write transaction"
        assert "error" not in got, got.get("error")
        seen = got["value"]
        assert held.thread.is_alive()  # the write really was in progress throughout
        # The reads saw the last commit, nothing of the open transaction.
        assert seen["counts"] == before_counts and seen["version"] == before_version
        assert seen["chunk_hit"] == ["d1-c0"] and seen["doc"] is None
        assert seen["entity_hits"] == {"d1 keeper", "d1 tower"}
        assert seen["relations"] == [("d1 keeper", "d1 tower")]
        assert set(seen["text"]) == {"d1-c0", "d1-c1"} and seen["near"] == ["d1 keeper"]
    finally:
        held.release()

    # Once committed, rows and vector matrices both show the write.
    assert store.counts()["chunks"] == 4 and int(store.write_version()) == int(before_version) + 1
    assert [c.id for c in store.search_chunks(_vec(200), 1, -1.0)] == ["d2-c0"]
    assert store.search_entities(_vec(210), 1, 0.0)[0].name == "d2 keeper"
    store.close()


def test_a_query_through_the_engine_completes_while_indexing_holds_its_transaction(offline_settings, monkeypatch):
    from lightrag_core import Engine, QueryParam

    with Engine(offline_settings) as engine:
        engine.index_uploads([], texts=[("lighthouse", "Grace Darling kept the Longstone lighthouse with her "
                                         "father William Darling on the Farne Islands.")])
        held = HeldWrite(monkeypatch, lambda: engine.index_uploads([], texts=[(
            "harbour", "The harbour of Seahouses lies south of the Farne Islands in Northumberland.")]))
        try:
            for mode in ("mix", "multihop"):
                got = _in_thread(lambda m=mode: engine.query_data("Who kept the Longstone lighthouse?",
                                                                  QueryParam(mode=m, only_need_context=True)))
                assert got["done"], f"a {mode} query waited for the write transaction"
                assert "error" not in got, got.get("error")
                result = got["value"]
                assert result.status == "success"
                assert any("Longstone" in c["content"] for c in result.chunks)
                assert not any("Seahouses" in c["content"] for c in result.chunks)  # not committed yet
            assert held.thread.is_alive()
        finally:
            held.release()
        assert engine.store.counts()["documents"] == 2


def test_searches_stay_consistent_while_writes_change_the_matrices(tmp_path):
    """Writers change the matrices in place while searches run: no search fails or sees a torn row, and
    afterwards the in-memory indexes answer exactly as a store opened fresh from the rows does."""
    store = SQLiteStore(tmp_path)
    store.set_embedding_meta("test-model", DIM)
    store.apply(_doc("d0", 0))
    stop = threading.Event()
    failures: list[BaseException] = []

    def search_loop(seed: int) -> None:
        for i in range(100_000):
            if stop.is_set():
                return
            try:
                hits = store.search_chunks(_vec(seed + i % 50), 5, -1.0)
                assert all(c.id.startswith("d") and c.score is not None for c in hits)
                store.chunk_scores([c.id for c in hits], _vec(seed))
            except BaseException as exc:
                failures.append(exc)
                return

    readers = [threading.Thread(target=search_loop, args=(s,), daemon=True) for s in range(4)]
    for t in readers:
        t.start()
    try:
        for n in range(1, 40):
            store.apply(_doc(f"d{n}", n * 100))
            if n % 3 == 0:  # deletes swap rows inside the matrix: the case a torn read would show
                store.apply(GraphWrite(delete_document_ids=[f"d{n - 2}"], delete_entities=[f"d{n - 2} keeper",
                                       f"d{n - 2} tower"]))
    finally:
        stop.set()
        for t in readers:
            t.join(BOUND)
    assert not failures, failures[0]
    fresh = SQLiteStore(tmp_path)
    for seed in range(0, 4000, 137):
        assert ([(c.id, round(c.score, 5)) for c in store.search_chunks(_vec(seed), 8, -1.0)]
                == [(c.id, round(c.score, 5)) for c in fresh.search_chunks(_vec(seed), 8, -1.0)])
    fresh.close()
    store.close()


def test_a_search_sees_what_another_connection_committed(tmp_path):
    """Another process's writes move the stored write version; the next search reloads the matrices."""
    reader, writer = SQLiteStore(tmp_path), SQLiteStore(tmp_path)
    writer.set_embedding_meta("test-model", DIM)
    writer.apply(_doc("d1", 100))
    assert [c.id for c in reader.search_chunks(_vec(100), 1, 0.0)] == ["d1-c0"]
    writer.apply(_doc("d2", 200))
    writer.apply(GraphWrite(delete_document_ids=["d1"]))
    assert [c.id for c in reader.search_chunks(_vec(200), 1, 0.0)] == ["d2-c0"]
    assert {c.id for c in reader.search_chunks(_vec(100), 10, -1.0)} == {"d2-c0", "d2-c1"}
    writer.close()
    reader.close()


def test_setting_the_same_embedding_model_again_keeps_the_loaded_matrices(tmp_path):
    """Every indexing run sets the model; when it is unchanged, searches must not reload every vector."""
    store = SQLiteStore(tmp_path)
    store.set_embedding_meta("test-model", DIM)
    store.apply(_doc("d1", 100))
    loaded = store._vectors()
    store.set_embedding_meta("test-model", DIM)
    assert store._vectors() is loaded
    store.close()
