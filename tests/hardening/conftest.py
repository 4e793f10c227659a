"""Fixtures of the hardening tests: the workspace the second attacker review attacks (a real engine with one
document) and the API over it. A module that defines its own `engine` keeps it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Document, Engine, Settings
from lightrag_core.api.app import create_app
from tests.hardening.second_review_app import CURIE


@pytest.fixture
def engine(tmp_path) -> Iterator[Engine]:
    settings = Settings.from_env(tmp_path / "work", llm_model="", neo4j_uri="", embedding_model="",
                                 input_dir=tmp_path / "inputs")
    eng = Engine(settings)
    eng.index_documents([Document("curie", CURIE)])
    yield eng
    eng.close()


@pytest.fixture
def client(engine: Engine) -> Iterator[TestClient]:
    # Server errors become 500 answers, as a real client sees them, instead of exceptions in the test.
    with TestClient(create_app(engine), base_url="http://localhost", raise_server_exceptions=False) as c:
        yield c
