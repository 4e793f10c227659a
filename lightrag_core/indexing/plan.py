"""Plan what one document changes in the graph, as pure functions of what the store holds.

The indexer reads the current state (names, entities, relations, the
document's row) and hands it here; the plan is a `GraphWrite` that is not
yet embedded. Nothing in this module touches a store, so every rule of the
merge can be tested on plain values.
"""

from __future__ import annotations

import time

from lightrag_core.curation import Curation
from lightrag_core.indexing.merge import Summariser, group_records, merge_entity, merge_relation
from lightrag_core.models import (
    PROCESSED,
    Chunk,
    Document,
    DocumentInfo,
    Entity,
    EntityRecord,
    GraphWrite,
    Relation,
    RelationRecord,
    relation_key,
)

Records = list[tuple[list[EntityRecord], list[RelationRecord]]]  # per chunk: (entities, relations)


def records_to_json(ents: list[EntityRecord], rels: list[RelationRecord]) -> dict:
    return {
        "entities": [[e.name, e.type, e.description] for e in ents],
        "relations": [[r.src, r.tgt, r.keywords, r.description, r.weight] for r in rels],
    }


def records_from_json(chunk_id: str, file_path: str, data: dict) -> tuple[list[EntityRecord], list[RelationRecord]]:
    ents = [EntityRecord(n, t, d, chunk_id, file_path) for n, t, d in data.get("entities", [])]
    rels = [RelationRecord(s, t, k, d, w, chunk_id, file_path) for s, t, k, d, w in data.get("relations", [])]
    return ents, rels


def names_in(records: Records) -> list[str]:
    """Every entity name the records mention, lower-cased (what the store resolves to stored spellings)."""
    ents = {e.name.lower() for recs, _ in records for e in recs}
    return sorted(ents | {n.lower() for _, rels in records for r in rels for n in (r.src, r.tgt)})


def plan_document(
    doc: Document,
    chunks: list[Chunk],
    records: Records,
    names: dict[str, str],
    existing_entities: dict[str, Entity],
    existing_relations: dict[tuple[str, str], Relation],
    created_at: float | None,
    summarise: Summariser,
    curation: Curation | None = None,
    curated: Records | None = None,
) -> GraphWrite:
    """The merged state this document produces on top of `existing_*`, with the versions it was merged on.

    `names` maps lower-cased names to their stored spelling, so "paris" merges into "Paris".
    The expected source ids let the store refuse the write if another writer got there first.
    `curated` are the records as the expert's rules have them (`Curation.curate`): those are
    merged, while the chunk records keep what extraction said; edited fields win over the merge.
    """
    curation = curation or Curation()
    merged_records = curated if curated is not None else records
    ent_records = [e for ents, _ in merged_records for e in ents]
    rel_records = [r for _, rels in merged_records for r in rels]
    by_entity, by_relation = group_records(ent_records, rel_records, names)
    expected_e = {n: (existing_entities[n].source_ids if n in existing_entities else None) for n in by_entity}
    expected_r = {k: (existing_relations[k].source_ids if k in existing_relations else None) for k in by_relation}
    entities = [curation.apply_entity(merge_entity(n, existing_entities.get(n), recs, summarise))
                for n, recs in by_entity.items()]
    relations = [curation.apply_relation(merge_relation(k, existing_relations.get(k), recs, summarise))
                 for k, recs in by_relation.items()]
    now = time.time()
    info = DocumentInfo(
        doc.id, doc.title, doc.file_path, doc.hash, PROCESSED, "", len(chunks), len(entities), len(relations),
        created_at=created_at or now, updated_at=now, subject=doc.subject, whole_file=doc.whole_file,
    )
    chunk_records = {c.id: records_to_json(*rec) for c, rec in zip(chunks, records)}
    return GraphWrite(document=info, chunks=chunks, chunk_records=chunk_records, entities=entities,
                      relations=relations, expected_entities=expected_e, expected_relations=expected_r)


def plan_removal(
    doc_id: str,
    chunk_ids: list[str],
    entities: dict[str, Entity],
    relations: dict[tuple[str, str], Relation],
    kept_chunks: dict[str, Chunk],
    kept_records: dict[str, dict],
    summarise: Summariser,
    curation: Curation | None = None,
) -> GraphWrite:
    """Remove a document and rebuild what it shared from the records of the chunks that stay.

    `entities` and `relations` are those the document's chunks mentioned; `kept_*` are the other
    chunks they cite. An entity or relation no remaining chunk supports is deleted, unless an
    expert created it; the records are read through the expert's rules (`curation`).
    """
    gone = set(chunk_ids)
    write = GraphWrite(delete_document_ids=[doc_id], delete_chunk_ids=chunk_ids)
    parsed = curated_records(kept_chunks, kept_records, curation or Curation())
    rebuild_into(write, entities, relations, parsed, gone, summarise, curation or Curation())
    return write


def curated_records(chunks: dict[str, Chunk], records: dict[str, dict],
                    curation: Curation) -> dict[str, tuple[list[EntityRecord], list[RelationRecord]]]:
    """Stored chunk records, parsed and read through the expert's rules."""
    parsed = {cid: records_from_json(cid, chunks[cid].file_path if cid in chunks else "", data)
              for cid, data in records.items()}
    curated, _ = curation.curate(list(parsed.values()))
    return dict(zip(parsed, curated))


def rebuild_into(
    write: GraphWrite,
    entities: dict[str, Entity],
    relations: dict[tuple[str, str], Relation],
    parsed: dict[str, tuple[list[EntityRecord], list[RelationRecord]]],
    gone: set[str],
    summarise: Summariser,
    curation: Curation,
) -> None:
    """Rebuild each entity and relation from the records of its chunks (less `gone`), or delete it.

    An expert-created one is the base the records merge onto, so it stays without support;
    edited fields are laid over the result.
    """
    for name, ent in entities.items():
        recs = [e for cid in ent.source_ids if cid not in gone and cid in parsed
                for e in parsed[cid][0] if e.name.lower() == name.lower()]
        base = curation.created_entity(name)
        if recs or base is not None:
            write.entities.append(curation.apply_entity(merge_entity(name, base, recs, summarise)))
        else:
            write.delete_entities.append(name)
    deleted = set(write.delete_entities)
    for key, rel in relations.items():
        stated = [r for cid in rel.source_ids if cid not in gone and cid in parsed
                  for r in parsed[cid][1] if relation_key(r.src, r.tgt) == key]
        base_r = curation.created_relation(key)
        if (stated or base_r is not None) and not (set(key) & deleted):
            write.relations.append(curation.apply_relation(merge_relation(key, base_r, stated, summarise)))
        else:
            write.delete_relations.append(key)
