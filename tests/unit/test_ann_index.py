"""The approximate index of big embedded workspaces: recall against exact search, exact scores,
deletes, and saved files that are used only at the write version they were saved at."""

from __future__ import annotations

import numpy as np
import pytest

from lightrag_core.models import Entity, GraphWrite
from lightrag_core.storage.ann_index import AnnIndex
from lightrag_core.storage.sqlite.store import SQLiteStore
from lightrag_core.storage.vector_index import VectorIndex

DIM = 64


def clustered(n: int, seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centroids = rng.standard_normal((32, DIM)).astype(np.float32)
    v = rng.standard_normal((n, DIM)).astype(np.float32) * 0.35 + centroids[rng.integers(0, 32, n)]
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def store_with(tmp_path, vectors: np.ndarray, ann_min: int = 1000) -> SQLiteStore:
    store = SQLiteStore(tmp_path, ann_min_vectors=ann_min)
    store.set_embedding_meta("test", DIM)
    for start in range(0, len(vectors), 1000):
        store.apply(GraphWrite(entities=[Entity(f"e{i}", "thing", "", [], [], 0.0, vectors[i])
                                         for i in range(start, min(start + 1000, len(vectors)))]))
    return store


def test_big_namespaces_go_approximate_with_exact_scores_and_high_recall(tmp_path):
    vectors = clustered(6000)
    store = store_with(tmp_path, vectors)
    index = store._vectors()["entities"]
    assert isinstance(index, AnnIndex) and len(index) == 6000
    exact = VectorIndex(DIM)
    exact.upsert([f"e{i}" for i in range(6000)], vectors)
    queries = clustered(50, seed=9)
    recall = np.mean([len({k for k, _ in index.search(q, 10)} & {k for k, _ in exact.search(q, 10)}) / 10
                      for q in queries])
    assert recall >= 0.98
    for (k1, s1), (k2, s2) in zip(index.search(queries[0], 5), exact.search(queries[0], 5)):
        assert k1 == k2 and s1 == pytest.approx(s2, abs=1e-5)
    assert [h.name for h in store.search_entities(queries[0], 3, -1.0)] == [k for k, _ in exact.search(queries[0], 3)]
    store.apply(GraphWrite(delete_entities=["e0"]))
    assert "e0" not in {k for k, _ in index.search(vectors[0], 10)} and len(index) == 5999
    assert isinstance(store._vectors()["relations"], VectorIndex)  # small namespaces stay exact
    store.close()


def test_saved_indexes_are_used_only_at_their_write_version(tmp_path, caplog):
    import logging

    caplog.set_level(logging.INFO, logger="lightrag_core.storage.sqlite.vectors")
    store_with(tmp_path, clustered(3000)).close()
    assert (tmp_path / "ann" / "entities.ann").exists()
    caplog.clear()
    saved_at = (tmp_path / "ann" / "entities.ann").stat().st_mtime_ns
    reopened = SQLiteStore(tmp_path, ann_min_vectors=1000)
    assert len(reopened._vectors()["entities"]) == 3000 and "building" not in caplog.text  # loaded, not rebuilt
    reader = SQLiteStore(tmp_path, ann_min_vectors=1000)
    reader._vectors()
    reader.close()  # a reader that loaded the index and changed nothing...
    assert (tmp_path / "ann" / "entities.ann").stat().st_mtime_ns == saved_at  # ...writes nothing
    # Another writer changes the graph and does not save (as a killed process would not).
    other = SQLiteStore(tmp_path, ann_min_vectors=1000)
    other._vectors()
    other.apply(GraphWrite(delete_entities=["e1", "e2"]))
    other._conn.close()
    caplog.clear()
    fresh = SQLiteStore(tmp_path, ann_min_vectors=1000)
    index = fresh._vectors()["entities"]
    assert "building the approximate entities index" in caplog.text  # the saved one was stale
    assert len(index) == 2998 and not {"e1", "e2"} & {k for k, _ in index.search(clustered(3000)[1], 20)}
    # The reader that loaded before the write reloads too.
    assert len(reopened._vectors()["entities"]) == 2998
    fresh.close()
    reopened.close()


def test_saves_racing_from_two_writers_leave_one_whole_save(tmp_path):
    """Two processes saving at once (the concurrency test found the torn case): the file on disk is
    always one writer's index with that writer's keys and version, never a mix."""
    import json
    import threading

    vectors = clustered(2000)
    fetch = lambda ids: {}  # noqa: E731  # loading does not fetch
    full = AnnIndex.build(DIM, fetch, vectors, [([f"e{i}" for i in range(2000)], vectors)], 2000)
    fewer = AnnIndex.build(DIM, fetch, vectors, [([f"e{i}" for i in range(1500)], vectors[:1500])], 1500)

    def save_many(index, version):
        for n in range(15):
            index.saved_version = None
            index.save(tmp_path, "entities", f"{version}.{n}")

    writers = [threading.Thread(target=save_many, args=(full, "a")), threading.Thread(target=save_many,
                                                                                        args=(fewer, "b"))]
    for t in writers:
        t.start()
    for t in writers:
        t.join()
    with np.load(tmp_path / "entities.ann") as saved:
        header = json.loads(saved["header"].tobytes().decode())
    count = 2000 if header["version"].startswith("a") else 1500
    loaded = AnnIndex.load(tmp_path, "entities", header["version"], count, DIM, fetch)
    assert loaded is not None and len(loaded) == count and loaded._index.ntotal == count
    assert [p.name for p in tmp_path.iterdir()] == ["entities.ann"]  # no temporary file left behind
