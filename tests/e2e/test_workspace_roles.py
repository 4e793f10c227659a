"""Roles per workspace: one server, several workspaces chosen per request by LIGHTRAG-WORKSPACE, each route
checking the caller's role in the workspace it touches (a workspace the caller has, has not, and one that
does not exist), engines opened on demand and bounded in number."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Engine, Settings
from lightrag_core.api.app import create_app
from tests.e2e.test_auth_api import RANK, ROUTES, call

pytestmark = pytest.mark.slow
SECRET = "a-workspace-roles-test-signing-secret-0123456789"
ACCOUNTS = ("ann:ann-pw:viewer@alpha,rex:rex-pw:reviewer@alpha,viewer@bravo,ada:ada-pw:admin@alpha,"
            "root:root-pw:admin")
ALPHA = "Marie Curie was born in Warsaw. Marie Curie worked in Paris with Pierre Curie."
BRAVO = "The Zanzibar archipelago exports cloves. Stone Town is the old quarter of Zanzibar City."
HOLDER = {"viewer": "ann", "reviewer": "rex", "admin": "ada"}  # each one's role in alpha


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    settings = Settings.from_env(tmp_path_factory.mktemp("workspaces"), llm_model="", neo4j_uri="",
                                 embedding_model="", auth_accounts=ACCOUNTS, token_secret=SECRET,
                                 max_open_workspaces=2)
    engine = Engine(settings)
    app = create_app(engine)
    with TestClient(app, base_url="http://localhost") as client:
        tokens = {u: _login(client, u) for u in ("ann", "rex", "ada", "root")}
        for name, text in (("alpha", ALPHA), ("bravo", BRAVO)):
            r = client.post("/documents/text", json={"text": text, "file_source": f"{name}.txt"},
                            headers={**tokens["root"], "LIGHTRAG-WORKSPACE": name})
            assert r.status_code == 200, r.text
            runtime = app.state.workspaces.acquire(name)
            try:
                assert runtime.jobs.wait(r.json()["track_id"]).status == "done"
            finally:
                app.state.workspaces.release(runtime)
        yield client, app, tokens
    engine.close()


def _login(client: TestClient, user: str) -> dict[str, str]:
    r = client.post("/login", data={"username": user, "password": f"{user}-pw"})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['access_token']}"}


def _in(token: dict[str, str], workspace: str) -> dict[str, str]:
    return {**token, "LIGHTRAG-WORKSPACE": workspace}


@pytest.mark.parametrize("method, path, kind, needed", ROUTES)
def test_each_route_checks_the_role_in_the_workspace_it_touches(served, method, path, kind, needed):
    client, _, tokens = served
    token = tokens[HOLDER[needed]]
    has = call(client, method, path, kind, _in(token, "alpha"))
    assert has.status_code not in (401, 403) and "no such workspace" not in has.text, has.text
    for other in ("bravo", "nowhere"):  # one that exists and one that does not: the same refusal
        refused = call(client, method, path, kind, _in(token, other))
        assert refused.status_code == 403 and other not in refused.text, (other, refused.text)
    assert "no role in the workspace" in refused.json()["detail"]  # a name nobody was given
    for role, user in HOLDER.items():  # a weaker role in the right workspace is still refused
        if RANK[role] < RANK[needed]:
            assert call(client, method, path, kind, _in(tokens[user], "alpha")).status_code == 403


def test_a_viewer_of_alpha_reads_alpha_and_nothing_of_bravo(served):
    client, _, tokens = served
    ann = tokens["ann"]
    listed = client.get("/workspaces", headers=ann).json()
    assert listed["workspaces"] == [{"name": "alpha", "role": "viewer"}] and "bravo" not in str(listed)
    q = {"query": "What does Zanzibar export?", "mode": "naive", "only_need_context": True}
    mine = client.post("/query", json={**q, "query": "Where was Marie Curie born?"}, headers=_in(ann, "alpha"))
    assert mine.status_code == 200 and "Warsaw" in mine.text
    assert "Zanzibar archipelago" not in client.post("/query", json=q, headers=_in(ann, "alpha")).text
    for method, path, body in (("post", "/query", q), ("post", "/query/data", q), ("get", "/documents", None),
                               ("post", "/documents/paginated", {}), ("get", "/graph/label/list", None),
                               ("get", "/documents/status_counts", None)):
        r = getattr(client, method)(path, headers=_in(ann, "bravo"), **({"json": body} if body is not None else {}))
        assert r.status_code in (403, 404) and "Zanzibar" not in r.text and "cloves" not in r.text, (path, r.text)
    # With no header the request is about the default workspace, where ann has no role either.
    assert client.get("/documents", headers=ann).status_code == 403


def test_grants_add_up_per_workspace_and_a_global_admin_reaches_every_one(served):
    client, _, tokens = served
    rex, root = tokens["rex"], tokens["root"]
    assert client.get("/workspaces", headers=rex).json()["workspaces"] == [
        {"name": "alpha", "role": "reviewer"}, {"name": "bravo", "role": "viewer"}]
    names = [w["name"] for w in client.get("/workspaces", headers=root).json()["workspaces"]]
    assert names == ["default", "alpha", "bravo"]
    bravo = client.post("/query/data", json={"query": "cloves", "mode": "naive"}, headers=_in(rex, "bravo"))
    assert bravo.status_code == 200 and "Zanzibar" in bravo.text and "Warsaw" not in bravo.text
    edit = {"entity_name": "Zanzibar", "updated_data": {"description": "x"}}
    assert client.post("/graph/entity/edit", json=edit, headers=_in(rex, "bravo")).status_code == 403
    # A global admin asking about a workspace that does not exist: 404 to read, created by adding documents.
    assert client.get("/documents", headers=_in(root, "charlie")).status_code == 404
    assert client.get("/documents", headers=_in(root, "../alpha")).status_code == 400  # never a path


def test_engines_are_opened_on_demand_and_bounded(served):
    client, app, tokens = served
    pool, root = app.state.workspaces, tokens["root"]
    for name in ("alpha", "bravo", "default", "alpha"):
        assert client.get("/documents", headers=_in(root, name)).status_code == 200
    assert len(pool._open) <= 2 and "default" in pool._open
    counts = client.get("/documents/status_counts", headers=_in(root, "bravo")).json()["status_counts"]
    assert counts["processed"] == 1  # closed and opened again: what it holds is still there


def test_review_decisions_record_their_workspace(served):
    client, app, tokens = served
    r = client.post("/graph/entity/edit", headers=_in(tokens["rex"], "alpha"),
                    json={"entity_name": "Marie Curie", "updated_data": {"description": "a physicist"}})
    assert r.status_code == 200, r.text
    history = client.get("/graph/reviews", headers=_in(tokens["rex"], "alpha")).json()["reviews"]
    assert history and all(row.get("workspace") == "alpha" for row in history), history
