"""Bounded, honest LLM calls, through the real langchain-openai client against the local OpenAI-compatible
test server (which cuts replies at max_tokens, one space-separated word per token, as a server would)."""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Document, Engine, QueryParam, Settings
from lightrag_core.api.app import create_app
from lightrag_core.llm import ChatLLM, UpstreamError
from lightrag_core.prompts import FIELD_SEP as S
from lightrag_core.prompts import NO_CONTEXT_ANSWER
from tests.support.openai_server import OpenAIStub

LOOP = f"entity{S}Marie Curie{S}person{S}A physicist born in Warsaw."


def looping(messages: list[dict]) -> str:
    prompt = messages[-1]["content"]
    if "You build a knowledge graph" in prompt:
        return f"entity{S}Warsaw{S}location{S}A city.\n" + "\n".join([LOOP] * 5000)  # never ends by itself
    if "may have been missed" in prompt:
        return "<|COMPLETE|>"
    return "A reply."


def _settings(tmp_path, stub: OpenAIStub, **extra) -> Settings:
    values = dict(llm_model="test-chat", openai_base_url=stub.base_url, openai_api_key="sk-test", neo4j_uri="",
                  embedding_model="", llm_max_retries=2)
    return Settings.from_env(tmp_path / "work", **{**values, **extra})


def test_a_looping_reply_is_cut_at_the_cap_and_its_complete_records_kept(tmp_path):
    with OpenAIStub(looping) as stub:
        engine = Engine(_settings(tmp_path, stub, llm_max_tokens_extraction=300))
        report = engine.index_documents([Document("d1", "Marie Curie was born in Warsaw.")])
        first = stub.chat_requests()[0]["body"]
    assert report.processed == ["d1"], report.failed
    assert (first.get("max_completion_tokens") or first.get("max_tokens")) == 300
    assert {e.name for e in engine.store.all_entities()} == {"Marie Curie", "Warsaw"}
    assert engine.extractor.truncated == 1
    engine.close()


def test_a_timed_out_call_is_retried_once_changed_not_repeated(tmp_path):
    with OpenAIStub(lambda m: "fine") as stub:
        stub.delays = [3.0]  # the first call hangs past LLM_TIMEOUT
        llm = ChatLLM(_settings(tmp_path, stub, llm_timeout=1))
        llm.backoff = 0.0
        assert llm.complete([("user", "hello")], use_cache=False) == "fine"
        sent = [r["body"] for r in stub.chat_requests()]
    assert len(sent) == 2
    assert sent[0].get("temperature", 0) == 0 and sent[1]["temperature"] == 0.7


def test_a_refused_request_is_not_retried_and_failures_say_their_status(tmp_path):
    with OpenAIStub(lambda m: "fine") as stub:
        llm = ChatLLM(_settings(tmp_path, stub))
        llm.backoff = 0.0
        stub.fail_next = [400]
        with pytest.raises(UpstreamError) as bad:
            llm.complete([("user", "hello")], use_cache=False)
        assert bad.value.status == 502 and len(stub.chat_requests()) == 1  # an identical retry cannot help
        stub.fail_next = [503, 503, 503]
        with pytest.raises(UpstreamError) as busy:
            llm.complete([("user", "again")], use_cache=False)
        assert busy.value.status == 503 and len(stub.chat_requests()) == 4  # one try and two retries


def test_one_limit_for_every_caller(tmp_path):
    with OpenAIStub(lambda m: '{"high_level_keywords": [], "low_level_keywords": []}') as stub:
        stub.delay = 0.3
        llm = ChatLLM(_settings(tmp_path, stub, llm_concurrency=1))
        calls = [threading.Thread(target=llm.complete, args=([("user", f"q{i}")],), kwargs={"kind": kind})
                 for i, kind in enumerate(["extraction", "keywords", "summary", "answer"])]
        for t in calls:
            t.start()
        for t in calls:
            t.join()
        assert len(stub.chat_requests()) == 4
        # Each call takes 0.3 s at the server: one at a time, they arrive at least that far apart.
        gaps = [b - a for a, b in zip(stub.arrivals, stub.arrivals[1:])]
        assert min(gaps) >= 0.25, gaps
        caps = sorted(r["body"].get("max_completion_tokens") or r["body"]["max_tokens"] for r in stub.chat_requests())
    assert caps == [256, 512, 2048, 2048]


def test_nothing_retrieved_means_no_answer_call(tmp_path):
    with OpenAIStub(lambda m: "An invented answer [1].") as stub:
        engine = Engine(_settings(tmp_path, stub))
        result, parts = engine.stream("Who was Marie Curie?", QueryParam(mode="mix", hl_keywords=["science"],
                                                                        ll_keywords=["Marie Curie"]))
        assert "".join(parts) == NO_CONTEXT_ANSWER and stub.chat_requests() == []
        engine.close()


@pytest.mark.parametrize("failure,status", [("down", 502), ("busy", 503), ("slow", 504)])
def test_the_api_answers_upstream_failures_with_5xx(tmp_path, failure, status):
    offline = Engine(Settings.from_env(tmp_path / "work", llm_model="", neo4j_uri="", embedding_model=""))
    offline.index_documents([Document("d1", "Marie Curie was born in Warsaw.")])
    offline.close()
    question = {"query": "Where was Marie Curie born?", "mode": "naive", "hl_keywords": ["birth"],
                "ll_keywords": ["Marie Curie"]}
    with OpenAIStub(lambda m: "Marie Curie was born in Warsaw [1].") as stub:
        engine = Engine(_settings(tmp_path, stub, llm_max_retries=0, llm_timeout=1))
        stub.fail_next = [503] if failure == "busy" else []
        stub.delay = 3.0 if failure == "slow" else 0.0
        if failure != "down":
            with TestClient(create_app(engine), raise_server_exceptions=False) as client:
                reply = client.post("/query", json=question)
    if failure == "down":  # the server is gone: nothing listens on its port any more
        with TestClient(create_app(engine), raise_server_exceptions=False) as client:
            reply = client.post("/query", json=question)
    assert reply.status_code == status, reply.text
    assert reply.json()["detail"].startswith("LLM")
    engine.close()


def echoing(messages: list[dict]) -> str:
    prompt = messages[-1]["content"]
    if "You build a knowledge graph" in prompt:
        return "\n".join([
            f"entity{S}<name>{S}<type>{S}<description>",  # the template copied
            f"entity{S}source{S}person{S}A field name used as a name.",
            f"relation{S}<source>{S}<target>{S}keywords{S}a relation{S}5",
            f"entity{S}Marie Curie{S}person{S}A physicist born in Warsaw.",
            f"entity{S}Warsaw{S}location{S}A city.",
            f"entity{S}Albert Einstein{S}person{S}Not in this text at all.",
            f"entity{S}Curie, Marie{S}person{S}The same name, reordered.",  # its words are there: kept, flagged
            f"relation{S}Marie Curie{S}Albert Einstein{S}colleague{S}Invented.{S}3",
            f"relation{S}Marie Curie{S}Warsaw{S}born in{S}Marie Curie was born in Warsaw.{S}9",
            "<|COMPLETE|>",
        ])
    return "<|COMPLETE|>"


def test_placeholders_and_names_the_text_does_not_hold_are_dropped(tmp_path, caplog):
    with OpenAIStub(echoing) as stub:
        engine = Engine(_settings(tmp_path, stub))
        report = engine.index_documents([Document("d1", "Marie Curie was born in Warsaw.")])
    assert report.processed == ["d1"], report.failed
    assert {e.name for e in engine.store.all_entities()} == {"Marie Curie", "Warsaw", "Curie, Marie"}
    assert [r.key for r in engine.store.all_relations()] == [("Marie Curie", "Warsaw")]
    assert "is the template's placeholder" in caplog.text and "'Albert Einstein' is not in the text" in caplog.text
    assert "kept 'Curie, Marie'" in caplog.text
    engine.close()


def test_keywords_the_question_does_not_hold_are_dropped_and_a_fallback_is_said(tmp_path):
    reply = '{"high_level_keywords": ["birthplace"], "low_level_keywords": ["Marie Curie", "Pierre Curie"]}'
    with OpenAIStub(lambda m: reply) as stub:
        engine = Engine(_settings(tmp_path, stub))
        result = engine.query_data("Where was Marie Curie born?", QueryParam(mode="local"))
        assert result.low_level == ["Marie Curie"]
        assert any("not in the question: 'Pierre Curie'" in w for w in result.warnings)
        # With history that names him, the same keyword stays.
        history = [{"role": "user", "content": "Tell me about Pierre Curie."}, {"role": "assistant", "content": "."}]
        with_history = engine.query_data("Where was Marie Curie born?",
                                         QueryParam(mode="local", conversation_history=history))
        assert with_history.low_level == ["Marie Curie", "Pierre Curie"]
        engine.close()
    with OpenAIStub(lambda m: "I cannot answer in JSON.") as stub:
        engine = Engine(_settings(tmp_path / "b", stub))
        result = engine.query_data("Where was Marie Curie born?", QueryParam(mode="local"))
        assert result.low_level == ["Marie Curie"]
        assert any(w.startswith("keywords came from spaCy") for w in result.to_data()["metadata"]["warnings"])
        engine.close()
