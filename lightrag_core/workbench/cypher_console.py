"""Ask in Cypher: an LLM writes a Cypher statement from a question, the user reads it, then runs it read-only.

Generation uses langchain-neo4j's pieces (its schema rendering, its generation
prompt and its relationship-direction corrector) with the project's own
`ChatLLM`, so the console shares the cache, retries, concurrency cap and key
redaction of every other call. Every statement, generated or typed, is checked
by the server's own plan (`EXPLAIN`, walked by cypher_plan_guard: read operators and a few read-only
`db.*` procedures only, so no LOAD CSV, no other procedure, no SHOW or administration), then runs in a
read transaction with a row cap and a timeout, as the console's own read-only login when one is set
(NEO4J_CONSOLE_USER). Rows holding a node or relationship of another workspace are dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lightrag_core.config import Settings
from lightrag_core.llm import ChatLLM
from lightrag_core.models import Entity, LightRAGError, Relation
from lightrag_core.storage.base import GraphStore
from lightrag_core.storage.neo4j import cypher_files
from lightrag_core.storage.neo4j.errors import LoginRejected
from lightrag_core.workbench.cypher_plan_guard import PlanRefused, check_plan, check_text

NEEDS_NEO4J = ("Ask in Cypher runs Cypher on Neo4j, and this workspace uses the embedded store. Set NEO4J_URI, "
               "NEO4J_USERNAME and NEO4J_PASSWORD (and NEO4J_DATABASE if not neo4j) in .env or the environment "
               "and restart the app; README, 'Neo4j', shows how to start a server.")
NEEDS_LLM = ("Writing Cypher from a question needs an LLM: set LLM_MODEL and OPENAI_BASE_URL (or OPENAI_API_KEY). "
             "You can still type a statement yourself and run it.")
ROW_LIMIT = 500
TIMEOUT_S = 30.0
MAX_STATEMENT_CHARS = 20_000

# A clause keyword, not a name spelled like one: a property (`n.start`), a parameter, a map key (`{set: 1}`) or a
# variable followed by its label or property (`start:Entity`, `start.name`) is left to the plan check.
WRITE_CLAUSES = re.compile(
    r"(?<![.$])\b(CREATE|MERGE|DELETE|DETACH|SET|REMOVE|DROP|FOREACH|LOAD\s+CSV|GRANT|DENY|REVOKE|ALTER|RENAME|START"
    r"|STOP|TERMINATE)\b(?!\s*[.:])|\bCALL\s+(apoc\.(create|merge|refactor|periodic|do|load|trigger|nodes\.delete)|db\.create"
    r"|dbms\.|gds\.[\w.]*\.(write|mutate))",
    re.IGNORECASE,
)
_PLAIN = re.compile(r"[^'\"`/]+")  # runs of statement text that start no string, name or comment
_FENCE = re.compile(r"```(?:cypher)?(.*?)```", re.DOTALL | re.IGNORECASE)

# The graph model in langchain-neo4j's structured-schema shape (reading it from the server needs APOC).
_STR, _LIST, _NUM = "STRING", "LIST", "FLOAT"
GRAPH_SCHEMA: dict[str, Any] = {
    "node_props": {
        "Document": [{"property": p, "type": _STR} for p in ("id", "title", "file_path", "status", "workspace")],
        "Chunk": [{"property": p, "type": t} for p, t in
                  (("id", _STR), ("doc_id", _STR), ("content", _STR), ("tokens", "INTEGER"), ("file_path", _STR),
                   ("workspace", _STR))],
        "Entity": [{"property": p, "type": t} for p, t in
                   (("name", _STR), ("type", _STR), ("description", _STR), ("source_ids", _LIST),
                    ("file_paths", _LIST), ("workspace", _STR))],
    },
    "rel_props": {"RELATED": [{"property": p, "type": t} for p, t in
                              (("keywords", _STR), ("description", _STR), ("weight", _NUM), ("workspace", _STR))]},
    "relationships": [{"start": "Document", "type": "HAS_CHUNK", "end": "Chunk"},
                      {"start": "Chunk", "type": "MENTIONS", "end": "Entity"},
                      {"start": "Entity", "type": "RELATED", "end": "Entity"}],
}
# What the statement box shows before anything is typed (its text lives in cypher/ like every statement).
PLACEHOLDER = cypher_files.cypher("console_placeholder").strip()
RULES = ("Rules: every node and RELATED relationship has a workspace property; always filter with "
         "{workspace: $workspace}. Match names case-insensitively with toLower(). Never write to the graph. "
         "End with LIMIT 50 or less. To show a graph, return the nodes and relationships themselves "
         "(RETURN a, r, b).")


def bare_text(statement: str) -> str:
    """The statement with strings emptied, comments blanked and backticked names unquoted
    (`` `apoc`.load `` reads as apoc.load), in one linear pass."""
    return _code_only(statement)


def check_read_only(statement: str) -> str:
    """The statement if its text shows no write; a LightRAGError naming the clause otherwise. A cheap first
    line before the plan check (which decides): it refuses the obvious without a round trip."""
    if len(statement) > MAX_STATEMENT_CHARS:
        raise LightRAGError(f"the statement is longer than {MAX_STATEMENT_CHARS} characters; shorten it")
    bare = bare_text(statement)
    match = WRITE_CLAUSES.search(bare)
    if match:
        raise LightRAGError(f"the console is read-only; refused a statement using {match.group(0).upper()!r}")
    check_text(bare)
    return statement


def schema_text() -> str:
    from langchain_neo4j.chains.graph_qa.cypher import construct_schema

    return construct_schema(GRAPH_SCHEMA, [], [], False) + "\n" + RULES


def examples_text() -> str:
    """Worked examples: each `console_example_*` statement in cypher/, its question in the first comment."""
    parts = []
    for name in cypher_files.names():
        if name.startswith("console_example_"):
            question, _, body = cypher_files.cypher(name).partition("\n")
            parts.append(f"# {question.lstrip('/ ').strip()}\n{body.strip()}")
    return "\n\n".join(parts)


def _code_only(statement: str) -> str:
    """The statement with string literals as '', backticked names unquoted and comments as a space.

    One left-to-right pass, as Cypher's lexer reads it: a quote inside a comment starts no string, and
    nothing is scanned twice (patterns retried from every quote or '/*' were quadratic on long input).
    An unclosed string or comment runs to the end; the server refuses such a statement anyway."""
    out: list[str] = []
    i, n = 0, len(statement)
    while i < n:
        plain = _PLAIN.match(statement, i)
        if plain:
            out.append(plain.group(0))
            i = plain.end()
            continue
        ch = statement[i]
        if statement.startswith("//", i):
            end = statement.find("\n", i)
            i, piece = (n if end < 0 else end), " "
        elif statement.startswith("/*", i):
            end = statement.find("*/", i + 2)
            i, piece = (n if end < 0 else end + 2), " "
        elif ch == "/":
            i, piece = i + 1, ch
        else:
            j = i + 1
            while j < n and statement[j] != ch:
                j += 2 if ch != "`" and statement[j] == "\\" else 1
            # A backticked name is still a name: unquoted, so `apoc`.load reads as apoc.load.
            piece = statement[i + 1:j] if ch == "`" else "''"
            i = j + 1
        out.append(piece)
    return "".join(out)


def extract_cypher(reply: str) -> str:
    """The statement in a model reply: the fenced block if there is one, else the reply itself."""
    fenced = _FENCE.search(reply)
    text = (fenced.group(1) if fenced else reply).strip()
    return text.removeprefix("cypher").strip() if text.lower().startswith("cypher\n") else text


def correct_directions(statement: str) -> str:
    """Fix relationship directions the model got backwards; the statement unchanged if it cannot."""
    from langchain_neo4j.chains.graph_qa.cypher_utils import CypherQueryCorrector, Schema

    triples = [Schema(r["start"], r["type"], r["end"]) for r in GRAPH_SCHEMA["relationships"]]
    corrected = CypherQueryCorrector(triples)(statement)
    return corrected or statement


@dataclass
class ConsoleResult:
    columns: list[str]
    rows: list[dict[str, Any]]  # display values, ready for a table or CSV
    truncated: bool  # more rows than ROW_LIMIT came back
    entities: list[Entity] = field(default_factory=list)  # nodes found in the rows, for a graph picture
    relations: list[Relation] = field(default_factory=list)
    dropped: int = 0  # rows left out: they held a node or relationship of another workspace




class CypherConsole:
    def __init__(self, store: GraphStore, llm: ChatLLM | None, login: tuple[str, str] | None = None) -> None:
        """`login`: the console's own (read-only) Neo4j user and password; None runs as the store's user."""
        if store.kind != "neo4j":
            raise LightRAGError(NEEDS_NEO4J)
        self.store = store
        self.llm = llm
        # Statements run as the console's login when one is set, so the server's own privileges
        # (DENY LOAD, no write roles) stand behind the plan check.
        self.reader: Any = store.with_login(*login) if login else store  # type: ignore[attr-defined]
        self.workspace = str(getattr(store, "workspace", ""))

    @classmethod
    def for_settings(cls, store: GraphStore, llm: ChatLLM | None, settings: Settings) -> CypherConsole:
        login = (settings.neo4j_console_user, settings.neo4j_console_password) if settings.neo4j_console_user \
            else None
        return cls(store, llm, login)

    @property
    def separate_login(self) -> bool:
        return self.reader is not self.store

    def close(self) -> None:
        if self.separate_login:
            self.reader.close()

    def generate(self, question: str) -> str:
        """A read-only Cypher statement for the question, written by the LLM (not run)."""
        from langchain_neo4j.chains.graph_qa.prompts import CYPHER_GENERATION_PROMPT

        if self.llm is None:
            raise LightRAGError(NEEDS_LLM)
        if not question.strip():
            raise LightRAGError("ask a question first")
        prompt = CYPHER_GENERATION_PROMPT.format(schema=schema_text(), examples=examples_text(),
                                                 question=question.strip())
        statement = extract_cypher(self.llm.complete([("user", prompt)]))
        if not statement:
            raise LightRAGError("the LLM returned no Cypher; rephrase the question or type the statement")
        return check_read_only(correct_directions(statement))

    def run(self, statement: str) -> ConsoleResult:
        if not statement.strip():
            raise LightRAGError("there is no statement to run")
        self.check(statement)
        keys, values, truncated = self.reader.run_read_only(statement, {}, ROW_LIMIT, TIMEOUT_S)
        return to_result(keys, values, truncated, self.workspace)

    def check(self, statement: str) -> None:
        """Refuse the statement unless its text and then the server's plan for it only read."""
        check_read_only(statement)
        try:
            plan = self.reader.explain(statement, {}, TIMEOUT_S)
        except (PlanRefused, LoginRejected):  # a wrong password is said as such, not as an unplannable statement
            raise
        except LightRAGError as exc:
            raise PlanRefused(f"the server could not plan this statement, so the console does not run it: {exc}") \
                from exc
        check_plan(plan)


def graph_items(value: Any, depth: int = 0) -> list[Any]:
    """The nodes and relationships in a value (a relationship brings its end nodes; paths, lists and maps
    are looked into, to a bounded depth)."""
    from neo4j.graph import Node, Path, Relationship

    if depth > 20:
        return []
    if isinstance(value, Node):
        return [value]
    if isinstance(value, Relationship):
        return [value, *(end for end in value.nodes if end is not None)]
    if isinstance(value, Path):
        return [*value.nodes, *value.relationships]
    if isinstance(value, list):
        return [item for v in value for item in graph_items(v, depth + 1)]
    if isinstance(value, dict):
        return [item for v in value.values() for item in graph_items(v, depth + 1)]
    return []


def to_result(keys: list[str], values: list[list[Any]], truncated: bool, workspace: str | None = None
              ) -> ConsoleResult:
    """Rows for a table, and the nodes and relationships among them for a picture. With a workspace, a row
    holding a node or relationship whose `workspace` is another (or missing) is dropped and counted."""
    from neo4j.graph import Node

    nodes: dict[str, Any] = {}
    rels: dict[str, Any] = {}
    kept: list[list[Any]] = []
    for row in values:
        items = [item for v in row for item in graph_items(v)]
        if workspace is not None and any(item.get("workspace") != workspace for item in items):
            continue
        kept.append(row)
        for item in items:
            (nodes if isinstance(item, Node) else rels).setdefault(item.element_id, item)
    rows = [{k: display(v) for k, v in zip(keys, row)} for row in kept]
    degree: dict[str, int] = {}
    relations = []
    for r in rels.values():
        if r.start_node is None or r.end_node is None:
            continue
        src, tgt = node_name(r.start_node), node_name(r.end_node)
        degree[src], degree[tgt] = degree.get(src, 0) + 1, degree.get(tgt, 0) + 1
        relations.append(Relation(src, tgt, r.get("keywords") or r.type, r.get("description") or "",
                                  float(r.get("weight") or 1.0), [], []))
    entities = [Entity(node_name(n), node_type(n), str(n.get("description") or n.get("content") or "")[:400], [], [],
                       degree=degree.get(node_name(n), 0)) for n in nodes.values()]
    return ConsoleResult(list(keys), rows, truncated, entities, relations, len(values) - len(kept))


def node_name(node: Any) -> str:
    for key in ("name", "title", "id"):
        if node.get(key):
            return str(node.get(key))
    return str(node.element_id)


def node_type(node: Any) -> str:
    return str(node.get("type") or next(iter(sorted(node.labels)), "node")).lower()


def display(value: Any) -> Any:
    """A table cell: nodes and relationships by name (never their vectors), lists joined."""
    from neo4j.graph import Node, Path, Relationship

    if isinstance(value, Node):
        return f"({':'.join(sorted(value.labels))} {node_name(value)})"
    if isinstance(value, Relationship):
        ends = [node_name(n) if n is not None else "?" for n in value.nodes]
        return f"{ends[0]} -[{value.type}]-> {ends[1]}"
    if isinstance(value, Path):
        return " ".join(display(n) for n in value.nodes)
    if isinstance(value, list):
        return ", ".join(str(display(v)) for v in value)
    if isinstance(value, dict):
        return {k: display(v) for k, v in value.items() if k != "embedding"}
    return value
