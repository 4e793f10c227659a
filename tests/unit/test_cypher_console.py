import pytest

from lightrag_core import Settings
from lightrag_core.models import LightRAGError
from lightrag_core.workbench.cypher_console import CypherConsole, check_read_only


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
    with pytest.raises(LightRAGError, match="read-only"):
        check_read_only(query)


def test_console_needs_neo4j_and_an_llm(tmp_path):
    with pytest.raises(LightRAGError, match="needs both"):
        CypherConsole(Settings.from_env(tmp_path, neo4j_uri="", llm_model=""))
