"""Re-indexing, changed content, deletion with rebuild, resume after an interruption.

Each flow runs on the embedded store and, when NEO4J_URI is set, on Neo4j (a fresh workspace,
removed afterwards); the Neo4j run is skipped with the reason otherwise.
"""

from __future__ import annotations

import pytest

from lightrag_core import Document, Engine
from lightrag_core.models import LightRAGError

A = ("Marie Curie was born in Warsaw. Marie Curie worked in Paris with Pierre Curie. "
     "Pierre Curie taught at the Sorbonne in Paris.")
B = "Albert Einstein visited Paris in 1922. Albert Einstein admired Marie Curie."


@pytest.fixture(params=["embedded", "neo4j"])
def engine(request, offline_settings, tmp_path):
    if request.param == "embedded":
        e = Engine(offline_settings)
    else:
        from tests.support.neo4j_live import live_settings

        e = Engine(live_settings(tmp_path / "neo4j", "lifecycle"), store_kind="neo4j")
    yield e
    if request.param == "neo4j":
        e.store.drop_workspace()
    e.close()


def _snapshot(engine):
    ents = {e.name: (e.type, e.description, tuple(e.source_ids)) for e in engine.store.all_entities()}
    rels = {r.key: (r.weight, r.description) for r in engine.store.all_relations()}
    return ents, rels


def test_reindex_unchanged_is_a_noop(engine):
    first = engine.index_documents([Document("a", A), Document("b", B)])
    assert sorted(first.processed) == ["a", "b"]
    before = _snapshot(engine)
    again = engine.index_documents([Document("a", A), Document("b", B)])
    assert again.processed == [] and sorted(again.skipped) == ["a", "b"]
    assert _snapshot(engine) == before


def test_shared_entity_merges_and_delete_rebuilds(engine):
    engine.index_documents([Document("a", A), Document("b", B)])
    paris = engine.store.get_entities(["Paris"])["Paris"]
    assert len(paris.source_ids) == 2  # one chunk from each document
    assert "Einstein" in paris.description or "1922" in paris.description
    engine.delete_document("b")
    assert engine.store.get_document("b") is None
    paris = engine.store.get_entities(["Paris"])["Paris"]
    assert len(paris.source_ids) == 1 and "1922" not in paris.description
    assert not engine.store.get_entities(["Albert Einstein"])
    # Same graph as indexing only A from scratch.
    # The reference is always the embedded store, so on Neo4j this also checks the two build the same graph.
    alone = Engine(engine.settings.__class__.from_env(engine.settings.workdir.parent / "alone",
                                                      llm_model="", neo4j_uri="", embedding_model=""),
                   store_kind="embedded")
    alone.index_documents([Document("a", A)])
    assert {k: v[:2] for k, v in _snapshot(engine)[0].items()} == {k: v[:2] for k, v in _snapshot(alone)[0].items()}
    assert set(_snapshot(engine)[1]) == set(_snapshot(alone)[1])
    # Vectors follow the rows: a deleted entity is no longer found.
    hits = engine.store.search_entities(engine.embedder.embed(["Albert Einstein"])[0], 50, 0.0)
    assert "Albert Einstein" not in {h.name for h in hits}
    alone.close()
    with pytest.raises(LightRAGError, match="no document"):
        engine.delete_document("b")


def test_changed_content_replaces_the_old_version(engine):
    engine.index_documents([Document("a", A)])
    engine.index_documents([Document("a", "Ada Lovelace wrote programs for Charles Babbage in London.")])
    names = {e.name for e in engine.store.all_entities()}
    assert "Ada Lovelace" in names and "Marie Curie" not in names
    assert engine.store.counts()["documents"] == 1


def test_failed_document_is_recorded_and_rerun(engine, monkeypatch):
    real = engine.embedder.embed
    state = {"fail": True}

    def flaky(texts):
        if state["fail"] and any("Warsaw" in t for t in texts):
            raise LightRAGError("embedding service unavailable")
        return real(texts)

    monkeypatch.setattr(engine.embedder, "embed", flaky)
    report = engine.index_documents([Document("a", A)])
    assert report.failed == {"a": "embedding service unavailable"}
    doc = engine.store.get_document("a")
    assert doc.status == "failed" and doc.error == "embedding service unavailable"
    assert engine.store.counts()["chunks"] == 0  # nothing half-written
    state["fail"] = False
    resumed = engine.resume()
    assert resumed.processed == ["a"] and engine.store.get_document("a").status == "processed"


def test_processing_documents_resume(engine):
    engine.index_documents([Document("a", A)])
    info = engine.store.get_document("a")
    info.status = "processing"  # as an interrupted run leaves it
    engine.store.save_document(info)
    report = engine.resume()
    assert report.processed == ["a"]
    assert engine.store.get_document("a").status == "processed"
