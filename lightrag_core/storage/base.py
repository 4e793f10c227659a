"""The storage protocol every backend implements.

Each retrieval stage is one batched call (vector search, node data and
degree together), so a networked backend makes one round trip per stage,
never one per item. Writes arrive as a `GraphWrite` and are applied in one
transaction.

Order contract (every store, checked by tests/contract/test_store_contract.py):
- vector searches (`search_entities`, `search_relations`, `search_chunks`): score descending, equal
  scores (to `TIE_DECIMALS`) by key ascending (entity name; relation (src, tgt); chunk id), also at the top_k cut;
- `search_chunks_text`: BM25 score descending, equal scores by chunk id; the score is each store's own
  (FTS5's; Lucene's, whose statistics span every workspace in the database), so the two stores find the
  same words but may rank them differently (docs/neo4j.md, 'Known differences');
- `entities_with_tokens`: each list by name ascending (code point order), at most `limit`;
- `neighbourhood`: `seeds` in the order the names were given (first occurrence; unknown names
  dropped); `entities` the seeds in that order, then the neighbours by closeness descending (to
  `TIE_DECIMALS`: a sum's last bit depends on its order) and name ascending; each entity's chunk ids
  ascending; `relations` by (src, tgt) ascending;
- `resolve_names`: when several entities share a lower-cased name, the least name (code point order);
- `entities_with_degree`: in the order of the names given (unknown ones dropped); `relations_of`: by
  (src, tgt), so a capped walk over it takes the same relations on every store;
- `list_documents`: by creation time, then id; `list_reviews`: oldest first; `list_evaluations`: by `at`, then id;
- whole-graph lists (`all_entities`, `all_relations`, `graph_outline`) and the dicts of batched reads
  promise no order: their callers sort.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

import numpy as np

from lightrag_core.models import Chunk, DocumentInfo, Entity, GraphWrite, LightRAGError, Neighbourhood, Relation
from lightrag_core.places import Place

NAMESPACES = ("entities", "relations", "chunks")


@runtime_checkable
class GraphStore(Protocol):
    kind: str  # "embedded" or "neo4j"

    def close(self) -> None: ...

    # Embedding model bookkeeping: a store accepts one model and dimension.
    def embedding_meta(self) -> tuple[str, int] | None: ...
    def set_embedding_meta(self, model: str, dim: int) -> None: ...
    # The rule that made the graph's vectors from the model's (graph_vectors.SCHEME); "" if never recorded.
    def graph_vectors_scheme(self) -> str: ...
    def set_graph_vectors_scheme(self, scheme: str) -> None: ...

    # Documents and their status.
    def get_document(self, doc_id: str) -> DocumentInfo | None: ...
    def list_documents(self) -> list[DocumentInfo]: ...
    # `places`: the text's pages or headings (lightrag_core.places), kept with the text.
    def save_document(self, info: DocumentInfo, text: str | None = None, places: list[Place] | None = None) -> None: ...
    def get_document_text(self, doc_id: str) -> str | None: ...
    # The first `chars` characters of each document's text and its length, without reading the rest.
    def document_heads(self, doc_ids: list[str], chars: int) -> dict[str, tuple[str, int]]: ...
    def get_document_places(self, doc_id: str) -> list[Place]: ...
    def document_chunk_ids(self, doc_id: str) -> list[str]: ...

    # Batched reads by key.
    def get_chunks(self, ids: list[str]) -> dict[str, Chunk]: ...
    def get_chunk_records(self, ids: list[str]) -> dict[str, dict]: ...
    def get_chunk_places(self, ids: list[str]) -> dict[str, list[Place]]: ...  # chunks that have any
    def get_entities(self, names: list[str]) -> dict[str, Entity]: ...
    def resolve_names(self, lowered: list[str]) -> dict[str, str]: ...
    def get_relations(self, keys: list[tuple[str, str]]) -> dict[tuple[str, str], Relation]: ...

    # One transaction per call.
    def apply(self, write: GraphWrite) -> None: ...

    # Retrieval stages: each one batched call.
    def search_entities(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Entity]: ...
    def search_relations(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Relation]: ...
    def search_chunks(self, vector: np.ndarray, top_k: int, threshold: float) -> list[Chunk]: ...
    def entities_with_degree(self, names: list[str]) -> list[Entity]: ...
    def relations_of(self, names: list[str]) -> list[Relation]: ...
    def chunk_scores(self, ids: list[str], vector: np.ndarray) -> dict[str, float]: ...

    # Multi-hop retrieval: BM25 over chunk text (terms from query.lexical, any may match),
    # entity names holding every given token (alias linking), and the bounded neighbourhood
    # of seed entities that personalized PageRank runs on. Each one batched call.
    def search_chunks_text(self, terms: list[str], top_k: int) -> list[Chunk]: ...
    def entities_with_tokens(self, token_lists: list[list[str]], limit: int) -> list[list[str]]: ...
    def neighbourhood(self, names: list[str], max_neighbours: int) -> Neighbourhood: ...
    # Documents whose subject (a JSONL title) is one of the lower-cased names, or is one of them
    # followed by a bracketed qualifier ("Lilu (mythology)" for "lilu"), or, with no subject, whose
    # file name without its extension is one of them: {name: {title: chunk ids}}.
    def title_chunks(self, lowered: list[str]) -> dict[str, dict[str, list[str]]]: ...

    # Expert review decisions and their history.
    def save_review(self, record: dict) -> None: ...
    def list_reviews(self) -> list[dict]: ...
    # Curation rules (lightrag_core.curation): saved whole, replaced by id (an undo saves it again).
    def save_rule(self, rule: dict) -> None: ...
    def list_rules(self) -> list[dict]: ...

    # Evaluation records (workbench.testset): question sets ("question_set") and runs ("run"), each a JSON
    # record with "id" and "at", saved whole in one transaction and replaced by (kind, id); listed oldest first.
    def save_evaluation(self, kind: str, record: dict) -> None: ...
    def list_evaluations(self, kind: str) -> list[dict]: ...
    def delete_evaluations(self, kind: str, ids: list[str]) -> None: ...

    # Whole-graph views, for statistics and analytics. `write_version` changes with every
    # applied write, so a whole-graph view can be cached until the graph changes.
    def write_version(self) -> str: ...
    def counts(self) -> dict[str, int]: ...
    # Names, types and degrees of all entities and the ends and weights of all relations, without
    # text or provenance (cheap enough for 100k entities), and the chunks most entities cite.
    def graph_outline(self) -> tuple[list[Entity], list[Relation]]: ...
    def most_cited_chunks(self, n: int) -> list[tuple[str, int]]: ...
    def all_entities(self) -> list[Entity]: ...
    def all_relations(self) -> list[Relation]: ...


# Scores equal to this many decimals are ties: float32 dot products of one vector differ in the last bit
# from row to row (BLAS), and Neo4j rescores in float64, so exact equality would order ties at random.
TIE_DECIMALS = 6


def tie_score(score: float) -> float:
    return round(float(score), TIE_DECIMALS)


def by_score_then_key(items: list, key: Callable[[Any], Any]) -> list:
    """Score descending, equal scores (`tie_score`) by key ascending: the contract's order for every search."""
    return sorted(items, key=lambda x: (-tie_score(x.score), key(x)))


def title_keys(subject: str, title: str, whole_file: bool) -> list[str]:
    """The lower-cased names a document is linked by (`title_chunks`): its subject, the subject before " ("
    ("Lilu" for "Lilu (band)"), and with no subject or for a whole file the file name without its extension,
    underscores as spaces. Folded here, in Python, once at write time and stored by both stores: SQLite's
    lower() folds ASCII only and Cypher's toLower every letter, so folding in the database differed."""
    keys = [subject.lower(), subject.split(" (")[0].lower()] if subject else []
    if (not subject or whole_file) and "." in (title or ""):
        keys.append(title[:title.rindex(".")].lower().replace("_", " "))
    return [k for k in dict.fromkeys(keys) if k]


def least_name_per_key(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """(lowered, name) rows -> one name per lowered key, the least: the contract's `resolve_names`."""
    out: dict[str, str] = {}
    for lowered, name in pairs:
        if lowered not in out or name < out[lowered]:
            out[lowered] = name
    return out


def seeds_in_given_order(names: list[str], found: set[str]) -> list[str]:
    """The contract's seed order: the names as given, first occurrence, those the store holds."""
    return [n for n in dict.fromkeys(names) if n in found]


def check_dimensions(write: GraphWrite, meta: tuple[str, int] | None) -> None:
    """Refuse a write whose vectors do not match the store's dimension, before anything is written."""
    items: list[Chunk | Entity | Relation] = [*write.chunks, *write.entities, *write.relations]
    if meta is None:
        if any(x.embedding is not None for x in items):
            raise LightRAGError("the store has no embedding model recorded yet; call set_embedding_meta first")
        return
    for item in items:
        if item.embedding is not None and np.asarray(item.embedding).size != meta[1]:
            raise LightRAGError(
                f"a vector of dimension {np.asarray(item.embedding).size} does not fit this "
                f"store's dimension {meta[1]} ({meta[0]})"
            )


def check_embedding_model(current: tuple[str, int] | None, model: str, dim: int, where: str, fix: str) -> None:
    """A store keeps one embedding model and dimension; refuse another, saying how to proceed."""
    if current and current != (model, dim):
        raise LightRAGError(
            f"{where} was indexed with embedding model {current[0]!r} (dimension {current[1]}); it cannot mix in "
            f"{model!r} (dimension {dim}). {fix}, or set EMBEDDING_MODEL back to {current[0]!r}")
