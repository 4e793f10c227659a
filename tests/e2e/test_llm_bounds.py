"""Bounded, honest LLM calls, through the real langchain-openai client against the local OpenAI-compatible
test server (which cuts replies at max_tokens, one space-separated word per token, as a server would)."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Document, Engine, QueryParam, Settings
from lightrag_core.api.app import create_app
from lightrag_core.llm import ChatLLM, UpstreamError
from lightrag_core.prompts import FIELD_SEP as S
from lightrag_core.prompts import NO_CONTEXT_ANSWER
from lightrag_core.tokens import count
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


def rambling(messages: list[dict]) -> str:
    """A reply that never ends and never repeats a record: only the cap stops it."""
    if "You build a knowledge graph" in messages[-1]["content"]:
        return (f"entity{S}Warsaw{S}location{S}A city.\n{LOOP}\n"
                + "\n".join(f"entity{S}Person {i}{S}person{S}Someone." for i in range(5000)))
    return "<|COMPLETE|>"


def test_a_reply_without_end_is_cut_at_the_cap_and_its_complete_records_kept(tmp_path):
    with OpenAIStub(rambling) as stub:
        engine = Engine(_settings(tmp_path, stub, llm_max_tokens_extraction=300))
        report = engine.index_documents([Document("d1", "Marie Curie was born in Warsaw.")])
        first = stub.chat_requests()[0]["body"]
    assert report.processed == ["d1"], report.failed
    assert (first.get("max_completion_tokens") or first.get("max_tokens")) == 300
    assert {e.name for e in engine.store.all_entities()} == {"Marie Curie", "Warsaw"}
    assert engine.extractor.truncated == 1
    assert report.outcomes["d1"].notes.flags == {"replies cut at the token cap": 1}
    engine.close()


def test_a_reply_that_repeats_records_is_closed_early_and_its_records_kept(tmp_path):
    """A model at temperature 0 repeating one record would run to the cap (minutes on a small CPU):
    the streamed reply is closed at the third repeat, so the server stops, and the records so far stay."""
    with OpenAIStub(looping) as stub:
        stub.piece_delay = 0.002  # the full reply would stream for minutes
        engine = Engine(_settings(tmp_path, stub))
        report = engine.index_documents([Document("d1", "Marie Curie was born in Warsaw.")])
        sent = stub.chat_requests()[0]["body"]
        assert sent["stream"] is True and stub.disconnects == 1
    assert {e.name for e in engine.store.all_entities()} == {"Marie Curie", "Warsaw"}
    assert report.outcomes["d1"].notes.flags == {"replies cut while looping": 1}
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
            with TestClient(create_app(engine), raise_server_exceptions=False, base_url="http://localhost") as client:
                reply = client.post("/query", json=question)
    if failure == "down":  # the server is gone: nothing listens on its port any more
        with TestClient(create_app(engine), raise_server_exceptions=False, base_url="http://localhost") as client:
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
    outcome = report.outcomes["d1"]
    assert (outcome.entities, outcome.relations) == (3, 1)
    assert outcome.notes.dropped == {"placeholder": 3, "not in the text": 2}
    assert outcome.notes.flags == {"near-miss names kept": 1}
    assert report.warnings == {"d1": "more records were dropped than kept: the model is not following the "
                                     "record format"}
    engine.close()


def nothing_found(messages: list[dict]) -> str:
    prompt = messages[-1]["content"]
    if "You build a knowledge graph" in prompt and "Warsaw" in prompt:
        return f"entity{S}Warsaw{S}location{S}A city.\n<|COMPLETE|>"
    if "You build a knowledge graph" in prompt:
        return f"entity{S}<name>{S}<type>{S}<description>\nnot a record\n<|COMPLETE|>"
    return "<|COMPLETE|>"


def test_a_document_without_entities_is_reported_without_verbose_output(tmp_path, capsys):
    from lightrag_core.cli import main

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "empty.txt").write_text("Nothing here names anything at all.")
    (tmp_path / "docs" / "city.txt").write_text("Marie Curie was born in Warsaw.")
    with OpenAIStub(nothing_found) as stub:
        env = {"LLM_MODEL": "test-chat", "OPENAI_BASE_URL": stub.base_url, "OPENAI_API_KEY": "sk-test",
               "EMBEDDING_MODEL": "", "NEO4J_URI": ""}
        with pytest.MonkeyPatch.context() as mp:
            for k, v in env.items():
                mp.setenv(k, v)
            code = main(["--workdir", str(tmp_path / "work"), "index", "--no-progress", str(tmp_path / "docs")])
    out, err = capsys.readouterr()
    assert code == 0  # indexed, with a warning: not a failure
    assert "extraction kept 1 entity and 0 relation records, dropped 2 (1 placeholder, 1 malformed)" in out
    [warning] = [line for line in err.splitlines() if "warning" in line]
    assert "empty.txt" in warning and "no entities were extracted" in warning


def test_the_api_track_status_gives_each_documents_records(tmp_path):
    def finished(client: TestClient, text: str) -> dict:
        track = client.post("/documents/text", json={"text": text}).json()["track_id"]
        for _ in range(400):
            status = client.get(f"/documents/track_status/{track}").json()
            if status["status"] in {"done", "failed"}:
                return status
            time.sleep(0.05)
        raise AssertionError(f"job {track} did not finish: {status}")

    with OpenAIStub(nothing_found) as stub:
        engine = Engine(_settings(tmp_path, stub))
        with TestClient(create_app(engine), base_url="http://localhost") as client:
            empty = finished(client, "Nothing here names anything.")
            city = finished(client, "Marie Curie was born in Warsaw.")
    [doc] = empty["documents"]
    assert doc["status"] == "processed" and doc["records_kept"] == 0
    assert doc["records_dropped"] == {"placeholder": 1, "malformed": 1}
    assert "no entities were extracted" in doc["warning"] and "dropped 2" in empty["message"]
    [doc] = city["documents"]
    assert doc["records_kept"] == 1 and doc["records_dropped"] == {} and doc["warning"] == ""
    engine.close()


def test_a_known_context_window_bounds_every_call(tmp_path):
    """With the model's window known (a local model reports it), prompt + reply must fit: the reply cap is
    lowered, an oversized prompt fails before any request, and the query context shrinks to leave room."""
    def reply(messages: list[dict]) -> str:
        if "You build a knowledge graph" in messages[-1]["content"]:
            return f"entity{S}Marie Curie{S}person{S}A physicist in Paris.\n<|COMPLETE|>"
        return "An answer [1]."

    with OpenAIStub(reply) as stub:
        llm = ChatLLM(_settings(tmp_path, stub, llm_context_tokens=1200))
        llm.complete([("user", "word " * 400)], use_cache=False, kind="extraction")
        [sent] = [r["body"] for r in stub.chat_requests()]
        cap = sent.get("max_completion_tokens") or sent["max_tokens"]
        assert 600 < cap < 800  # 1200 minus the prompt (~400 counted, plus a tenth in hand), not 2048
        with pytest.raises(UpstreamError, match="does not fit"):
            llm.complete([("user", "word " * 1500)], use_cache=False)
        assert len(stub.chat_requests()) == 1

        engine = Engine(_settings(tmp_path, stub, llm_context_tokens=3000, llm_max_tokens_answer=1000))
        text = " ".join(f"Marie Curie studied element number {i} in her Paris laboratory." for i in range(400))
        engine.index_documents([Document("d1", text)])
        result, answer = engine.answer("What did Marie Curie study?", QueryParam(
            mode="naive", max_total_tokens=30000, response_type="Multiple Paragraphs"))
    room = int((3000 - 1000 - 64) * 0.9)
    assert any(f"context budget lowered from 30000 to {room}" in w for w in result.warnings), result.warnings
    assert count(result.system_prompt) + count("What did Marie Curie study?") <= room
    assert answer == "An answer [1]."
    engine.close()
