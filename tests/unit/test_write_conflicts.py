"""Optimistic concurrency: a write merged on stale data is refused, and the indexer redoes it."""

from __future__ import annotations

import numpy as np
import pytest

from lightrag_core import Document, Engine
from lightrag_core.models import Entity, GraphWrite, WriteConflict


def test_stale_write_is_refused(offline_settings):
    engine = Engine(offline_settings)
    engine.index_documents([Document("a", "Marie Curie was born in Warsaw.")])
    store = engine.store
    current = store.get_entities(["Marie Curie"])["Marie Curie"]
    vec = np.ones(384, dtype=np.float32)
    stale = Entity("Marie Curie", "person", "stale", ["other-chunk"], [], 0.0, vec)
    with pytest.raises(WriteConflict):
        store.apply(GraphWrite(entities=[stale], expected_entities={"Marie Curie": ["not-what-is-stored"]}))
    assert store.get_entities(["Marie Curie"])["Marie Curie"].description == current.description
    with pytest.raises(WriteConflict):
        store.apply(GraphWrite(entities=[stale], expected_entities={"Brand New": ["x"]}))
    store.apply(GraphWrite(entities=[stale], expected_entities={"Marie Curie": current.source_ids}))
    assert store.get_entities(["Marie Curie"])["Marie Curie"].description == "stale"
    engine.close()


def test_indexer_redoes_a_document_after_a_conflict(offline_settings, monkeypatch):
    engine = Engine(offline_settings)
    engine.index_documents([Document("a", "Marie Curie was born in Warsaw.")])
    other = Engine(offline_settings)  # a second writer on the same workspace
    real_apply = engine.store.apply
    state = {"raced": False}

    def racing_apply(write):
        if not state["raced"] and write.document is not None and write.document.id == "b":
            state["raced"] = True  # the other writer lands first, touching the same entity
            other.index_documents([Document("c", "Marie Curie worked in Paris.")])
        return real_apply(write)

    monkeypatch.setattr(engine.store, "apply", racing_apply)
    report = engine.index_documents([Document("b", "Marie Curie studied physics in Paris.")])
    assert report.processed == ["b"] and state["raced"]
    curie = engine.store.get_entities(["Marie Curie"])["Marie Curie"]
    assert len(curie.source_ids) == 3  # no lost update: a, b and c all count
    for text in ("born in Warsaw", "studied physics", "worked in Paris"):
        assert text in curie.description
    other.close()
    engine.close()
