"""Within one document, short mentions of a person or organisation merge into the full name.

spaCy tags "Ebenezer Scrooge", "Scrooge" and "Mr. Scrooge" as three people. Inside one
document, a short mention (one name token, or "Mr./Dr./Sir X") whose tokens belong to exactly
one longer name of the same type in that document becomes that name; an ambiguous one
("Nolan" with both Christopher and Jonathan Nolan present) is left alone. Titles that name a
different person ("Mrs. Cratchit" beside "Bob Cratchit") are never stripped.
"""

from __future__ import annotations

from collections import defaultdict

from lightrag_core import lexical
from lightrag_core.models import Chunk, EntityRecord, RelationRecord

Records = tuple[list[EntityRecord], list[RelationRecord]]
# Words before a name that do not change who it is ("Mr. Scrooge", "Uncle Scrooge", "Old Marley").
STRIPPED_TITLES = {"mr", "mister", "dr", "doctor", "sir", "master", "professor", "prof", "uncle", "old", "young",
                   "little", "poor", "dear", "good", "great"}
KEPT_TITLES = {"mrs", "miss", "ms", "lady", "madam", "madame"}
MERGED_TYPES = {"person", "organization"}


def _tokens(name: str) -> list[str]:
    return list(dict.fromkeys(lexical.words(name)))  # "Scrooge Scrooge" (an NER slip) is one token


def _full_form(name: str) -> set[str] | None:
    """The tokens of a full name ("Dr. John Watson" -> john, watson), or None if it is not one."""
    tokens = _tokens(name)
    if tokens and tokens[0] in STRIPPED_TITLES:
        tokens = tokens[1:]
    if len(tokens) < 2 or tokens[0] in KEPT_TITLES:
        return None
    return set(tokens)


def _short_form(name: str) -> list[str] | None:
    """The tokens to look up for a short mention, or None if the name is not a short form."""
    tokens = _tokens(name)
    if not tokens or tokens[0] in KEPT_TITLES:
        return None
    if tokens[0] in STRIPPED_TITLES:
        tokens = tokens[1:]
    return tokens if len(tokens) == 1 else None


def alias_map(names_by_type: dict[str, set[str]]) -> dict[str, str]:
    """Short name -> the one longer name of the same type that holds its token (spaCy often tags a
    lone surname as an organisation: with no organisation to match, a unique person name is used)."""
    out: dict[str, str] = {}
    full_of = {t: [(toks, n) for n in names if (toks := _full_form(n)) is not None]
               for t, names in names_by_type.items()}
    for etype, names in names_by_type.items():
        for name in names:
            short = _short_form(name)
            if short is None:
                continue
            hits = {n for toks, n in full_of[etype] if short[0] in toks and n != name}
            if not hits and etype == "organization":
                hits = {n for toks, n in full_of.get("person", []) if short[0] in toks}
            if len(hits) == 1:
                out[name] = hits.pop()
            elif not hits and _tokens(name)[0] in STRIPPED_TITLES:
                # "Mr. Scrooge" with no full name around: at least merge it with "Scrooge".
                plain = next((n for n in names if _tokens(n) == short), None)
                if plain is not None:
                    out[name] = plain
    return out


def resolve_aliases(chunks: list[Chunk], records: list[Records]) -> list[Records]:
    """The records with each document's short mentions renamed to its full names."""
    by_doc: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for chunk, (ents, _) in zip(chunks, records):
        for e in ents:
            if e.type in MERGED_TYPES:
                by_doc[chunk.doc_id][e.type].add(e.name)
    maps = {doc: alias_map(types) for doc, types in by_doc.items()}
    people = {doc: types.get("person", set()) for doc, types in by_doc.items()}
    out: list[Records] = []
    for chunk, (ents, rels) in zip(chunks, records):
        rename = maps.get(chunk.doc_id, {})
        if not rename:
            out.append((ents, rels))
            continue
        merged: dict[str, EntityRecord] = {}
        for e in ents:
            name = rename.get(e.name, e.name) if e.type in MERGED_TYPES else e.name
            etype = "person" if name != e.name and e.type == "organization" and name in people.get(chunk.doc_id, ())\
                else e.type
            if name in merged:
                if e.description not in merged[name].description:
                    merged[name].description += "\n" + e.description
            else:
                merged[name] = EntityRecord(name, etype, e.description, e.chunk_id, e.file_path)
        new_rels: dict[tuple[str, str], RelationRecord] = {}
        for r in rels:
            src, tgt = rename.get(r.src, r.src), rename.get(r.tgt, r.tgt)
            if src == tgt:
                continue  # "Scrooge" and "Ebenezer Scrooge" in one sentence are one person
            key = (src, tgt)
            if key in new_rels:
                new_rels[key].weight = max(new_rels[key].weight, r.weight)
            else:
                new_rels[key] = RelationRecord(src, tgt, r.keywords, r.description, r.weight, r.chunk_id, r.file_path)
        out.append((list(merged.values()), list(new_rels.values())))
    return out
