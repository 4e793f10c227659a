"""A natural-language Cypher console over the Neo4j graph, for experts exploring it.

The LLM writes Cypher from a question (langchain-neo4j's GraphCypherQAChain);
every generated statement is checked to be read-only and then runs in a read
transaction, so the console can look but never change the graph.
"""

from __future__ import annotations

import re
from typing import Any

from lightrag_core.config import Settings
from lightrag_core.models import LightRAGError

WRITE_CLAUSES = re.compile(
    r"\b(CREATE|MERGE|DELETE|DETACH|SET|REMOVE|DROP|FOREACH|LOAD\s+CSV|GRANT|DENY|REVOKE|ALTER|RENAME|START|STOP"
    r"|TERMINATE)\b|\bCALL\s+(apoc\.(create|merge|refactor|periodic|do|load|trigger|nodes\.delete)|db\.create"
    r"|dbms\.|gds\.[\w.]*\.(write|mutate))",
    re.IGNORECASE,
)
_STRINGS = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|`[^`]*`")
_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)

# The graph model, given to the LLM instead of asking the server for it (which needs APOC).
SCHEMA = """Node labels and properties:
(:Document {id, title, file_path, status, workspace})
(:Chunk {id, doc_id, content, tokens, file_path, workspace})
(:Entity {name, type, description, source_ids, file_paths, workspace})
Relationships:
(:Document)-[:HAS_CHUNK]->(:Chunk)
(:Chunk)-[:MENTIONS]->(:Entity)
(:Entity)-[:RELATED {keywords, description, weight, workspace}]->(:Entity)
Every node has a workspace property; filter on it."""


def check_read_only(statement: str) -> str:
    """The statement if it only reads; a LightRAGError naming the clause otherwise."""
    bare = _COMMENTS.sub(" ", _STRINGS.sub("''", statement))
    match = WRITE_CLAUSES.search(bare)
    if match:
        raise LightRAGError(f"the console is read-only; refused a statement using {match.group(0).upper()!r}")
    return statement


def _read_only_graph_class() -> type:
    from langchain_neo4j import Neo4jGraph

    class ReadOnlyNeo4jGraph(Neo4jGraph):
        """Neo4jGraph whose queries are checked and run in read transactions only."""

        def query(self, query: str, params: dict | None = None, session_params: dict | None = None) -> list[dict]:
            import neo4j

            check_read_only(query)
            records, _, _ = self._driver.execute_query(neo4j.Query(query, timeout=self.timeout), params or {},
                                                       database_=self._database,
                                                       routing_=neo4j.RoutingControl.READ)
            return [r.data() for r in records]

    return ReadOnlyNeo4jGraph


class CypherConsole:
    def __init__(self, settings: Settings) -> None:
        if not settings.neo4j_uri or not settings.llm_configured:
            raise LightRAGError("the Cypher console needs both Neo4j (NEO4J_URI) and an LLM (LLM_MODEL)")
        from langchain_neo4j import GraphCypherQAChain
        from langchain_openai import ChatOpenAI
        from pydantic import SecretStr

        graph = _read_only_graph_class()(url=settings.neo4j_uri, username=settings.neo4j_username,
                                         password=settings.neo4j_password, database=settings.neo4j_database,
                                         refresh_schema=False)
        graph.schema = SCHEMA + f"\nUse workspace = '{settings.workspace}'."
        llm = ChatOpenAI(model=settings.llm_model, api_key=SecretStr(settings.openai_api_key or "none"),
                         base_url=settings.openai_base_url or None, temperature=0, timeout=settings.llm_timeout)
        # The chain needs this flag to run generated Cypher at all; the graph above only reads.
        self.chain = GraphCypherQAChain.from_llm(llm, graph=graph, allow_dangerous_requests=True,
                                                 return_intermediate_steps=True, top_k=50)

    def ask(self, question: str) -> dict[str, Any]:
        """The answer, the Cypher that was run and its rows."""
        out = self.chain.invoke({"query": question})
        steps = out.get("intermediate_steps", [])
        return {"answer": out.get("result", ""),
                "cypher": steps[0].get("query", "") if steps else "",
                "rows": steps[1].get("context", []) if len(steps) > 1 else []}
