"""What the second review's tests share: the document they attack and accounts signed with a known key
(their `engine` and `client` fixtures are in this folder's conftest.py)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from lightrag_core.accounts import Accounts, parse_accounts

SECRET = "a-second-review-signing-secret-0123456789"
CURIE = "Marie Curie was born in Warsaw. Marie Curie worked in Paris. Pierre Curie worked in Paris."


def accounts_of(spec: str) -> Accounts:
    return Accounts(parse_accounts(spec), SECRET)


def token_of(client: TestClient, user: str, password: str) -> dict[str, str]:
    r = client.post("/login", data={"username": user, "password": password})
    assert r.status_code == 200, r.text
    return {"Authorization": f"Bearer {r.json()['access_token']}"}
