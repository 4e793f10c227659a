"""Question sets made from a workspace's own documents, end to end through the real engine: what a generated
set guarantees, that chunk gold judges what document gold cannot, that a set stays valid as the workspace
grows, runs and the before/after of a review decision, and the LLM path against a local test server."""

from __future__ import annotations

import json
import re

import pytest

from lightrag_core import Document, Engine, QueryParam, Settings
from lightrag_core.indexing.loaders import read_jsonl
from lightrag_core.workbench.curate import Reviewer
from lightrag_core.workbench.evaluate import Question, evaluate
from lightrag_core.workbench.testset import build, runs, sets
from lightrag_core.workbench.testset.acceptance import COMPARISON, contains
from tests.conftest import HOTPOT, _need_data
from tests.support.openai_server import OpenAIStub

pytestmark = pytest.mark.slow


def _offline(workdir, **extra) -> Engine:
    return Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model="", **extra))


@pytest.fixture(scope="module")
def generated(hotpot_index):
    qset, report = build.generate_set(hotpot_index, "slice", count=40, seed=0)
    return qset, report


def test_a_generated_set_keeps_its_promises(hotpot_index, generated):
    qset, report = generated
    store = hotpot_index.store
    assert len(qset.questions) >= 20, dict(report.dropped)
    assert qset.version == 1 and qset.generator == build.OFFLINE and qset.graph_version == store.write_version()
    texts = store.get_chunks([c for q in qset.questions for c in q.gold_chunk_ids])
    for q in qset.questions:
        assert q.gold_chunk_ids and all(c in texts for c in q.gold_chunk_ids), q
        # The answer is in a gold chunk, and (but for a comparison, which names both) not in the question.
        assert any(contains(texts[c].content, q.answer) for c in q.gold_chunk_ids), q
        assert q.kind == COMPARISON or not contains(q.question, q.answer), q
        assert q.gold_ids == list(dict.fromkeys(texts[c].doc_id for c in q.gold_chunk_ids))
        assert q.hops == len(q.gold_chunk_ids) and len(q.evidence) == q.hops
    assert len({q.question.lower() for q in qset.questions}) == len(qset.questions)  # no duplicates
    # A 60-passage slice links few passages; the full corpora give 40% and more multi-chunk questions (README).
    assert sum(1 for q in qset.questions if q.hops > 1) >= 1, qset.counts
    assert sum(report.dropped.values()) > 0  # every check reports what it dropped


def test_the_same_seed_gives_the_same_set_and_a_name_gets_versions(hotpot_index, generated):
    qset, _ = generated
    again, _ = build.generate_set(hotpot_index, "slice", count=40, seed=0)
    assert [q.question for q in again.questions] == [q.question for q in qset.questions]
    assert again.version == 2 and sets.find_set(hotpot_index.store, "slice").id == again.id
    assert sets.find_set(hotpot_index.store, "slice", version=1).id == qset.id


def test_a_run_is_judged_at_chunk_level_and_kept_with_the_graph_version(hotpot_index, generated):
    qset, _ = generated
    run = runs.run_set(hotpot_index, qset, ["naive", "multihop"], [5, 8])
    assert run.graph_version == hotpot_index.store.write_version()
    assert run.summary["naive"]["chunk_gold_questions"] == len(qset.questions)
    assert len(run.judgements) == 2 * len(qset.questions)
    # Multi-hop questions are where the graph earns its keep: the walk finds bridges dense retrieval misses.
    bridges = {q.id for q in qset.questions if q.kind == "bridge"}
    found = {m: sum(bool(j["all_gold@8"]) for j in run.judgements if j["mode"] == m and j["question_id"] in bridges)
             for m in ("naive", "multihop")}
    assert found["multihop"] >= found["naive"], found
    assert runs.find_run(hotpot_index.store, run.id).summary == run.summary


def test_chunk_gold_tells_modes_apart_where_one_documents_gold_cannot(tmp_path):
    """One long document: every chunk shares its id, so document recall is 1.0 whatever was found."""
    _need_data()
    book = (HOTPOT.parent / "christmas_carol" / "book.txt").read_text(encoding="utf-8")[20_000:60_000]
    engine = _offline(tmp_path / "w", chunk_tokens=300, chunk_overlap=20)
    engine.index_documents([Document("carol", book, file_path="carol.txt")])
    chunk_ids = engine.store.document_chunk_ids("carol")
    assert len(chunk_ids) > 10
    chunks = engine.store.get_chunks(chunk_ids)
    # A sentence of chunk 3 asked verbatim; the gold is chunk 9, which naive does not rank first.
    asked = max(re.split(r"(?<=[.!?])\s+", chunks[chunk_ids[3]].content), key=len)[:300]
    by_doc = Question("d", asked, ["carol"])
    by_chunk = Question("c", asked, ["carol"], gold_chunk_ids=[chunk_ids[9]])
    right = Question("r", asked, ["carol"], gold_chunk_ids=[chunk_ids[3]])
    report = evaluate(engine.query_data, [by_doc], ["naive"], [1])["naive"]
    assert report["recall@1"] == 1.0 and report["chunk_gold_questions"] == 0
    assert evaluate(engine.query_data, [by_chunk], ["naive"], [1])["naive"]["recall@1"] == 0.0
    chunk_report = evaluate(engine.query_data, [right], ["naive"], [1])["naive"]
    assert chunk_report["recall@1"] == 1.0 and chunk_report["chunk_gold_questions"] == 1
    engine.close()


def _passages(n: int, skip: int = 0) -> list[Document]:
    _need_data()
    return read_jsonl(HOTPOT / "corpus.jsonl")[skip: skip + n]


def test_a_set_stays_valid_when_an_unrelated_document_arrives_and_chunk_ids_are_content_addressed(tmp_path):
    first = _offline(tmp_path / "a")
    first.index_documents(_passages(40))
    qset, _ = build.generate_set(first, "kept", count=15, seed=1)
    before = {c for q in qset.questions for c in q.gold_chunk_ids}
    first.index_documents(_passages(5, skip=200))  # an unrelated document arrives
    assert before <= set(first.store.get_chunks(sorted(before)))  # every gold chunk is still there
    first.index_documents(_passages(40))  # unchanged content indexed again: nothing moves
    assert before <= set(first.store.get_chunks(sorted(before)))
    # Another workspace indexing the same passages gives the same chunk ids, so the set imports there.
    other = _offline(tmp_path / "b")
    other.index_documents(_passages(40))
    imported = sets.import_set(other.store, sets.export_set(qset), "moved", "kept.jsonl")
    assert [q.gold_chunk_ids for q in imported.questions] == [q.gold_chunk_ids for q in qset.questions]
    # A set whose chunks another workspace does not hold is refused, naming why, and nothing is saved.
    third = _offline(tmp_path / "c")
    third.index_documents(_passages(5, skip=300))
    with pytest.raises(Exception, match="gold chunk ids are not in this workspace"):
        sets.import_set(third.store, sets.export_set(qset), "wrong", "kept.jsonl")
    assert sets.list_sets(third.store) == []
    first.close(), other.close(), third.close()


def test_a_review_decision_between_two_runs_is_shown_with_what_it_changed(tmp_path):
    engine = _offline(tmp_path / "w")
    engine.index_documents(_passages(40))
    qset, _ = build.generate_set(engine, "review", count=15, seed=2)
    assert runs.impact(engine.store, qset) is None
    runs.run_set(engine, qset, ["naive", "multihop"], [5, 8])
    same = runs.run_set(engine, qset, ["naive", "multihop"], [5, 8])
    assert runs.impact(engine.store, qset) is None  # two runs on one graph version: nothing to compare
    # The entity a bridge goes through is deleted: the graph walk loses that hop.
    bridge = next((q for q in qset.questions if q.kind == "bridge"), qset.questions[0])
    names = [e.name for e in engine.store.all_entities()]
    target = next((n for n in names if bridge.evidence and n in bridge.evidence[0]), names[0])
    record = Reviewer(engine.store, engine.embedder, engine.summariser, reviewer="ada").delete_entity(target, "junk")
    after = runs.run_set(engine, qset, ["naive", "multihop"], [5, 8])
    impact = runs.impact(engine.store, qset)
    assert impact is not None and impact.before.id == same.id and impact.after.id == after.id
    assert impact.before.graph_version != impact.after.graph_version
    assert [(d["decision"], d["item"], d["reviewer"]) for d in impact.decisions] == [
        (record["decision"], record["item"], "ada")]
    moved = {q.id for q in qset.questions for m in ("naive", "multihop")
             if same.outcome(q.id, m) != after.outcome(q.id, m)
             and (same.outcome(q.id, m) or {}).get("all_gold@8") != (after.outcome(q.id, m) or {}).get("all_gold@8")}
    assert moved <= {c["question_id"] for c in impact.changed}
    assert [row["mode"] for row in impact.modes] == ["naive", "multihop"]
    engine.close()


def _phrase(messages: list[dict]) -> str:
    """The test model: phrases every draft, but answers one of them with a name no chunk holds."""
    user = messages[-1]["content"]
    draft = re.search(r"Draft question: (.*)", user).group(1)
    answer = re.search(r"Draft answer: (.*)", user).group(1)
    if draft.startswith("Who "):  # drafts asking who: answered wrongly
        return json.dumps({"question": "Tell me, " + draft[0].lower() + draft[1:], "answer": "Atlantis Prime"})
    return "Sure! " + json.dumps({"question": "Please say: " + draft, "answer": answer})


def test_with_an_llm_drafts_are_phrased_and_an_answer_not_in_the_gold_chunks_is_rejected(tmp_path):
    offline = _offline(tmp_path / "w")
    offline.index_documents(_passages(40))
    offline.close()
    with OpenAIStub(_phrase) as stub:
        engine = Engine(Settings.from_env(tmp_path / "w", llm_model="test-chat", openai_base_url=stub.base_url,
                                          openai_api_key="sk-test", neo4j_uri="", embedding_model=""))
        qset, report = build.generate_set(engine, "phrased", count=10, seed=0, use_llm=True)
        asked = [r for r in stub.requests if r["path"].endswith("/chat/completions")]
    assert qset.generator.startswith("llm test-chat")
    assert report.dropped["llm: answer not in the gold chunks"] >= 1
    assert qset.questions and all(q.question.startswith("Please say: ") for q in qset.questions)
    assert all(q.answer != "Atlantis Prime" for q in qset.questions)
    assert len(asked) >= len(qset.questions)  # every kept question was drafted through the model
    assert "You write questions" in asked[0]["body"]["messages"][0]["content"]
    engine.close()


def test_generation_on_an_empty_workspace_says_what_to_do(tmp_path):
    engine = _offline(tmp_path / "empty")
    with pytest.raises(Exception, match="no indexed documents"):
        build.generate_set(engine, "none", count=5)
    assert engine.query_data("anything", QueryParam(mode="naive")).chunks == []
    engine.close()
