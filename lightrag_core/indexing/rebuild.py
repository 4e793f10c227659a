"""Rebuild named entities and relations from what extraction says now, read through the review rules.

An undone decision leaves the graph as the records and the remaining rules have it: an
unmerged name comes back with its own relations, an undone edit returns to the merged
descriptions, an undone deletion brings the entity back from the chunks that mention it.
"""

from __future__ import annotations

from lightrag_core import lexical
from lightrag_core.curation import Curation
from lightrag_core.indexing.merge import Summariser
from lightrag_core.indexing.plan import curated_records, rebuild_into
from lightrag_core.models import Entity, GraphWrite, Relation, relation_key
from lightrag_core.storage.base import GraphStore

# An undone deletion looks for the entity's chunks by full-text search as well (what mentioned it
# after it was deleted was never linked to it); this many chunks at most.
MAX_SEARCHED_CHUNKS = 200


def chunks_naming(store: GraphStore, names: list[str]) -> set[str]:
    """Chunks whose text holds the names' words (BM25, bounded), to find records of an absent entity."""
    terms = sorted({w for n in names for w in lexical.words(n)})
    return {c.id for c in store.search_chunks_text(terms, MAX_SEARCHED_CHUNKS)} if terms else set()


def rebuild_write(
    store: GraphStore,
    names: list[str],
    keys: list[tuple[str, str]],
    chunk_ids: set[str],
    curation: Curation,
    summarise: Summariser,
    with_relations: bool = True,
) -> GraphWrite:
    """The write that rebuilds `names` (and, with `with_relations`, every relation touching them)
    and the relations `keys` from the records of their chunks and `chunk_ids`; not yet embedded."""
    stored_e = store.get_entities(names)
    stored_r = {r.key: r for r in store.relations_of(names)} if with_relations and names else {}
    stored_r.update(store.get_relations([relation_key(*k) for k in keys]) if keys else {})
    cited = set(chunk_ids) | {s for e in stored_e.values() for s in e.source_ids}
    cited |= {s for r in stored_r.values() for s in r.source_ids}
    ids = sorted(cited)
    parsed = curated_records(store.get_chunks(ids), store.get_chunk_records(ids), curation)
    lows = {n.lower() for n in names}
    spelling = {n.lower(): n for n in names}
    spelling.update({n.lower(): n for n in stored_e})  # the stored spelling wins over the asked one
    entities = {spelling[low]: Entity(spelling[low], "", "", ids, []) for low in lows}
    wanted = {relation_key(*k) for k in keys} | set(stored_r)
    for _, rels in parsed.values():
        for r in rels:
            if with_relations and (r.src.lower() in lows or r.tgt.lower() in lows):
                wanted.add(relation_key(r.src, r.tgt))
    relations = {k: Relation(k[0], k[1], "", "", 0.0, ids, []) for k in wanted}
    write = GraphWrite()
    rebuild_into(write, entities, relations, parsed, set(), summarise, curation)
    # Only what is stored needs deleting; a relation needs both ends (rebuilt here or stored).
    write.delete_entities = [n for n in write.delete_entities if n in stored_e]
    write.delete_relations = [k for k in write.delete_relations if k in stored_r]
    kept = {e.name for e in write.entities}
    ends = sorted({n for r in write.relations for n in r.key} - kept)
    present = set(store.get_entities(ends)) if ends else set()
    write.relations = [r for r in write.relations if set(r.key) <= kept | present]
    write.expected_entities = {n: stored_e[n].source_ids if n in stored_e else None for n in entities}
    write.expected_relations = {k: stored_r[k].source_ids if k in stored_r else None for k in relations}
    return write
