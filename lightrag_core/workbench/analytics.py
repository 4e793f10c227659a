"""Graph statistics for people reviewing graph quality: degrees, hubs, components, duplicates."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

import numpy as np

from lightrag_core.embeddings import Embedder
from lightrag_core.models import Entity, Relation
from lightrag_core.storage.base import GraphStore


@dataclass
class GraphSummary:
    entities: list[Entity]
    relations: list[Relation]
    # Computed once per summary (a snapshot is shared across reruns until the graph changes).
    _components: list[list[str]] | None = field(default=None, repr=False, compare=False)
    # From the store when the entities are an outline (no provenance to count from).
    cited: list[tuple[str, int]] | None = field(default=None, repr=False, compare=False)
    _by_degree: list[Entity] | None = field(default=None, repr=False, compare=False)

    @property
    def degrees(self) -> list[int]:
        return [e.degree for e in self.entities]

    def hubs(self, n: int = 20) -> list[Entity]:
        if self._by_degree is None:
            self._by_degree = sorted(self.entities, key=lambda e: (-e.degree, e.name))
        return self._by_degree[:n]

    def orphans(self) -> list[Entity]:
        return [e for e in self.entities if e.degree == 0]

    def type_counts(self) -> dict[str, int]:
        return dict(Counter(e.type for e in self.entities).most_common())

    def components(self) -> list[list[str]]:
        """Connected components, largest first (union-find over the relations)."""
        if self._components is None:
            self._components = self._find_components()
        return self._components

    def _find_components(self) -> list[list[str]]:
        parent = {e.name: e.name for e in self.entities}

        def find(x: str) -> str:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for r in self.relations:
            if r.src in parent and r.tgt in parent:
                a, b = find(r.src), find(r.tgt)
                if a != b:
                    parent[a] = b
        groups: dict[str, list[str]] = {}
        for name in parent:
            groups.setdefault(find(name), []).append(name)
        return sorted(groups.values(), key=lambda g: (-len(g), min(g)))

    def degree_histogram(self, bins: int = 12) -> list[tuple[str, int]]:
        """(degree range, entities in it) in increasing order, on log-spaced bins: degrees are heavy-tailed.

        Ranges are inclusive ("0", "1", "2-3", "4-7", …) so the labels read as numbers, in order.
        """
        degrees = np.array(self.degrees or [0])
        top = int(degrees.max())
        uppers = sorted({0, *np.unique(np.logspace(0, np.log10(max(top, 1) + 1), bins).astype(int)).tolist()})
        uppers = [u for u in uppers if u <= top] or [0]
        if uppers[-1] < top:
            uppers.append(top)
        out: list[tuple[str, int]] = []
        low = 0
        for high in uppers:
            count = int(((degrees >= low) & (degrees <= high)).sum())
            out.append((str(low) if low == high else f"{low}-{high}", count))
            low = high + 1
        return out

    def weight_histogram(self, bins: int = 10) -> list[tuple[float, int]]:
        """(lower weight of the bin, relations in it)."""
        weights = np.array([r.weight for r in self.relations] or [0.0])
        counts, starts = np.histogram(weights, bins=bins)
        return [(round(float(s), 2), int(c)) for s, c in zip(starts[:-1], counts)]

    def most_cited_chunks(self, n: int = 20) -> list[tuple[str, int]]:
        if self.cited is not None:
            return self.cited[:n]
        counts = Counter(cid for e in self.entities for cid in e.source_ids)
        return counts.most_common(n)


def summarise_graph(store: GraphStore) -> GraphSummary:
    return GraphSummary(store.all_entities(), store.all_relations())


@dataclass(frozen=True)
class EntityLookup:
    """What a typed name finds: the entity it names in any case, else the names that hold it."""

    name: str | None
    suggestions: list[str] = field(default_factory=list)


def find_entity(store: GraphStore, typed: str, entities: list[Entity], limit: int = 10) -> EntityLookup:
    """The entity `typed` names, ignoring case ("ebenezer scrooge" finds "Ebenezer Scrooge"), through the store's
    `resolve_names` (every backend keeps the same lower-cased name); when it names none, the names that hold it
    (any case), most connected first, from `entities` (the graph snapshot)."""
    exact, key = typed.strip(), typed.strip().lower()
    if not key:
        return EntityLookup(None)
    if store.get_entities([exact]):  # as typed first: "Paris" beside "PARIS" is Paris
        return EntityLookup(exact)
    variants = sorted(e.name for e in entities if e.name.lower() == key)
    if len(variants) > 1:  # "paris" with both "Paris" and "PARIS": the reader picks
        return EntityLookup(None, variants[:limit])
    found = store.resolve_names([key]).get(key)
    if found is not None:
        return EntityLookup(found)
    holding = sorted((e for e in entities if key in e.name.lower()), key=lambda e: (-e.degree, e.name))
    return EntityLookup(None, [e.name for e in holding[:limit]])


def neighbourhood(store: GraphStore, name: str, depth: int = 1, node_cap: int = 150
                  ) -> tuple[list[Entity], list[Relation]]:
    """Entities within `depth` hops of `name` (breadth first, up to `node_cap`), and the relations among them."""
    seen = {name}
    frontier = [name]
    relations: dict[tuple[str, str], Relation] = {}
    for _ in range(max(depth, 0)):
        if not frontier or len(seen) >= node_cap:
            break
        nxt = []
        for rel in store.relations_of(frontier):
            for end in (rel.src, rel.tgt):
                if end not in seen and len(seen) < node_cap:
                    seen.add(end)
                    nxt.append(end)
            if rel.src in seen and rel.tgt in seen:
                relations[rel.key] = rel
        frontier = nxt
    entities = store.entities_with_degree(sorted(seen))
    return entities, list(relations.values())


def duplicate_candidates(entities: list[Entity], embedder: Embedder, min_name: float = 0.82,
                         min_embedding: float = 0.8, limit: int = 200) -> list[dict]:
    """Pairs of entities that look like one thing: similar names and similar name embeddings.

    Names are blocked by their first three letters so the comparison stays
    well below quadratic; each candidate pair is then scored by string
    similarity and by the cosine of the names' embeddings.
    """
    blocks: dict[str, list[Entity]] = {}
    for e in entities:
        key = "".join(ch for ch in e.name.lower() if ch.isalnum())[:3]
        if key:
            blocks.setdefault(key, []).append(e)
    pairs: list[tuple[Entity, Entity, float]] = []
    for group in blocks.values():
        if len(group) > 400:  # a huge block is a common prefix, not a duplicate cluster
            group = sorted(group, key=lambda e: -e.degree)[:400]
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                ratio = SequenceMatcher(None, a.name.lower(), b.name.lower()).ratio()
                contained = a.name.lower() in b.name.lower() or b.name.lower() in a.name.lower()
                if ratio >= min_name or contained:
                    pairs.append((a, b, ratio))
    if not pairs:
        return []
    names = sorted({x.name for a, b, _ in pairs for x in (a, b)})
    vectors = dict(zip(names, embedder.embed(names)))
    out: list[dict[str, Any]] = []
    for a, b, ratio in pairs:
        cosine = float(np.dot(vectors[a.name], vectors[b.name]))
        if cosine >= min_embedding:
            keep, drop = (a, b) if (a.degree, len(a.source_ids)) >= (b.degree, len(b.source_ids)) else (b, a)
            out.append({"keep": keep.name, "merge": drop.name, "name_similarity": round(ratio, 3),
                        "embedding_similarity": round(cosine, 3), "same_type": a.type == b.type})
    out.sort(key=lambda d: -(d["name_similarity"] + d["embedding_similarity"]))
    return out[:limit]
