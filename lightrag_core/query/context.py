"""Stages 2 and 4: truncate to token budgets, and build the context with its references."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lightrag_core import tokens
from lightrag_core.models import Chunk, Entity, Relation
from lightrag_core.once import once
from lightrag_core.places import Place, span_label
from lightrag_core.query.result import SectionTokens

SEP = "<SEP>"
BUFFER_TOKENS = 200


@lru_cache(maxsize=100_000)
def _entity_line(name: str, etype: str, description: str) -> str:
    # What the model reads about an entity: no paths or dates, they only cost tokens.
    return tokens.json_line({"entity": name, "type": etype, "description": description})


@lru_cache(maxsize=100_000)
def _relation_line(src: str, tgt: str, keywords: str, description: str) -> str:
    return tokens.json_line({"entity1": src, "entity2": tgt, "keywords": keywords, "description": description})


def entity_line(e: Entity) -> str:
    """The entity as one JSON line of the context (cached: hub entities recur query after query)."""
    return _entity_line(e.name, e.type, e.description)


def relation_line(r: Relation) -> str:
    return _relation_line(r.src, r.tgt, r.keywords, r.description)


def truncate_entities(entities: list[Entity], max_tokens: int) -> list[Entity]:
    return tokens.truncate_list(entities, key=entity_line, max_tokens=max_tokens)


def truncate_relations(relations: list[Relation], max_tokens: int) -> list[Relation]:
    return tokens.truncate_list(relations, key=relation_line, max_tokens=max_tokens)


@dataclass
class Context:
    text: str
    chunks: list[Chunk]
    references: list[dict[str, Any]]
    ref_of_doc: dict[str, str]
    section_tokens: SectionTokens


def _json_block(lines: list[str]) -> str:
    return "```json\n" + "\n".join(lines) + "\n```"


def render(
    entities: list[Entity], relations: list[Relation], chunk_rows: list[dict], references: list[dict[str, Any]]
) -> str:
    parts = [
        "Knowledge graph entities:\n\n" + _json_block([entity_line(e) for e in entities]),
        "Knowledge graph relationships:\n\n" + _json_block([relation_line(r) for r in relations]),
        "Document chunks (reference_id points into the reference list):\n\n"
        + _json_block([tokens.json_line(r) for r in chunk_rows]),
        "Reference list:\n\n" + "\n".join(f"[{r['reference_id']}] {r['file_path']}" for r in references),
    ]
    return "\n\n".join(parts)


def make_references(chunks: list[Chunk]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """One reference per document, most-cited first (ties: first cited first)."""
    counts = Counter(c.doc_id for c in chunks)
    first: dict[str, tuple[int, str]] = {}
    for i, c in enumerate(chunks):
        first.setdefault(c.doc_id, (i, c.file_path))
    order = sorted(counts, key=lambda d: (-counts[d], first[d][0]))
    refs = [{"reference_id": str(n), "document_id": d, "file_path": first[d][1] or d} for n, d in enumerate(order, 1)]
    return refs, {r["document_id"]: r["reference_id"] for r in refs}


def build_context(
    entities: list[Entity],
    relations: list[Relation],
    merged_chunks: list[Chunk],
    chunk_top_k: int,
    max_total_tokens: int,
    system_template_tokens: int,
    query: str,
    conversation_tokens: int = 0,
) -> Context:
    """Cut the chunks to the tokens left after everything else, then render the sections.

    Sizes are summed from per-row counts (one batched encode per section)
    instead of re-encoding the whole context.
    """
    frame = _frame_tokens()
    entity_tokens = sum(tokens.count_many(entity_line(e) for e in entities))
    relation_tokens = sum(tokens.count_many(relation_line(r) for r in relations))
    budget = max_total_tokens - (
        system_template_tokens
        + frame
        + entity_tokens
        + relation_tokens
        + tokens.count(query)
        + conversation_tokens
        + BUFFER_TOKENS
    )
    candidates = merged_chunks[:chunk_top_k]
    counts = tokens.count_many(tokens.json_line({"reference_id": "00", "content": c.content}) for c in candidates)
    chunks = candidates[: tokens.fit_count(counts, budget)]
    references, ref_of_doc = make_references(chunks)
    rows = [{"reference_id": ref_of_doc[c.doc_id], "content": c.content} for c in chunks]
    text = render(entities, relations, rows, references)
    chunk_tokens = sum(counts[: len(chunks)])
    reference_tokens = sum(tokens.count_many(f"[{r['reference_id']}] {r['file_path']}" for r in references))
    section_tokens = SectionTokens(
        entities=entity_tokens,
        relationships=relation_tokens,
        chunks=chunk_tokens,
        references=reference_tokens,
        chunk_budget=max(budget, 0),
        system_prompt=system_template_tokens,
        total=system_template_tokens + frame + entity_tokens + relation_tokens + chunk_tokens + reference_tokens,
    )
    return Context(text, chunks, references, ref_of_doc, section_tokens)


@once
def _frame_tokens() -> int:
    """Tokens of the section headers and fences around the rows."""
    return tokens.count(render([], [], [], []))


def entity_record(e: Entity, ref_of_path: dict[str, str]) -> dict[str, Any]:
    return {
        "entity_name": e.name,
        "entity_type": e.type,
        "description": e.description,
        "source_id": SEP.join(e.source_ids),
        "file_path": SEP.join(e.file_paths),
        "created_at": e.created_at,
        "degree": e.degree,
        "score": round(e.score, 4),
        "reference_id": next((ref_of_path[p] for p in e.file_paths if p in ref_of_path), ""),
    }


def relation_record(r: Relation, ref_of_path: dict[str, str]) -> dict[str, Any]:
    return {
        "src_id": r.src,
        "tgt_id": r.tgt,
        "description": r.description,
        "keywords": r.keywords,
        "weight": r.weight,
        "source_id": SEP.join(r.source_ids),
        "file_path": SEP.join(r.file_paths),
        "created_at": r.created_at,
        "degree": r.degree,
        "score": round(r.score, 4),
        "reference_id": next((ref_of_path[p] for p in r.file_paths if p in ref_of_path), ""),
    }


def add_places(records: list[dict[str, Any]], places: dict[str, list[Place]]) -> None:
    """Give each chunk record that has them its places (offsets into its content) and one label
    for the whole chunk ("p. 12", "pp. 3–4", "§ Methods")."""
    for record in records:
        if found := places.get(record["chunk_id"]):
            record["places"] = [list(p) for p in found]
            record["location"] = span_label(found)


def chunk_record(c: Chunk, ref_of_doc: dict[str, str], origin: str) -> dict[str, Any]:
    return {
        "reference_id": ref_of_doc.get(c.doc_id, ""),
        "content": c.content,
        "file_path": c.file_path,
        "chunk_id": c.id,
        "document_id": c.doc_id,
        "tokens": c.tokens,
        "origin": origin,
    }
