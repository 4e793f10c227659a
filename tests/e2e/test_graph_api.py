"""LightRAG's graph endpoints over the curation layer: the lasting-decisions scenario through HTTP.

Documents go in through /documents/text and /documents/upload (the same file name twice is an
edited file), decisions through LightRAG 1.5's request shapes, and the checks read the graph back
through /graphs, /graph/entity/exists and /graph/label/list.
"""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Engine
from lightrag_core.api.app import create_app
from tests.contract.test_curation_contract import D1, D2, D4, EDITED, TURIN


@pytest.fixture
def api(offline_settings):
    engine = Engine(offline_settings)
    with TestClient(create_app(engine), base_url="http://localhost") as client:
        yield client, engine
    engine.close()


def _indexed(client, response) -> None:
    assert response.status_code == 200, response.text
    track = response.json()["track_id"]
    deadline = time.monotonic() + 300
    while client.get(f"/documents/track_status/{track}").json()["status"] not in {"done", "failed"}:
        assert time.monotonic() < deadline, "indexing did not finish"
        time.sleep(0.1)
    assert client.get(f"/documents/track_status/{track}").json()["status"] == "done"


def _text(client, text: str, source: str) -> None:
    _indexed(client, client.post("/documents/text", json={"text": text, "file_source": source}))


def _upload(client, name: str, text: str) -> None:
    _indexed(client, client.post("/documents/upload", files={"file": (name, text.encode(), "text/plain")}))


def _exists(client, name: str) -> bool:
    return client.get("/graph/entity/exists", params={"name": name}).json()["exists"]


def _neighbours(client, name: str) -> set[str]:
    graph = client.get("/graphs", params={"label": name, "max_depth": 1}).json()
    return {e["target"] if e["source"] == name else e["source"] for e in graph["edges"] if name in (e["source"],
                                                                                                 e["target"])}


def test_the_scenario_through_lightrags_graph_endpoints(api):
    client, engine = api
    _text(client, D1, "d1.txt")
    _text(client, D2, "d2.txt")
    _upload(client, "turin.txt", TURIN)
    labels = client.get("/graph/label/list").json()
    assert {"Lovelace", "Ada Lovelace", "Foobar Widget"} <= set(labels)

    edit = client.post("/graph/entity/edit", json={
        "entity_name": "Charles Babbage", "updated_data": {"description": EDITED, "entity_type": "person"},
        "allow_rename": False, "allow_merge": False})
    assert edit.status_code == 200, edit.text
    assert edit.json()["data"]["description"] == EDITED
    assert edit.json()["operation_summary"]["operation_status"] == "success"
    merged = client.post("/graph/entities/merge", json={"entities_to_change": ["Lovelace"],
                                                         "entity_to_change_into": "Ada Lovelace"})
    assert merged.status_code == 200, merged.text
    assert merged.json()["data"]["deleted_entities"] == ["Lovelace"]
    deleted = client.request("DELETE", "/graph/entity/delete", json={"entity_name": "Foobar Widget"})
    assert deleted.status_code == 200 and deleted.json()["status"] == "success"

    d1 = next(d["id"] for d in client.get("/documents").json()["statuses"]["processed"] if d["file_path"] == "d1.txt")
    assert client.delete(f"/documents/{d1}").status_code == 200
    _upload(client, "turin.txt", TURIN + " Charles Babbage returned to London.")
    _text(client, D4, "d4.txt")

    babbage = client.get("/graphs", params={"label": "Charles Babbage", "max_depth": 1}).json()["nodes"][0]
    assert babbage["properties"]["description"] == EDITED
    assert not _exists(client, "Lovelace") and not _exists(client, "Foobar Widget")
    assert {"Michael Faraday", "Mary Somerville"} <= _neighbours(client, "Ada Lovelace")

    reviews = client.get("/graph/reviews").json()["reviews"]
    assert [(r["decision"], r["item"]) for r in reviews] == [
        ("delete", "Foobar Widget"), ("merge", "Lovelace"), ("edit", "Charles Babbage")]
    only_merges = client.get("/graph/reviews", params={"decision": "merge"}).json()
    assert only_merges["count"] == 1
    undone = client.post(f"/graph/reviews/{only_merges['reviews'][0]['id']}/undo", json={"comment": "two people"})
    assert undone.status_code == 200 and undone.json()["data"]["state"] == "undone"
    assert _exists(client, "Lovelace") and not _exists(client, "Ada Lovelace")
    assert {"Michael Faraday", "Mary Somerville"} <= _neighbours(client, "Lovelace")
    assert client.get("/graph/reviews", params={"state": "undone"}).json()["count"] == 1


def test_renames_creations_and_bad_requests(api):
    client, engine = api
    _text(client, D2, "d2.txt")
    no_rename = client.post("/graph/entity/edit", json={"entity_name": "Lovelace",
                                                        "updated_data": {"entity_name": "Ada"}})
    assert no_rename.status_code == 400 and "allow_rename" in no_rename.json()["detail"]
    renamed = client.post("/graph/entity/edit", json={
        "entity_name": "Lovelace", "updated_data": {"entity_name": "Ada King", "description": "Mathematician."},
        "allow_rename": True})
    assert renamed.status_code == 200, renamed.text
    summary = renamed.json()["operation_summary"]
    assert summary["renamed"] and summary["final_entity"] == "Ada King" and not summary["merged"]
    assert renamed.json()["data"]["description"] == "Mathematician."
    clash = client.post("/graph/entity/edit", json={"entity_name": "Paris", "updated_data": {
        "entity_name": "Michael Faraday"}, "allow_rename": True})
    assert clash.status_code == 400 and "allow_merge" in clash.json()["detail"]

    created = client.post("/graph/entity/create", json={"entity_name": "Royal Institution", "entity_data": {
        "description": "Where Faraday worked.", "entity_type": "organization"}})
    assert created.status_code == 200 and created.json()["data"]["entity_type"] == "organization"
    assert client.post("/graph/entity/create", json={"entity_name": "Royal Institution", "entity_data": {
        "description": "again"}}).status_code == 400
    rel = client.post("/graph/relation/create", json={"source_entity": "Michael Faraday",
                                                      "target_entity": "Royal Institution",
                                                      "relation_data": {"description": "worked at",
                                                                        "keywords": "work", "weight": 2.0}})
    assert rel.status_code == 200 and rel.json()["data"]["weight"] == 2.0
    edited = client.post("/graph/relation/edit", json={"source_id": "Royal Institution",
                                                       "target_id": "Michael Faraday",
                                                       "updated_data": {"weight": 5}})
    assert edited.status_code == 200 and edited.json()["data"]["weight"] == 5.0
    assert client.post("/graph/relation/edit", json={"source_id": "Michael Faraday", "target_id": "Royal Institution",
                                                     "updated_data": {"weight": "heavy"}}).status_code == 400
    assert client.request("DELETE", "/graph/relation/delete", json={
        "source_entity": "Royal Institution", "target_entity": "Michael Faraday"}).status_code == 200
    assert client.request("DELETE", "/graph/relation/delete", json={
        "source_entity": "Royal Institution", "target_entity": "Michael Faraday"}).status_code == 404
    assert client.post("/graph/entities/merge", json={"entities_to_change": ["Nobody"],
                                                      "entity_to_change_into": "Paris"}).status_code == 404
    # As in LightRAG, a target that does not exist yet is made from the first entity merged.
    into_new = client.post("/graph/entities/merge", json={"entities_to_change": ["Paris", "Foobar Widget"],
                                                          "entity_to_change_into": "Paris, France"})
    assert into_new.status_code == 200, into_new.text
    assert into_new.json()["data"]["deleted_entities"] == ["Paris", "Foobar Widget"]
    assert _exists(client, "Paris, France") and not _exists(client, "Paris")
    assert "Michael Faraday" in _neighbours(client, "Paris, France")
    too_long = client.post("/graph/entity/create", json={"entity_name": "x" * 301, "entity_data": {}})
    assert too_long.status_code == 422
    star = client.get("/graphs", params={"label": "*", "max_nodes": 2}).json()
    assert len(star["nodes"]) == 2 and star["is_truncated"]


def test_curation_moves_to_another_workspace_and_applies_there(api, offline_settings, tmp_path):
    client, engine = api
    for text, source in ((D1, "d1.txt"), (D2, "d2.txt")):
        _text(client, text, source)
    client.post("/graph/entities/merge", json={"entities_to_change": ["Lovelace"],
                                               "entity_to_change_into": "Ada Lovelace"})
    client.request("DELETE", "/graph/entity/delete", json={"entity_name": "Foobar Widget"})
    client.post("/graph/entity/edit", json={"entity_name": "Charles Babbage",
                                            "updated_data": {"description": EDITED}})
    exported = client.get("/graph/curation").json()
    assert len(exported["rules"]) == 3

    from lightrag_core import Settings

    other = Engine(Settings.from_env(tmp_path / "other", llm_model="", neo4j_uri="", embedding_model=""))
    with TestClient(create_app(other), base_url="http://localhost") as second:
        for text, source in ((D1, "d1.txt"), (D2, "d2.txt")):
            _text(second, text, source)
        assert _exists(second, "Lovelace") and _exists(second, "Foobar Widget")
        bad = second.post("/graph/curation", json={"rules": [{"id": "x", "action": "explode"}]})
        assert bad.status_code == 400 and "unknown action" in bad.json()["detail"]
        exported["rules"][0]["junk"] = "x" * 5000  # not part of a rule: dropped on import
        done = second.post("/graph/curation", json=exported).json()
        assert (done["imported"], done["applied"]) == (3, 3)
        assert not _exists(second, "Lovelace") and not _exists(second, "Foobar Widget")
        assert "Michael Faraday" in _neighbours(second, "Ada Lovelace")
        babbage = other.store.get_entities(["Charles Babbage"])["Charles Babbage"]
        assert babbage.description == EDITED
        assert not any("junk" in r for r in other.store.list_rules())
        again = second.post("/graph/curation", json=exported).json()
        assert (again["imported"], again["skipped"]) == (0, 3)
        _text(second, D4, "d4.txt")  # the imported decisions hold for what comes next
        assert not _exists(second, "Lovelace") and "Mary Somerville" in _neighbours(second, "Ada Lovelace")
    other.close()
