"""What only a real Neo4j server can show: shared indexes, concurrent writers, failures inside a transaction.

Runs when NEO4J_URI is set (fresh workspaces, removed afterwards) and is skipped with the reason
otherwise. Point it at a scratch database: see README, 'Neo4j' -> 'The live test suite'.
"""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

from lightrag_core import Document, Engine, QueryParam
from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, Entity, GraphWrite, LightRAGError
from tests.support.neo4j_live import DIM, live_settings, live_store

pytestmark = [pytest.mark.neo4j]
ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


def _near(q: np.ndarray, cos: float, seed: int) -> np.ndarray:
    """A unit vector at (about) the given cosine to the unit vector q."""
    noise = np.random.default_rng(seed).standard_normal(q.size).astype(np.float32)
    noise -= noise.dot(q) * q
    noise /= np.linalg.norm(noise)
    v = cos * q + np.sqrt(1 - cos * cos) * noise
    return (v / np.linalg.norm(v)).astype(np.float32)


def _entities(prefix: str, n: int, q: np.ndarray, cos: float) -> list[Entity]:
    return [Entity(f"{prefix}{i}", "thing", f"{prefix} {i}", [], [], 1.0, _near(q, cos - i * 1e-4, i))
            for i in range(n)]


def test_a_small_workspace_beside_a_big_one_keeps_its_recall(tmp_path):
    """The index is shared: 3,000 closer entities of another workspace must not hide this one's five."""
    from lightrag_core.storage.sqlite.store import SQLiteStore

    q = _near(np.eye(DIM, dtype=np.float32)[0], 1.0, 0)
    small, big, exact = live_store(tmp_path / "s", "small"), live_store(tmp_path / "b", "big"), SQLiteStore(tmp_path)
    try:
        for s in (small, big, exact):
            s.set_embedding_meta("test-model", DIM)
        crowd = _entities("crowd", 3000, q, 0.95)
        for i in range(0, len(crowd), 500):
            big.apply(GraphWrite(entities=crowd[i:i + 500]))
        mine = _entities("mine", 5, q, 0.5)
        small.apply(GraphWrite(entities=mine))
        exact.apply(GraphWrite(entities=mine))
        hits = small.search_entities(q, 5, 0.2)
        assert [h.name for h in hits] == [h.name for h in exact.search_entities(q, 5, 0.2)]
        assert len(hits) == 5
        for h, e in zip(hits, exact.search_entities(q, 5, 0.2)):
            assert h.score == pytest.approx(e.score, abs=1e-4)
        # Dropping one workspace leaves the other whole.
        small.drop_workspace()
        assert small.counts()["entities"] == 0 and big.counts()["entities"] == 3000
    finally:
        small.drop_workspace()
        big.drop_workspace()
        for s in (small, big, exact):
            s.close()


def test_a_query_before_any_vector_index_exists_answers_like_an_empty_workspace(tmp_path, neo4j_had_indexes):
    if neo4j_had_indexes:
        pytest.skip("the database already had this store's vector indexes before the session: not a scratch "
                    "database, so they are not dropped to test this")
    store = live_store(tmp_path / "probe", "probe")
    store.drop_vector_indexes()
    store.close()
    engine = Engine(live_settings(tmp_path / "neo", "before_index"), store_kind="neo4j")
    embedded = Engine(live_settings(tmp_path / "emb", "unused", neo4j_uri=""), store_kind="embedded")
    try:
        for mode in ("local", "global", "naive", "mix"):
            got = engine.query_data("Who was Marie Curie?", QueryParam(mode=mode))
            want = embedded.query_data("Who was Marie Curie?", QueryParam(mode=mode))
            assert (got.status, got.message) == (want.status, want.message)
            assert got.entities == got.relationships == got.chunks == []
    finally:
        engine.store.drop_workspace()
        engine.close()
        embedded.close()


def test_a_server_error_mid_write_leaves_nothing_behind(tmp_path, monkeypatch):
    from lightrag_core.storage.neo4j import store as store_module
    from lightrag_core.storage.neo4j.writes import Neo4jWriteSteps

    class FailingAfterEntities(Neo4jWriteSteps):
        def upsert_entities(self, entities):
            super().upsert_entities(entities)
            self.tx.run("RETURN 1 / 0 AS boom").consume()  # the server fails the transaction here

    store = live_store(tmp_path, "midwrite")
    try:
        store.set_embedding_meta("test-model", DIM)
        q = _near(np.eye(DIM, dtype=np.float32)[1], 1.0, 1)
        info = DocumentInfo("d1", "d1", "d1.txt", "h", PROCESSED, chunk_count=1)
        write = GraphWrite(document=info, document_text="body",
                           chunks=[Chunk("d1-c0", "d1", 0, 3, "text", "d1.txt", q)],
                           entities=_entities("e", 3, q, 0.9))
        monkeypatch.setattr(store_module, "Neo4jWriteSteps", FailingAfterEntities)
        with pytest.raises(LightRAGError, match="Neo4j refused a statement"):
            store.apply(write)
        assert store.counts() == {"documents": 0, "chunks": 0, "entities": 0, "relations": 0}
        assert store.search_entities(q, 5, 0.0) == [] and store.get_document("d1") is None
        monkeypatch.undo()
        store.apply(write)  # the same write succeeds once the fault is gone
        assert store.counts()["entities"] == 3
    finally:
        store.drop_workspace()
        store.close()


def _graph_of(engine: Engine) -> tuple[dict, dict]:
    """Entities and relations as comparable values; description fragments as sets (writers interleave)."""
    ents = {e.name: (e.type, frozenset(e.description.split("\n")), tuple(sorted(e.source_ids)))
            for e in engine.store.all_entities()}
    rels = {r.key: (round(r.weight, 2), frozenset(r.description.split("\n")), tuple(sorted(r.source_ids)))
            for r in engine.store.all_relations()}
    return ents, rels


@pytest.mark.slow
def test_two_writers_lose_no_update(hotpot_slice, tmp_path):
    """Two processes index halves of a corpus into one workspace at once: the graph equals sequential indexing."""
    lines = hotpot_slice["corpus"].read_text().splitlines(keepends=True)[:40]
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a.write_text("".join(lines[:20]))
    b.write_text("".join(lines[20:]))
    settings = live_settings(tmp_path / "shared", "writers")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LLM_MODEL": "", "EMBEDDING_MODEL": "",
           "LIGHTRAG_WORKSPACE": settings.workspace}
    procs = [subprocess.Popen([sys.executable, "-m", "lightrag_core", "--workdir", str(tmp_path / "shared"),
                               "index", str(part), "--no-progress"], cwd=ROOT, env=env, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) for part in (a, b)]
    outputs = [p.communicate(timeout=900) for p in procs]
    shared = Engine(settings, store_kind="neo4j")
    sequential = Engine(live_settings(tmp_path / "seq", "seq", neo4j_uri=""), store_kind="embedded")
    try:
        for p, (out, err) in zip(procs, outputs):
            assert p.returncode == 0, err[-2000:]
            assert "20 indexed, 0 unchanged, 0 failed" in out
        sequential.index_paths([a])
        sequential.index_paths([b])
        assert _graph_of(shared) == _graph_of(sequential)
    finally:
        shared.store.drop_workspace()
        shared.close()
        sequential.close()


def test_review_edit_and_merge_on_neo4j_match_the_embedded_store(tmp_path):
    from lightrag_core.workbench.review import Reviewer

    text_a = ("Marie Curie was born in Warsaw. Marie Curie worked in Paris with Pierre Curie. "
              "Pierre Curie taught at the Sorbonne in Paris.")
    neo = Engine(live_settings(tmp_path / "neo", "review"), store_kind="neo4j")
    emb = Engine(live_settings(tmp_path / "emb", "unused", neo4j_uri=""), store_kind="embedded")
    try:
        for engine in (neo, emb):
            engine.index_documents([Document("a", text_a)])
            reviewer = Reviewer(engine.store, engine.embedder, engine.summariser, "expert")
            reviewer.edit_entity("Paris", "The capital of France.", "location", "clearer")
            reviewer.merge_entities("Marie Curie", "Pierre Curie", "test merge")
        assert _graph_of(neo) == _graph_of(emb)
        assert not neo.store.get_entities(["Pierre Curie"])
        assert neo.store.get_entities(["Paris"])["Paris"].description == "The capital of France."
        assert [r["decision"] for r in neo.store.list_reviews()] == ["edit", "merge"]
        vec = neo.embedder.embed(["Pierre Curie"])[0]
        assert "Pierre Curie" not in {h.name for h in neo.store.search_entities(vec, 20, 0.0)}
    finally:
        neo.store.drop_workspace()
        neo.close()
        emb.close()
