"""The evaluation routes over HTTP: generate a set as a background job, read and export it, run it, read the
run, import a set into another workspace, and the before/after of a review between two runs."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Engine, Settings
from lightrag_core.api.app import create_app
from lightrag_core.indexing.loaders import read_jsonl
from tests.conftest import HOTPOT, _need_data

pytestmark = pytest.mark.slow


def _engine(workdir, n: int) -> Engine:
    _need_data()
    engine = Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model=""))
    engine.index_documents(read_jsonl(HOTPOT / "corpus.jsonl")[:n])
    return engine


def _finished(client: TestClient, track_id: str) -> dict:
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        job = client.get(f"/evaluation/jobs/{track_id}").json()
        if job["status"] in {"done", "failed"}:
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {track_id} did not finish")


def test_generate_read_export_run_and_impact_over_http(tmp_path):
    engine = _engine(tmp_path / "w", 40)
    with TestClient(create_app(engine), base_url="http://localhost") as client:
        queued = client.post("/evaluation/sets/generate", json={"name": "api", "count": 12, "seed": 4})
        assert queued.status_code == 200 and queued.json()["status"] == "queued"
        job = _finished(client, queued.json()["track_id"])
        assert job["status"] == "done" and job["stage"] == "parsing" and job["done"] == job["total"] > 0, job
        listed = client.get("/evaluation/sets").json()
        assert [(s["name"], s["version"]) for s in listed] == [("api", 1)]
        summary = listed[0]
        assert summary["questions"] == summary["chunk_gold"] >= 6 and sum(summary["kinds"].values()) == \
            summary["questions"]
        whole = client.get(f"/evaluation/sets/{summary['id']}").json()
        assert len(whole["questions"]) == summary["questions"] and whole["graph_version"]
        export = client.get(f"/evaluation/sets/{summary['id']}/export")
        assert export.headers["content-type"].startswith("application/x-ndjson")
        rows = [json.loads(line) for line in export.text.splitlines()]
        assert [r["question"] for r in rows] == [q["question"] for q in whole["questions"]]

        ran = _finished(client, client.post("/evaluation/runs", json={"set": "api", "modes": ["naive", "multihop"],
                                                                       "ks": [5]}).json()["track_id"])
        assert ran["status"] == "done", ran
        run = client.get(f"/evaluation/runs/{ran['result']['run']['id']}").json()
        assert set(run["summary"]) == {"naive", "multihop"} and len(run["judgements"]) == 2 * len(rows)
        assert client.get("/evaluation/impact", params={"set_id": "api"}).json()["status"] == "not enough runs"

        # A reviewer's deletion changes the graph; the next run is compared with the one before it.
        name = next(e.name for e in engine.store.all_entities())
        edited = client.request("DELETE", "/graph/entity/delete", json={"entity_name": name, "comment": "junk"})
        assert edited.status_code == 200, edited.text
        _finished(client, client.post("/evaluation/runs", json={"set": "api", "modes": ["naive", "multihop"],
                                                                 "ks": [5]}).json()["track_id"])
        impact = client.get("/evaluation/impact", params={"set_id": "api"}).json()
        assert impact["status"] == "success" and impact["before"]["id"] == run["id"]
        assert [d["item"] for d in impact["decisions"]] == [name]
        assert [m["mode"] for m in impact["modes"]] == ["naive", "multihop"] and "recall@5 change" in impact["modes"][0]

        # Bad input is a clear refusal that stores nothing.
        bad = client.post("/evaluation/runs", json={"set": "api", "modes": ["telepathy"]})
        assert bad.status_code == 400 and "cannot evaluate mode 'telepathy'" in bad.json()["detail"]
        assert client.post("/evaluation/runs", json={"set": "no-such"}).status_code == 404
        assert client.post("/evaluation/sets/generate", json={"count": 0}).status_code == 422
        broken = client.post("/evaluation/sets/import", json={"name": "x", "jsonl": '{"question": 3}'})
        assert broken.status_code == 400 and ":1:" in broken.json()["detail"]
        assert [s["name"] for s in client.get("/evaluation/sets").json()] == ["api"]

        other = _engine(tmp_path / "other", 40)  # the same passages: the same chunk ids
        with TestClient(create_app(other), base_url="http://localhost") as second:
            imported = second.post("/evaluation/sets/import", json={"name": "moved", "jsonl": export.text})
            assert imported.status_code == 200 and imported.json()["questions"] == len(rows)
        other.close()

        gone = client.delete(f"/evaluation/sets/{summary['id']}")
        assert gone.status_code == 200 and client.get("/evaluation/sets").json() == []
        assert client.get("/evaluation/runs").json() == []  # its runs went with it
    engine.close()
