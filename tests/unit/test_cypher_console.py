"""Ask in Cypher: generation through the project's ChatLLM (real langchain-openai client against the local
OpenAI-compatible test server), the read-only guard, and rows turned into a table and a graph.

Only the Neo4j driver is replaced (tests/support/fake_neo4j.py); the store's read-only runner is real.
"""

from __future__ import annotations

import pytest
from neo4j._codec.hydration.bolt.v1.hydration_handler import _GraphHydrator

from lightrag_core import Settings
from lightrag_core.llm import ChatLLM
from lightrag_core.models import LightRAGError
from lightrag_core.storage.neo4j.store import Neo4jStore
from lightrag_core.storage.sqlite.store import SQLiteStore
from lightrag_core.workbench.cypher_console import (
    NEEDS_NEO4J,
    ROW_LIMIT,
    CypherConsole,
    check_read_only,
    extract_cypher,
)
from tests.support.fake_neo4j import FakeNeo4jDriver
from tests.support.openai_server import OpenAIStub
from tests.support.recorded_plans import plan_for


@pytest.mark.parametrize("query", [
    "MATCH (e:Entity {workspace: 'default'}) RETURN e.name, e.type LIMIT 10",
    "MATCH (a:Entity)-[r:RELATED]->(b) WHERE a.description CONTAINS 'CREATE a company' RETURN a, r, b",
    "MATCH (e:Entity) // DELETE nothing here\nRETURN count(e)",
    "CALL db.index.vector.queryNodes('entity_embedding', 5, $v) YIELD node RETURN node",
])
def test_reads_pass(query):
    assert check_read_only(query) == query


@pytest.mark.parametrize("query,clause", [
    ("MATCH (e:Entity) DETACH DELETE e", "DETACH"),
    ("MATCH (e) SET e.name = 'x'", "SET"),
    ("CREATE (:Entity {name: 'x'})", "CREATE"),
    ("MERGE (e:Entity {name: 'x'}) RETURN e", "MERGE"),
    ("MATCH (e) REMOVE e.type", "REMOVE"),
    ("DROP INDEX entity_embedding", "DROP"),
    ("LOAD CSV FROM 'file:///x' AS row RETURN row", "LOAD CSV"),
    ("CALL apoc.create.node(['X'], {}) YIELD node RETURN node", "CALL APOC.CREATE"),
    ("MATCH (n) FOREACH (x IN [1] | SET n.a = x)", "FOREACH"),
])
def test_writes_are_refused(query, clause):
    with pytest.raises(LightRAGError, match=f"read-only; refused a statement using '{clause}"):
        check_read_only(query)


def test_the_embedded_store_is_told_how_to_get_neo4j(tmp_path):
    with pytest.raises(LightRAGError, match="NEO4J_URI") as err:
        CypherConsole(SQLiteStore(tmp_path), None)
    assert str(err.value) == NEEDS_NEO4J


def test_replies_are_unwrapped():
    assert extract_cypher("Here it is:\n```cypher\nMATCH (n) RETURN n\n```\nDone.") == "MATCH (n) RETURN n"
    assert extract_cypher("  MATCH (n) RETURN n  ") == "MATCH (n) RETURN n"


def _llm(tmp_path, server: OpenAIStub) -> ChatLLM:
    return ChatLLM(Settings.from_env(tmp_path, llm_model="test-model", openai_base_url=server.base_url,
                                     openai_api_key="sk-test"))


def test_generation_uses_the_schema_examples_and_fixes_directions(tmp_path):
    backwards = ("```cypher\nMATCH (e:Entity {workspace: $workspace})-[:MENTIONS]->(c:Chunk)\n"
                 "WHERE toLower(e.name) = 'paris' RETURN c.id LIMIT 5\n```")
    driver = FakeNeo4jDriver()
    with OpenAIStub(lambda messages: backwards) as server:
        console = CypherConsole(Neo4jStore(driver, "neo4j", "ws"), _llm(tmp_path, server))
        statement = console.generate("Which chunks mention Paris?")
        prompt = server.chat_requests()[0]["body"]["messages"][0]["content"]
    assert "(e:Entity {workspace: $workspace})<-[:MENTIONS]-(c:Chunk)" in statement
    assert "(:Chunk)-[:MENTIONS]->(:Entity)" in prompt and "{workspace: $workspace}" in prompt
    assert "# Which entities are the most connected?" in prompt and "Which chunks mention Paris?" in prompt
    assert driver.calls == []  # generating runs nothing


def test_a_generated_write_is_refused_before_anything_runs(tmp_path):
    driver = FakeNeo4jDriver()
    with OpenAIStub(lambda messages: "MATCH (n) DETACH DELETE n") as server:
        console = CypherConsole(Neo4jStore(driver, "neo4j", "ws"), _llm(tmp_path, server))
        with pytest.raises(LightRAGError, match="read-only"):
            console.generate("Clean up the graph")
    assert driver.calls == [] and driver.sessions == []


def _graph_rows(n: int, workspace: str = "ws") -> tuple[list[str], list[list]]:
    h = _GraphHydrator()
    curie = h.hydrate_node(1, ["Entity"], {"name": "Marie Curie", "type": "person", "embedding": [0.1] * 4,
                                           "workspace": workspace}, "n1")
    rows = []
    for i in range(n):
        place = h.hydrate_node(10 + i, ["Entity"], {"name": f"Place {i}", "type": "location", "workspace": workspace},
                               f"n{10 + i}")
        rel = h.hydrate_relationship(100 + i, 1, 10 + i, "RELATED", {"keywords": "worked in", "weight": 2.0,
                                                                     "workspace": workspace},
                                     f"r{i}", "n1", f"n{10 + i}")
        rows.append([curie, rel, place])
    return ["a", "r", "b"], rows


def test_rows_become_a_table_and_a_graph_in_a_read_transaction():
    driver = FakeNeo4jDriver(read=lambda statement, params: _graph_rows(3), plan=plan_for)
    console = CypherConsole(Neo4jStore(driver, "neo4j", "ws"), None)
    statement = "MATCH (a:Entity {workspace: $workspace})-[r:RELATED]-(b) RETURN a, r, b"
    result = console.run(statement)
    assert driver.sessions[0]["default_access_mode"] == "READ"
    assert [c[0] for c in driver.calls] == ["EXPLAIN " + statement, statement]  # planned, then run
    assert driver.calls[1][1] == {"workspace": "ws"}
    assert result.columns == ["a", "r", "b"] and not result.truncated
    assert result.rows[0] == {"a": "(Entity Marie Curie)", "r": "Marie Curie -[RELATED]-> Place 0",
                              "b": "(Entity Place 0)"}
    assert {e.name: (e.type, e.degree) for e in result.entities} == {
        "Marie Curie": ("person", 3), "Place 0": ("location", 1), "Place 1": ("location", 1),
        "Place 2": ("location", 1)}
    assert [(r.src, r.tgt, r.keywords, r.weight) for r in result.relations][0] == (
        "Marie Curie", "Place 0", "worked in", 2.0)


def test_rows_are_capped_and_writes_never_reach_the_driver():
    driver = FakeNeo4jDriver(read=lambda statement, params: (["x"], [[i] for i in range(ROW_LIMIT + 20)]),
                             plan=plan_for)
    console = CypherConsole(Neo4jStore(driver, "neo4j", "ws"), None)
    result = console.run("UNWIND range(1, 600) AS x RETURN x")
    assert len(result.rows) == ROW_LIMIT and result.truncated and result.entities == []
    calls = len(driver.calls)
    with pytest.raises(LightRAGError, match="read-only"):
        console.run("MATCH (n) SET n.x = 1")
    with pytest.raises(LightRAGError, match="no statement"):
        console.run("   ")
    assert len(driver.calls) == calls
