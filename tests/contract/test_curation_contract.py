"""Expert decisions last: edits, merges and deletions survive deletion, re-indexing and new documents.

The same scenario runs on the embedded store and, when NEO4J_URI is set, on Neo4j (a fresh
workspace, removed afterwards); the Neo4j run is skipped with the reason otherwise. The
offline extractor keeps "Lovelace" apart from "Ada Lovelace" across documents, and reads the
nonsense name "Foobar Widget" as a person: the duplicate and the junk a reviewer fixes.
"""

from __future__ import annotations

import pytest

from lightrag_core import Document, Engine
from lightrag_core.models import LightRAGError
from lightrag_core.workbench.review import Reviewer

D1 = ("Ada Lovelace worked with Charles Babbage in London. Ada Lovelace wrote the first program for the "
      "Analytical Engine. Charles Babbage designed the Analytical Engine in London.")
D2 = ("Lovelace corresponded with Michael Faraday about science. Lovelace admired Michael Faraday. "
      "Foobar Widget met Michael Faraday in Paris.")
TURIN = ("Charles Babbage lectured in Turin. Charles Babbage met Giovanni Plana in Turin. "
         "Giovanni Plana studied astronomy in Turin.")
D4 = "Lovelace visited Mary Somerville in London. Foobar Widget praised Mary Somerville."
EDITED = "English mathematician who designed the Difference Engine and the Analytical Engine."


@pytest.fixture(params=["embedded", "neo4j"])
def engine(request, offline_settings, tmp_path):
    if request.param == "embedded":
        e = Engine(offline_settings)
    else:
        from tests.support.neo4j_live import live_settings

        e = Engine(live_settings(tmp_path / "neo4j", "curation"), store_kind="neo4j")
    yield e
    if request.param == "neo4j":
        e.store.drop_workspace()
    e.close()


def _sound(engine) -> None:
    """The embedded store's consistency checks (vectors for every row, both ends of every relation,
    no citation of a missing chunk); Neo4j's run in the live suite."""
    if engine.store.kind == "embedded":
        from tests.hardening.graph_checks import problems

        assert problems(engine.settings.workdir) == []


def _names(engine) -> set[str]:
    return {e.name for e in engine.store.all_entities()}


def _keys(engine) -> set[tuple[str, str]]:
    return {r.key for r in engine.store.all_relations()}


def _touching(engine, name: str) -> set[str]:
    return {r.tgt if r.src == name else r.src for r in engine.store.relations_of([name])}


def test_decisions_outlive_deletion_reindexing_and_new_documents(engine, tmp_path):
    turin = tmp_path / "turin.txt"
    turin.write_text(TURIN, encoding="utf-8")
    engine.index_documents([Document("d1", D1), Document("d2", D2)])
    engine.index_paths([turin])
    assert {"Lovelace", "Ada Lovelace", "Foobar Widget", "Charles Babbage"} <= _names(engine)

    expert = Reviewer(engine.store, engine.embedder, engine.summariser, "ada-expert")
    edit = expert.edit_entity("Charles Babbage", EDITED, "person", "the extractor's text was thin")
    merge = expert.merge_entities("Ada Lovelace", "Lovelace", "same person")
    junk = expert.delete_entity("Foobar Widget", "not a person")

    # One supporting document goes (the only one naming "Ada Lovelace" in full), the file is
    # edited and indexed again, and a new document names the merged and the deleted entity.
    engine.delete_document("d1")
    turin.write_text(TURIN + " Charles Babbage returned to London.", encoding="utf-8")
    again = engine.index_paths([turin])
    assert again.replaced, "the edited file replaced its earlier version"
    report = engine.index_documents([Document("d4", D4)])
    assert report.kept_out >= 2  # the entity record and the relation naming "Foobar Widget"
    assert merge["id"] in report.reapplied and junk["id"] in report.reapplied

    babbage = engine.store.get_entities(["Charles Babbage"])["Charles Babbage"]
    assert babbage.description == EDITED and babbage.type == "person"
    names = _names(engine)
    assert "Lovelace" not in names and "Foobar Widget" not in names
    assert "Ada Lovelace" in names
    assert {"Michael Faraday", "Mary Somerville"} <= _touching(engine, "Ada Lovelace")
    assert not [k for k in _keys(engine) if "Lovelace" in k or "Foobar Widget" in k]
    ada = engine.store.get_entities(["Ada Lovelace"])["Ada Lovelace"]
    d4_chunks = set(engine.store.document_chunk_ids("d4"))
    assert d4_chunks & set(ada.source_ids), "the new document's mention landed on the kept entity"
    _sound(engine)

    history = expert.history()
    assert [(h["decision"], h["item"], h["state"]) for h in history] == [
        ("delete", "Foobar Widget", "active"), ("merge", "Lovelace", "active"),
        ("edit", "Charles Babbage", "active")]
    assert all(h["reviewer"] == "ada-expert" and h["comment"] for h in history)
    assert edit["fields"] == {"description": EDITED}

    # Undoing the merge brings the alias back as extraction has it; the kept name had no support of
    # its own left (d1 is gone), so it goes.
    expert.undo(merge["id"], "they are the same after all? no")
    names = _names(engine)
    assert "Lovelace" in names and "Ada Lovelace" not in names
    assert {"Michael Faraday", "Mary Somerville", "London"} <= _touching(engine, "Lovelace")
    lovelace = engine.store.get_entities(["Lovelace"])["Lovelace"]
    assert d4_chunks & set(lovelace.source_ids)
    assert [h["state"] for h in expert.history() if h["id"] == merge["id"]] == ["undone"]
    with pytest.raises(LightRAGError, match="already undone"):
        expert.undo(merge["id"])

    # Undoing the edit returns Babbage to extraction's description; undoing the delete brings the
    # junk back from every chunk that names it, including the one indexed after the deletion.
    expert.undo(edit["id"])
    babbage = engine.store.get_entities(["Charles Babbage"])["Charles Babbage"]
    assert babbage.description != EDITED and "Babbage" in babbage.description
    expert.undo(junk["id"])
    widget = engine.store.get_entities(["Foobar Widget"])["Foobar Widget"]
    assert set(engine.store.document_chunk_ids("d4")) & set(widget.source_ids)
    assert {"Mary Somerville", "Michael Faraday"} <= _touching(engine, "Foobar Widget")
    decisions = [r["decision"] for r in engine.store.list_reviews()]
    assert decisions == ["edit", "merge", "delete", "undo", "undo", "undo"]
    _sound(engine)


def test_created_items_survive_the_removal_of_every_document(engine):
    engine.index_documents([Document("d1", D1)])
    expert = Reviewer(engine.store, engine.embedder, engine.summariser, "expert")
    expert.create_entity("Difference Engine", "artifact", "Babbage's first calculating machine.")
    expert.create_relation("Charles Babbage", "Difference Engine", "designed", "Babbage designed it.", 2.0)
    rel_edit = expert.edit_relation("Ada Lovelace", "Charles Babbage", "collaboration", "They worked together.",
                                    3.0)
    with pytest.raises(LightRAGError, match="already exists"):
        expert.create_entity("difference engine", "artifact", "again")
    engine.index_documents([Document("d5", "Charles Babbage built the Difference Engine in London.")])
    engine.delete_document("d1")
    ents = engine.store.get_entities(["Difference Engine", "Charles Babbage"])
    assert ents["Difference Engine"].description.startswith("Babbage's first calculating machine.")
    assert ("Charles Babbage", "Difference Engine") in _keys(engine)
    # The edited relation lost its only support: a conflict the Review page shows, not a silent revert.
    assert ("Ada Lovelace", "Charles Babbage") not in _keys(engine)
    assert rel_edit["state"] == "active"
    _sound(engine)


def test_renamed_entity_catches_its_old_name_in_new_documents(engine):
    engine.index_documents([Document("d2", D2)])
    expert = Reviewer(engine.store, engine.embedder, engine.summariser, "expert")
    expert.rename_entity("Lovelace", "Augusta Ada King")
    with pytest.raises(LightRAGError, match="merge into it instead"):
        expert.rename_entity("Michael Faraday", "Augusta Ada King")
    engine.index_documents([Document("d4", D4)])
    assert "Lovelace" not in _names(engine)
    assert {"Michael Faraday", "Mary Somerville"} <= _touching(engine, "Augusta Ada King")


def _shape(engine) -> tuple[dict, dict]:
    ents = {e.name: (e.type, frozenset(e.source_ids)) for e in engine.store.all_entities()}
    rels = {r.key: frozenset(r.source_ids) for r in engine.store.all_relations()}
    return ents, rels


@pytest.mark.parametrize("order", ["newest first", "oldest first"])
def test_each_undo_returns_the_graph_to_what_extraction_says(engine, order):
    engine.index_documents([Document("d1", D1), Document("d2", D2), Document("d4", D4)])
    before = _shape(engine)
    expert = Reviewer(engine.store, engine.embedder, engine.summariser, "expert")
    decisions = [expert.merge_entities("Ada Lovelace", "Lovelace"), expert.delete_entity("Foobar Widget"),
                 expert.delete_relation("London", "Mary Somerville"),
                 expert.edit_relation("Charles Babbage", "London", "lived", "Babbage lived in London.", 9.0),
                 expert.rename_entity("Michael Faraday", "M. Faraday")]
    assert _shape(engine) != before
    for rule in reversed(decisions) if order == "newest first" else decisions:
        expert.undo(rule["id"])
    assert _shape(engine) == before
    _sound(engine)
    babbage_london = engine.store.get_relations([("Charles Babbage", "London")])[("Charles Babbage", "London")]
    assert babbage_london.weight != 9.0


def test_a_deleted_merge_target_is_a_conflict_and_its_undo_gathers_the_alias_too(engine):
    from lightrag_core.workbench.curation_view import conflicts

    engine.index_documents([Document("d1", D1), Document("d2", D2)])
    expert = Reviewer(engine.store, engine.embedder, engine.summariser, "expert")
    expert.merge_entities("Ada Lovelace", "Lovelace")
    gone = expert.delete_entity("Ada Lovelace", "wrong graph")
    engine.index_documents([Document("d4", D4)])  # names the alias: kept out with its target
    assert not {"Lovelace", "Ada Lovelace"} & _names(engine)
    found = conflicts(engine.store, engine.store.list_rules())
    assert [(c["item"], "deleted" in c["conflict"]) for c in found] == [("Lovelace", True)]
    expert.undo(gone["id"])
    ada = engine.store.get_entities(["Ada Lovelace"])["Ada Lovelace"]
    assert set(engine.store.document_chunk_ids("d4")) & set(ada.source_ids)
    assert "Lovelace" not in _names(engine) and "Mary Somerville" in _touching(engine, "Ada Lovelace")
    assert conflicts(engine.store, engine.store.list_rules()) == []
