"""LightRAG's label look-ups for its graph viewer, over an offline index of real HotpotQA passages."""

from __future__ import annotations

from collections import Counter

import pytest
from fastapi.testclient import TestClient

from lightrag_core.api.app import create_app
from lightrag_core.api.label_routes import rank_matches

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def client(hotpot_index):
    with TestClient(create_app(hotpot_index), base_url="http://localhost") as c:
        yield c


def test_popular_labels_are_the_most_connected_first(client, hotpot_index):
    labels = client.get("/graph/label/popular", params={"limit": 10}).json()
    degree = Counter()
    for rel in hotpot_index.store.all_relations():
        degree[rel.src] += 1
        degree[rel.tgt] += 1
    assert len(labels) == 10 and degree[labels[0]] == max(degree.values())
    assert [degree[n] for n in labels] == sorted((degree[n] for n in labels), reverse=True)
    assert client.get("/graph/label/popular", params={"limit": 0}).status_code == 422


def test_search_finds_names_holding_the_text(client):
    found = client.get("/graph/label/search", params={"q": "nolan"}).json()
    assert found and all("nolan" in n.lower() for n in found)
    assert "Christopher Nolan" in found
    assert client.get("/graph/label/search", params={"q": "zzzqqq"}).json() == []
    assert client.get("/graph/label/search").status_code == 422


def test_search_ranks_exact_then_prefix_then_contains():
    names = ["The Nolan Films", "Nolan", "Nolan Brothers", "christopher nolan"]
    assert rank_matches(names, "Nolan", 10) == ["Nolan", "Nolan Brothers", "The Nolan Films", "christopher nolan"]
    assert rank_matches(names, "  ", 10) == []
