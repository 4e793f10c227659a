"""Accounts through the real API (TestClient): /login, /auth-status, Bearer and X-API-Key, the 401/403 matrix."""

from __future__ import annotations

import bcrypt
import pytest
from fastapi.testclient import TestClient

from lightrag_core import Document, Engine
from lightrag_core.api.app import create_app

SECRET = "an-api-test-signing-secret-0123456789abcdef"
ADMIN_HASH = bcrypt.hashpw(b"alice-pw", bcrypt.gensalt(4)).decode()
ACCOUNTS = f"alice:{ADMIN_HASH}:admin,bob:bob-pw:reviewer,carol:carol-pw:viewer"
Q = {"query": "Where was Marie Curie born?", "mode": "local"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    from lightrag_core import Settings

    settings = Settings.from_env(tmp_path_factory.mktemp("auth_api"), llm_model="", neo4j_uri="", embedding_model="",
                                 auth_accounts=ACCOUNTS, token_secret=SECRET)
    eng = Engine(settings)
    eng.index_documents([Document("curie", "Marie Curie was born in Warsaw. Marie Curie worked in Paris.")])
    yield eng
    eng.close()


@pytest.fixture(scope="module")
def client(engine):
    with TestClient(create_app(engine, api_key="team-api-key"), base_url="http://localhost") as c:
        yield c


def login(client: TestClient, user: str, password: str):
    return client.post("/login", data={"username": user, "password": password})


def bearer(client: TestClient, user: str, password: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {login(client, user, password).json()['access_token']}"}


def test_login_returns_a_token_and_the_role(client):
    r = login(client, "alice", "alice-pw")  # a bcrypt-hashed password
    body = r.json()
    assert r.status_code == 200 and body["token_type"] == "bearer" and body["role"] == "admin"
    assert body["access_token"].count(".") == 2 and body["auth_mode"] == "enabled"
    assert login(client, "carol", "carol-pw").json()["role"] == "viewer"
    bad = login(client, "carol", "wrong")
    assert bad.status_code == 401 and bad.headers["www-authenticate"] == "Bearer"
    assert "access_token" not in bad.json()
    assert login(client, "mallory", "carol-pw").status_code == 401
    assert client.post("/login", data={"username": "carol"}).status_code == 422


def test_auth_status_says_accounts_are_configured_and_hands_out_nothing(client):
    body = client.get("/auth-status").json()
    assert body["auth_configured"] is True and body["auth_mode"] == "enabled"
    assert "access_token" not in body and {"core_version", "api_version", "webui_title"} <= set(body)


ROUTES = [  # (method, path, body kind, role needed)
    ("post", "/query", "query", "viewer"),
    ("post", "/query/data", "query", "viewer"),
    ("post", "/query/stream", "query", "viewer"),
    ("get", "/documents", None, "viewer"),
    ("get", "/documents/track_status/none-such", None, "viewer"),
    ("post", "/documents/text", "text", "admin"),
    ("post", "/documents/upload", "file", "admin"),
    ("delete", "/documents/none-such", None, "admin"),
    ("get", "/graph/label/list", None, "viewer"),
    ("get", "/graphs?label=Marie%20Curie", None, "viewer"),
    ("get", "/graph/reviews", None, "viewer"),
    ("post", "/graph/entity/edit", "edit", "reviewer"),
    ("post", "/graph/entity/create", "create", "reviewer"),
    # LightRAG's document, label and Ollama routes
    ("post", "/documents/paginated", "empty", "viewer"),
    ("get", "/documents/status_counts", None, "viewer"),
    ("get", "/documents/pipeline_status", None, "viewer"),
    ("post", "/documents/texts", "texts", "admin"),
    ("post", "/documents/scan", None, "admin"),
    ("post", "/documents/clear_cache", "empty", "admin"),
    ("post", "/documents/reprocess_failed", None, "admin"),
    ("post", "/documents/cancel_pipeline", None, "admin"),
    ("get", "/graph/label/popular", None, "viewer"),
    ("get", "/graph/label/search?q=Curie", None, "viewer"),
    ("get", "/api/tags", None, "viewer"),
    ("post", "/api/chat", "chat", "viewer"),
    # Judging modes on the workspace's documents: reading and running for viewers, making sets for admins
    ("get", "/evaluation/sets", None, "viewer"),
    ("get", "/evaluation/runs", None, "viewer"),
    ("get", "/evaluation/jobs/none-such", None, "viewer"),
    ("post", "/evaluation/runs", "run", "viewer"),
    ("post", "/evaluation/sets/generate", "generate", "admin"),
    ("post", "/evaluation/sets/import", "import", "admin"),
    ("delete", "/evaluation/sets/none-such", None, "admin"),
]
RANK = {"viewer": 0, "reviewer": 1, "admin": 2}


def call(client: TestClient, method: str, path: str, kind: str | None, headers: dict[str, str]):
    kw: dict = {"headers": headers}
    if kind == "query":
        kw["json"] = Q
    elif kind == "text":
        kw["json"] = {"text": "Ada Lovelace wrote programs in London.", "file_source": "ada.txt"}
    elif kind == "edit":  # an entity that is not there: a 404 once the role may edit
        kw["json"] = {"entity_name": "None Such", "updated_data": {"description": "x"}}
    elif kind == "create":  # a name that already exists: refused by the route, not by the role
        kw["json"] = {"entity_name": "Marie Curie",
                      "entity_data": {"description": "a physicist", "entity_type": "person"}}
    elif kind == "empty":
        kw["json"] = {}
    elif kind == "texts":
        kw["json"] = {"texts": ["Grace Hopper wrote compilers in Philadelphia."]}
    elif kind == "chat":
        kw["json"] = {"model": "lightrag:latest", "messages": [{"role": "user", "content": Q["query"]}],
                      "stream": False}
    elif kind == "run":  # no such set: a 404 once the role may run
        kw["json"] = {"set": "none-such", "modes": ["naive"]}
    elif kind == "generate":
        kw["json"] = {"name": "roles", "count": 2}
    elif kind == "import":  # chunk gold that is not in the workspace: refused by the route, not by the role
        kw["json"] = {"name": "roles", "jsonl": '{"question": "q?", "gold_chunk_ids": ["chunk-none"]}'}
    elif kind == "file":
        kw["files"] = {"file": ("ada.txt", b"Ada Lovelace wrote programs in London.", "text/plain")}
    return getattr(client, method)(path, **kw)


@pytest.mark.parametrize("method, path, kind, needed", ROUTES)
def test_each_route_answers_401_403_or_runs_by_role(client, method, path, kind, needed):
    none = call(client, method, path, kind, {})
    assert none.status_code == 401 and none.headers["www-authenticate"] == "Bearer", none.text
    forged = call(client, method, path, kind, {"Authorization": "Bearer not-a-token"})
    assert forged.status_code == 401 and "invalid or expired token" in forged.json()["detail"]
    assert call(client, method, path, kind, {"X-API-Key": "wrong"}).status_code == 401
    for user, password, role in [("carol", "carol-pw", "viewer"), ("bob", "bob-pw", "reviewer"),
                                 ("alice", "alice-pw", "admin")]:
        r = call(client, method, path, kind, bearer(client, user, password))
        if RANK[role] >= RANK[needed]:
            assert r.status_code not in (401, 403), (user, r.text)  # 404 for the none-such ids is the route's own
        else:
            assert r.status_code == 403 and f"the {role} role may not do this" in r.json()["detail"], (user, r.text)
    key = call(client, method, path, kind, {"X-API-Key": "team-api-key"})  # the key acts as admin
    assert key.status_code not in (401, 403), key.text


def test_a_viewer_queries_but_cannot_change_the_graph(client, engine):
    viewer = bearer(client, "carol", "carol-pw")
    assert client.post("/query/data", json=Q, headers=viewer).json()["status"] == "success"
    assert "curie" in [d["id"] for d in client.get("/documents", headers=viewer).json()["statuses"]["processed"]]
    assert client.delete("/documents/curie", headers=viewer).status_code == 403
    assert engine.store.get_document("curie") is not None  # nothing lost


def test_a_reviewer_edits_the_graph_under_their_own_name(client, engine):
    edit = {"entity_name": "Warsaw", "updated_data": {"description": "The capital of Poland."}}
    assert client.post("/graph/entity/edit", json=edit, headers=bearer(client, "carol", "carol-pw")).status_code == 403
    r = client.post("/graph/entity/edit", json=edit, headers=bearer(client, "bob", "bob-pw"))
    assert r.status_code == 200, r.text
    assert engine.store.get_entities(["Warsaw"])["Warsaw"].description == "The capital of Poland."
    history = client.get("/graph/reviews", params={"reviewer": "bob"}, headers=bearer(client, "carol", "carol-pw"))
    assert [(h["item"], h["decision"]) for h in history.json()["reviews"]] == [("Warsaw", "edit")], history.text


def test_health_shows_details_only_to_callers_who_sign_in(client):
    assert client.get("/health").json() == {"status": "healthy"}
    details = client.get("/health", headers=bearer(client, "carol", "carol-pw")).json()
    assert details["counts"]["documents"] >= 1 and details["store"] == "embedded"


def test_repeated_failures_make_that_user_wait(engine):
    # Its own Accounts: the module's client keeps its counters.
    with TestClient(create_app(engine), base_url="http://localhost") as c:
        for _ in range(5):
            assert login(c, "bob", "guess").status_code == 401
        locked = login(c, "bob", "bob-pw")
        assert locked.status_code == 429 and int(locked.headers["retry-after"]) > 0
        assert login(c, "carol", "carol-pw").status_code == 200


def test_api_key_alone_needs_the_key_and_login_points_to_it(offline_settings):
    engine = Engine(offline_settings)
    with TestClient(create_app(engine, api_key="only-key"), base_url="http://localhost") as c:
        assert c.get("/documents").status_code == 401
        assert c.get("/documents", headers={"X-API-Key": "only-key"}).status_code == 200
        r = login(c, "alice", "alice-pw")
        assert r.status_code == 401 and "X-API-Key" in r.json()["detail"]
        status = c.get("/auth-status").json()
        assert status["auth_mode"] == "api_key" and "access_token" not in status
    engine.close()


def test_open_mode_is_unchanged_and_hands_out_a_guest_token(offline_settings):
    engine = Engine(offline_settings)
    with TestClient(create_app(engine), base_url="http://localhost") as c:
        assert c.post("/documents/text", json={"text": "Grace Hopper worked in Cambridge."}).status_code == 200
        assert c.get("/documents").status_code == 200 and c.get("/health").json()["counts"]["documents"] >= 0
        status = c.get("/auth-status").json()
        assert status["auth_configured"] is False and status["auth_mode"] == "disabled"
        guest = {"Authorization": f"Bearer {status['access_token']}"}
        assert c.get("/documents", headers=guest).status_code == 200
        assert login(c, "anyone", "anything").json()["auth_mode"] == "disabled"
    engine.close()


def test_a_bad_accounts_setting_stops_the_app_with_the_reason(offline_settings):
    from dataclasses import replace

    from lightrag_core.accounts import AccountsError

    engine = Engine(offline_settings)
    engine.settings = replace(offline_settings, auth_accounts="x:y:boss", token_secret=SECRET)
    with pytest.raises(AccountsError, match="entry 1 \\('x'\\): unknown role"):
        create_app(engine)
    # No secret given: a key kept in the work directory, unless that file could be known to others.
    key_file = offline_settings.workdir / "token_secret"
    key_file.write_text("k" * 43)
    key_file.chmod(0o644)
    engine.settings = replace(offline_settings, auth_accounts="x:y:admin")
    with pytest.raises(AccountsError, match="may be read or written by others \\(mode 644; it must be 600\\)"):
        create_app(engine)
    engine.close()


def test_hostile_credentials_get_401_not_500(client):
    huge = login(client, "carol", "p" * 200_000)
    assert huge.status_code == 401
    assert login(client, "c" * 5000, "carol-pw").status_code == 401
    for headers in ({"Authorization": "Basic Y2Fyb2w6Y2Fyb2wtcHc="}, {"Authorization": "Bearer " + "a." * 5000},
                    {"Authorization": "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9."},  # alg "none"
                    {"X-API-Key": "clé-ünïcode".encode("latin-1")}, {"Authorization": "Bearer"}):
        r = client.get("/documents", headers=headers)
        assert r.status_code == 401, (headers, r.text)


def test_no_response_holds_a_password_or_the_token_secret(client):
    token = bearer(client, "alice", "alice-pw")
    responses = [client.get("/auth-status"), client.get("/openapi.json"), client.get("/health", headers=token),
                 login(client, "alice", "wrong"), login(client, "bob", "bob-pw"),
                 client.get("/documents", headers=token)]
    for r in responses:
        for secret in ("alice-pw", "bob-pw", "carol-pw", SECRET, ADMIN_HASH):
            assert secret not in r.text, (r.request.url, secret)


def test_serve_refuses_to_start_on_a_bad_accounts_setting(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "LIGHTRAG_AUTH_ACCOUNTS": "alice:alice-secret-pw:admin,bob:pw:boss",
           "LIGHTRAG_TOKEN_SECRET": "", "PYTHONPATH": str(root)}
    out = subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(tmp_path / "w"), "serve",
                          "--port", "9"], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert out.returncode == 2 and out.stderr.startswith("error: LIGHTRAG_AUTH_ACCOUNTS entry 2 ('bob'): unknown role")
    assert "alice-secret-pw" not in out.stderr and not (tmp_path / "w").exists()  # stopped before opening a store


def test_a_flood_of_sign_ins_waits_for_one_password_check_at_a_time(engine, monkeypatch):
    """bcrypt checks run one at a time; a sign-in that cannot get one in time gets 429, not a busy core."""
    import threading

    from lightrag_core import accounts as accounts_module

    monkeypatch.setattr(accounts_module, "CHECK_WAIT_SECONDS", 0.05)
    with TestClient(create_app(engine), base_url="http://localhost") as c:
        checks = c.app.state.auth.accounts._checks
        assert checks.acquire(timeout=1)  # another sign-in holds the one check
        try:
            r = login(c, "random-name", "guess")
            assert r.status_code == 429 and r.headers["retry-after"] == "1", r.text
            assert "too many sign-ins at once" in r.json()["detail"]
        finally:
            checks.release()
        done = []
        threads = [threading.Thread(target=lambda: done.append(login(c, "bob", "bob-pw").status_code))
                   for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert 200 in done  # with the check free again, sign-ins go through (some may be told to retry)
        assert set(done) <= {200, 429}
