"""Property-based requests generated from the OpenAPI schema: no 500s, whatever the input."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from lightrag_core import Engine
from lightrag_core.api.app import create_app

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def api_schema(hotpot_slice, tmp_path_factory):
    from lightrag_core import Settings

    engine = Engine(Settings.from_env(tmp_path_factory.mktemp("fuzz"), llm_model="", neo4j_uri="",
                                      embedding_model=""))
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
