"""The LLM path end to end: real langchain-openai clients against a local OpenAI-compatible server."""

from __future__ import annotations

import json

import pytest

from lightrag_core import Document, Engine, QueryParam, Settings
from lightrag_core.models import LightRAGError
from lightrag_core.prompts import FIELD_SEP as S
from tests.support.openai_server import OpenAIStub

SECRET = "sk-test-secret-value"
ANSWER = "Marie Curie was born in Warsaw [1]. She later worked in Paris."


def respond(messages: list[dict]) -> str:
    prompt = messages[-1]["content"]
    system = messages[0]["content"] if messages[0]["role"] == "system" else ""
    if "You build a knowledge graph" in prompt:
        return "\n".join([
            f"entity{S}Marie Curie{S}person{S}A physicist and chemist.",
            f"entity{S}Warsaw{S}location{S}Capital of Poland.",
            f"relation{S}Marie Curie{S}Warsaw{S}born in{S}Marie Curie was born in Warsaw.{S}9",
            f"relation{S}Marie Curie{S}Marie Curie{S}self{S}bad{S}1",
            "this line is not a record",
            "<|COMPLETE|>",
        ])
    if "may have been missed" in prompt:
        return f"entity{S}Paris{S}location{S}Capital of France.\n<|COMPLETE|>"
    if "search keywords as JSON" in prompt:
        return '```json\n{"high_level_keywords": ["birthplace"], "low_level_keywords": ["Marie Curie"]}\n```'
    if "Merge these descriptions" in prompt:
        return "A merged description."
    if "---Context---" in system:
        return ANSWER
    return "unexpected prompt"


@pytest.fixture
def stub():
    with OpenAIStub(respond) as server:
        yield server


def _settings(tmp_path, stub: OpenAIStub, **extra) -> Settings:
    values = dict(llm_model="test-chat", openai_base_url=stub.base_url, openai_api_key=SECRET,
                  embedding_model="test-embed", embedding_base_url=stub.base_url, embedding_api_key=SECRET,
                  neo4j_uri="", llm_max_retries=3)
    return Settings.from_env(tmp_path / "work", **{**values, **extra})


def test_llm_extraction_gleaning_cache_and_streamed_answer(tmp_path, stub, caplog):
    engine = Engine(_settings(tmp_path, stub))
    assert engine.extractor.name == "llm:test-chat"
    text = "Marie Curie was born in Warsaw and later lived in Paris."
    report = engine.index_documents([Document("d1", text, file_path="curie.txt")])
    assert report.processed == ["d1"], report.failed
    ents = {e.name: e for e in engine.store.all_entities()}
    assert set(ents) == {"Marie Curie", "Warsaw", "Paris"}  # Paris came from the gleaning pass
    rels = engine.store.all_relations()
    assert len(rels) == 1 and rels[0].weight == 9.0 and rels[0].keywords == "born in"
    assert "dropped extraction record" in caplog.text and "'Marie Curie' is the template" not in caplog.text
    assert report.outcomes["d1"].notes.dropped == {"malformed": 1, "self-loop": 1}
    assert engine.store.embedding_meta() == ("test-embed", 64)
    assert all(r["auth"] == f"Bearer {SECRET}" for r in stub.requests)

    # Same chunk text again (new id): extraction comes from the cache, no new calls for it.
    calls = len(stub.chat_requests())
    engine.index_documents([Document("d2", text, file_path="copy.txt")])
    assert len(stub.chat_requests()) == calls

    result, parts = engine.stream("Where was Marie Curie born?", QueryParam(mode="local"))
    assert result.low_level == ["Marie Curie"] and result.high_level == ["birthplace"]
    assert result.references and result.chunks  # known before the first token arrives
    pieces = list(parts)
    assert len(pieces) > 3 and "".join(pieces) == ANSWER
    answer_request = stub.chat_requests()[-1]["body"]
    assert answer_request["stream"] is True
    assert text in answer_request["messages"][0]["content"]
    engine.close()


def test_rate_limit_then_success(tmp_path, stub):
    engine = Engine(_settings(tmp_path, stub))
    stub.fail_next = [429, 503]
    report = engine.index_documents([Document("d1", "Marie Curie was born in Warsaw.")])
    assert report.processed == ["d1"]
    assert stub.fail_next == []
    engine.close()


def test_llm_failure_marks_the_document_failed_and_keeps_the_store(tmp_path, stub):
    engine = Engine(_settings(tmp_path, stub, llm_max_retries=0))
    engine.index_documents([Document("ok", "Marie Curie was born in Warsaw.")])
    before = engine.store.counts()
    stub.fail_next = [500] * 4
    report = engine.index_documents([Document("bad", "Pierre Curie was born in Paris.")])
    assert "bad" in report.failed and "LLM call" in report.failed["bad"]
    assert SECRET not in report.failed["bad"]
    assert engine.store.get_document("bad").status == "failed"
    after = engine.store.counts()
    assert after["entities"] == before["entities"] and after["chunks"] == before["chunks"]
    engine.close()


def test_a_different_embedding_model_is_refused(tmp_path, stub):
    Engine(_settings(tmp_path, stub)).index_documents([Document("d1", "Marie Curie was born in Warsaw.")])
    other = Engine(_settings(tmp_path, stub, embedding_model="other-embed"))
    with pytest.raises(LightRAGError, match="test-embed"):
        other.index_documents([Document("d2", "Another text about Warsaw.")])


def test_keyword_reply_that_is_not_json_falls_back_to_spacy(tmp_path):
    with OpenAIStub(lambda m: "I cannot answer in JSON.") as server:
        settings = _settings(tmp_path, server)
        engine = Engine(settings)
        result = engine.query_data("Where was Marie Curie born?", QueryParam(mode="local"))
        assert result.low_level == ["Marie Curie"]
        json.dumps(result.to_data())
