"""Re-indexing, changed content, deletion with rebuild, resume after an interruption.

Each flow runs on the embedded store and, when NEO4J_URI is set, on Neo4j (a fresh workspace,
removed afterwards); the Neo4j run is skipped with the reason otherwise.
"""

from __future__ import annotations

import pytest

from lightrag_core import Document, Engine
from lightrag_core.indexing.loaders import load_file
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


def _write(path, text):
    path.write_text(text)
    return path


def test_a_file_indexed_again_replaces_its_earlier_version(engine, tmp_path):
    # Ids are content hashes, so the edited file is a new document; the old text must not stay.
    notes = _write(tmp_path / "notes.txt", A)
    engine.index_paths([notes, _write(tmp_path / "other.txt", B)])
    first = {d.file_path: d.id for d in engine.documents()}
    _write(notes, "Ada Lovelace wrote programs for Charles Babbage in London.")
    report = engine.index_paths([notes])
    [new_id] = report.processed
    assert report.replaced == {new_id: [first[str(notes)]]}
    assert "1 earlier version replaced" in report.summary()
    other = str(tmp_path / "other.txt")
    assert {d.file_path: d.id for d in engine.documents()} == {str(notes): new_id, other: first[other]}
    names = {e.name for e in engine.store.all_entities()}
    assert "Ada Lovelace" in names and "Pierre Curie" not in names and "Albert Einstein" in names
    # The same graph as indexing the two current files from scratch.
    settings = engine.settings.__class__.from_env(tmp_path / "fresh", llm_model="", neo4j_uri="", embedding_model="")
    fresh = Engine(settings, store_kind="embedded")
    fresh.index_paths([notes, tmp_path / "other.txt"])
    assert {k: v[:2] for k, v in _snapshot(engine)[0].items()} == {k: v[:2] for k, v in _snapshot(fresh)[0].items()}
    assert set(_snapshot(engine)[1]) == set(_snapshot(fresh)[1])
    fresh.close()
    again = engine.index_paths([notes])
    assert again.skipped == [new_id] and again.replaced == {}


def test_a_new_version_that_fails_leaves_the_old_one(engine, tmp_path, monkeypatch):
    notes = _write(tmp_path / "notes.txt", A)
    [old_id] = engine.index_paths([notes]).processed
    real = engine.embedder.embed
    monkeypatch.setattr(engine.embedder, "embed", lambda texts: (_ for _ in ()).throw(LightRAGError("embedding down"))
                        if any("Lovelace" in t for t in texts) else real(texts))
    _write(notes, "Ada Lovelace wrote programs for Charles Babbage in London.")
    report = engine.index_paths([notes])
    assert list(report.failed.values()) == ["embedding down"] and report.replaced == {}
    assert engine.store.get_document(old_id).status == "processed"
    assert "Marie Curie" in {e.name for e in engine.store.all_entities()}
    monkeypatch.setattr(engine.embedder, "embed", real)
    report = engine.resume()  # the failed new version, read back from the store, still knows it is a file
    assert report.replaced == {report.processed[0]: [old_id]} and engine.store.get_document(old_id) is None


def test_an_interrupted_replacement_finishes_on_the_next_run(engine, tmp_path):
    notes = _write(tmp_path / "notes.txt", A)
    [old_id] = engine.index_paths([notes]).processed
    _write(notes, "Ada Lovelace wrote programs for Charles Babbage in London.")
    # As a run killed after writing the new version and before removing the old one leaves it:
    [new] = load_file(notes)
    new.whole_file = False
    engine.index_documents([new])
    assert engine.store.counts()["documents"] == 2
    report = engine.index_paths([notes])
    assert report.skipped == [new.id] and report.replaced == {new.id: [old_id]}
    assert engine.store.get_document(old_id) is None
    assert "Marie Curie" not in {e.name for e in engine.store.all_entities()}


def test_uploads_replace_by_name_but_pasted_texts_and_same_named_files_in_one_batch_do_not(engine):
    engine.index_uploads([("a.txt", A.encode()), ("a.txt", B.encode())],
                         texts=[("pasted text", "Ada Lovelace met Charles Babbage.")])
    engine.index_uploads([], texts=[("pasted text", "Grace Hopper worked on the Harvard Mark I.")])
    assert engine.store.counts()["documents"] == 4  # two same-named uploads of one batch, two pastes
    report = engine.index_uploads([("a.txt", b"Alan Turing worked at Bletchley Park.")])
    assert len(report.replaced[report.processed[0]]) == 2
    assert sorted(d.file_path for d in engine.documents()) == ["a.txt", "pasted text.txt", "pasted text.txt"]
