"""Scale: synthetic graphs of 10k and 100k entities written through the storage protocol.

    python bench/scale_bench.py --sizes 10000,100000,1000000 --out bench/results/scale

Each size runs in a fresh subprocess (so peak memory is its own) and reports
bulk upsert throughput (documents+chunks, entities, relations), retrieval
latency per mode (context only; the real ONNX model embeds the queries,
keywords are given so spaCy's cost does not blur the scaling), peak RSS, and
the recall of the vector search against brute force.

The graph: about 3 relations per entity with preferential attachment (so
there are hubs, as in real graphs), half as many chunks as entities, and
clustered 384-d vectors so that nearest neighbours are meaningful.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

MODES = ["naive", "local", "global", "hybrid", "mix"]
DIM = 384
BATCH = 5000


def vectors(rng: np.random.Generator, centroids: np.ndarray, n: int) -> np.ndarray:
    """n clustered unit vectors, made in float32 and one batch at a time, so that the
    generator's temporaries do not count against the store's peak memory."""
    picks = rng.integers(0, len(centroids), n)
    v = rng.standard_normal((n, DIM), dtype=np.float32)
    v *= 0.35
    v += centroids[picks]
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return v


def build(store, n_entities: int, seed: int = 7) -> dict:
    from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, Entity, GraphWrite, Relation

    rng = np.random.default_rng(seed)
    centroids = rng.standard_normal((256, DIM)).astype(np.float32)
    n_chunks = max(n_entities // 2, 1)
    n_docs = max(n_chunks // 10, 1)
    timings = {}

    start = time.perf_counter()
    for d0 in range(0, n_docs, 500):
        w = GraphWrite()
        chunk_vecs = vectors(rng, centroids, 5000)
        for d in range(d0, min(d0 + 500, n_docs)):
            info = DocumentInfo(f"doc{d}", f"doc{d}", f"doc{d}.txt", f"h{d}", PROCESSED, chunk_count=10)
            store.save_document(info, "synthetic")
            for c in range(d * 10, min(d * 10 + 10, n_chunks)):
                w.chunks.append(Chunk(f"c{c}", f"doc{d}", c % 10, 120, f"synthetic chunk {c} " * 20,
                                      f"doc{d}.txt", chunk_vecs[c - d0 * 10]))
        store.apply(w)
    timings["chunks_per_s"] = round(n_chunks / (time.perf_counter() - start), 1)

    start = time.perf_counter()
    ent_vecs = np.zeros((n_entities, DIM), dtype=np.float32)  # kept to check search recall afterwards
    for e0 in range(0, n_entities, BATCH):
        ent_vecs[e0:e0 + BATCH] = vectors(rng, centroids, min(BATCH, n_entities - e0))
        batch = [Entity(f"Entity {i}", f"type{i % 8}", f"Synthetic entity {i} described in a few words " * 2,
                        [f"c{(i * 7 + k) % n_chunks}" for k in range(1 + i % 3)], [f"doc{i % n_docs}.txt"],
                        1.0, ent_vecs[i]) for i in range(e0, min(e0 + BATCH, n_entities))]
        store.apply(GraphWrite(entities=batch))
    timings["entities_per_s"] = round(n_entities / (time.perf_counter() - start), 1)

    # Preferential attachment: each new entity links to ~3 earlier ones, picked in proportion to degree.
    start = time.perf_counter()
    ends: list[int] = [0, 1]
    pairs: set[tuple[int, int]] = set()
    for i in range(2, n_entities):
        for _ in range(3):
            j = ends[rng.integers(0, len(ends))] if rng.random() < 0.7 else int(rng.integers(0, i))
            if j != i:
                pairs.add((min(i, j), max(i, j)))
                ends += [i, j]
    pair_list = sorted(pairs)
    del pairs, ends
    for r0 in range(0, len(pair_list), BATCH):
        rel_vecs = vectors(rng, centroids, min(BATCH, len(pair_list) - r0))
        batch = [Relation(f"Entity {a}", f"Entity {b}", "related, synthetic", f"Entity {a} relates to Entity {b}",
                          float(1 + (a + b) % 5), [f"c{(a + b) % n_chunks}"], [f"doc{a % n_docs}.txt"], 1.0,
                          rel_vecs[k]) for k, (a, b) in enumerate(pair_list[r0:r0 + BATCH])]
        store.apply(GraphWrite(relations=batch))
    timings["relations_per_s"] = round(len(pair_list) / (time.perf_counter() - start), 1)
    return {"entities": n_entities, "relations": len(pair_list), "chunks": n_chunks, "documents": n_docs,
            **timings, "entity_vectors": ent_vecs}


def one_size(n: int) -> dict:
    from lightrag_core import QueryParam
    from lightrag_core.embeddings import OnnxMiniLM
    from lightrag_core.query.pipeline import QueryEngine
    from lightrag_core.storage.sqlite.store import SQLiteStore

    with tempfile.TemporaryDirectory(prefix="scale-") as tmp:
        store = SQLiteStore(Path(tmp))
        store.set_embedding_meta("synthetic", DIM)
        built = build(store, n)
        ent_vecs = built.pop("entity_vectors")
        embedder = OnnxMiniLM()
        engine = QueryEngine(store, embedder, None)
        rng = np.random.default_rng(1)
        engine.retrieve("warm up", QueryParam(mode="mix", ll_keywords=["Entity 1"], hl_keywords=["related"]))
        latency = {}
        for mode in MODES:
            times = []
            for _ in range(30):
                a = int(rng.integers(0, n))
                param = QueryParam(mode=mode, ll_keywords=[f"Entity {a}"], hl_keywords=["related entities"],
                                   cosine_threshold=0.0)
                start = time.perf_counter()
                engine.retrieve(f"How is Entity {a} related to the others?", param)
                times.append((time.perf_counter() - start) * 1000)
            latency[mode] = {"p50_ms": round(float(np.percentile(times, 50)), 2),
                             "p95_ms": round(float(np.percentile(times, 95)), 2)}
        del ent_vecs
        indexes = store._vectors()
        kinds = {ns: type(ix).__name__ for ns, ix in indexes.items()}
        recall = {ns: search_recall(store, ns, indexes[ns]) for ns in indexes}
        start = time.perf_counter()
        for q in vectors(np.random.default_rng(5), np.random.default_rng(7).standard_normal((256, DIM)), 50):
            indexes["entities"].search(q, 40)
        search_ms = (time.perf_counter() - start) / 50 * 1000
        size = store.size_bytes()
        store.close()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {**built, "latency": latency, "entity_search_ms": round(search_ms, 2), "index_kinds": kinds,
            "recall_at_10": recall, "peak_rss_mb": round(peak_mb, 1), "store_mb": round(size / 2**20, 1)}


def search_recall(store, ns: str, index, n_queries: int = 20) -> float:
    """recall@10 of the store's search against an exact scan of every stored vector (streamed from SQLite)."""
    from lightrag_core.storage.sqlite.vectors import _stream

    queries = vectors(np.random.default_rng(11), np.random.default_rng(7).standard_normal((256, DIM)), n_queries)
    best: list[list[tuple[float, str]]] = [[] for _ in range(n_queries)]
    for ids, matrix in _stream(store._conn, ns, DIM):
        scores = matrix @ queries.T
        for qi in range(n_queries):
            top = np.argpartition(-scores[:, qi], min(10, len(ids) - 1))[:10]
            best[qi] = sorted(best[qi] + [(float(scores[t, qi]), ids[t]) for t in top], reverse=True)[:10]
    hits = sum(len({k for k, _ in index.search(q, 10)} & {k for _, k in b}) for q, b in zip(queries, best))
    return round(hits / (10 * n_queries), 4)


def markdown(rows: list[dict]) -> str:
    lines = ["| entities | relations | chunks | chunks/s | entities/s | relations/s | "
             + " | ".join(f"{m} p50 ms" for m in MODES)
             + " | recall@10 entities / relations / chunks | search | peak RSS MB | store MB |",
             "|---" * (10 + len(MODES)) + "|"]
    for r in rows:
        lines.append(f"| {r['entities']:,} | {r['relations']:,} | {r['chunks']:,} | {r['chunks_per_s']:,.0f} | "
                     f"{r['entities_per_s']:,.0f} | {r['relations_per_s']:,.0f} | "
                     + " | ".join(f"{r['latency'][m]['p50_ms']:.1f}" for m in MODES)
                     + " | " + " / ".join(f"{r['recall_at_10'][ns]:.3f}" for ns in ("entities", "relations", "chunks"))
                     + " | " + ", ".join("approximate" if r["index_kinds"][ns] == "AnnIndex" else "exact"
                                         for ns in ("entities", "relations", "chunks"))
                     + f" | {r['peak_rss_mb']:,.0f} | {r['store_mb']:,.0f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="10000,100000,1000000")
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "scale")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)  # internal: run one size, print JSON
    args = ap.parse_args()
    if args.one:
        print(json.dumps(one_size(args.one)))
        return
    rows = []
    for n in [int(s) for s in args.sizes.split(",")]:
        out = subprocess.run([sys.executable, __file__, "--one", str(n)], capture_output=True, text=True, check=True)
        rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
        print(f"{n:,} entities done", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.with_suffix(".json").write_text(json.dumps(rows, indent=2))
    args.out.with_suffix(".md").write_text(markdown(rows))
    print(markdown(rows))


if __name__ == "__main__":
    main()
