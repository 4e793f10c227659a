"""The Review page shows the curation at work: decisions in effect, what a re-index re-applied,
conflicts, and undo from the history."""

from __future__ import annotations

import pytest

from lightrag_core import Document, Engine
from lightrag_core.workbench.review import Reviewer
from tests.app.test_pages import app
from tests.contract.test_curation_contract import D1, D2, D4

pytestmark = pytest.mark.slow


@pytest.fixture
def curated_workspace(offline_settings):
    engine = Engine(offline_settings)
    engine.index_documents([Document("d1", D1), Document("d2", D2)])
    expert = Reviewer(engine.store, engine.embedder, engine.summariser, "ada-expert")
    expert.merge_entities("Ada Lovelace", "Lovelace", "same person")
    expert.delete_entity("Foobar Widget", "junk")
    expert.edit_entity("Analytical Engine", "Babbage's general-purpose computer.", "artifact", "clearer")
    engine.delete_document("d1")  # the edited entity loses its only document: a conflict
    engine.index_documents([Document("d4", D4)])  # re-applies the merge and the deletion
    engine.close()
    return offline_settings.workdir


def _metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_curation_tab_and_undo(curated_workspace):
    at = app(curated_workspace, "5_Review.py")
    metrics = _metrics(at)
    assert metrics["Decisions in effect"] == "3"
    assert metrics["Re-applied by the last run"] == "2"
    assert metrics["Conflicts"] == "1"
    frames = [df.value for df in at.dataframe]
    conflict = next(f for f in frames if "conflict" in f.columns)
    assert conflict["item"].tolist() == ["Analytical Engine"]
    assert "no document supports" in conflict["conflict"].iloc[0]
    last_run = next(f for f in frames if "applied" in f.columns)
    assert sorted(last_run["item"]) == ["Foobar Widget", "Lovelace"]

    choice = next(o for o in at.selectbox(key="undo_choice").options if o.startswith("merge · Lovelace"))
    at.selectbox(key="undo_choice").set_value(choice)
    at.text_input(key="undo_comment").set_value("two different people")
    at.button[[b.label for b in at.button].index(
        "Undo (the graph returns to what extraction says now)")].click().run()
    assert not at.exception, at.exception
    engine = Engine(__import__("lightrag_core").Settings.from_env(curated_workspace))
    assert engine.store.get_entities(["Lovelace"]), "the alias is back as extraction has it"
    states = {r["item"]: r["state"] for r in engine.store.list_rules()}
    assert states["Lovelace"] == "undone"
    engine.close()
    at.run()
    assert _metrics(at)["Decisions in effect"] == "2"


def test_rename_from_the_entities_tab(curated_workspace):
    at = app(curated_workspace, "5_Review.py")
    at.selectbox(key="review_entity").set_value("Michael Faraday")
    at.text_input(key="entity_comment").set_value("full name")
    at.text_input(key="rename_to").set_value("Michael Faraday FRS")
    at.button[[b.label for b in at.button].index("Rename")].click().run()
    assert not at.exception, at.exception
    engine = Engine(__import__("lightrag_core").Settings.from_env(curated_workspace))
    assert engine.store.get_entities(["Michael Faraday FRS"]) and not engine.store.get_entities(["Michael Faraday"])
    rule = next(r for r in engine.store.list_rules() if r["action"] == "rename")
    assert (rule["item"], rule["into"], rule["comment"]) == ("Michael Faraday", "Michael Faraday FRS", "full name")
    engine.close()
