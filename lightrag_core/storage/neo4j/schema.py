"""The Neo4j store's schema: constraints, lookup indexes and the three vector indexes, and their checks.

Index DDL lives here, apart from reads and writes, because it is where a shared
database bites: the vector indexes are per database, not per workspace, and
`IF NOT EXISTS` quietly does nothing when another index (another tool's, or
one with another dimension) already covers the same label and property.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lightrag_core.models import LightRAGError

# name -> (label or relationship type, property) of the store's vector indexes.
VECTOR_INDEXES: dict[str, tuple[str, str]] = {
    "entity_embedding": ("Entity", "embedding"),
    "related_embedding": ("RELATED", "embedding"),
    "chunk_embedding": ("Chunk", "embedding"),
}
SCHEMA_STATEMENTS = (
    "constraint_workspace", "constraint_entity", "constraint_chunk", "constraint_document",
    "index_entity_name_lower", "index_chunk_fulltext", "index_entity_name_fulltext",
    "index_workspace_document", "index_workspace_chunk", "index_workspace_entity", "index_workspace_review",
    "index_workspace_related",
)
VECTOR_STATEMENTS = ("index_entity_vector", "index_relation_vector", "index_chunk_vector")
# Seconds to wait for new vector indexes to come online before the first search uses them.
AWAIT_SECONDS = 300
# A workspace is dropped in batches of this many nodes per transaction.
DROP_BATCH = 5000
DROP_STATEMENTS = ("drop_workspace_reviews", "drop_workspace_curation", "drop_workspace_chunks",
                   "drop_workspace_documents", "drop_workspace_entities")

Run = Callable[..., list[dict]]


def create_schema(run: Run) -> None:
    for name in SCHEMA_STATEMENTS:
        run(name)


def create_vector_indexes(run: Run, dim: int, database: str) -> None:
    for name in VECTOR_STATEMENTS:
        run(name, dimensions=dim)
    run("await_indexes", timeout=AWAIT_SECONDS)
    check_vector_indexes(run("vector_indexes"), dim, database)


def check_vector_indexes(rows: list[dict[str, Any]], dim: int, database: str) -> None:
    """Raise with the fix unless each of the store's vector indexes exists on its label, property and dimension."""
    by_name = {r["name"]: r for r in rows}
    for name, (label, prop) in VECTOR_INDEXES.items():
        row = by_name.get(name)
        if row is None:
            other = next((r for r in rows if (r["label"], r["property"]) == (label, prop)), None)
            if other is not None:
                raise LightRAGError(
                    f"the vector index {other['name']!r} in database {database!r} already covers :{label}({prop}) "
                    f"(another tool's default, e.g. LangChain or neo4j-graphrag), so this store's {name!r} could not "
                    f"be created and its searches would fail. Drop it (DROP INDEX `{other['name']}`) if nothing "
                    "else uses it, or use another NEO4J_DATABASE")
            raise LightRAGError(f"the vector index {name!r} was not created in database {database!r}: the user "
                                "needs the CREATE INDEX privilege (NEO4J_USERNAME), or an administrator can run "
                                "`index` once")
        if (row["label"], row["property"]) != (label, prop):
            raise LightRAGError(
                f"an index named {name!r} in database {database!r} covers :{row['label']}({row['property']}), not "
                f":{label}({prop}); drop it (DROP INDEX `{name}`) if nothing else uses it, or use another "
                "NEO4J_DATABASE")
        if row["dimensions"] is not None and int(row["dimensions"]) != dim:
            raise LightRAGError(
                f"the vector index {name} in database {database!r} has dimension {row['dimensions']}, "
                f"but this workspace's embeddings have {dim}. Drop it (DROP INDEX `{name}`) if no other "
                "workspace uses it, or use another NEO4J_DATABASE")
        if str(row.get("state", "ONLINE")).upper() == "FAILED":
            raise LightRAGError(f"the vector index {name} in database {database!r} has FAILED; drop it "
                                f"(DROP INDEX `{name}`) and run `index` again to rebuild it")


def drop_workspace(run: Run) -> None:
    """Remove one workspace's nodes label by label, a batch per transaction (re-running is safe)."""
    for name in DROP_STATEMENTS:
        while run(name, batch=DROP_BATCH)[0]["deleted"]:
            pass
    run("drop_workspace_meta")


def drop_vector_indexes(run: Run) -> None:
    """Drop the store's vector indexes (every workspace in the database loses its vector search)."""
    for name in VECTOR_INDEXES:
        run("drop_index", name=name)
