"""The records that flow between the engine's stages and its stores."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

# Document status values, in the order a document moves through them.
PENDING, PROCESSING, PROCESSED, FAILED = "pending", "processing", "processed", "failed"
# Entity and relation vectors read the name and the start of the description:
# enough to place them, and embedding cost grows with every token.
EMBED_TEXT_CHARS = 240
# A relation's vector reads this many of its description's statements (sentences): two sentences a
# "mentioned near" relation joins, or the first two chunks that state a merged relation.
RELATION_STATEMENTS = 2


class LightRAGError(Exception):
    """An error a user can act on; the CLI, pages and API show its message."""


class WriteConflict(LightRAGError):
    """Another writer changed an entity or relation this write was merged on; redo the merge."""


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def relation_key(src: str, tgt: str) -> tuple[str, str]:
    """Relations are undirected: one key whatever the order of the ends."""
    return (src, tgt) if src <= tgt else (tgt, src)


@dataclass
class Document:
    id: str
    text: str
    title: str = ""
    file_path: str = ""
    subject: str = ""  # the topic the text is about (a corpus title), if known
    # The whole content of the file at file_path (a path or an upload), so a later version of
    # that file replaces this one; False for pasted text, API text and JSONL rows.
    whole_file: bool = False
    cleaned: str = ""  # what the loader left out (a book's licence), said in the indexing report
    # Pages or headings of the text (lightrag_core.places), from the file's reader; [] when it has none.
    places: list[tuple[int, str]] = field(default_factory=list)

    @property
    def hash(self) -> str:
        return content_hash(self.text)


@dataclass
class Chunk:
    id: str
    doc_id: str
    order: int
    tokens: int
    content: str
    file_path: str = ""
    embedding: np.ndarray | None = field(default=None, repr=False)
    score: float = 0.0
    # The document's places inside this chunk, offsets from its start; kept for citations.
    places: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class EntityRecord:
    """One entity as one extraction saw it in one chunk."""

    name: str
    type: str
    description: str
    chunk_id: str = ""
    file_path: str = ""


@dataclass
class RelationRecord:
    """One relationship as one extraction saw it in one chunk."""

    src: str
    tgt: str
    keywords: str
    description: str
    weight: float = 1.0
    chunk_id: str = ""
    file_path: str = ""


@dataclass
class Entity:
    """An entity merged over every chunk that mentions it."""

    name: str
    type: str
    description: str
    source_ids: list[str]
    file_paths: list[str]
    created_at: float = 0.0
    embedding: np.ndarray | None = field(default=None, repr=False)
    degree: int = 0
    score: float = 0.0

    def embed_parts(self) -> tuple[str, str]:
        """What the entity's vector is made of (graph_vectors.py): its name, and the first statement
        about it. That statement is often a sentence other entities and relations share, so it is
        embedded once for all of them."""
        return self.name, self.description.split("\n", 1)[0][:EMBED_TEXT_CHARS]


@dataclass
class Relation:
    """A relationship merged over every chunk that states it."""

    src: str
    tgt: str
    keywords: str
    description: str
    weight: float
    source_ids: list[str]
    file_paths: list[str]
    created_at: float = 0.0
    embedding: np.ndarray | None = field(default=None, repr=False)
    degree: int = 0
    score: float = 0.0

    @property
    def key(self) -> tuple[str, str]:
        return relation_key(self.src, self.tgt)

    def embed_parts(self) -> RelationParts:
        """What the relation's vector is made of (graph_vectors.py): its keywords and first statements,
        plus the names when those lack them. A statement is a sentence every relation (and often an
        entity) from it shares, and keywords and names repeat, so each is embedded once."""
        statements = tuple(f[:EMBED_TEXT_CHARS] for f in self.description.split("\n")[:RELATION_STATEMENTS] if f)
        lowered = " ".join(statements).lower()
        has_names = self.src.lower() in lowered and self.tgt.lower() in lowered
        return RelationParts(self.keywords, statements, () if has_names else (self.src, self.tgt))


class RelationParts(NamedTuple):
    keywords: str
    statements: tuple[str, ...]
    names: tuple[str, ...]  # empty when the statements hold both names


@dataclass
class DocumentInfo:
    id: str
    title: str
    file_path: str
    content_hash: str
    status: str
    error: str = ""
    chunk_count: int = 0
    entity_count: int = 0
    relation_count: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    subject: str = ""
    whole_file: bool = False  # see Document.whole_file; read again by resume


@dataclass
class GraphWrite:
    """Everything one document changes, applied by a store in one transaction."""

    document: DocumentInfo | None = None
    document_text: str = ""
    document_places: list[tuple[int, str]] = field(default_factory=list)  # with document_text
    delete_document_ids: list[str] = field(default_factory=list)
    chunks: list[Chunk] = field(default_factory=list)
    chunk_records: dict[str, dict] = field(default_factory=dict)
    delete_chunk_ids: list[str] = field(default_factory=list)
    entities: list[Entity] = field(default_factory=list)
    delete_entities: list[str] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    delete_relations: list[tuple[str, str]] = field(default_factory=list)
    # Optimistic concurrency: the source ids each merged entity / relation had when it was
    # read (None: it did not exist). The store refuses the write if any has changed since.
    expected_entities: dict[str, list[str] | None] = field(default_factory=dict)
    expected_relations: dict[tuple[str, str], list[str] | None] = field(default_factory=dict)
    # Expert decisions (lightrag_core.curation) saved in the same transaction as what they change.
    rules: list[dict] = field(default_factory=list)


@dataclass
class Neighbourhood:
    """The bounded part of the graph around some seed entities that personalized PageRank runs on.

    `entities` maps every entity in it (seeds first) to the chunks that mention it;
    `relations` are the (src, tgt, weight) edges with both ends among those entities.
    """

    seeds: list[str] = field(default_factory=list)
    entities: dict[str, list[str]] = field(default_factory=dict)
    relations: list[tuple[str, str, float]] = field(default_factory=list)
