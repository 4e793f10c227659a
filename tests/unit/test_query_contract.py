"""The engine owns the query contract: modes, LightRAG's flags, and a typed processing_info."""

from __future__ import annotations

import dataclasses
import json

import pytest

from lightrag_core import MODES, Document, Engine, Mode, QueryParam, Settings
from lightrag_core.models import LightRAGError
from lightrag_core.query.result import ProcessingInfo


def test_modes_say_what_they_use() -> None:
    assert MODES == ("local", "global", "hybrid", "naive", "mix", "bypass", "multihop")
    assert [m for m in Mode if m.uses_vector_chunks] == [Mode.NAIVE, Mode.MIX]
    assert {m for m in Mode if m.uses_entities} == {Mode.LOCAL, Mode.HYBRID, Mode.MIX}
    assert {m for m in Mode if m.uses_relations} == {Mode.GLOBAL, Mode.HYBRID, Mode.MIX}
    assert not Mode.BYPASS.retrieves and not Mode.NAIVE.uses_keywords and Mode.MULTIHOP.walks_graph
    assert json.dumps({"mode": Mode.MIX}) == '{"mode": "mix"}'
    assert QueryParam(mode="local").validate().mode is Mode.LOCAL
    with pytest.raises(LightRAGError, match="unknown mode 'sideways'"):
        QueryParam(mode="sideways").validate()


def test_processing_info_is_typed_and_flat_at_the_edge() -> None:
    with pytest.raises(TypeError):
        ProcessingInfo(total_entity_found=3)  # type: ignore[call-arg]  # a misspelt field is an error
    flat = ProcessingInfo(total_entities_found=3).to_dict()
    assert flat["total_entities_found"] == 3 and "graph" not in flat and flat["tokens"]["total"] == 0
    names = [f.name for f in dataclasses.fields(ProcessingInfo)]
    assert names[:6] == ["total_entities_found", "total_relations_found", "entities_after_truncation",
                         "relations_after_truncation", "merged_chunks_count", "final_chunks_count"]


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    settings = Settings.from_env(tmp_path_factory.mktemp("contract"), llm_model="", neo4j_uri="", embedding_model="")
    with Engine(settings) as e:
        e.index_documents([Document("curie", "Marie Curie was born in Warsaw. Marie Curie worked in Paris.")])
        yield e


def test_only_need_context_and_prompt_are_answered_by_the_engine(engine) -> None:
    result, parts = engine.query("Where was Marie Curie born?", QueryParam(mode="mix", only_need_context=True))
    assert list(parts) == [result.context] and "Warsaw" in result.context
    result, parts = engine.query("Where was Marie Curie born?", QueryParam(mode="mix", only_need_prompt=True))
    [prompt] = list(parts)
    assert prompt == result.system_prompt and "Warsaw" in prompt


def test_stream_gives_parts_and_otherwise_one_whole_answer(engine) -> None:
    _, streamed = engine.query("Where was Marie Curie born?", QueryParam(mode="naive", stream=True))
    pieces = list(streamed)
    _, whole = engine.query("Where was Marie Curie born?", QueryParam(mode="naive"))
    assert len(pieces) > 1 and list(whole) == ["".join(pieces)]


def test_eval_answers_every_question_with_a_gold_answer(engine) -> None:
    from lightrag_core.workbench.evaluate import Question, evaluate

    questions = [Question("q1", "Where was Marie Curie born?", ["curie"], "Warsaw"),
                 Question("q2", "Which city did Marie Curie work in?", [], "Paris"),  # no gold ids
                 Question("q3", "Who founded Rome?", [], "Romulus")]
    report = evaluate(engine.query_data, questions, ["naive"], [5], answer=engine.answer)["naive"]
    assert report["questions"] == 1 and report["recall@5"] == 1.0
    assert report["answer_found"] == round(2 / 3, 4)  # Warsaw and Paris are in the context, Romulus is not
    plain = evaluate(engine.query_data, questions, ["naive"], [5])["naive"]
    assert "answer_found" not in plain and plain["recall@5"] == 1.0


def test_a_keyword_string_equal_to_the_question_keeps_every_vector_in_place(engine) -> None:
    """The question and its joined keywords are embedded once each; duplicates must not shift them."""
    question = "Marie Curie"
    param = QueryParam(mode="mix", ll_keywords=["Marie Curie"], hl_keywords=["birthplace"])
    result = engine.query_data(question, param)
    assert result.status == "success" and "curie" in result.document_ids
    same = engine.query_data(question, QueryParam(mode="naive"))
    assert [c["chunk_id"] for c in result.chunks if c["origin"] == "vector"] == [
        c["chunk_id"] for c in same.chunks][: len([c for c in result.chunks if c["origin"] == "vector"])]


def test_retrieval_waits_for_a_query_slot_and_says_how_long(engine) -> None:
    from lightrag_core.admission import Busy
    from tests.support.held_gate import slot_held

    result = engine.query_data("Where was Marie Curie born?", QueryParam(mode="mix"))
    assert "queue" in result.timings_ms and result.chunks
    with slot_held(engine):
        with pytest.raises(Busy):  # every slot taken past the wait bound
            engine.query_data("Where was Marie Curie born?", QueryParam(mode="mix"))
        # bypass retrieves nothing, so it never queues
        assert engine.query_data("Hello?", QueryParam(mode="bypass")).mode == "bypass"
