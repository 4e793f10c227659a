"""The second attacker review's findings (docs/security-review.md) on what input may not break, each as the
behaviour that holds now; who may reach the server is in test_second_review_access.py.

Every test drives the real API (TestClient over `create_app`) or the real account checks; each failed
on the code the review started from.
"""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Document, Engine, QueryParam
from lightrag_core.api.app import create_app
from lightrag_core.workbench.review import reviews_csv
from tests.hardening.second_review_app import accounts_of, token_of

JSON = {"content-type": "application/json"}


def _rule(rule_id: str, **extra: object) -> dict[str, object]:
    return {"id": rule_id, "action": "approve", "kind": "entity", "target": {"name": "Warsaw"}, "at": 1.0, **extra}


def _relation_edit(rule_id: str, fields: dict[str, object]) -> dict[str, object]:
    return {"id": rule_id, "action": "edit", "kind": "relation", "target": {"src": "Marie Curie", "tgt": "Warsaw"},
            "at": 1.0, "fields": fields}


# -- Curation import: a reviewer's import cannot plant values that break the graph or the pages ------------

HOSTILE_RULES = {
    # Python's JSON parser takes NaN and Infinity; json.dumps below writes them the same way.
    "a weight of NaN": _relation_edit("nan-weight", {"weight": float("nan")}),
    "a weight that is not a number": _relation_edit("text-weight", {"weight": "heavy"}),
    "a weight out of range": _relation_edit("huge-weight", {"weight": 1e300}),
    "a time past what a date can show": _rule("far-future", at=1e300),
    "an infinite time": _rule("infinite", at=float("inf")),
    "a time that is not a number": _rule("text-time", at="yesterday"),
    "an undo time of NaN": _rule("nan-undo", state="undone", undone_at=float("nan")),
    "a description that is a number": {**_relation_edit("number-text", {"description": 5})},
    "a field the graph does not have": _relation_edit("odd-field", {"source_id": "chunk-x"}),
}


@pytest.mark.parametrize("what", list(HOSTILE_RULES))
def test_curation_import_refuses_values_the_graph_and_pages_cannot_hold(client, engine, what):
    body = json.dumps({"rules": [HOSTILE_RULES[what]]})  # allow_nan: as a hostile client sends it
    r = client.post("/graph/curation", content=body, headers=JSON)
    assert r.status_code == 400, (what, r.status_code, r.text)
    assert engine.store.list_rules() == [], what  # all or nothing: no rule kept
    # Everyone's reads still work: queries (they sort relations by weight), the history, its CSV export.
    assert client.post("/query/data", json={"query": "Where was Marie Curie born?", "mode": "local"}
                       ).status_code == 200
    assert client.get("/graph/reviews").status_code == 200
    reviews_csv(client.get("/graph/reviews").json()["reviews"])


def test_a_good_curation_import_still_applies(client, engine):
    rules = [_relation_edit("fine", {"weight": 3.5, "keywords": "birthplace", "description": "She was born there."}),
             _rule("approved", at=time.time())]
    r = client.post("/graph/curation", json={"rules": rules})
    assert r.status_code == 200 and r.json()["imported"] == 2, r.text
    relation = engine.store.get_relations([("Marie Curie", "Warsaw")])[("Marie Curie", "Warsaw")]
    assert relation.weight == 3.5 and relation.keywords == "birthplace"
    assert engine.query_data("Where was Marie Curie born?", QueryParam(mode="local")).relationships


# -- POST /documents/scan reads the input folder and nothing a link in it leads to -----------------------------

OUTSIDE = "Irene Joliot-Curie kept the vault code 4417 in Lyon."


def _scan(client: TestClient, app_jobs) -> dict:
    body = client.post("/documents/scan").json()
    assert app_jobs.wait(body["track_id"]).status == "done", body
    return body


def _indexed_text(engine: Engine) -> str:
    return "\n".join(engine.store.get_document_text(d.id) or "" for d in engine.documents())


def test_scan_does_not_follow_a_link_out_of_the_input_folder(engine, tmp_path):
    inputs, outside = tmp_path / "inputs", tmp_path / "elsewhere"
    inputs.mkdir()
    outside.mkdir()
    (outside / "vault.txt").write_text(OUTSIDE)
    (inputs / "notes.txt").symlink_to(outside / "vault.txt")  # dropped by whoever may write the input folder
    (inputs / "sub").symlink_to(outside, target_is_directory=True)
    (inputs / "kept.txt").write_text("Pierre Curie taught in Paris.")
    (inputs / "alias.txt").symlink_to(inputs / "kept.txt")  # a link that stays inside is read as before
    app = create_app(engine)
    with TestClient(app, base_url="http://localhost") as client:
        body = _scan(client, app.state.jobs)
        assert "2 new or changed" in body["message"] and "1 could not be read" in body["message"], body
        assert "4417" not in _indexed_text(engine) and "Pierre Curie taught" in _indexed_text(engine)
        failed = client.post("/documents/paginated", json={"status_filters": ["failed"]}).json()["documents"]
        assert [d["file_path"].endswith("notes.txt") for d in failed] == [True]
        assert "a link to a file outside" in failed[0]["error_msg"]
        # A viewer's question finds nothing of the linked file.
        answer = client.post("/query", json={"query": "Where was the vault code kept?", "mode": "naive"}).json()
        assert "4417" not in json.dumps(answer)


def test_resume_does_not_read_a_failed_input_file_that_became_a_link(engine, tmp_path):
    inputs, outside = tmp_path / "inputs", tmp_path / "elsewhere"
    inputs.mkdir()
    outside.mkdir()
    (outside / "vault.txt").write_text(OUTSIDE)
    (inputs / "notes.txt").write_text("   ")  # fails (no text): a row resume reads the file of again
    app = create_app(engine)
    with TestClient(app, base_url="http://localhost") as client:
        _scan(client, app.state.jobs)
    (inputs / "notes.txt").unlink()
    (inputs / "notes.txt").symlink_to(outside / "vault.txt")
    report = engine.resume()
    assert "4417" not in _indexed_text(engine)
    assert any("a link to a file outside" in error for error in report.failed.values()), report.failed


# -- NaN and Infinity in a JSON body: a 422 that says why, not a 500 ---------------------------------------------

@pytest.mark.parametrize("path, body", [
    ("/query", '{"query": "Where was Marie Curie born?", "top_k": NaN}'),
    ("/query/data", '{"query": "Where was Marie Curie born?", "chunk_top_k": Infinity}'),
    ("/documents/paginated", '{"page": -Infinity}'),
    ("/api/chat", '{"model": "lightrag:latest", "messages": [{"role": "user", "content": NaN}]}'),
])
def test_non_finite_numbers_in_a_body_get_422_not_500(client, path, body):
    r = client.post(path, content=body, headers=JSON)
    assert r.status_code == 422, (path, r.status_code, r.text)
    assert r.json()["detail"][0]["loc"][0] == "body"


# -- A viewer cannot queue evaluation runs without end ---------------------------------------------------------

MAX_WAITING = 8  # evaluation jobs that may wait behind the running one (lightrag_core.api.eval_jobs)


def test_evaluation_runs_wait_in_a_bounded_queue(engine):
    import threading

    accounts = accounts_of("alice:alice-pw:admin,carol:carol-pw:viewer")
    app = create_app(engine, accounts=accounts)
    gold = engine.store.document_chunk_ids("curie")[0]
    release = threading.Event()
    with TestClient(app, base_url="http://localhost") as client:
        question = json.dumps({"question": "Where was Marie Curie born?", "gold_chunk_ids": [gold]})
        made = client.post("/evaluation/sets/import", json={"name": "flood", "jsonl": question},
                           headers=token_of(client, "alice", "alice-pw"))
        assert made.status_code == 200, made.text
        # The one worker is busy (a long job someone started), so every run a viewer asks for now waits.
        app.state.eval_jobs.submit("hold", lambda progress: release.wait(60) and {})
        viewer = token_of(client, "carol", "carol-pw")
        answers = [client.post("/evaluation/runs", json={"set": "flood", "modes": ["naive"]}, headers=viewer)
                   for _ in range(MAX_WAITING + 5)]
        release.set()
        codes = [a.status_code for a in answers]
        assert codes == [200] * MAX_WAITING + [429] * 5, codes
        assert answers[-1].headers["retry-after"] and "waiting already" in answers[-1].json()["detail"]
        assert app.state.eval_jobs.wait(answers[MAX_WAITING - 1].json()["track_id"], 60).status == "done"
        # Once they have run, runs are taken again.
        assert client.post("/evaluation/runs", json={"set": "flood", "modes": ["naive"]},
                           headers=viewer).status_code == 200


def test_a_question_file_with_an_infinite_number_is_refused_with_its_line(client):
    rows = '{"question": "Where was Marie Curie born?", "gold_ids": ["curie"]}\n' \
           '{"question": "Where did Pierre Curie work?", "gold_ids": ["curie"], "hops": Infinity}\n'
    r = client.post("/evaluation/sets/import", json={"name": "odd", "jsonl": rows})
    assert r.status_code == 400 and "upload.jsonl:2" in r.json()["detail"], (r.status_code, r.text)
    assert client.get("/evaluation/sets").json() == []


# -- An imported decision cannot pass for another reviewer's own ------------------------------------------------

def test_an_imported_decision_shows_who_imported_it(engine, monkeypatch):
    import csv
    import io

    from tests.app.test_pages import app

    accounts = accounts_of("alice:alice-pw:reviewer,bob:bob-pw:reviewer")
    forged = {**_rule("forged", at=1_600_000_000.0, reviewer="alice"), "action": "flag", "comment": "alice said so"}
    with TestClient(create_app(engine, accounts=accounts), base_url="http://localhost") as client:
        r = client.post("/graph/curation", json={"rules": [forged]}, headers=token_of(client, "bob", "bob-pw"))
        assert r.status_code == 200, r.text
        reviews = client.get("/graph/reviews", headers=token_of(client, "bob", "bob-pw")).json()["reviews"]
    row = next(r for r in csv.DictReader(io.StringIO(reviews_csv(reviews))) if r["item"] == "Warsaw")
    assert (row["reviewer"], row["imported_by"]) == ("alice", "bob") and row["imported_at"].startswith("20")
    workdir = engine.settings.workdir
    monkeypatch.delenv("LIGHTRAG_AUTH_ACCOUNTS", raising=False)  # the page in open mode, on the same workspace
    at = app(workdir, "5_Review.py")
    history = next(df.value for df in at.dataframe if "decision" in df.value.columns and "at" in df.value.columns)
    shown = history[history["item"] == "Warsaw"].iloc[0]
    assert (shown["reviewer"], shown["imported by"]) == ("alice", "bob")


# -- Text that is not valid Unicode (a lone surrogate, "\ud800" in JSON): refused, never stored -------------------

LONE = "\\ud800"  # as a JSON body spells it


@pytest.mark.parametrize("path, body", [
    ("/query", '{"query": "Where was Marie Curie born? <lone>"}'),
    ("/api/chat", '{"model": "m", "messages": [{"role": "user", "content": "Where <lone>?"}], "stream": false}'),
    ("/graph/entity/edit", '{"entity_name": "Warsaw", "updated_data": {"description": "A city <lone>."}}'),
    ("/graph/entity/create", '{"entity_name": "Lyon", "entity_data": {"description": "<lone>"}}'),
    ("/graph/curation", '{"rules": [{"id": "s1", "action": "flag", "kind": "entity", "target": {"name": "Warsaw"}, '
                        '"at": 1, "comment": "x<lone>"}]}'),
])
def test_a_lone_surrogate_in_a_body_gets_422_and_is_not_stored(client, engine, path, body):
    r = client.post(path, content=body.replace("<lone>", LONE), headers=JSON)
    assert r.status_code == 422, (path, r.status_code, r.text)
    assert engine.store.list_rules() == []
    # Everyone's reads still work.
    for read in ("/graph/reviews", "/graph/curation", "/graphs?label=Warsaw"):
        assert client.get(read).status_code == 200, read


def test_a_question_file_with_a_lone_surrogate_is_refused(client):
    rows = '{"question": "Where was Marie Curie born? <lone>", "gold_ids": ["curie"]}\n'.replace("<lone>", LONE)
    r = client.post("/evaluation/sets/import", content=json.dumps({"name": "odd", "jsonl": rows}), headers=JSON)
    assert r.status_code == 400 and "upload.jsonl:1" in r.json()["detail"], (r.status_code, r.text)
    assert client.get("/evaluation/sets").json() == []


def test_a_jsonl_line_with_a_lone_surrogate_fails_alone(engine, tmp_path):
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    (inputs / "people.jsonl").write_text('{"id": "bad", "text": "Ada <lone> Lovelace lived in London."}\n'
                                         '{"id": "good", "text": "Grace Hopper lived in New York."}\n'
                                         .replace("<lone>", LONE))
    (inputs / "kept.txt").write_text("Pierre Curie taught in Paris.")
    app = create_app(engine)
    with TestClient(app, base_url="http://localhost") as client:
        _scan(client, app.state.jobs)
    text = _indexed_text(engine)
    assert "Grace Hopper" in text and "Pierre Curie taught" in text  # the other line and file are indexed
    failed = [d for d in engine.documents() if d.status == "failed"]
    assert len(failed) == 1 and "not valid Unicode" in failed[0].error, [(d.id, d.error) for d in failed]


def test_a_file_name_that_is_not_utf8_fails_alone(engine, tmp_path):
    import os

    inputs = tmp_path / "inputs"
    inputs.mkdir()
    with open(os.fsencode(inputs) + b"/r\xe9sum\xe9.txt", "wb") as f:  # Latin-1 bytes, as a Windows share may name it
        f.write(b"Ada Lovelace lived in London.")
    (inputs / "kept.txt").write_text("Pierre Curie taught in Paris.")
    app = create_app(engine)
    with TestClient(app, base_url="http://localhost") as client:
        body = _scan(client, app.state.jobs)
        assert "1 could not be read" in body["message"], body
        assert client.get("/documents").status_code == 200
    assert "Pierre Curie taught" in _indexed_text(engine)
    failed = [d for d in engine.documents() if d.status == "failed"]
    assert len(failed) == 1 and "r\\xe9sum\\xe9.txt: the file's name is not valid UTF-8" in failed[0].error


# -- Listing documents reads what it shows, not every text whole ---------------------------------------------------

def test_a_page_of_documents_does_not_read_their_whole_texts(engine):
    import tracemalloc

    # Large documents waiting to be indexed (stored with their text, as an upload or a scan leaves them).
    engine.indexer.stage([Document(f"book-{n}", f"Book {n}. " + "Marley was dead to begin with. " * 280_000)
                          for n in range(3)])
    with TestClient(create_app(engine), base_url="http://localhost") as client:
        tracemalloc.start()
        try:
            r = client.post("/documents/paginated", json={"page_size": 200})
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    rows = {d["id"]: d for d in r.json()["documents"]}
    assert rows["book-2"]["content_summary"].startswith("Book 2. Marley")
    assert rows["book-2"]["content_length"] == len("Book 2. ") + 280_000 * len("Marley was dead to begin with. ")
    # Each text is 8.4 MB; the listing reads 100 characters of each (it read each whole, one after another).
    assert peak < 2 * 2**20, f"{peak / 2**20:.1f} MB"
