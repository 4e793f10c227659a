"""LightRAG 1.5.7's document routes on this server: scan, paginated listing, counts, pipeline, texts, delete,
reprocess, cache, and /health's shape; real files from the shared corpora, the real engine under TestClient."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Engine, Settings
from lightrag_core.api.app import create_app
from lightrag_core.llm import ChatLLM, ResponseCache
from lightrag_core.models import FAILED, DocumentInfo
from tests.conftest import HOTPOT

pytestmark = pytest.mark.slow
DOC_KEYS = {"id", "content_summary", "content_length", "status", "created_at", "updated_at", "track_id",
            "chunks_count", "error_msg", "metadata", "file_path"}


def _passages(n: int) -> list[dict]:
    rows = []
    with (HOTPOT / "corpus.jsonl").open() as f:
        for line in f:
            rows.append(json.loads(line))
            if len(rows) == n:
                return rows
    return rows


@pytest.fixture
def served(tmp_path: Path):
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    settings = Settings.from_env(tmp_path / "work", llm_model="", neo4j_uri="", embedding_model="", input_dir=inputs)
    engine = Engine(settings)
    app = create_app(engine)
    with TestClient(app, base_url="http://localhost") as client:
        yield client, engine, app.state.jobs, inputs
    engine.close()


def test_scan_indexes_the_input_folder_and_lists_it_page_by_page(served):
    client, engine, jobs, inputs = served
    for row in _passages(12):
        (inputs / f"{row['id']}.txt").write_text(f"{row['title']}\n\n{row['text']}")
    (inputs / "empty.txt").write_text("   ")

    body = client.post("/documents/scan").json()
    assert body["status"] == "scanning_started" and "12 new or changed" in body["message"]
    assert jobs.wait(body["track_id"]).status == "done"
    track = client.get(f"/documents/track_status/{body['track_id']}").json()
    assert track["status_summary"] == {"processed": 12} and track["total_count"] == 12

    counts = client.get("/documents/status_counts").json()["status_counts"]
    assert counts == {"processed": 12, "failed": 1, "all": 13}

    first = client.post("/documents/paginated", json={"page": 1, "page_size": 10, "sort_field": "file_path",
                                                      "sort_direction": "asc"}).json()
    assert first["pagination"] == {"page": 1, "page_size": 10, "total_count": 13, "total_pages": 2,
                                   "has_next": True, "has_prev": False}
    assert first["status_counts"] == counts
    doc = first["documents"][0]
    assert DOC_KEYS <= set(doc)
    paths = [d["file_path"] for d in first["documents"]]
    assert paths == sorted(paths)
    second = client.post("/documents/paginated", json={"page": 2, "page_size": 10, "sort_field": "file_path",
                                                       "sort_direction": "asc"}).json()
    assert len(second["documents"]) == 3 and not second["pagination"]["has_next"]
    assert {d["id"] for d in first["documents"]}.isdisjoint(d["id"] for d in second["documents"])
    processed = next(d for d in first["documents"] if d["status"] == "processed")
    assert processed["chunks_count"] >= 1 and processed["content_length"] > 50
    assert processed["created_at"].endswith("+00:00")  # ISO strings, as LightRAG's WebUI parses them

    failed = client.post("/documents/paginated", json={"status_filters": ["failed"]}).json()["documents"]
    assert [d["file_path"].endswith("empty.txt") for d in failed] == [True] and failed[0]["error_msg"]

    again = client.post("/documents/scan").json()  # nothing changed: nothing queued, nothing lost
    assert "0 new or changed" in again["message"]
    assert client.get("/documents/status_counts").json()["status_counts"]["processed"] == 12


def test_scan_without_the_folder_says_which_setting(tmp_path: Path):
    settings = Settings.from_env(tmp_path / "w", llm_model="", neo4j_uri="", embedding_model="")
    engine = Engine(settings)
    with TestClient(create_app(engine), base_url="http://localhost") as client:
        r = client.post("/documents/scan")
    engine.close()
    assert r.status_code == 400 and "INPUT_DIR" in r.json()["detail"]


def test_pipeline_status_reports_the_jobs_it_ran(served):
    client, _, jobs, _ = served
    idle = client.get("/documents/pipeline_status").json()
    assert idle["busy"] is False and idle["job_start"] is None and idle["history_messages"] == []
    rows = _passages(3)
    r = client.post("/documents/texts", json={"texts": [x["text"] for x in rows],
                                              "file_sources": [f"{x['id']}.txt" for x in rows]}).json()
    assert r["status"] == "success"
    jobs.wait(r["track_id"])
    after = client.get("/documents/pipeline_status").json()
    assert after["busy"] is False
    assert any(r["track_id"] in m and "indexing 3 document(s)" in m for m in after["history_messages"])
    assert r["track_id"] in after["latest_message"] and "done" in after["latest_message"]
    dup = client.post("/documents/texts", json={"texts": [rows[0]["text"]], "file_sources": ["again.txt"]}).json()
    assert dup["status"] == "duplicated"


def test_texts_refuses_mismatched_sources_and_stores_nothing(served):
    client, engine, _, _ = served
    r = client.post("/documents/texts", json={"texts": ["one text here", "two"], "file_sources": ["a.txt"]})
    assert r.status_code == 422 and "one per text" in r.json()["detail"]
    assert engine.documents() == []


def test_delete_document_is_all_or_nothing(served):
    client, engine, jobs, _ = served
    rows = _passages(2)
    r = client.post("/documents/texts", json={"texts": [x["text"] for x in rows]}).json()
    jobs.wait(r["track_id"])
    ids = [d.id for d in engine.documents()]
    assert len(ids) == 2
    bad = client.request("DELETE", "/documents/delete_document", json={"doc_ids": [ids[0], "doc-nope"]})
    assert bad.status_code == 404 and "doc-nope" in bad.json()["detail"]
    assert len(engine.documents()) == 2
    ok = client.request("DELETE", "/documents/delete_document", json={"doc_ids": [ids[0]]}).json()
    assert ok["status"] == "deletion_started" and ok["doc_id"] == ids[0]
    assert [d.id for d in engine.documents()] == [ids[1]]
    assert engine.store.counts()["chunks"] >= 1  # the other document's chunks stay


def test_reprocess_failed_indexes_a_failed_row_again(served):
    client, engine, jobs, _ = served
    row = _passages(1)[0]
    engine.store.save_document(DocumentInfo("doc-failed", row["title"], "failed.txt", "h", FAILED,
                                            error="extraction timed out"), row["text"])
    r = client.post("/documents/reprocess_failed").json()
    assert r["status"] == "reprocessing_started" and "1 failed" in r["message"]
    jobs.wait(r["track_id"])
    info = engine.store.get_document("doc-failed")
    assert info.status == "processed" and info.chunk_count >= 1


def test_clear_cache_forgets_cached_responses(tmp_path: Path):
    settings = Settings.from_env(tmp_path / "w", llm_model="m", openai_base_url="http://127.0.0.1:9/v1",
                                 neo4j_uri="", embedding_model="")
    cache = ResponseCache(tmp_path / "cache.sqlite")
    cache.put("k", "cached answer")
    engine = Engine(settings, llm=ChatLLM(settings, cache=cache))
    with TestClient(create_app(engine), base_url="http://localhost") as client:
        body = client.post("/documents/clear_cache", json={}).json()
    engine.close()
    assert body["status"] == "success" and "1 responses" in body["message"]
    assert cache.get("k") is None


def test_health_has_lightrags_keys_and_ours(served):
    client, _, _, inputs = served
    body = client.get("/health").json()
    for key in ("status", "auth_mode", "core_version", "api_version", "webui_available", "pipeline_busy",
                "working_directory", "input_directory", "configuration"):
        assert key in body
    assert body["auth_mode"] == "disabled" and body["input_directory"] == str(inputs)
    assert {"llm_model", "embedding_model", "graph_storage", "vector_storage"} <= set(body["configuration"])
    assert body["store"] == "embedded" and body["configuration"]["graph_storage"] == "SQLiteStorage"
    assert body["counts"]["documents"] == 0


def test_the_guards_check_content_types_on_these_routes_too(served):
    client, engine, _, _ = served
    for path in ("/documents/texts", "/documents/paginated", "/api/chat"):
        r = client.post(path, content='{"texts": ["a text"]}', headers={"Content-Type": "text/plain"})
        assert r.status_code == 415, (path, r.status_code)
    assert engine.documents() == []


def test_a_capped_scan_goes_on_where_the_last_one_stopped(served, monkeypatch):
    from lightrag_core.api import document_routes

    client, _, jobs, inputs = served
    monkeypatch.setattr(document_routes, "MAX_SCAN_FILES", 2)
    for row in _passages(3):
        (inputs / f"{row['id']}.txt").write_text(f"{row['title']}\n\n{row['text']}")
    first = client.post("/documents/scan").json()
    assert "2 new or changed" in first["message"]
    jobs.wait(first["track_id"])
    second = client.post("/documents/scan").json()
    assert "1 new or changed" in second["message"]
    jobs.wait(second["track_id"])
    assert client.get("/documents/status_counts").json()["status_counts"] == {"processed": 3, "all": 3}
