"""End to end, offline: index a slice of hotpotqa_100 and query it in every mode."""

from __future__ import annotations

import json

import pytest

from lightrag_core import MODES, QueryParam
from lightrag_core.embeddings import OFFLINE_MODELS
from lightrag_core.query.extractive import EXTRACTIVE_LABEL, NO_SHORT_ANSWER
from lightrag_core.workbench.evaluate import evaluate, exact_match, load_questions, short_answer_of

pytestmark = pytest.mark.slow
QUESTION = "Are Christopher Nolan and Sathish Kalathil both film directors?"


def test_index_counts(hotpot_index, hotpot_slice):
    counts = hotpot_index.store.counts()
    assert counts["documents"] == len(hotpot_slice["ids"])
    assert counts["chunks"] >= counts["documents"]
    assert counts["entities"] > 200 and counts["relations"] > 200
    statuses = {d.status for d in hotpot_index.documents()}
    assert statuses == {"processed"}
    assert hotpot_index.store.embedding_meta() == (OFFLINE_MODELS["int8"], 384)


@pytest.mark.parametrize("mode", [m for m in MODES if m != "bypass"])
def test_every_mode_returns_a_consistent_context(hotpot_index, hotpot_slice, mode):
    result = hotpot_index.query_data(QUESTION, QueryParam(mode=mode))
    data = result.to_data()
    info = data["metadata"]["processing_info"]
    assert data["status"] == "success" and data["metadata"]["query_mode"] == mode
    assert data["data"]["chunks"], "every retrieval mode must find chunks"
    assert info["total_entities_found"] >= info["entities_after_truncation"]
    assert info["total_relations_found"] >= info["relations_after_truncation"]
    assert info["merged_chunks_count"] >= info["final_chunks_count"] == len(data["data"]["chunks"])
    refs = {r["reference_id"]: r["document_id"] for r in data["data"]["references"]}
    for chunk in data["data"]["chunks"]:
        assert chunk["document_id"] in hotpot_slice["ids"]
        assert refs[chunk["reference_id"]] == chunk["document_id"]
    if mode in {"local", "hybrid", "mix"}:
        assert data["metadata"]["keywords"]["low_level"]
        assert data["data"]["entities"]
    if mode == "naive":
        assert not data["data"]["entities"] and not data["data"]["relationships"]
    for section in ("Knowledge graph entities", "Document chunks", "Reference list"):
        assert section in result.context
    assert set(result.timings_ms) >= {"search", "truncate", "merge_chunks", "build_context"}


def test_local_mode_finds_the_named_people(hotpot_index):
    result = hotpot_index.query_data(QUESTION, QueryParam(mode="local"))
    names = {e["entity_name"] for e in result.entities}
    assert {"Christopher Nolan", "Sathish Kalathil"} <= names
    assert {"Christopher Nolan", "Sathish Kalathil"} <= set(result.document_ids)


def test_token_budgets_cut_what_is_kept(hotpot_index):
    small = hotpot_index.query_data(QUESTION, QueryParam(mode="mix", max_entity_tokens=120, max_relation_tokens=120,
                                                         max_total_tokens=2500))
    info = small.processing_info
    assert info.entities_after_truncation < info.total_entities_found
    assert info.tokens.entities <= 160
    assert info.tokens.total <= 2500


def test_extractive_answer_streams_with_references(hotpot_index):
    result, parts = hotpot_index.stream(QUESTION, QueryParam(mode="mix"))
    pieces = list(parts)
    assert len(pieces) > 5
    text = "".join(pieces)
    assert text.startswith("Extractive answer")
    assert "film director" in text.lower()
    assert "[" in text and "]" in text
    cited = {r["reference_id"] for r in result.references}
    assert any(f"[{ref}]" in text for ref in cited)


def test_keyword_edge_cases(hotpot_index):
    short = hotpot_index.query_data("of the", QueryParam(mode="local"))
    assert short.low_level == ["of the"]  # under 50 characters: the query itself
    long_query = "and " * 20 + "or the"
    failed = hotpot_index.query_data(long_query.strip(), QueryParam(mode="local"))
    assert failed.status == "failure" and "keywords" in failed.message
    given = hotpot_index.query_data(QUESTION, QueryParam(mode="local", ll_keywords=["Lilu"]))
    assert given.low_level == ["Lilu"]


def test_bypass_and_prompt_shapes(hotpot_index):
    result, parts = hotpot_index.stream(QUESTION, QueryParam(mode="bypass"))
    assert result.chunks == [] and "No LLM is configured" in "".join(parts)


def test_eval_reports_recall_for_each_mode(hotpot_index, hotpot_slice):
    questions = load_questions(hotpot_slice["questions"])
    report = evaluate(hotpot_index.query_data, questions, ["naive", "mix"], [2, 5])
    for mode in ("naive", "mix"):
        row = report[mode]
        assert 0.0 <= row["all_gold@5"] <= row["recall@5"] <= 1.0
        assert row["recall@2"] <= row["recall@5"]
        assert row["latency_ms_p95"] >= row["latency_ms_p50"] > 0
    # A graph-free baseline on this slice clearly finds the evidence; a broken index would not.
    assert report["naive"]["recall@5"] >= 0.5
    assert report["mix"]["recall@5"] >= 0.5
    json.dumps(report)


def test_multihop_links_the_question_and_walks_the_graph(hotpot_index):
    result = hotpot_index.query_data(QUESTION, QueryParam(mode="multihop"))
    linked = {lk["entity"]: lk["method"] for lk in result.linked_entities if lk["method"] != "title"}
    assert {"Christopher Nolan", "Sathish Kalathil"} <= set(linked)
    assert linked["Christopher Nolan"] in {"exact", "question"}
    # Both passages' titles are named in the question: each links to its passage's chunks too.
    titles = {lk["entity"]: lk["chunks"] for lk in result.linked_entities if lk["method"] == "title"}
    assert titles == {"Christopher Nolan": 1, "Sathish Kalathil": 1}
    decision = result.processing_info.graph.trust_decision
    assert decision.linked == len(result.linked_entities) and decision.weights["vector"] == 1.0
    info = result.processing_info.to_dict()  # LightRAG's flat shape, as /query/data returns it
    assert info["seeds"] >= 2 and info["graph_nodes"] > info["seeds"] and 1 <= info["ppr_iterations"] <= 30
    assert info["graph_chunks"] > 0 and info["vector_chunks"] > 0 and info["lexical_chunks"] > 0
    assert {c["origin"] for c in result.chunks} <= {"graph", "vector", "lexical"}
    assert {"Christopher Nolan", "Sathish Kalathil"} <= set(result.document_ids[:5])
    # Its entities are the best-scored part of the graph, seeds among them.
    assert {"Christopher Nolan", "Sathish Kalathil"} <= {e["entity_name"] for e in result.entities[:5]}
    assert result.to_data()["metadata"]["linked_entities"] == result.linked_entities


def test_multihop_beats_naive_on_the_slice(hotpot_index, hotpot_slice):
    questions = load_questions(hotpot_slice["questions"])
    report = evaluate(hotpot_index.query_data, questions, ["naive", "multihop"], [2, 5])
    # Both passages first: where the graph leads, it puts the bridge passage next to the named one.
    assert report["multihop"]["all_gold@2"] > report["naive"]["all_gold@2"]
    assert report["multihop"]["recall@2"] > report["naive"]["recall@2"]
    # At 5 it ties naive on these 12 questions: on one (Krilanovich's publisher) the leading graph
    # pushed the passage only the text channels found from 5th to 6th (README, "Per-question trust").
    assert report["multihop"]["all_gold@5"] >= report["naive"]["all_gold@5"]
    assert report["multihop"]["recall@5"] >= report["naive"]["recall@5"]
    assert 0 < report["multihop"]["P@1"] <= 1 and report["multihop"]["P@5"] <= 0.4  # 2 gold of 5 at most


def test_lexical_flag_fuses_bm25_into_naive(hotpot_index):
    plain = hotpot_index.query_data(QUESTION, QueryParam(mode="naive"))
    fused = hotpot_index.query_data(QUESTION, QueryParam(mode="naive", enable_lexical=True))
    assert plain.processing_info.lexical_chunks == 0 < fused.processing_info.lexical_chunks
    assert [c["chunk_id"] for c in plain.chunks] != [c["chunk_id"] for c in fused.chunks]


@pytest.mark.parametrize(("question", "short"), [
    ("Are Christopher Nolan and Sathish Kalathil both film directors?", "yes"),
    ("Which band was formed first The Exies or Circus Diablo ?", "The Exies"),
])
def test_offline_answer_opens_with_the_short_answer(hotpot_index, question, short):
    _, text = hotpot_index.answer(question, QueryParam(mode="multihop"))
    assert short_answer_of(text) == short, text


def test_short_answers_given_on_the_slice_are_mostly_right(hotpot_index, hotpot_slice):
    questions = load_questions(hotpot_slice["questions"])
    given = right = 0
    for q in questions:
        _, text = hotpot_index.answer(q.question, QueryParam(mode="multihop"))
        short = short_answer_of(text)
        if short is not None:
            given += 1
            right += exact_match(short, q.answer)
        else:
            assert text.removeprefix(EXTRACTIVE_LABEL).strip().startswith(NO_SHORT_ANSWER)
    assert given >= 3 and right / given >= 0.6, (given, right)
