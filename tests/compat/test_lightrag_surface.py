"""This server's routes against LightRAG 1.5.7's own route table and pydantic bodies (read from the installed
`lightrag-hku` in a test-only virtualenv): same paths and methods, no extra required request fields, every
request field LightRAG requires accepted, every response key LightRAG's models name present."""

from __future__ import annotations

import re

import pytest

from lightrag_core import Engine, Settings
from lightrag_core.api.app import create_app
from tests.compat.lightrag_venv import lightrag_routes
from tests.compat.unsupported import IGNORED_FIELDS, UNSUPPORTED


def norm(path: str) -> str:
    return re.sub(r"\{[^}]*\}", "{}", path)


@pytest.fixture(scope="module")
def openapi(tmp_path_factory) -> dict:
    engine = Engine(Settings.from_env(tmp_path_factory.mktemp("compat"), llm_model="", neo4j_uri="",
                                      embedding_model=""))
    spec = create_app(engine).openapi()
    engine.close()
    return spec


@pytest.fixture(scope="module")
def ours(openapi) -> dict[tuple[str, str], dict]:
    return {(m.upper(), norm(p)): op for p, ops in openapi["paths"].items() for m, op in ops.items()}


def _schema(openapi: dict, holder: dict | None) -> dict:
    schema = ((holder or {}).get("content", {}).get("application/json", {}).get("schema")) or {}
    while "$ref" in schema:
        schema = openapi["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def test_lightrag_routes_were_read():
    routes = {(r["method"], r["path"]) for r in lightrag_routes()}
    assert len(routes) > 40 and ("POST", "/query") in routes and ("POST", "/api/chat") in routes


def test_every_lightrag_route_is_served_or_listed_with_a_reason(ours):
    missing = [(r["method"], norm(r["path"])) for r in lightrag_routes()
               if (r["method"], norm(r["path"])) not in ours and (r["method"], norm(r["path"])) not in UNSUPPORTED]
    assert not missing, f"LightRAG routes neither served nor listed in tests/compat/unsupported.py: {missing}"


def test_the_unsupported_list_holds_only_unserved_lightrag_routes(ours):
    theirs = {(r["method"], norm(r["path"])) for r in lightrag_routes()}
    assert not [k for k in UNSUPPORTED if k in ours], "served now: take these off tests/compat/unsupported.py"
    assert not [k for k in UNSUPPORTED if k not in theirs], "not LightRAG routes"
    assert all(reason.strip() for reason in UNSUPPORTED.values())


def _served():
    return [r for r in lightrag_routes() if (r["method"], norm(r["path"])) not in UNSUPPORTED]


@pytest.mark.parametrize("route", _served(), ids=lambda r: f"{r['method']} {r['path']}")
def test_request_fields_match(route, ours, openapi):
    if not route["request_fields"]:
        return
    body = _schema(openapi, ours[(route["method"], norm(route["path"]))].get("requestBody"))
    accepted = set(body.get("properties", {}))
    required_there = {f for f, req in route["request_fields"].items() if req}
    assert required_there <= accepted, f"fields LightRAG requires that we do not take: {required_there - accepted}"
    assert body.get("additionalProperties") is not False, "a LightRAG client's extra fields must not be refused"
    ignored = {f for f in set(route["request_fields"]) - accepted
               if (route["method"], norm(route["path"]), f) not in IGNORED_FIELDS}
    assert not ignored, f"optional LightRAG fields neither taken nor listed in IGNORED_FIELDS: {ignored}"
    assert set(body.get("required", [])) <= required_there, "we require what LightRAG does not"


@pytest.mark.parametrize("route", [r for r in _served() if r["response_fields"]],
                         ids=lambda r: f"{r['method']} {r['path']}")
def test_response_keys_match(route, ours, openapi):
    response = _schema(openapi, ours[(route["method"], norm(route["path"]))]["responses"].get("200"))
    missing = set(route["response_fields"]) - set(response.get("properties", {}))
    assert not missing, f"{route['response_model']} keys this server's response lacks: {missing}"
