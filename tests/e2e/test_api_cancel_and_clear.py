"""LightRAG's last two document routes: POST /documents/cancel_pipeline stops a running batch between
documents (what finished stays, the rest is pending and indexed later), DELETE /documents empties the
workspace in one transaction. Real hotpotqa passages through the real engine."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Engine, Settings
from lightrag_core.api.app import create_app
from tests.conftest import HOTPOT

pytestmark = pytest.mark.slow
SECRET = "a-cancel-and-clear-test-signing-secret-0123456789"


def _texts(n: int, skip: int = 0) -> list[str]:
    rows = []
    with (HOTPOT / "corpus.jsonl").open() as f:
        for i, line in enumerate(f):
            if i >= skip:
                row = json.loads(line)
                rows.append(f"{row['title']}\n\n{row['text']}")
            if len(rows) == n:
                break
    return rows


@pytest.fixture
def served(tmp_path: Path):
    settings = Settings.from_env(tmp_path / "work", llm_model="", neo4j_uri="", embedding_model="",
                                 auth_accounts="ann:ann-pw:admin,rex:rex-pw:reviewer,vic:vic-pw:viewer",
                                 token_secret=SECRET)
    engine = Engine(settings)
    app = create_app(engine)
    with TestClient(app, base_url="http://localhost") as client:
        tokens = {}
        for user in ("ann", "rex", "vic"):
            r = client.post("/login", data={"username": user, "password": f"{user}-pw"})
            tokens[user] = {"Authorization": f"Bearer {r.json()['access_token']}"}
        yield client, engine, app.state.jobs, tokens
    engine.close()


def _counts(client: TestClient, token: dict[str, str]) -> dict[str, int]:
    return client.get("/documents/status_counts", headers=token).json()["status_counts"]


def test_cancel_stops_between_documents_keeps_what_finished_and_the_rest_is_indexed_later(served):
    client, engine, jobs, token = served
    admin = token["ann"]
    idle = client.post("/documents/cancel_pipeline", headers=admin).json()
    assert idle == {"status": "not_busy", "message": "Pipeline is not currently running. No cancellation needed."}
    assert client.post("/documents/cancel_pipeline", headers=token["vic"]).status_code == 403

    first = client.post("/documents/texts", headers=admin, json={"texts": _texts(80)}).json()
    second = client.post("/documents/texts", headers=admin, json={"texts": _texts(20, skip=80)}).json()
    deadline = time.monotonic() + 300
    while _counts(client, admin).get("processed", 0) == 0:  # stop once the first batch is in
        assert time.monotonic() < deadline
        time.sleep(0.1)
    r = client.post("/documents/cancel_pipeline", headers=admin).json()
    assert r["status"] == "cancellation_requested"
    # still requested, unless the worker has already honoured it between the two calls (a race a loaded
    # machine lost once: the flag is cleared when the pipeline stops; what follows checks the outcome)
    asked = client.get("/documents/pipeline_status", headers=admin).json()
    assert asked["cancellation_requested"] is True or asked["busy"] is False

    assert jobs.wait(first["track_id"]).status == "cancelled"
    assert jobs.wait(second["track_id"]).status == "cancelled"  # queued behind it: nothing of it started
    counts = _counts(client, admin)
    finished = counts.get("processed", 0)
    assert 16 <= finished < 80 and counts.get("pending", 0) == 100 - finished and "failed" not in counts
    status = client.get("/documents/pipeline_status", headers=admin).json()
    assert status["busy"] is False and status["cancellation_requested"] is False
    assert f"cancelled: {finished} document(s) finished, {80 - finished} left pending" in status["latest_message"] \
        or any(f"{80 - finished} left pending" in line for line in status["history_messages"])
    graph_after_cancel = engine.store.counts()

    again = client.post("/documents/reprocess_failed", headers=admin).json()
    assert f"{100 - finished} failed or pending" in again["message"]
    assert jobs.wait(again["track_id"]).status == "done"
    assert _counts(client, admin) == {"processed": 100, "all": 100}
    assert engine.store.counts()["chunks"] > graph_after_cancel["chunks"]


def test_delete_documents_empties_the_workspace_and_keeps_the_experts_rules_unless_asked(served):
    client, engine, jobs, token = served
    admin = token["ann"]
    job = client.post("/documents/texts", headers=admin, json={"texts": _texts(6)}).json()
    assert jobs.wait(job["track_id"]).status == "done"
    name = engine.store.all_entities()[0].name
    edit = client.post("/graph/entity/edit", headers=token["rex"],
                       json={"entity_name": name, "updated_data": {"description": "checked by an expert"}})
    assert edit.status_code == 200, edit.text

    for who in ("vic", "rex"):
        assert client.delete("/documents", headers=token[who]).status_code == 403
    assert _counts(client, admin)["all"] == 6

    r = client.delete("/documents", headers=admin).json()
    assert r["status"] == "success" and "Deleted 6 document(s)" in r["message"] and "rules kept" in r["message"]
    assert engine.store.counts() == {k: 0 for k in engine.store.counts()}
    assert engine.store.list_documents() == []
    assert client.post("/query/data", headers=admin, json={"query": "Who?", "mode": "naive"}).json()["data"][
        "chunks"] == []
    rules = engine.store.list_rules()
    assert [r["state"] for r in rules] == ["active"]

    job = client.post("/documents/texts", headers=admin, json={"texts": _texts(6)}).json()  # same text again
    assert jobs.wait(job["track_id"]).status == "done"
    assert engine.store.get_entities([name])[name].description == "checked by an expert"  # the rule still applies

    r = client.delete("/documents?clear_curation=true", headers=admin).json()
    assert r["status"] == "success" and "rules undone" in r["message"]
    assert [(r["state"], r["undone_by"]) for r in engine.store.list_rules()] == [("undone", "ann")]


def test_delete_documents_while_indexing_answers_busy_and_removes_nothing(served):
    client, engine, jobs, token = served
    admin = token["ann"]
    job = client.post("/documents/texts", headers=admin, json={"texts": _texts(40)}).json()
    r = client.delete("/documents", headers=admin).json()
    assert r["status"] == "busy" and "cancel_pipeline" in r["message"]
    assert jobs.wait(job["track_id"]).status == "done"
    assert _counts(client, admin) == {"processed": 40, "all": 40}
