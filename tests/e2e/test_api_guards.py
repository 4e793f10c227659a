"""The API refuses cross-site, rebinding, mistyped and oversized requests before reading them, key or no key,
and stores nothing when it does; what a same-origin page, a listed origin or curl sends still works."""

from __future__ import annotations

import json
import socket
import time

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Engine, Settings
from lightrag_core.api import guards
from lightrag_core.api.app import create_app
from tests.support.held_gate import slot_held
from tests.support.live_api import serving

pytestmark = pytest.mark.slow
LIMIT_MB = 0.05  # 52,428 bytes: small enough to pass quickly, large enough for real requests
TEXT = {"text": "Marie Curie was born in Warsaw and worked in Paris.", "file_source": "curie.txt"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    settings = Settings.from_env(tmp_path_factory.mktemp("guards"), env_file=None, llm_model="", neo4j_uri="",
                                 embedding_model="", max_request_mb=LIMIT_MB, allowed_hosts=("rag.internal",))
    eng = Engine(settings)
    yield eng
    eng.close()


@pytest.fixture(scope="module")
def client(engine):
    with TestClient(create_app(engine, cors_origins=["http://app.example"]), base_url="http://localhost") as c:
        yield c


def stored(engine: Engine) -> list[tuple[str, str, str]]:
    """Every document row with its status and text: what a refused request must leave exactly as it was."""
    return sorted((d.id, d.status, engine.store.get_document_text(d.id) or "") for d in engine.documents())


def refused(client: TestClient, engine: Engine, status: int, fragment: str, method: str, url: str, **kw) -> None:
    before = stored(engine)
    r = client.request(method, url, **kw)
    assert r.status_code == status, r.text
    assert fragment in r.json()["detail"]
    assert stored(engine) == before


def accepted(client: TestClient, url: str, **kw) -> dict:
    r = client.post(url, **kw)
    assert r.status_code == 200, r.text
    job = client.app.state.jobs.wait(r.json()["track_id"])
    assert job.status == "done", job.message
    return r.json()


def test_host_must_be_loopback_or_listed(client, engine):
    for host in ("evil.example", "evil.example:9621", "localhost.evil.example", "127.0.0.1.nip.io"):
        refused(client, engine, 400, "LIGHTRAG_ALLOWED_HOSTS", "POST", "/documents/text", json=TEXT,
                headers={"Host": host})
    refused(client, engine, 400, "is not served here", "GET", "/documents", headers={"Host": "evil.example"})
    for host in ("127.0.0.1:9621", "[::1]:9621", "LOCALHOST", "rag.internal:80"):
        assert client.get("/documents", headers={"Host": host}).status_code == 200, host


def test_foreign_origin_cannot_write_or_replace_an_upload(client, engine):
    accepted(client, "/documents/upload", files={"file": ("report.md", b"The report says Lyon is in France.")})
    report = [d for d in engine.documents() if d.file_path == "report.md"]
    assert [d.status for d in report] == ["processed"]
    # A cross-site page posting a plain form with the same name would replace the user's report.
    for origin in ("http://evil.example", "null", "http://localhost:3000", "https://localhost"):
        refused(client, engine, 403, "cross-origin request", "POST", "/documents/upload",
                files={"file": ("report.md", b"Nothing left.")}, headers={"Origin": origin})
        refused(client, engine, 403, "LIGHTRAG_CORS_ORIGINS", "POST", "/documents/text", json=TEXT,
                headers={"Origin": origin})
        refused(client, engine, 403, "cross-origin", "DELETE", f"/documents/{report[0].id}",
                headers={"Origin": origin})
    refused(client, engine, 403, "Sec-Fetch-Site", "POST", "/documents/text", json=TEXT,
            headers={"Sec-Fetch-Site": "cross-site"})
    assert [d.id for d in engine.documents() if d.file_path == "report.md"] == [report[0].id]
    assert "Lyon" in engine.store.get_document_text(report[0].id)
    # Reading is allowed to a cross-site navigation (a link); no page can read the answer without CORS.
    assert client.get("/documents", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200


def test_same_origin_listed_origin_and_curl_still_work(client, engine):
    same = accepted(client, "/documents/text", json={"text": "Pierre Curie taught physics in Paris.",
                                                     "file_source": "pierre.txt"},
                    headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert same["status"] == "success"
    listed = client.post("/query/data", json={"query": "Where did Pierre Curie teach?"},
                         headers={"Origin": "http://app.example", "Sec-Fetch-Site": "cross-site"})
    assert listed.status_code == 200 and listed.headers["access-control-allow-origin"] == "http://app.example"
    curl = accepted(client, "/documents/text", json={"text": "Irene Curie was born in Paris.",
                                                     "file_source": "irene.txt"})
    assert curl["status"] == "success"
    assert {"pierre.txt", "irene.txt"} <= {d.file_path for d in engine.documents() if d.status == "processed"}
    # A listed origin's preflight is answered; an unlisted one's is not allowed anything.
    pre = client.options("/documents/text", headers={"Origin": "http://app.example",
                                                     "Access-Control-Request-Method": "POST"})
    assert pre.headers.get("access-control-allow-origin") == "http://app.example"
    evil = client.options("/documents/text", headers={"Origin": "http://evil.example",
                                                      "Access-Control-Request-Method": "POST"})
    assert "access-control-allow-origin" not in evil.headers


def test_same_origin_on_a_port(engine):
    with TestClient(create_app(engine), base_url="http://127.0.0.1:9621") as c:
        ok = c.post("/query/data", json={"query": "Where was Marie Curie born?"},
                    headers={"Origin": "http://127.0.0.1:9621"})
        assert ok.status_code == 200
        assert c.post("/query/data", json={"query": "Where was Marie Curie born?"},
                      headers={"Origin": "http://127.0.0.1:9622"}).status_code == 403


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/json-seq"])
def test_json_endpoints_take_only_json(client, engine, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    refused(client, engine, 415, "application/json", "POST", "/documents/text",
            content=json.dumps(TEXT).encode(), headers=headers)
    refused(client, engine, 415, "application/json", "POST", "/query", content=b'{"query": "Who is Curie?"}',
            headers=headers)


def test_json_with_charset_is_json(client):
    r = client.post("/query/data", content=json.dumps({"query": "Where was Marie Curie born?"}).encode(),
                    headers={"Content-Type": "application/json; charset=utf-8"})
    assert r.status_code == 200


def test_upload_takes_only_a_form(client, engine):
    refused(client, engine, 415, "multipart/form-data", "POST", "/documents/upload", content=b"hello",
            headers={"Content-Type": "text/plain"})
    refused(client, engine, 415, "form", "POST", "/documents/upload", json={"file": "x"})


def test_oversized_bodies_are_refused_before_they_are_read(client, engine):
    big = "Warsaw " * 10_000  # 70,000 bytes, over the 52,428-byte limit
    refused(client, engine, 413, "LIGHTRAG_MAX_REQUEST_MB", "POST", "/documents/text",
            json={"text": big, "file_source": "big.txt"})
    refused(client, engine, 413, "limit", "POST", "/documents/upload", files={"file": ("big.txt", big.encode())})
    # Within every field bound, yet over the body limit: 50 turns of 2,000 characters.
    refused(client, engine, 413, "limit", "POST", "/query", json={
        "query": "Where was Marie Curie born?", "conversation_history": [{"role": "user", "content": "x" * 2000}] * 50})
    refused(client, engine, 400, "Content-Length", "POST", "/documents/text", content=b"{}",
            headers={"Content-Type": "application/json", "Content-Length": "lots"})


@pytest.fixture
def live(engine, monkeypatch):
    """The app under uvicorn on a loopback port, with a 1-second body idle limit."""
    monkeypatch.setattr(guards, "BODY_IDLE_SECONDS", 1.0)
    with serving(create_app(engine)) as port:
        yield port


def _chunked_post(port: int, pieces: list[bytes], wait_for: float = 60) -> tuple[bytes, dict, float]:
    """POST the pieces as chunks without the closing chunk; the status line, the JSON body and seconds taken."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=wait_for) as conn:
        conn.sendall(b"POST /documents/text HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        for piece in pieces:
            conn.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
        reply = b""
        while b"\r\n\r\n" not in reply or not reply.rstrip().endswith(b"}"):
            data = conn.recv(65536)
            if not data:
                break
            reply += data
    head, _, body = reply.partition(b"\r\n\r\n")
    return head.split(b"\r\n")[0], json.loads(body), time.monotonic() - started


def test_a_chunked_body_is_cut_off_at_the_limit(engine, live):
    """No Content-Length: the limit applies while the body streams in, on a real socket."""
    before = stored(engine)
    pieces = [b'{"text": "' + b"Warsaw " * 1000] + [b"Warsaw " * 1000] * int(LIMIT_MB * 2**20 / 7000 + 1)
    # The body is not finished (no closing chunk): the answer comes anyway, from the limit.
    status, body, _ = _chunked_post(live, pieces)
    assert status.startswith(b"HTTP/1.1 413") and "LIGHTRAG_MAX_REQUEST_MB" in body["detail"]
    assert stored(engine) == before


def test_a_stalled_body_is_dropped(engine, live):
    before = stored(engine)
    status, body, seconds = _chunked_post(live, [b'{"text": "Marie Curie was'], wait_for=30)
    assert status.startswith(b"HTTP/1.1 408") and "stalled" in body["detail"]
    assert seconds < 10
    assert stored(engine) == before


@pytest.mark.parametrize("extra,field", [
    ({"conversation_history": [{"role": "user", "content": "hi"}] * 51}, "conversation_history"),
    ({"conversation_history": [{"role": "user", "content": "x" * 20_001}]}, "content"),
    ({"hl_keywords": ["curie"] * 101}, "hl_keywords"),
    ({"ll_keywords": ["k" * 201]}, "ll_keywords"),
])
def test_query_bounds(client, extra, field):
    r = client.post("/query/data", json={"query": "Where was Marie Curie born?", **extra})
    assert r.status_code == 422
    assert any(field in [str(p) for p in e["loc"]] for e in r.json()["detail"])
    within = client.post("/query/data", json={"query": "Where was Marie Curie born?",
                                              "conversation_history": [{"role": "user", "content": "hi"}] * 50,
                                              "ll_keywords": ["k" * 200] * 100})
    assert within.status_code == 200



def test_a_query_that_finds_no_slot_in_time_is_a_503_naming_the_setting(client, engine):
    question = {"query": "Where was Marie Curie born?", "mode": "mix"}
    with slot_held(engine):
        refused(client, engine, 503, "LIGHTRAG_QUERY_SLOTS", "POST", "/query/data", json=question)
    r = client.post("/query/data", json=question)
    assert r.status_code == 200, r.text  # the slot came back
