"""The Ollama-compatible API, driven by the official `ollama` Python client against the server under uvicorn
on a loopback port: models listed, chats streamed and not, answers that quote a cited passage."""

from __future__ import annotations

import re

import httpx
import ollama
import pytest

from lightrag_core.api.app import create_app
from lightrag_core.api.ollama_schemas import MODEL_NAME, parse_chat_query
from lightrag_core.query.modes import Mode
from tests.support.live_api import serving

pytestmark = pytest.mark.slow
QUESTION = "Are Christopher Nolan and Sathish Kalathil both film directors?"
_CITED = re.compile(r"^- (.+) \[(\d+)\]$", re.MULTILINE)


@pytest.fixture(scope="module")
def server(hotpot_index):
    with serving(create_app(hotpot_index)) as port:
        yield f"http://127.0.0.1:{port}"


def _context(base: str, mode: str) -> dict[str, list[str]]:
    """Each reference id's chunk texts, as /query/data retrieves them for the question."""
    data = httpx.post(f"{base}/query/data", json={"query": QUESTION, "mode": mode}, timeout=120).json()["data"]
    by_ref: dict[str, list[str]] = {}
    for chunk in data["chunks"]:
        by_ref.setdefault(chunk["reference_id"], []).append(" ".join(chunk["content"].split()))
    files = {r["reference_id"]: r["file_path"] for r in data["references"]}
    return {"chunks": by_ref, "files": files}  # type: ignore[dict-item]


def _assert_quotes_its_references(answer: str, context: dict) -> None:
    cited = _CITED.findall(answer)
    assert cited, answer
    for sentence, ref in cited:  # each quoted sentence is in a chunk of the reference it cites
        assert any(sentence in text for text in context["chunks"][ref]), (sentence, ref)
    refs = answer.split("### References", 1)[1]
    for _, ref in cited:
        assert f"[{ref}] {context['files'][ref]}" in refs
    assert any("Nolan" in s for s, _ in cited)


def test_lists_the_model_and_version(server):
    client = ollama.Client(host=server)
    assert [m.model for m in client.list().models] == [MODEL_NAME]
    assert [m.model for m in client.ps().models] == [MODEL_NAME]
    assert httpx.get(f"{server}/api/version").json() == {"version": "0.9.3"}


def test_chat_not_streamed_quotes_a_reference(server):
    reply = ollama.Client(host=server, timeout=120).chat(
        model=MODEL_NAME, messages=[{"role": "user", "content": QUESTION}], stream=False)
    assert reply.done and reply.message.role == "assistant"
    _assert_quotes_its_references(reply.message.content, _context(server, "mix"))


def test_chat_streamed_multihop_quotes_a_reference(server):
    parts = list(ollama.Client(host=server, timeout=120).chat(
        model=MODEL_NAME, messages=[{"role": "user", "content": f"/multihop {QUESTION}"}], stream=True))
    assert len(parts) > 3 and parts[-1].done and not any(p.done for p in parts[:-1])
    assert parts[-1].eval_count > 0
    _assert_quotes_its_references("".join(p.message.content for p in parts), _context(server, "multihop"))


def test_chat_context_prefix_returns_the_context(server):
    reply = ollama.Client(host=server, timeout=120).chat(
        model=MODEL_NAME, messages=[{"role": "user", "content": f"/localcontext {QUESTION}"}], stream=False)
    assert "Document chunks" in reply.message.content and "Extractive answer" not in reply.message.content


def test_chat_passes_the_history_on(server, hotpot_index, monkeypatch):
    seen = []
    real = hotpot_index.query

    def spy(query, param=None):  # records what the route asked, then runs the real engine
        seen.append((query, param))
        return real(query, param)

    monkeypatch.setattr(hotpot_index, "query", spy)
    history = [{"role": "user", "content": "Who directed Inception?"},
               {"role": "assistant", "content": "Christopher Nolan [1]"}]
    ollama.Client(host=server, timeout=120).chat(
        model=MODEL_NAME, messages=[*history, {"role": "user", "content": f"/naive[answer briefly] {QUESTION}"}],
        stream=False)
    query, param = seen[-1]
    assert query == QUESTION and param.mode == "naive" and param.user_prompt == "answer briefly"
    assert param.conversation_history == history


def test_generate_without_an_llm_says_why(server):
    with pytest.raises(ollama.ResponseError) as err:
        ollama.Client(host=server).generate(model=MODEL_NAME, prompt="Say hello", stream=False)
    assert err.value.status_code == 400 and "no LLM is configured" in str(err.value)


def test_bypass_without_an_llm_says_so_as_query_does(server):
    reply = ollama.Client(host=server, timeout=60).chat(
        model=MODEL_NAME, messages=[{"role": "user", "content": "/bypass hi there"}], stream=False)
    assert reply.message.content.startswith("No LLM is configured, and bypass mode only asks the LLM")
    assert "### References" not in reply.message.content


@pytest.mark.parametrize("text, expected", [
    ("/local who is he", ("who is he", Mode.LOCAL, False, None)),
    ("/multihop a question", ("a question", Mode.MULTIHOP, False, None)),
    ("/mixcontext q here", ("q here", Mode.MIX, True, None)),
    ("/context q here", ("q here", Mode.MIX, True, None)),
    ("/[in a table] q here", ("q here", Mode.MIX, False, "in a table")),
    ("/global[brief] q", ("q", Mode.GLOBAL, False, "brief")),
    ("/etc/hosts holds what?", ("/etc/hosts holds what?", Mode.MIX, False, None)),
    ("plain question", ("plain question", Mode.MIX, False, None)),
    ("Title this\n<chat_history>\nUSER: hi", ("Title this\n<chat_history>\nUSER: hi", Mode.BYPASS, False, None)),
])
def test_mode_prefixes_read_as_lightrag_reads_them(text, expected):
    got = parse_chat_query(text)
    assert (got.query, got.mode, got.only_need_context, got.user_prompt) == expected
