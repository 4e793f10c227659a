"""Merge extraction records into graph entities and relations.

The same entity (same name, ignoring case) seen in many chunks becomes one
node: its type is the majority type, its descriptions are joined until a
token threshold and then summarised, and its source chunks and files
accumulate. Relations merge the same way, with weights summed.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Iterable

from lightrag_core import prompts, tokens
from lightrag_core.llm import ChatLLM
from lightrag_core.models import Entity, EntityRecord, Relation, RelationRecord, relation_key

MAX_SOURCE_IDS = 300
FRAGMENT_SEP = "\n"


def _unique(items: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for item in items:
        item = item.strip()
        if item and item not in seen:
            seen[item] = None
    return list(seen)


class Summariser:
    """Shortens joined descriptions: by the LLM when configured, extractively otherwise."""

    def __init__(self, llm: ChatLLM | None, max_tokens: int = 500, max_fragments: int = 8) -> None:
        self.llm = llm
        self.max_tokens = max_tokens
        self.max_fragments = max_fragments

    def __call__(self, kind: str, name: str, fragments: list[str]) -> str:
        fragments = _unique(fragments)
        joined = FRAGMENT_SEP.join(fragments)
        if tokens.count(joined) <= self.max_tokens and (self.llm is None or len(fragments) < self.max_fragments):
            return joined
        if self.llm is None:
            return self._extractive(fragments)
        return self._map_reduce(kind, name, fragments)

    def _extractive(self, fragments: list[str]) -> str:
        # Keep whole fragments, earliest first, while they fit: no sentence is cut.
        kept = tokens.truncate_list(fragments, key=lambda f: f + FRAGMENT_SEP, max_tokens=self.max_tokens)
        return FRAGMENT_SEP.join(kept or [tokens.truncate_text(fragments[0], self.max_tokens)])

    def _map_reduce(self, kind: str, name: str, fragments: list[str]) -> str:
        assert self.llm is not None
        budget = max(self.max_tokens * 4, 2000)  # what one summary call may read
        while True:
            groups: list[list[str]] = [[]]
            size = 0
            for frag in fragments:
                n = tokens.count(frag)
                if groups[-1] and size + n > budget:
                    groups.append([])
                    size = 0
                groups[-1].append(tokens.truncate_text(frag, budget))
                size += n
            summaries = [self._summarise_once(kind, name, g) for g in groups]
            if len(summaries) == 1:
                return summaries[0]
            fragments = summaries

    def _summarise_once(self, kind: str, name: str, fragments: list[str]) -> str:
        assert self.llm is not None
        prompt = prompts.SUMMARY.format(
            kind=kind,
            name=name,
            max_words=int(self.max_tokens * 0.7),
            descriptions="\n".join(f"- {f}" for f in fragments),
        )
        reply = self.llm.complete([("user", prompt)], kind="summary").strip()
        # Small models often echo the example's lead-in before the text itself.
        reply = _LEAD_IN.sub("", reply).strip()
        return reply or self._extractive(fragments)


_LEAD_IN = re.compile(r"^(?:the )?(?:merged )?description(?: is)?\s*:\s*", re.IGNORECASE)


def merge_entity(name: str, existing: Entity | None, records: list[EntityRecord], summarise: Summariser) -> Entity:
    types: Counter[str] = Counter(r.type for r in records)
    fragments: list[str] = []
    source_ids: list[str] = []
    file_paths: list[str] = []
    created = time.time()
    if existing is not None:
        types[existing.type] += max(1, len(existing.source_ids))
        fragments += existing.description.split(FRAGMENT_SEP)
        source_ids += existing.source_ids
        file_paths += existing.file_paths
        created = existing.created_at or created
    for rec in records:
        fragments += rec.description.split(FRAGMENT_SEP)
        source_ids.append(rec.chunk_id)
        file_paths.append(rec.file_path)
    # Majority type; ties go to the most specific (anything but unknown/concept).
    ranked = sorted(types.items(), key=lambda kv: (-kv[1], kv[0] in {"unknown", "concept"}, kv[0]))
    return Entity(
        name=name,
        type=ranked[0][0] if ranked else "unknown",
        description=summarise("entity", name, fragments),
        source_ids=_unique(source_ids)[-MAX_SOURCE_IDS:],
        file_paths=_unique(file_paths)[-MAX_SOURCE_IDS:],
        created_at=created,
    )


def merge_relation(
    key: tuple[str, str], existing: Relation | None, records: list[RelationRecord], summarise: Summariser
) -> Relation:
    keywords: list[str] = []
    fragments: list[str] = []
    source_ids: list[str] = []
    file_paths: list[str] = []
    weight = 0.0
    created = time.time()
    if existing is not None:
        keywords += existing.keywords.split(",")
        fragments += existing.description.split(FRAGMENT_SEP)
        source_ids += existing.source_ids
        file_paths += existing.file_paths
        weight += existing.weight
        created = existing.created_at or created
    for rec in records:
        keywords += rec.keywords.split(",")
        fragments += rec.description.split(FRAGMENT_SEP)
        source_ids.append(rec.chunk_id)
        file_paths.append(rec.file_path)
        weight += rec.weight
    src, tgt = key
    return Relation(
        src=src,
        tgt=tgt,
        keywords=", ".join(_unique(keywords)[:20]),
        description=summarise("relationship", f"{src} - {tgt}", fragments),
        weight=round(weight, 4),
        source_ids=_unique(source_ids)[-MAX_SOURCE_IDS:],
        file_paths=_unique(file_paths)[-MAX_SOURCE_IDS:],
        created_at=created,
    )


def group_records(
    entity_records: list[EntityRecord], relation_records: list[RelationRecord], names: dict[str, str]
) -> tuple[dict[str, list[EntityRecord]], dict[tuple[str, str], list[RelationRecord]]]:
    """Group records by entity and by relation key.

    `names` maps a lower-cased name to the name already stored for it, so
    "Apple" and "APPLE" join the node that exists; new names keep the first
    spelling seen.
    """
    by_entity: dict[str, list[EntityRecord]] = {}
    for rec in entity_records:
        name = names.setdefault(rec.name.lower(), rec.name)
        rec.name = name
        by_entity.setdefault(name, []).append(rec)
    by_relation: dict[tuple[str, str], list[RelationRecord]] = {}
    for rel in relation_records:
        rel.src = names.setdefault(rel.src.lower(), rel.src)
        rel.tgt = names.setdefault(rel.tgt.lower(), rel.tgt)
        if rel.src == rel.tgt:
            continue
        by_relation.setdefault(relation_key(rel.src, rel.tgt), []).append(rel)
    return by_entity, by_relation
