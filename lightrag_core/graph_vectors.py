"""How chunks, entities and relations become vectors: one rule for indexing, review edits and merges.

A chunk is its text. A relation is its keywords and description
(`Relation.embed_text`). An entity is the sum of its name's vector and, at
twice the weight, its first statement's (`Entity.embed_parts`), normalised:
statements are sentences several entities and relations share, so each is
embedded once, and the name keeps entities of one sentence apart. Measured on
hotpotqa_100 against embedding name and description prefix together: local
recall@5 0.765 -> 0.775, all-gold@5 0.55 -> 0.58, with a third of the model's work.
"""

from __future__ import annotations

from collections.abc import MutableMapping

import numpy as np

from lightrag_core.embeddings import Embedder
from lightrag_core.models import Chunk, Entity, Relation

ENTITY_STATEMENT_WEIGHT = 2.0


def embed_items(embedder: Embedder, chunks: list[Chunk], entities: list[Entity], relations: list[Relation],
                memo: MutableMapping[str, np.ndarray] | None = None) -> list[str]:
    """Set `.embedding` on every item, sending each distinct text to the model once.

    `memo` holds vectors of texts seen before (it is read and filled); returns the texts embedded now.
    """
    memo = memo if memo is not None else {}
    parts = [e.embed_parts() for e in entities]
    rel_texts = [r.embed_text() for r in relations]
    wanted = [c.content for c in chunks] + [t for p in parts for t in p if t] + rel_texts
    new = [t for t in dict.fromkeys(wanted) if t not in memo]
    found = dict(zip(new, embedder.embed(new))) if new else {}

    def vector(text: str) -> np.ndarray:
        return found[text] if text in found else memo[text]

    for c in chunks:
        c.embedding = vector(c.content)
    for r, text in zip(relations, rel_texts):
        r.embedding = vector(text)
    for e, (name, statement) in zip(entities, parts):
        v = vector(name) + (ENTITY_STATEMENT_WEIGHT * vector(statement) if statement else 0.0)
        e.embedding = (v / max(float(np.linalg.norm(v)), 1e-12)).astype(np.float32)
    # Passages are long and seen once: kept only when they are also a statement or a relation text.
    graph_texts = {t for p in parts for t in p} | set(rel_texts)
    for text in new:
        if text in graph_texts:
            memo[text] = found[text]
    return new
