"""The HTTP API: LightRAG-compatible shapes, NDJSON order, documents, key, validation, fuzzing."""

from __future__ import annotations

import http.client
import json

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Engine
from lightrag_core.api import app as api_app
from lightrag_core.api.app import create_app
from lightrag_core.models import LightRAGError
from tests.support.live_api import serving

pytestmark = pytest.mark.slow
Q = {"query": "Are Christopher Nolan and Sathish Kalathil both film directors?", "mode": "mix"}


@pytest.fixture(scope="module")
def client(hotpot_index):
    with TestClient(create_app(hotpot_index), base_url="http://localhost") as c:
        yield c


@pytest.fixture
def fresh(offline_settings):
    engine = Engine(offline_settings)
    with TestClient(create_app(engine), base_url="http://localhost") as c:
        yield c, engine
    engine.close()


def test_query_data_shape(client):
    body = client.post("/query/data", json=Q).json()
    assert body["status"] == "success"
    assert set(body["data"]) == {"entities", "relationships", "chunks", "references"}
    assert body["metadata"]["query_mode"] == "mix"
    assert set(body["metadata"]["keywords"]) == {"high_level", "low_level"}
    info = body["metadata"]["processing_info"]
    for key in ("total_entities_found", "total_relations_found", "entities_after_truncation",
                "relations_after_truncation", "merged_chunks_count", "final_chunks_count"):
        assert isinstance(info[key], int)
    assert all("document_id" in c and "reference_id" in c for c in body["data"]["chunks"])


def test_query_response_and_references(client):
    body = client.post("/query", json={**Q, "include_chunk_content": True}).json()
    assert body["response"].startswith("Extractive answer")
    assert body["references"][0]["reference_id"] == "1"
    assert body["references"][0]["content"]
    plain = client.post("/query", json={**Q, "include_references": False}).json()
    assert plain["references"] is None


def test_context_and_prompt_only(client):
    ctx = client.post("/query", json={**Q, "only_need_context": True}).json()["response"]
    assert "Document chunks" in ctx and "Extractive" not in ctx
    prompt = client.post("/query", json={**Q, "only_need_prompt": True}).json()["response"]
    assert "---Context---" in prompt and "Document chunks" in prompt


def test_stream_lines_references_first(client):
    r = client.post("/query/stream", json={**Q, "stream": True})
    assert r.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(x) for x in r.text.splitlines()]
    assert list(lines[0]) == ["references"]
    assert len(lines) > 3 and all(list(x) == ["response"] for x in lines[1:])
    assert "".join(x["response"] for x in lines[1:]).startswith("Extractive answer")
    one = client.post("/query/stream", json={**Q, "stream": False}).text.splitlines()
    assert len(one) == 1 and set(json.loads(one[0])) == {"response", "references"}


def test_stream_error_line_when_generation_fails(hotpot_index, monkeypatch):
    real_stream = hotpot_index.queries.stream_answer

    def broken_stream(query, param):
        result, _ = real_stream(query, param)

        def parts():
            yield "partial "
            raise LightRAGError("LLM stream from 'x' failed: connection reset")
        return result, parts()

    app = create_app(hotpot_index)
    monkeypatch.setattr(hotpot_index.queries, "stream_answer", broken_stream)
    with TestClient(app, base_url="http://localhost") as c:
        lines = [json.loads(x) for x in c.post("/query/stream", json={**Q, "stream": True}).text.splitlines()]
    assert "references" in lines[0] and lines[1] == {"response": "partial "}
    assert lines[-1] == {"error": "LLM stream from 'x' failed: connection reset"}


@pytest.mark.parametrize("body,field", [
    ({"query": "ab"}, "query"),
    ({"query": "valid question", "mode": "sideways"}, "mode"),
    ({"query": "valid question", "top_k": 0}, "top_k"),
    ({"query": "valid question", "conversation_history": [{"content": "hi"}]}, "role"),
    ({"mode": "mix"}, "query"),
])
def test_validation_errors_name_the_field(client, body, field):
    r = client.post("/query", json=body)
    assert r.status_code == 422
    assert any(field in [str(p) for p in e["loc"]] for e in r.json()["detail"])


def test_user_errors_are_400(client):
    r = client.post("/query", json={"query": "?!?!?!"})
    assert r.status_code == 400 and "no letters or digits" in r.json()["detail"]


def test_documents_lifecycle(fresh, monkeypatch):
    c, engine = fresh
    r = c.post("/documents/text", json={"text": "Marie Curie was born in Warsaw.", "file_source": "curie.txt"})
    assert r.json()["status"] == "success"
    track = r.json()["track_id"]
    job = c.app.state.jobs.wait(track)
    assert job.status == "done"
    status = c.get(f"/documents/track_status/{track}").json()
    assert status["status"] == "done" and status["documents"][0]["status"] == "processed"
    doc_id = status["documents"][0]["id"]
    assert c.post("/documents/text", json={"text": "Marie Curie was born in Warsaw.",
                                           "file_source": "curie.txt"}).json()["status"] == "duplicated"

    up = c.post("/documents/upload", files={"file": ("notes.md", b"Pierre Curie taught in Paris.", "text/markdown")})
    assert up.json()["status"] == "success"
    c.app.state.jobs.wait(up.json()["track_id"])
    listing = c.get("/documents").json()["statuses"]
    assert len(listing["processed"]) == 2
    # The same name again with new content is a new version: it replaces the first upload.
    again = c.post("/documents/upload", files={"file": ("notes.md", b"Pierre Curie taught in Lyon.", "text/markdown")})
    status = c.app.state.jobs.wait(again.json()["track_id"])
    assert status.status == "done" and "1 earlier version replaced" in status.message
    listing = c.get("/documents").json()["statuses"]
    assert len(listing["processed"]) == 2 and "Lyon" in {e.name for e in engine.store.all_entities()}
    assert "Paris" not in {e.name for e in engine.store.all_entities()}

    bad = c.post("/documents/upload", files={"file": ("x.exe", b"MZ", "application/octet-stream")})
    assert bad.status_code == 400 and "unsupported file type" in bad.json()["detail"]
    monkeypatch.setattr(api_app, "MAX_UPLOAD_BYTES", 10)
    big = c.post("/documents/upload", files={"file": ("big.txt", b"x" * 100, "text/plain")})
    assert big.status_code == 413

    assert c.delete(f"/documents/{doc_id}").json()["status"] == "success"
    assert c.delete(f"/documents/{doc_id}").status_code == 404
    assert c.get("/documents/track_status/nope").status_code == 404
    assert "Warsaw" not in {e.name for e in engine.store.all_entities()}


def test_api_key_guards_everything_but_health(hotpot_index):
    with TestClient(create_app(hotpot_index, api_key="s3cret-key"), base_url="http://localhost") as c:
        assert c.post("/query/data", json=Q).status_code == 401
        assert c.post("/query/data", json=Q, headers={"X-API-Key": "wrong"}).status_code == 401
        assert c.post("/query/data", json=Q, headers={"X-API-Key": "s3cret-key"}).status_code == 200
        assert c.get("/documents").status_code == 401
        health = c.get("/health")
        assert health.status_code == 200 and "s3cret-key" not in health.text


def test_cors_off_unless_configured(hotpot_index):
    with TestClient(create_app(hotpot_index), base_url="http://localhost") as c:
        r = c.options("/query", headers={"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"})
        assert "access-control-allow-origin" not in r.headers
    with TestClient(create_app(hotpot_index, cors_origins=["http://app.example"]), base_url="http://localhost") as c:
        r = c.options("/query", headers={"Origin": "http://app.example", "Access-Control-Request-Method": "POST"})
        assert r.headers["access-control-allow-origin"] == "http://app.example"


def test_stream_over_a_real_socket_line_by_line(hotpot_index):
    with serving(create_app(hotpot_index)) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        conn.request("POST", "/query/stream", body=json.dumps({**Q, "stream": True}),
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        assert resp.status == 200
        first = json.loads(resp.readline())
        assert "references" in first
        rest = [json.loads(line) for line in iter(resp.readline, b"")]
        assert rest and all("response" in x for x in rest)
        conn.close()
