"""The Neo4j store (5.18+): native vector indexes for entities, relationships and chunks.

Graph model: (:Document)-[:HAS_CHUNK]->(:Chunk)-[:MENTIONS]->(:Entity)-[:RELATED]->(:Entity),
every node and RELATED relationship carrying a `workspace` property so several
graphs share one database. Each retrieval stage is one Cypher round trip
(vector search, node data and degree together); each `GraphWrite` is one
transaction of batched `UNWIND` statements.
"""

from __future__ import annotations

import functools
import json
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from lightrag_core.config import Settings
from lightrag_core.models import (
    Chunk,
    DocumentInfo,
    Entity,
    GraphWrite,
    LightRAGError,
    Neighbourhood,
    Relation,
    relation_key,
)
from lightrag_core.places import Place
from lightrag_core.storage.base import (
    by_score_then_key,
    check_dimensions,
    check_embedding_model,
    least_name_per_key,
    seeds_in_given_order,
    title_keys,
)
from lightrag_core.storage.neo4j import schema
from lightrag_core.storage.neo4j.console import ConsoleReads
from lightrag_core.storage.neo4j.cypher_files import cypher
from lightrag_core.storage.neo4j.errors import is_forbidden, user_error
from lightrag_core.storage.neo4j.records import RecordStore
from lightrag_core.storage.neo4j.rows import chunk_of as _chunk
from lightrag_core.storage.neo4j.rows import entity_of as _entity
from lightrag_core.storage.neo4j.rows import relation_of as _relation
from lightrag_core.storage.neo4j.search import (
    VectorStatements,
    chunks_by_words,
    entities_with_words,
    from_index_score,
)
from lightrag_core.storage.neo4j.search import (
    to_index_score as to_index_score,  # re-exported: callers map scores through the store module
)
from lightrag_core.storage.neo4j.writes import AlreadyApplied, Neo4jWriteSteps
from lightrag_core.storage.neo4j.writes import vector as vector_param
from lightrag_core.storage.writes import apply_write

MIN_VERSION = (5, 18)
BOLT_SCHEMES = {"neo4j", "neo4j+s", "neo4j+ssc", "bolt", "bolt+s", "bolt+ssc"}


def parse_version(text: str) -> tuple[int, int]:
    match = re.match(r"(\d+)\.(\d+)", text or "")
    return (int(match.group(1)), int(match.group(2))) if match else (0, 0)


class Neo4jStore(ConsoleReads, RecordStore):
    kind = "neo4j"

    def __init__(self, driver: Any, database: str, workspace: str, uri: str = "", *, user: str = "",
                 write_batch: int = 500) -> None:
        self.driver = driver
        self.database = database
        self.workspace = workspace
        self.uri = uri
        self.user = user
        self.write_batch = write_batch
        self._vectors_ready = False  # set once the vector indexes are known to exist
        # Set when the schema is missing and this user may not create it: what an administrator must do.
        self.read_only: str | None = None
        self.edition = ""  # the server's ("community", "enterprise"), once check_version has read it
        self.server_version = (0, 0)  # (major, minor) once check_version has read it: picks the vector statements
        self._vector_statements = VectorStatements()  # the SEARCH clause or the procedures, by server version
        self._title_keys_indexed = False  # set once this workspace's title keys are known to be :TitleKey nodes
        self._missing_fulltext: set[str] = set()

    @classmethod
    def from_settings(cls, settings: Settings, *, prepare: bool = True) -> Neo4jStore:
        """Connect (every failure one line with the fix); `prepare=False` skips the version check and the
        schema, so neo4j-check can time and report each of those as its own step."""
        import neo4j
        from neo4j.exceptions import AuthError, ConfigurationError, DriverError, Neo4jError, ServiceUnavailable

        uri = settings.neo4j_uri
        if uri.split("://", 1)[0] not in BOLT_SCHEMES:
            raise LightRAGError(f"NEO4J_URI {uri!r} is not usable; use neo4j://, bolt:// or neo4j+s:// (Aura)")
        driver: Any = None  # closed on any failure below
        try:
            try:
                driver = neo4j.GraphDatabase.driver(uri, auth=(settings.neo4j_username, settings.neo4j_password))
                driver.verify_connectivity()
                store = cls(driver, settings.neo4j_database, settings.workspace, uri,
                            user=settings.neo4j_username, write_batch=settings.neo4j_write_batch)
                if prepare:
                    store.check_version()
                    store.create_schema()
                return store
            except BaseException:
                if driver is not None:
                    driver.close()
                raise
        # Every driver or server error becomes one line with the fix; none escapes as a traceback.
        except AuthError as exc:
            raise LightRAGError(f"Neo4j at {uri} rejected user {settings.neo4j_username!r}: check NEO4J_USERNAME "
                                "and NEO4J_PASSWORD") from exc
        except (ServiceUnavailable, OSError) as exc:
            # The driver's last line says which: nothing listening, or something that is not Bolt (an HTTP port).
            reason = str(exc).strip().splitlines()[-1][:200] if str(exc).strip() else type(exc).__name__
            raise LightRAGError(f"cannot reach Neo4j at {uri} ({reason}): is the server running and is this its "
                                "Bolt port (7687, not the browser's 7474)? Start one (README, 'Neo4j') or unset "
                                "NEO4J_URI for the embedded store") from exc
        except (ConfigurationError, ValueError) as exc:
            raise LightRAGError(f"NEO4J_URI {uri!r} is not usable ({exc}); use neo4j://, bolt:// or "
                                "neo4j+s:// (Aura)") from exc
        except (Neo4jError, DriverError) as exc:
            raise user_error(exc, uri, settings.neo4j_database) from exc

    # -- plumbing ----------------------------------------------------------
    def _read(self, name: str, **params: Any) -> list[dict]:
        import neo4j

        with self._errors():
            records, _, _ = self.driver.execute_query(cypher(name), {"workspace": self.workspace, **params},
                                                      database_=self.database, routing_=neo4j.RoutingControl.READ)
        return [r.data() for r in records]

    def _write(self, name: str, **params: Any) -> list[dict]:
        with self._errors():
            records, _, _ = self.driver.execute_query(cypher(name), {"workspace": self.workspace, **params},
                                                      database_=self.database)
        return [r.data() for r in records]

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Server and driver errors become one line with the fix (a wrong NEO4J_DATABASE, a lost server)."""
        from neo4j.exceptions import DriverError, Neo4jError

        try:
            yield
        except (Neo4jError, DriverError) as exc:
            raise user_error(exc, self.uri, self.database, self.user) from exc

    def close(self) -> None:
        self.driver.close()

    def check_version(self) -> None:
        rows = self._read("db_version")
        kernel = next((r for r in rows if r["name"] == "Neo4j Kernel"), rows[0] if rows else {})
        version, self.edition = kernel.get("version") or "", str(kernel.get("edition") or "")
        self.server_version = parse_version(version)
        if self.server_version < MIN_VERSION:
            raise LightRAGError(f"Neo4j {version} has no relationship vector indexes; this store needs 5.18 or "
                                "later (for example the neo4j:5.26 image)")

    def create_schema(self) -> None:
        """Create what is missing of the store's schema (schema.open_schema); a user who may not gets a
        read-only store, and with nothing missing opening only reads, so a reader can query."""
        self.read_only, self._missing_fulltext = schema.open_schema(self._read, self._write, self.user,
                                                                    self.database, self.write_batch, self.edition)

    def _check_writable(self) -> None:
        if self.read_only:
            raise LightRAGError(self.read_only)

    def drop_workspace(self) -> None:
        self._check_writable()
        schema.drop_workspace(self._write)

    def vector_indexes(self) -> list[dict]:
        """Every vector index in the database: name, state, label, property, dimensions."""
        return self._read("vector_indexes")

    def drop_vector_indexes(self) -> None:
        """Remove the database's vector indexes; for test databases (every workspace loses vector search)."""
        schema.drop_vector_indexes(self._write)
        self._vectors_ready = False

    # -- embedding bookkeeping ---------------------------------------------
    def embedding_meta(self) -> tuple[str, int] | None:
        rows = self._read("meta_get")
        if not rows or rows[0]["model"] is None:
            return None
        return rows[0]["model"], int(rows[0]["dim"])

    def set_embedding_meta(self, model: str, dim: int) -> None:
        check_embedding_model(self.embedding_meta(), model, dim, f"workspace {self.workspace!r}",
                              "Use another LIGHTRAG_WORKSPACE")
        self._check_writable()
        try:
            schema.create_vector_indexes(self._read, self._write, dim, self.database, self.edition)
        except LightRAGError as exc:
            if not is_forbidden(exc):
                raise
            raise LightRAGError(schema.read_only_reason(list(schema.VECTOR_STATEMENTS.values()), self.user,
                                                        self.database)) from exc
        self._write("meta_set", model=model, dim=dim)
        self._vectors_ready = True

    def graph_vectors_scheme(self) -> str:
        rows = self._read("graph_vectors_get")
        return str(rows[0]["scheme"] or "") if rows else ""

    def set_graph_vectors_scheme(self, scheme: str) -> None:
        self._check_writable()
        self._write("graph_vectors_set", scheme=scheme)

    # -- documents -----------------------------------------------------------
    def get_document(self, doc_id: str) -> DocumentInfo | None:
        rows = self._read("document_get", id=doc_id)
        return DocumentInfo(**rows[0]["doc"]) if rows else None

    def list_documents(self) -> list[DocumentInfo]:
        return [DocumentInfo(**r["doc"]) for r in self._read("documents_list")]

    def save_document(self, info: DocumentInfo, text: str | None = None, places: list[Place] | None = None) -> None:
        self._check_writable()
        self._write("document_save", doc=dict(info.__dict__), text=text, places=json.dumps(places) if places else None,
                    title_keys=title_keys(info.subject, info.title, info.whole_file))

    def get_document_text(self, doc_id: str) -> str | None:
        rows = self._read("document_text", id=doc_id)
        return rows[0]["content"] if rows else None

    def document_heads(self, doc_ids: list[str], chars: int) -> dict[str, tuple[str, int]]:
        rows = self._read("document_heads", ids=doc_ids, chars=chars)
        return {r["id"]: (r["head"], r["length"]) for r in rows}

    def get_document_places(self, doc_id: str) -> list[Place]:
        rows = self._read("document_places", id=doc_id)
        return [tuple(p) for p in json.loads(rows[0]["places"])] if rows else []

    def document_chunk_ids(self, doc_id: str) -> list[str]:
        return [r["id"] for r in self._read("document_chunk_ids", id=doc_id)]

    # -- batched reads -------------------------------------------------------
    def get_chunks(self, ids: list[str]) -> dict[str, Chunk]:
        return {r["id"]: _chunk(r) for r in self._read("chunks_get", ids=ids)}

    def get_chunk_records(self, ids: list[str]) -> dict[str, dict]:
        return {r["id"]: json.loads(r["records"]) for r in self._read("chunks_get", ids=ids) if r["records"]}

    def get_chunk_places(self, ids: list[str]) -> dict[str, list[Place]]:
        return {r["id"]: [tuple(p) for p in json.loads(r["places"])]
                for r in self._read("chunk_places", ids=ids)}

    def get_entities(self, names: list[str]) -> dict[str, Entity]:
        return {r["name"]: _entity(r) for r in self._read("entities_get", names=names)}

    def resolve_names(self, lowered: list[str]) -> dict[str, str]:
        return least_name_per_key([(r["lowered"], r["name"]) for r in self._read("entities_resolve", lowered=lowered)])

    def get_relations(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], Relation]:
        pairs = [list(relation_key(*k)) for k in keys]
        return {(r["src"], r["tgt"]): _relation(r) for r in self._read("relations_get", pairs=pairs)}

    # -- writes: one transaction ---------------------------------------------
    def apply(self, write: GraphWrite) -> None:
        self._check_writable()
        check_dimensions(write, self.embedding_meta())
        from neo4j.exceptions import IncompleteCommit

        work = functools.partial(self._apply, write_id=uuid.uuid4().hex)  # one id for the write and its retry
        for attempt in (1, 2):
            try:
                # The write session shares execute_query's bookmark manager, so on a cluster or Aura the
                # reads that follow (execute_query) see this write (causal consistency).
                with self._errors(), self.driver.session(
                    database=self.database, bookmark_manager=self.driver.execute_query_bookmark_manager
                ) as session:
                    session.execute_write(work, write)
                return
            except AlreadyApplied:  # the first attempt's commit landed: done, and not applied twice
                return
            except LightRAGError as exc:
                # Connection lost after COMMIT: the outcome is unknown, so ask once more with the same id.
                if attempt == 2 or not isinstance(exc.__cause__, IncompleteCommit):
                    raise

    def _apply(self, tx: Any, w: GraphWrite, write_id: str | None = None) -> None:
        apply_write(Neo4jWriteSteps(tx, self.workspace, self.write_batch, self.database, write_id), w)

    # -- retrieval stages: one round trip each -------------------------------
    def _search(self, name: str, vector: np.ndarray, top_k: int, threshold: float) -> list[dict]:
        """One vector search stage: this workspace's top_k by exact cosine, at or above the threshold.

        Nothing is indexed before the first write, and the embedded store answers an empty workspace
        with no rows, so a search before then does too instead of failing on the missing index.
        """
        if top_k < 1 or not self._has_vector_indexes():
            return []
        return self._vector_statements.search(self._read, name, self.server_version, vector_param(vector), top_k,
                                              threshold)

    def _has_vector_indexes(self) -> bool:
        if not self._vectors_ready:
            self._vectors_ready = self.embedding_meta() is not None
        return self._vectors_ready

    def search_entities(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Entity]:
        found = [_entity(r) for r in self._search("search_entities", vector, top_k, threshold)]
        return by_score_then_key(found, lambda e: e.name)

    def search_relations(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Relation]:
        found = [_relation(r) for r in self._search("search_relations", vector, top_k, threshold)]
        return by_score_then_key(found, lambda r: r.key)

    def search_chunks(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Chunk]:
        return by_score_then_key([_chunk(r) for r in self._search("search_chunks", vector, top_k, threshold)],
                                 lambda c: c.id)

    def entities_with_degree(self, names: list[str]) -> list[Entity]:
        found = {r["name"]: _entity(r) for r in self._read("entities_with_degree", names=names)}
        return [found[n] for n in names if n in found]

    def relations_of(self, names: list[str]) -> list[Relation]:
        return sorted((_relation(r) for r in self._read("relations_of", names=names)), key=lambda r: r.key)

    def chunk_scores(self, ids: list[str], vector: np.ndarray) -> dict[str, float]:
        rows = self._read("chunk_scores", ids=ids, vector=vector_param(vector))
        return {r["id"]: from_index_score(r["score"]) for r in rows}

    def search_chunks_text(self, terms: list[str], top_k: int) -> list[Chunk]:
        if "chunk_words_fulltext" in self._missing_fulltext:
            return []
        return by_score_then_key([_chunk(r) for r in chunks_by_words(self._read, terms, top_k)], lambda c: c.id)

    def entities_with_tokens(self, token_lists: list[list[str]], limit: int) -> list[list[str]]:
        if "entity_words_fulltext" in self._missing_fulltext:
            return [[] for _ in token_lists]
        return entities_with_words(self._read, token_lists, limit)

    def title_chunks(self, lowered: list[str]) -> dict[str, dict[str, list[str]]]:
        if not lowered:
            return {}
        if not self._title_keys_indexed:  # a workspace from before its keys were nodes scans until it is migrated
            done = self._read("title_keys_done_get")
            self._title_keys_indexed = bool(done and done[0]["done"])
        out: dict[str, dict[str, list[str]]] = {}
        for r in self._read("title_chunks" if self._title_keys_indexed else "title_chunks_scan", lowered=lowered):
            out.setdefault(r["key"], {})[r["title"]] = list(r["chunk_ids"])
        return out

    def neighbourhood(self, names: list[str], max_neighbours: int) -> Neighbourhood:
        rows = self._read("neighbourhood", names=names, max_neighbours=max(max_neighbours, 0))
        if not rows:
            return Neighbourhood()
        # The statement's `ranked` is closeness order; aggregation scrambled the rows (base.py's contract).
        found = set(rows[0]["seeds"])
        seeds = seeds_in_given_order(names, found)
        by_name = {r["name"]: r for r in rows}
        order = seeds + [n for n in rows[0]["ranked"] if n not in found]
        entities = {n: sorted(by_name[n]["source_ids"] or []) for n in order}
        relations = sorted((r["name"], tgt, float(w)) for r in rows for tgt, w in r["edges"])
        return Neighbourhood(seeds, entities, relations)

    # -- whole graph -----------------------------------------------------------
    def write_version(self) -> str:
        rows = self._read("write_version")
        return str(rows[0]["version"]) if rows and rows[0]["version"] is not None else "0"

    def graph_outline(self) -> tuple[list[Entity], list[Relation]]:
        entities = [Entity(r["name"], r["type"], "", [], [], degree=r["degree"])
                    for r in self._read("graph_outline_entities")]
        relations = [Relation(r["src"], r["tgt"], "", "", r["weight"], [], [])
                     for r in self._read("graph_outline_relations")]
        return entities, relations

    def most_cited_chunks(self, n: int) -> list[tuple[str, int]]:
        return [(r["id"], r["entities"]) for r in self._read("most_cited_chunks", top_k=n)]

    def workspace_names(self, limit: int = 10_000) -> list[str]:  # every workspace in this database
        return [row["name"] for row in self._read("workspaces_list", limit=limit) if row["name"]]

    def counts(self) -> dict[str, int]:
        return dict(self._read("counts")[0])

    def all_entities(self) -> list[Entity]:
        return [_entity(r) for r in self._read("all_entities")]

    def all_relations(self) -> list[Relation]:
        return [_relation(r) for r in self._read("all_relations")]
