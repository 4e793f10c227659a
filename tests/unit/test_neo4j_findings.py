"""The second review's findings on the Neo4j store, each shown offline: the driver stand-in answers a
statement with the rows (or the error) a server gives, and the store's own code runs unchanged above it.
The live suite (tests/neo4j_live, tests/contract) runs the same paths on a real server."""

from __future__ import annotations

import numpy as np

from lightrag_core.storage.neo4j.store import Neo4jStore
from tests.support.fake_neo4j import FakeNeo4jDriver


def _store(answers: dict, workspace: str = "ws") -> tuple[Neo4jStore, FakeNeo4jDriver]:
    driver = FakeNeo4jDriver(lambda name, params: answers[name](params) if callable(answers.get(name))
                             else answers.get(name, []))
    return Neo4jStore(driver, "neo4j", workspace), driver


def test_the_neighbourhood_keeps_the_statements_closeness_order_and_the_given_seed_order():
    """Certain finding: the store re-sorted the neighbours by name after the statement ordered them."""
    seeds, order = ["Beta", "Gamma"], ["Beta", "Gamma", "Zeta", "Alpha"]  # Zeta is closer than Alpha
    # Aggregation hands the rows back in any order: here by name, the order the old code produced.
    rows = [{"seeds": seeds, "order": order, "name": n, "source_ids": ["c2", "c1"], "edges": []}
            for n in sorted(order)]
    store, driver = _store({"neighbourhood": rows})
    hood = store.neighbourhood(["Gamma", "Beta", "Gamma"], 2)
    assert hood.seeds == ["Gamma", "Beta"]  # as the caller gave them (most confident link first)
    assert list(hood.entities) == ["Gamma", "Beta", "Zeta", "Alpha"]
    assert hood.entities["Alpha"] == ["c1", "c2"]
    assert driver.calls[-1][1]["max_neighbours"] == 2
    store.neighbourhood(["Beta"], -3)
    assert driver.calls[-1][1]["max_neighbours"] == 0  # a negative slice would count from the end in Cypher


def test_vector_hits_with_equal_scores_come_in_key_order():
    """Seeds and search ties: the index hands equal scores back in index order; the contract wants keys."""
    row = {"seen": 3, "lowest": 1.0, "type": "t", "description": "", "source_ids": [], "file_paths": [],
           "created_at": 0.0, "degree": 0, "score": 1.0}
    store, _ = _store({"meta_get": [{"model": "m", "dim": 4}],
                       "search_entities": [{**row, "name": n} for n in ("Zed", "Abe", "Mo")]})
    assert [e.name for e in store.search_entities(np.ones(4), 3, 0.0)] == ["Abe", "Mo", "Zed"]
