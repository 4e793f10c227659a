"""Expert decisions as lasting rules, and how they bend what extraction says.

A rule is a plain dict (stored as JSON by both stores): who decided what, when and why,
and whether it is still in effect. `Curation` is the set of rules in effect, read once
per run: it maps merged and renamed names to the kept one, keeps deleted entities and
relations out, and lays edited fields over what the records merge into. Every place
that rebuilds the graph from extraction records (a new document, a removal, an undo)
goes through it, so a decision outlives every rebuild until the expert undoes it.
"""

from __future__ import annotations

import dataclasses
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from lightrag_core.models import Entity, EntityRecord, LightRAGError, Relation, RelationRecord, relation_key

ACTIONS = ("approve", "flag", "edit", "rename", "merge", "delete", "create")
GRAPH_ACTIONS = ("edit", "rename", "merge", "delete", "create")  # the ones rebuilds must honour
ACTIVE, UNDONE = "active", "undone"
ENTITY_FIELDS = ("description", "type")
RELATION_FIELDS = ("description", "keywords", "weight")
MAX_ALIAS_CHAIN = 32  # merges of merges; a longer chain means a cycle

Records = list[tuple[list[EntityRecord], list[RelationRecord]]]
LowKey = tuple[str, str]


def new_rule(action: str, kind: str, target: dict[str, str], reviewer: str, comment: str = "",
             **extra: Any) -> dict[str, Any]:
    """A rule in effect from now on; `target` is {"name"} for an entity, {"src", "tgt"} for a relation."""
    if action not in ACTIONS:
        raise LightRAGError(f"unknown decision {action!r}; use one of {', '.join(ACTIONS)}")
    if kind not in ("entity", "relation"):
        raise LightRAGError(f"a decision is about an entity or a relation, not {kind!r}")
    return {"id": uuid.uuid4().hex, "action": action, "decision": action, "kind": kind, "target": dict(target),
            "item": item_label(kind, target), "comment": comment, "reviewer": reviewer, "at": time.time(),
            "state": ACTIVE, **extra}


def item_label(kind: str, target: dict[str, str]) -> str:
    return target["name"] if kind == "entity" else f"{target['src']} -> {target['tgt']}"


def _low_key(src: str, tgt: str) -> LowKey:
    return relation_key(src.lower(), tgt.lower())


@dataclass
class Curation:
    """The rules in effect, indexed for the rebuild paths; `applied` counts each rule's uses."""

    rules: list[dict[str, Any]] = field(default_factory=list)
    applied: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.rules = [r for r in self.rules if r.get("state", ACTIVE) == ACTIVE and r.get("action") in GRAPH_ACTIONS]
        self.rules.sort(key=lambda r: r.get("at", 0.0))
        self._alias: dict[str, tuple[str, str]] = {}
        self._deleted: dict[str, str] = {}
        self._deleted_rel: dict[LowKey, str] = {}
        self._edits: dict[str, list[dict]] = {}
        self._rel_edits: dict[LowKey, list[dict]] = {}
        self._created: dict[str, dict] = {}
        self._created_rel: dict[LowKey, dict] = {}
        for r in self.rules:
            t, action = r["target"], r["action"]
            if r["kind"] == "entity":
                low = t["name"].lower()
                if action in ("merge", "rename"):
                    self._alias[low] = (r["into"], r["id"])
                    self._deleted.pop(r["into"].lower(), None)  # a later merge into a name revives it
                elif action == "delete":
                    self._deleted[low] = r["id"]
                elif action == "edit":
                    self._edits.setdefault(low, []).append(r)
                elif action == "create":
                    self._created[low] = r
                    self._deleted.pop(low, None)
            else:
                key = _low_key(t["src"], t["tgt"])
                if action == "delete":
                    self._deleted_rel[key] = r["id"]
                elif action == "edit":
                    self._rel_edits.setdefault(key, []).append(r)
                elif action == "create":
                    self._created_rel[key] = r
                    self._deleted_rel.pop(key, None)

    # -- names ---------------------------------------------------------------
    def canonical(self, name: str) -> str:
        """The name a merged or renamed entity lives on as (itself when none applies)."""
        seen = 0
        while name.lower() in self._alias and seen < MAX_ALIAS_CHAIN:
            name = self._alias[name.lower()][0]
            seen += 1
        return name

    def aliases(self) -> dict[str, str]:
        """Every merged or renamed name (lower-cased) with the name it resolves to now."""
        return {low: self.canonical(low) for low in self._alias}

    def is_deleted(self, name: str) -> bool:
        return self.canonical(name).lower() in self._deleted

    # -- records ---------------------------------------------------------------
    def curate(self, records: Records) -> tuple[Records, int]:
        """The records as the rules have them, and how many were kept out by a deletion.

        Untouched records are returned as they are (the caller may normalise them in
        place); aliased ones are copies, so the stored chunk records keep what
        extraction said and an undo can rebuild from it.
        """
        out: Records = []
        kept_out = 0
        for ents, rels in records:
            new_e: list[EntityRecord] = []
            for e in ents:
                name = self._rename(e.name)
                if self._note_deleted(name):
                    kept_out += 1
                    continue
                new_e.append(e if name == e.name else dataclasses.replace(e, name=name))
            new_r: list[RelationRecord] = []
            for r in rels:
                src, tgt = self._rename(r.src), self._rename(r.tgt)
                if self._note_deleted(src) or self._note_deleted(tgt) or self._note_rel_deleted(src, tgt):
                    kept_out += 1
                    continue
                new_r.append(r if (src, tgt) == (r.src, r.tgt) else dataclasses.replace(r, src=src, tgt=tgt))
            out.append((new_e, new_r))
        return out, kept_out

    def _rename(self, name: str) -> str:
        kept = self.canonical(name)
        if kept != name:
            self.applied[self._alias[name.lower()][1]] += 1
        return kept

    def _note_deleted(self, name: str) -> bool:
        rule = self._deleted.get(name.lower())
        if rule:
            self.applied[rule] += 1
        return rule is not None

    def _note_rel_deleted(self, src: str, tgt: str) -> bool:
        rule = self._deleted_rel.get(_low_key(src, tgt))
        if rule:
            self.applied[rule] += 1
        return rule is not None

    # -- merged values -----------------------------------------------------------
    def created_entity(self, name: str) -> Entity | None:
        """The entity an expert created under this name (no provenance), to merge records onto."""
        rule = self._created.get(name.lower())
        if rule is None:
            return None
        f = rule.get("fields", {})
        return Entity(name, str(f.get("type", "unknown")), str(f.get("description", "")), [], [],
                      created_at=rule["at"])

    def created_relation(self, key: tuple[str, str]) -> Relation | None:
        rule = self._created_rel.get(_low_key(*key))
        if rule is None:
            return None
        f = rule.get("fields", {})
        return Relation(key[0], key[1], str(f.get("keywords", "")), str(f.get("description", "")),
                        float(f.get("weight", 1.0)), [], [], created_at=rule["at"])

    def apply_entity(self, ent: Entity) -> Entity:
        """`ent` with every edited field laid over it (later edits win)."""
        for rule in self._edits.get(ent.name.lower(), []):
            f = rule.get("fields", {})
            if "description" in f:
                ent.description = str(f["description"])
            if "type" in f:
                ent.type = str(f["type"])
            self.applied[rule["id"]] += 1
        return ent

    def apply_relation(self, rel: Relation) -> Relation:
        for rule in self._rel_edits.get(_low_key(rel.src, rel.tgt), []):
            f = rule.get("fields", {})
            if "description" in f:
                rel.description = str(f["description"])
            if "keywords" in f:
                rel.keywords = str(f["keywords"])
            if "weight" in f:
                rel.weight = float(f["weight"])
            self.applied[rule["id"]] += 1
        return rel


def mark_reapplied(rules: list[dict[str, Any]], applied: Counter[str], at: float) -> list[dict[str, Any]]:
    """The rules a run used, stamped with the run's time and how often they applied (to be saved)."""
    out = []
    for rule in rules:
        if applied.get(rule["id"]):
            out.append({**rule, "reapplied_at": at, "reapplied": int(applied[rule["id"]])})
    return out
