"""Property-based requests generated from the OpenAPI schema: no 500s, whatever the input."""

from __future__ import annotations

from collections import Counter

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from lightrag_core import Engine
from lightrag_core.api.app import create_app

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def api_schema(hotpot_slice, tmp_path_factory):
    from lightrag_core import Settings

    # Schemathesis calls the app as host "testserver": listed, as a deployment lists its own name.
    engine = Engine(Settings.from_env(tmp_path_factory.mktemp("fuzz"), llm_model="", neo4j_uri="",
                                      embedding_model="", allowed_hosts=("testserver",)))
    engine.index_documents(__import__("lightrag_core.indexing.loaders", fromlist=["read_jsonl"]).read_jsonl(
        hotpot_slice["corpus"])[:5])
    app = create_app(engine)
    yield schemathesis.openapi.from_asgi("/openapi.json", app)
    app.state.jobs.close()
    engine.close()


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_server_errors(case):
    response = case.call()
    assert response.status_code < 500, f"{case.method} {case.path}: {response.status_code} {response.text[:300]}"
    if response.status_code == 415:  # refused for its content type only when it is not the one the route takes
        sent = response.request.headers.get("Content-Type", "").split(";")[0].strip().lower()
        takes = FORM if case.path == "/documents/upload" else {"application/json"}
        assert sent not in takes, (case.method, case.path, sent, response.text)
    CODES[response.status_code] += 1


CODES: Counter[int] = Counter()
FORM = {"multipart/form-data", "application/x-www-form-urlencoded"}


def test_fuzzing_reached_the_routes():
    """The guards must not turn the fuzzing into refusals only: most generated requests reach validation."""
    assert CODES, "run with the fuzz test"
    assert sum(n for code, n in CODES.items() if code not in {400, 413, 415}) > sum(CODES.values()) / 2, CODES
