import numpy as np

from lightrag_core.storage.vector_index import VectorIndex


def _brute(matrix, ids, q, k):
    m = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
    s = m @ (q / np.linalg.norm(q))
    order = np.argsort(-s)[:k]
    return [ids[i] for i in order]


def test_search_matches_brute_force_through_updates_and_removals():
    rng = np.random.default_rng(7)
    idx = VectorIndex(32, capacity=4)
    ids = [f"id{i}" for i in range(300)]
    vecs = rng.standard_normal((300, 32)).astype(np.float32)
    idx.upsert(ids, vecs)
    # Overwrite some rows, remove others.
    vecs[:10] = rng.standard_normal((10, 32))
    idx.upsert(ids[:10], vecs[:10])
    idx.remove(ids[50:100])
    keep = [i for i in range(300) if not 50 <= i < 100]
    q = rng.standard_normal(32).astype(np.float32)
    got = [k for k, _ in idx.search(q, 15)]
    assert got == _brute(vecs[keep], [ids[i] for i in keep], q, 15)
    assert len(idx) == 250 and "id60" not in idx


def test_threshold_and_scores():
    idx = VectorIndex(2)
    idx.upsert(["x", "y", "z"], np.array([[1, 0], [0, 1], [1, 1]], dtype=np.float32))
    hits = idx.search(np.array([1, 0], dtype=np.float32), 10, threshold=0.5)
    assert [h[0] for h in hits] == ["x", "z"]
    assert abs(hits[1][1] - 0.7071) < 1e-3
    assert set(idx.scores(["y", "missing"], np.array([0, 1]))) == {"y"}
    assert idx.search(np.array([1, 0]), 0) == []
