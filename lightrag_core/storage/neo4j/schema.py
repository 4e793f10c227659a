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
from lightrag_core.storage.neo4j.errors import is_forbidden

# name -> (label or relationship type, property) of the store's vector indexes.
VECTOR_INDEXES: dict[str, tuple[str, str]] = {
    "entity_embedding": ("Entity", "embedding"),
    "related_embedding": ("RELATED", "embedding"),
    "chunk_embedding": ("Chunk", "embedding"),
}
VECTOR_STATEMENTS = {"entity_embedding": "index_entity_vector", "related_embedding": "index_relation_vector",
                     "chunk_embedding": "index_chunk_vector"}
# name -> (label, property) of the full-text indexes, which index lexical.index_text words as they are.
FULLTEXT_INDEXES: dict[str, tuple[str, str]] = {
    "chunk_words_fulltext": ("Chunk", "words"),
    "entity_words_fulltext": ("Entity", "name_words"),
}
FULLTEXT_ANALYZER = "whitespace"
# index or constraint name (a constraint's backing index has its name) -> the statement creating it.
SCHEMA_STATEMENTS: dict[str, str] = {
    "workspace_name": "constraint_workspace", "entity_workspace_name": "constraint_entity",
    "chunk_workspace_id": "constraint_chunk", "document_workspace_id": "constraint_document",
    "entity_name_lower": "index_entity_name_lower",
    "chunk_words_fulltext": "index_chunk_words_fulltext", "entity_words_fulltext": "index_entity_words_fulltext",
    "document_workspace": "index_workspace_document", "chunk_workspace": "index_workspace_chunk",
    "entity_workspace": "index_workspace_entity", "review_workspace": "index_workspace_review",
    "related_workspace": "index_workspace_related",
    "evaluation_workspace_kind_id": "constraint_evaluation", "evaluation_workspace": "index_workspace_evaluation",
    "title_key_workspace_key": "index_title_key", "title_key_workspace": "index_workspace_title_key",
    "title_key_workspace_doc": "index_title_key_doc",
}
# Seconds to wait for a new index of the store's to come online before the first search uses it.
AWAIT_SECONDS = 300
# A workspace is dropped in batches of this many nodes per transaction.
DROP_BATCH = 5000
DROP_STATEMENTS = ("drop_workspace_reviews", "drop_workspace_curation", "drop_workspace_evaluations",
                   "drop_workspace_chunks", "drop_workspace_documents", "drop_workspace_title_keys",
                   "drop_workspace_entities")

Run = Callable[..., list[dict]]


def elsewhere(edition: str) -> str:
    """The other way out of a clash in this database: another database, except on Community edition, which
    runs one standard database (so there it is another server)."""
    if edition.lower() == "community":
        return ("or use another Neo4j server: Community edition runs one standard database, so another "
                "NEO4J_DATABASE is no fix")
    return "or use another NEO4J_DATABASE"


def create(write: Run, statement: str, **params: Any) -> None:
    """Run one CREATE ... IF NOT EXISTS. Another process opening the same fresh database may have created the
    same index between our SHOW INDEXES and this statement, and then IF NOT EXISTS can still fail with
    ...AlreadyExists: that index is what was wanted (the checks after SHOW INDEXES say if it is not)."""
    try:
        write(statement, **params)
    except LightRAGError as exc:
        code = str(getattr(exc.__cause__, "code", "") or "")
        if not (code.startswith("Neo.ClientError.Schema.") and code.endswith("AlreadyExists")):
            raise


def missing(rows: list[dict[str, Any]], wanted: dict[str, str]) -> list[str]:
    """The statements of `wanted` whose index is not in the database (rows of schema_indexes)."""
    present = {r["name"] for r in rows}
    return [statement for name, statement in wanted.items() if name not in present]


def read_only_reason(statements: list[str], user: str, database: str) -> str:
    """What the user is told when the store's schema is missing and they may not create it."""
    files = ", ".join(f"cypher/{s}.cypher" for s in statements)
    return (f"the Neo4j store is open read-only: database {database!r} lacks the store's indexes and constraints "
            f"({files}) and user {user!r} may not create them. An administrator (a user with the architect or "
            "admin role) creates them once: open the store as that user (NEO4J_USERNAME), e.g. `python -m "
            "lightrag_core stats`, or run those files; then this user can write too")


def open_schema(read: Run, write: Run, user: str, database: str, batch: int,
                edition: str = "") -> tuple[str | None, set[str]]:
    """Read SHOW INDEXES and create only what is missing. Returns why the store is read-only (None if it is
    not: the user could create what was missing, or nothing was) and the full-text indexes that are missing."""
    read_only = None
    rows = read("schema_indexes")
    todo = missing(rows, SCHEMA_STATEMENTS)
    if todo:
        try:
            for statement in todo:
                create(write, statement)
        except LightRAGError as exc:
            if not is_forbidden(exc):
                raise
            read_only = read_only_reason(todo, user, database)
        rows = read("schema_indexes")
    check_fulltext_indexes(rows, database, edition)
    await_own(write, rows, list(FULLTEXT_INDEXES))
    try:  # a workspace written before the words were indexed gets them once, from a user who may write
        backfill_words(read, write, batch)
        backfill_title_keys(read, write, batch)
    except LightRAGError as exc:
        if not is_forbidden(exc):
            raise
    return read_only, set(FULLTEXT_INDEXES) - {r["name"] for r in rows}


def await_own(run: Run, rows: list[dict[str, Any]], names: list[str]) -> None:
    """Wait for the named indexes of the store's that are not online yet, by name, one by one.

    Never db.awaitIndexes: it waits for every index in the database and fails on another tool's
    FAILED one. Call after the checks, which refuse a FAILED index of the store's with the fix.
    """
    states = {r["name"]: str(r.get("state") or "").upper() for r in rows}
    for name in names:
        if name in states and states[name] != "ONLINE":
            run("await_index", index=name, timeout=AWAIT_SECONDS)


def _failed(name: str, kind: str, database: str) -> LightRAGError:
    return LightRAGError(f"the {kind} index {name} in database {database!r} has FAILED; drop it "
                         f"(DROP INDEX `{name}`) and open the store again to rebuild it")


def check_fulltext_indexes(rows: list[dict[str, Any]], database: str, edition: str = "") -> None:
    """Raise with the fix unless each full-text index of the store's covers its label and property with the
    whitespace analyzer: `IF NOT EXISTS` does nothing when another full-text index covers them already."""
    fulltext = [r for r in rows if r.get("type") == "FULLTEXT"]
    by_name = {r["name"]: r for r in fulltext}
    for name, (label, prop) in FULLTEXT_INDEXES.items():
        row = by_name.get(name)
        if row is None:
            other = next((r for r in fulltext if r["label"] == label and list(r.get("properties") or []) == [prop]),
                         None)
            if other is not None:
                raise LightRAGError(
                    f"the full-text index {other['name']!r} in database {database!r} already covers :{label}({prop}), "
                    f"so this store's {name!r} could not be created and its lexical searches would fail. Drop it "
                    f"(DROP INDEX `{other['name']}`) if nothing else uses it, {elsewhere(edition)}")
            continue  # not created (read-only open): the store says so itself
        if row["label"] != label or list(row.get("properties") or []) != [prop] or (
                row.get("analyzer") not in (None, FULLTEXT_ANALYZER)):
            raise LightRAGError(
                f"an index named {name!r} in database {database!r} covers :{row['label']}({row.get('properties')}) "
                f"with analyzer {row.get('analyzer')!r}, not :{label}({prop}) with {FULLTEXT_ANALYZER!r}; drop it "
                f"(DROP INDEX `{name}`) if nothing else uses it and open the store again, {elsewhere(edition)}")
        if str(row.get("state", "ONLINE")).upper() == "FAILED":
            raise _failed(name, "full-text", database)


def create_vector_indexes(read: Run, write: Run, dim: int, database: str, edition: str = "") -> None:
    """Create the vector indexes that are missing, check all three, and wait for them by name."""
    for statement in missing(read("schema_indexes"), VECTOR_STATEMENTS):
        create(write, statement, dimensions=dim)
    rows = read("schema_indexes")
    check_vector_indexes(rows, dim, database, edition)
    await_own(write, rows, list(VECTOR_INDEXES))


def check_vector_indexes(rows: list[dict[str, Any]], dim: int, database: str, edition: str = "") -> None:
    """Raise with the fix unless each of the store's vector indexes exists on its label, property and dimension."""
    rows = [r for r in rows if r.get("type", "VECTOR") == "VECTOR"]
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
                    f"else uses it, {elsewhere(edition)}")
            raise LightRAGError(f"the vector index {name!r} was not created in database {database!r}: the user "
                                "needs the CREATE INDEX privilege (NEO4J_USERNAME), or an administrator can run "
                                "`index` once")
        if (row["label"], row["property"]) != (label, prop):
            raise LightRAGError(
                f"an index named {name!r} in database {database!r} covers :{row['label']}({row['property']}), not "
                f":{label}({prop}); drop it (DROP INDEX `{name}`) if nothing else uses it, {elsewhere(edition)}")
        if row["dimensions"] is not None and int(row["dimensions"]) != dim:
            raise LightRAGError(
                f"the vector index {name} in database {database!r} has dimension {row['dimensions']}, "
                f"but this workspace's embeddings have {dim}. Drop it (DROP INDEX `{name}`) if no other "
                f"workspace uses it (every workspace of dimension {row['dimensions']} loses its vector search), "
                f"keep EMBEDDING_MODEL at the model of dimension {row['dimensions']}, {elsewhere(edition)}")
        if str(row.get("state", "ONLINE")).upper() == "FAILED":
            raise _failed(name, "vector", database)


def backfill_words(read: Run, write: Run, batch: int) -> int:
    """Give chunks and entities written before the store indexed words their `words` / `name_words`, a
    batch per transaction (re-running is safe), once per workspace. Returns how many were filled."""
    from lightrag_core import lexical

    rows = read("words_done_get")
    if rows and rows[0]["done"]:
        return 0
    filled = 0
    for missing_rows, setter in (("words_missing_chunks", "words_set_chunks"),
                                 ("words_missing_entities", "words_set_entities")):
        seen: set[Any] = set()
        # Stop when a batch brings nothing new: a row its setter cannot match (no key) would come back forever.
        while (found := read(missing_rows, batch=batch)) and not seen.issuperset(r["id"] for r in found):
            seen.update(r["id"] for r in found)
            write(setter, rows=[{"id": r["id"], "words": lexical.index_text(r["text"] or "")} for r in found])
            filled += len(found)
    write("words_done_set")
    return filled


def backfill_title_keys(read: Run, write: Run, batch: int) -> int:
    """Give every document of a workspace written before its title keys were :TitleKey nodes its keys, folded in
    Python as at write time (storage/base.py, title_keys), as the list and as nodes, a batch per transaction,
    once per workspace (re-running is safe). Returns how many documents were rewritten."""
    from lightrag_core.storage.base import title_keys

    rows = read("title_keys_done_get")
    if rows and rows[0]["done"]:
        return 0
    filled, after = 0, ""
    # By id from a cursor (the document constraint's index), in the server's order: the loop ends on a short
    # page, never on Python comparing ids (code points, where the server may compare UTF-16 units).
    while found := read("title_keys_page", after=after, batch=batch):
        write("title_keys_set", rows=[{"id": r["id"], "keys": title_keys(r["subject"], r["title"], r["whole_file"]),
                                       "subject": r["subject"], "title": r["title"], "whole_file": r["whole_file"]}
                                      for r in found])
        filled, last = filled + len(found), str(found[-1]["id"])
        if len(found) < batch or last == after:
            break
        after = last
    write("title_keys_done_set")
    return filled


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
