"""The second attacker review's findings (docs/security-review.md) on who may reach the server: tokens that
outlive a password, open mode seen from other machines, and every route against bad credentials.

Every test drives the real API (TestClient over `create_app`) or the real account checks; each failed
on the code the review started from.
"""

from __future__ import annotations

import hashlib
import json

import bcrypt
import jwt
import pytest
from fastapi.testclient import TestClient

from lightrag_core.api.app import create_app
from tests.hardening.second_review_app import SECRET, accounts_of, token_of

# -- Tokens: a new password voids the old one's tokens; a restart with the same accounts keeps them ------------

@pytest.mark.parametrize("old, new", [
    ("bob:leaked-pw:reviewer", "bob:fresh-pw:reviewer"),
    (f"bob:{bcrypt.hashpw(b'leaked-pw', bcrypt.gensalt(4)).decode()}:reviewer",
     f"bob:{bcrypt.hashpw(b'fresh-pw', bcrypt.gensalt(4)).decode()}:reviewer"),
], ids=["plain", "bcrypt"])
def test_a_changed_password_voids_the_tokens_of_the_old_one(engine, old, new):
    with TestClient(create_app(engine, accounts=accounts_of(old)), base_url="http://localhost") as before:
        stolen = token_of(before, "bob", "leaked-pw")
    # The server restarts with bob's new password (same token secret, same role).
    with TestClient(create_app(engine, accounts=accounts_of(new)), base_url="http://localhost") as after:
        r = after.get("/documents", headers=stolen)
        assert r.status_code == 401 and "invalid or expired token" in r.json()["detail"], r.text
        assert after.get("/documents", headers=token_of(after, "bob", "fresh-pw")).status_code == 200


def test_a_restart_with_the_same_accounts_keeps_tokens_valid(engine):
    spec = "bob:same-pw:reviewer,carol:carol-pw:viewer"
    with TestClient(create_app(engine, accounts=accounts_of(spec)), base_url="http://localhost") as before:
        token = token_of(before, "bob", "same-pw")
    with TestClient(create_app(engine, accounts=accounts_of(spec)), base_url="http://localhost") as after:
        assert after.get("/documents", headers=token).status_code == 200


def test_a_token_says_nothing_a_holder_could_guess_the_password_from(engine):
    with TestClient(create_app(engine, accounts=accounts_of("bob:pw:reviewer")), base_url="http://localhost") as c:
        token = token_of(c, "bob", "pw")["Authorization"].split()[1]
    claims = jwt.decode(token, options={"verify_signature": False})
    # The password mark is keyed with the server's secret: no unkeyed hash of "pw" appears.
    assert set(claims) == {"sub", "role", "iat", "exp", "guest", "pwd"}
    assert claims["pwd"] not in {hashlib.sha256(b"pw").hexdigest()[:32], hashlib.md5(b"pw").hexdigest()}


# -- Open mode (no accounts, no key) answers this machine only --------------------------------------------------

REMOTE = ("203.0.113.7", 50000)  # a peer on another machine (TEST-NET-3), as uvicorn reports it


@pytest.mark.parametrize("peer", [REMOTE, ("::ffff:203.0.113.7", 50000), ("2001:db8::7", 50000)])
def test_open_mode_refuses_other_machines_even_with_a_loopback_host_header(engine, peer):
    # Served on 0.0.0.0 without accounts: a script sends `Host: localhost`, which the Host guard accepts.
    with TestClient(create_app(engine), base_url="http://localhost", client=peer) as remote:
        r = remote.post("/documents/text", json={"text": "Mallory was here in Berlin."})
        assert r.status_code == 401 and "answers only this machine" in r.json()["detail"], r.text
        assert remote.get("/documents").status_code == 401
        assert remote.delete("/documents/curie").status_code == 401
        health = remote.get("/health").json()  # up, with LightRAG's flags, but no counts, folders or models
        assert health["status"] == "healthy" and not {"counts", "working_directory", "llm"} & set(health)
    assert engine.store.get_document("curie") is not None


@pytest.mark.parametrize("peer", [("127.0.0.1", 50000), ("::1", 50000), ("::ffff:127.0.0.1", 50000)])
def test_open_mode_still_serves_this_machine(engine, peer):
    with TestClient(create_app(engine), base_url="http://localhost", client=peer) as local:
        assert local.get("/documents").status_code == 200


def test_other_machines_are_served_with_a_key_or_accounts(engine):
    with TestClient(create_app(engine, api_key="a-long-team-key-0123456789"), base_url="http://localhost",
                    client=REMOTE) as remote:
        assert remote.get("/documents").status_code == 401
        assert remote.get("/documents", headers={"X-API-Key": "a-long-team-key-0123456789"}).status_code == 200
    with TestClient(create_app(engine, accounts=accounts_of("carol:carol-pw:viewer")), base_url="http://localhost",
                    client=REMOTE) as remote:
        assert remote.get("/documents", headers=token_of(remote, "carol", "carol-pw")).status_code == 200


# -- The app without accounts refuses to serve beyond this machine ------------------------------------------------

@pytest.mark.parametrize("address, refused", [("0.0.0.0", True), (None, True), ("192.0.2.10", True),
                                               ("127.0.0.1", False), ("localhost", False), ("::1", False)])
def test_the_app_without_accounts_serves_only_this_machine(engine, monkeypatch, address, refused):
    from streamlit import config
    from streamlit.testing.v1 import AppTest

    from tests.app.test_pages import ROOT

    monkeypatch.delenv("LIGHTRAG_AUTH_ACCOUNTS", raising=False)
    before = config.get_option("server.address")
    config.set_option("server.address", address)  # as `streamlit run app.py --server.address ...` sets it
    try:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
        at.session_state["workdir"] = str(engine.settings.workdir)
        at.run()
    finally:
        config.set_option("server.address", before)
    assert not at.exception, at.exception
    errors = " ".join(e.value for e in at.error)
    assert ("listens beyond this machine" in errors) is refused, errors
    assert (len(at.metric) == 0) is refused  # the Home page's counts only when served


# -- What held, kept as a check on every route the app has (routes added later are checked too) -----------------

PUBLIC = {"/login", "/auth-status", "/health"}


def _bad_credentials() -> dict[str, dict[str, str]]:
    import base64
    from datetime import UTC, datetime, timedelta

    def b64(data: dict) -> str:
        return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()

    now = datetime.now(UTC)
    dave = accounts_of("dave:dave-pw:admin,carol:carol-pw:viewer")  # dave is removed below
    expired = jwt.encode({"sub": "carol", "role": "viewer", "exp": now - timedelta(seconds=5),
                          "pwd": dave._password_mark(dave.accounts["carol"])}, SECRET, algorithm="HS256")
    return {
        "no credentials": {},
        "forged (another secret)": {"Authorization": "Bearer " + jwt.encode(
            {"sub": "carol", "role": "admin", "exp": now + timedelta(hours=1)}, "x" * 40, algorithm="HS256")},
        "alg none": {"Authorization": "Bearer " + b64({"alg": "none", "typ": "JWT"}) + "." + b64(
            {"sub": "carol", "role": "admin", "exp": int((now + timedelta(hours=1)).timestamp())}) + "."},
        "expired": {"Authorization": f"Bearer {expired}"},
        "removed account": {"Authorization": "Bearer " + dave.issue_token(dave.authenticate("dave", "dave-pw"))},
        "wrong key": {"X-API-Key": "not-the-key-0123456789"},
    }


def test_every_route_refuses_bad_credentials(engine):
    from lightrag_core.api.guards import _api_routes, route_body_kinds

    app = create_app(engine, api_key="the-team-key-0123456789", accounts=accounts_of("carol:carol-pw:viewer"))
    kind_of = route_body_kinds(lambda: app.router.routes)
    checked = 0
    with TestClient(app, base_url="http://localhost") as client:
        for route in _api_routes(app.router.routes):
            if route.path in PUBLIC:
                continue
            path = route.path.replace("{", "").replace("}", "")  # /documents/doc_id: an id that is not there
            for method in route.methods - {"HEAD"}:
                kind = kind_of({"type": "http", "path": path, "method": method, "root_path": ""})
                body: dict = ({"json": {}} if kind == "json" else
                              {"files": {"file": ("a.txt", b"Ada", "text/plain")}} if kind == "form" else {})
                for what, headers in _bad_credentials().items():
                    r = client.request(method, path, headers=headers, **body)
                    assert r.status_code == 401, (method, route.path, what, r.status_code, r.text)
                checked += 1
    assert checked >= 49
