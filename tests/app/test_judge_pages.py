"""The Compare page's "Your documents" tab and the Review page's impact, in-process (AppTest): generate a set,
run it, and read the judged tables, with the other tabs' widgets on the same page."""

from __future__ import annotations

import pytest

from lightrag_core import Engine, Settings
from lightrag_core.indexing.loaders import read_jsonl
from lightrag_core.workbench.testset import runs, sets
from tests.app.test_pages import app
from tests.conftest import HOTPOT, _need_data

pytestmark = pytest.mark.slow


@pytest.fixture
def indexed(tmp_path):
    _need_data()
    workdir = tmp_path / "ws"
    with Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model="")) as engine:
        engine.index_documents(read_jsonl(HOTPOT / "corpus.jsonl")[:40])
    return workdir


def test_generate_then_run_then_judged_tables(indexed):
    at = app(indexed, "3_Compare_modes.py")
    assert any("No question set in this workspace yet" in i.value for i in at.info)
    at.number_input(key="judge_count").set_value(10)
    at.button(key="judge_generate").click().run()
    assert not at.exception, at.exception
    with Engine(Settings.from_env(indexed, llm_model="", neo4j_uri="", embedding_model="")) as engine:
        made = sets.list_sets(engine.store)
    assert len(made) == 1 and 1 <= len(made[0].questions) <= 10
    at.button(key="judge_run_set").click().run()
    assert not at.exception, at.exception
    modes = next(df.value for df in at.dataframe if "all_gold@8" in df.value.columns and "mode" in df.value.columns)
    assert list(modes["mode"]) == ["naive", "local", "global", "mix", "multihop"]
    per_question = next(df.value for df in at.dataframe if "found by" in df.value.columns)
    assert len(per_question) == len(made[0].questions) and set(per_question["kind"]) <= {
        "single", "bridge", "comparison"}
    assert any(m.value.startswith("**Hop 1**") for m in at.markdown)  # a question's gold evidence
    # The One question tab's own widgets still work beside the tab's state.
    at.text_input(key="cmp_question").set_value("Who directed Kriminaltango?").run()
    at.button(key="cmp_run").click().run()
    assert not at.exception, at.exception


def test_a_new_set_and_a_new_run_are_the_ones_shown(indexed):
    at = app(indexed, "3_Compare_modes.py")
    at.number_input(key="judge_count").set_value(5)
    at.button(key="judge_generate").click().run()
    at.button(key="judge_run_set").click().run()
    first = at.selectbox(key="judge_set_pick").value
    # a second set: the picker shows it, not the one picked before (a widget's state outlives its index)
    at.text_input(key="judge_name").set_value("second")
    at.number_input(key="judge_count").set_value(10)
    at.button(key="judge_generate").click().run()
    assert not at.exception, at.exception
    assert at.selectbox(key="judge_set_pick").value != first
    assert any(i.value == "Run the set to judge the modes on it." for i in at.info)
    # two runs of it: the tables are the newer run's
    at.multiselect(key="cmp_modes").set_value(["naive", "multihop"])
    at.button(key="judge_run_set").click().run()
    at.multiselect(key="cmp_modes").set_value(["naive", "local", "multihop"])
    at.button(key="judge_run_set").click().run()
    assert not at.exception, at.exception
    modes = next(df.value for df in at.dataframe if "all_gold@8" in df.value.columns and "mode" in df.value.columns)
    assert list(modes["mode"]) == ["naive", "local", "multihop"]
    runs_offered = at.selectbox(key="judge_run_pick").options
    assert len(runs_offered) == 2 and len(set(runs_offered)) == 2 and "naive, local, multihop" in runs_offered[0]


def test_review_impact_before_and_after_a_decision(indexed):
    with Engine(Settings.from_env(indexed, llm_model="", neo4j_uri="", embedding_model="")) as engine:
        from lightrag_core.workbench.curate import Reviewer
        from lightrag_core.workbench.testset.build import generate_set

        qset, _ = generate_set(engine, "impact", count=8, seed=1)
        runs.run_set(engine, qset, ["naive", "multihop"], [5, 8])
        name = next(e.name for e in engine.store.all_entities())
        Reviewer(engine.store, engine.embedder, engine.summariser, reviewer="ada").delete_entity(name, "junk")
    at = app(indexed, "5_Review.py")
    assert any("Nothing to compare yet" in i.value for i in at.info)
    at.button(key="impact_run").click().run()
    assert not at.exception, at.exception
    table = next(df.value for df in at.dataframe if "all_gold@8 change" in df.value.columns)
    assert list(table["mode"]) == ["naive", "multihop"]
    assert any("Review decisions in between (1)" in s.value for s in at.subheader)
