"""An expert's decisions: each changes the graph now and is kept as a rule that every rebuild applies.

A decision and the graph change it makes are one transaction (`GraphWrite.rules`). Edits
re-embed what they change; merges move the merged entity's relations onto the kept one;
undoing a decision rebuilds what it touched from the records under the remaining rules.
Every call is also appended to the review log (`save_review`) with the reviewer's name.
"""

from __future__ import annotations

import time
from typing import Any

from lightrag_core.curation import ACTIVE, UNDONE, Curation, new_rule
from lightrag_core.embeddings import Embedder
from lightrag_core.graph_vectors import embed_items
from lightrag_core.indexing.merge import FRAGMENT_SEP, Summariser, merge_relation
from lightrag_core.indexing.rebuild import chunks_naming, rebuild_write
from lightrag_core.models import Entity, GraphWrite, LightRAGError, Relation, RelationRecord, relation_key
from lightrag_core.storage.base import GraphStore

MAX_NAME = 300
MAX_TEXT = 20_000


def _text(value: object, what: str, limit: int = MAX_TEXT, required: bool = True) -> str:
    text = str(value if value is not None else "").strip()
    if required and not text:
        raise LightRAGError(f"{what} must not be empty")
    if len(text) > limit:
        raise LightRAGError(f"{what} is {len(text)} characters long; at most {limit} are accepted")
    return text


def _weight(value: object) -> float:
    try:
        w = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise LightRAGError(f"a relation's weight must be a number, not {value!r}") from None
    if not (0.0 <= w <= 1e6):
        raise LightRAGError(f"a relation's weight must be between 0 and 1000000, not {w}")
    return w


def parse_item(kind: str, item: str) -> dict[str, str]:
    """A history item ("Name", or "Source -> Target" for a relation) as a rule target."""
    if kind == "relation":
        src, sep, tgt = item.partition(" -> ")
        if not sep or not src.strip() or not tgt.strip():
            raise LightRAGError(f"a relation is named 'source -> target', not {item!r}")
        return {"src": src.strip(), "tgt": tgt.strip()}
    return {"name": _text(item, "an entity name", MAX_NAME)}


class Reviewer:
    def __init__(self, store: GraphStore, embedder: Embedder, summarise: Summariser, reviewer: str = "",
                 workspace: str = "") -> None:
        self.store = store
        self.embedder = embedder
        self.summarise = summarise
        self.reviewer = reviewer
        self.workspace = workspace  # recorded with each decision: one server may serve several workspaces

    # -- bookkeeping ---------------------------------------------------------
    def _commit(self, rule: dict[str, Any], write: GraphWrite | None = None) -> dict[str, Any]:
        """Apply the decision's change and the rule in one transaction, then log the call."""
        write = write or GraphWrite()
        write.rules.append(rule)
        if write.entities or write.relations:
            embed_items(self.embedder, [], write.entities, write.relations)
        self.store.apply(write)
        self.log_call(rule["kind"], rule["item"], rule["action"], rule.get("comment", ""), rule.get("detail", ""))
        return rule

    def log_call(self, kind: str, item: str, decision: str, comment: str, detail: str) -> None:
        self.store.save_review({"kind": kind, "item": item, "decision": decision, "comment": comment,
                                "detail": detail, "reviewer": self.reviewer, "at": time.time()})

    def _rule(self, action: str, kind: str, target: dict[str, str], comment: str, **extra: Any) -> dict[str, Any]:
        if self.workspace:
            extra["workspace"] = self.workspace
        return new_rule(action, kind, target, self.reviewer, _text(comment, "a comment", required=False), **extra)

    def _entity(self, name: str) -> Entity:
        found = self.store.get_entities([name]).get(name)
        if found is None:
            raise LightRAGError(f"no entity named {name!r}")
        return found

    def _relation(self, src: str, tgt: str) -> Relation:
        key = relation_key(src, tgt)
        rel = self.store.get_relations([key]).get(key)
        if rel is None:
            raise LightRAGError(f"no relation between {src!r} and {tgt!r}")
        return rel

    # -- decisions without a graph change ---------------------------------------
    def approve(self, kind: str, item: str, comment: str = "") -> dict[str, Any]:
        return self._commit(self._rule("approve", kind, parse_item(kind, item), comment))

    def flag(self, kind: str, item: str, comment: str) -> dict[str, Any]:
        if not comment.strip():
            raise LightRAGError("a flag needs a comment saying what is wrong")
        return self._commit(self._rule("flag", kind, parse_item(kind, item), comment))

    # -- edits -----------------------------------------------------------------
    def edit_entity(self, name: str, description: str, etype: str, comment: str = "") -> dict[str, Any]:
        return self.edit_entity_fields(name, {"description": description, "type": etype}, comment)

    def edit_entity_fields(self, name: str, fields: dict[str, Any], comment: str = "") -> dict[str, Any]:
        """Pin the given fields (description, type); those that differ from the graph, or all if none do."""
        ent = self._entity(name)
        clean = {k: _text(v, f"the {k}", MAX_NAME if k == "type" else MAX_TEXT)
                 for k, v in fields.items() if k in ("description", "type")}
        if not clean:
            raise LightRAGError("an entity edit changes its description or type")
        if "type" in clean:
            clean["type"] = clean["type"].lower()
        changed = {k: v for k, v in clean.items() if getattr(ent, k) != v} or clean
        before = f"type={ent.type!r}; description={ent.description[:200]!r}"
        ent.description = changed.get("description", ent.description)
        ent.type = changed.get("type", ent.type)
        rule = self._rule("edit", "entity", {"name": name}, comment, fields=changed, detail=before)
        return self._commit(rule, GraphWrite(entities=[ent]))

    def edit_relation(self, src: str, tgt: str, keywords: str, description: str, weight: float,
                      comment: str = "") -> dict[str, Any]:
        return self.edit_relation_fields(src, tgt, {"keywords": keywords, "description": description,
                                                    "weight": weight}, comment)

    def edit_relation_fields(self, src: str, tgt: str, fields: dict[str, Any], comment: str = "") -> dict[str, Any]:
        rel = self._relation(src, tgt)
        clean: dict[str, Any] = {}
        for k, v in fields.items():
            if k == "weight":
                clean[k] = _weight(v)
            elif k in ("keywords", "description"):
                clean[k] = _text(v, f"the relation's {k}", required=k == "description")
        if not clean:
            raise LightRAGError("a relation edit changes its description, keywords or weight")
        changed = {k: v for k, v in clean.items() if getattr(rel, k) != v} or clean
        before = f"keywords={rel.keywords!r}; weight={rel.weight}"
        for k, v in changed.items():
            setattr(rel, k, v)
        rule = self._rule("edit", "relation", {"src": rel.src, "tgt": rel.tgt}, comment, fields=changed,
                          detail=before)
        return self._commit(rule, GraphWrite(relations=[rel]))

    # -- deletions ----------------------------------------------------------------
    def delete_entity(self, name: str, comment: str = "") -> dict[str, Any]:
        ent = self._entity(name)
        rels = self.store.relations_of([name])
        # The chunks that supported it, so an undo finds its records again.
        support = sorted(set(ent.source_ids) | {s for r in rels for s in r.source_ids})
        rule = self._rule("delete", "entity", {"name": name}, comment, support=support,
                          detail=f"{len(rels)} relation{'' if len(rels) == 1 else 's'} went with it")
        return self._commit(rule, GraphWrite(delete_entities=[name]))

    def delete_relation(self, src: str, tgt: str, comment: str = "") -> dict[str, Any]:
        rel = self._relation(src, tgt)
        rule = self._rule("delete", "relation", {"src": rel.src, "tgt": rel.tgt}, comment,
                          support=list(rel.source_ids))
        return self._commit(rule, GraphWrite(delete_relations=[rel.key]))

    # -- creations -----------------------------------------------------------------
    def create_entity(self, name: str, etype: str, description: str, comment: str = "") -> dict[str, Any]:
        name = _text(name, "an entity name", MAX_NAME)
        if self.store.resolve_names([name.lower()]):
            raise LightRAGError(f"an entity named {name!r} already exists")
        fields = {"type": _text(etype or "unknown", "the type", MAX_NAME).lower(),
                  "description": _text(description, "the description")}
        ent = Entity(name, fields["type"], fields["description"], [], [], created_at=time.time())
        rule = self._rule("create", "entity", {"name": name}, comment, fields=fields)
        return self._commit(rule, GraphWrite(entities=[ent]))

    def create_relation(self, src: str, tgt: str, keywords: str, description: str, weight: float = 1.0,
                        comment: str = "") -> dict[str, Any]:
        a, b = self._entity(src).name, self._entity(tgt).name
        if a == b:
            raise LightRAGError("a relation joins two different entities")
        key = relation_key(a, b)
        if self.store.get_relations([key]):
            raise LightRAGError(f"a relation between {a!r} and {b!r} already exists; edit it instead")
        kw, desc, w = _text(keywords, "the keywords", required=False), _text(description, "the description"), \
            _weight(weight)
        fields: dict[str, Any] = {"keywords": kw, "description": desc, "weight": w}
        rel = Relation(key[0], key[1], kw, desc, w, [], [], created_at=time.time())
        rule = self._rule("create", "relation", {"src": key[0], "tgt": key[1]}, comment, fields=fields)
        return self._commit(rule, GraphWrite(relations=[rel]))

    # -- merges and renames ------------------------------------------------------------
    def merge_many(self, sources: list[str], target: str, comment: str = "") -> list[dict[str, Any]]:
        """Merge several entities into `target`, as LightRAG does: when `target` does not exist,
        the first source is renamed to it and the others merge into it."""
        sources = [s for s in dict.fromkeys(sources) if s != target]
        if not sources:
            raise LightRAGError("name at least one entity to merge other than the target")
        for name in sources:
            self._entity(name)
        done = []
        if not self.store.get_entities([target]):
            done.append(self.rename_entity(sources.pop(0), target, comment))
        done += [self.merge_entities(target, name, comment) for name in sources]
        return done

    def merge_entities(self, keep: str, merge: str, comment: str = "") -> dict[str, Any]:
        """Fold `merge` into `keep`: descriptions, sources and relations; `merge` is removed and
        stays an alias of `keep` (its name in new documents lands on `keep`)."""
        if keep == merge:
            raise LightRAGError("cannot merge an entity into itself")
        self._entity(keep)
        return self._fold(merge, keep, "merge", comment)

    def rename_entity(self, name: str, new_name: str, comment: str = "") -> dict[str, Any]:
        new_name = _text(new_name, "the new name", MAX_NAME)
        if new_name == name:
            raise LightRAGError("the new name is the entity's name")
        if self.store.get_entities([new_name]):
            raise LightRAGError(f"an entity named {new_name!r} exists; merge into it instead")
        return self._fold(name, new_name, "rename", comment)

    def _fold(self, old: str, new: str, action: str, comment: str) -> dict[str, Any]:
        b = self._entity(old)
        a = self.store.get_entities([new]).get(new)
        if a is None:  # a rename: the entity lives on under the new name
            a = Entity(new, b.type, b.description, list(b.source_ids), list(b.file_paths), b.created_at)
        else:
            fragments = a.description.split(FRAGMENT_SEP) + b.description.split(FRAGMENT_SEP)
            a.description = self.summarise("entity", new, fragments)
            a.source_ids = list(dict.fromkeys(a.source_ids + b.source_ids))
            a.file_paths = list(dict.fromkeys(a.file_paths + b.file_paths))
        write = GraphWrite(entities=[Curation(self.store.list_rules()).apply_entity(a)], delete_entities=[old])
        existing = {r.key: r for r in self.store.relations_of([new])}
        for rel in self.store.relations_of([old]):
            other = rel.tgt if rel.src == old else rel.src
            if other == new:
                continue  # the relation between the two disappears with the merge
            key = relation_key(new, other)
            record = RelationRecord(key[0], key[1], rel.keywords, rel.description, rel.weight)
            moved = merge_relation(key, existing.get(key), [record], self.summarise)
            moved.source_ids = list(dict.fromkeys((existing[key].source_ids if key in existing else [])
                                                  + rel.source_ids))
            write.relations.append(moved)
        verb = "merged" if action == "merge" else "renamed"
        rule = self._rule(action, "entity", {"name": old}, comment, into=new,
                          detail=f"{verb} {old!r} into {new!r}")
        return self._commit(rule, write)

    # -- undo ---------------------------------------------------------------------
    def undo(self, rule_id: str, comment: str = "") -> dict[str, Any]:
        """Take a decision back: the rule stops applying and what it touched is rebuilt from what
        extraction says now (under the rules still in effect)."""
        rules = self.store.list_rules()
        rule = next((r for r in rules if r["id"] == rule_id), None)
        if rule is None:
            raise LightRAGError(f"no review decision with id {rule_id!r}")
        if rule.get("state", ACTIVE) != ACTIVE:
            raise LightRAGError(f"that decision ({rule['action']} {rule['item']!r}) was already undone")
        undone = {**rule, "state": UNDONE, "undone_at": time.time(), "undone_by": self.reviewer,
                  "undo_comment": _text(comment, "a comment", required=False)}
        curation = Curation([undone if r["id"] == rule_id else r for r in rules])
        write = self.affected_write(rule, curation)
        write.rules.append(undone)
        if write.entities or write.relations:
            embed_items(self.embedder, [], write.entities, write.relations)
        self.store.apply(write)
        self.log_call(rule["kind"], rule["item"], "undo", comment, f"undid {rule['action']} (rule {rule_id})")
        return undone

    def affected_write(self, rule: dict[str, Any], curation: Curation) -> GraphWrite:
        """What `rule` touches, rebuilt from the records under `curation` (with the rule in it when it is
        being applied, e.g. imported; without it when it is being undone). Not yet embedded."""
        action, t = rule["action"], rule["target"]
        if action in ("approve", "flag"):
            return GraphWrite()
        support = set(rule.get("support", []))
        if rule["kind"] == "relation":
            key = relation_key(t["src"], t["tgt"])
            ends = self.store.get_entities(list(key))
            support |= {s for e in ends.values() for s in e.source_ids}
            return rebuild_write(self.store, [], [key], support, curation, self.summarise, with_relations=False)
        if action in ("merge", "rename"):
            kept = curation.canonical(rule["into"])
            return rebuild_write(self.store, [t["name"], kept], [], support, curation, self.summarise)
        if action == "delete":  # its chunks since: those naming it, or a name merged into it
            merged = [a for a, kept in curation.aliases().items() if kept.lower() == t["name"].lower()]
            support |= chunks_naming(self.store, [t["name"], *merged])
        return rebuild_write(self.store, [t["name"]], [], support, curation, self.summarise,
                             with_relations=action != "edit")

    # -- history ------------------------------------------------------------------
    def history(self) -> list[dict[str, Any]]:
        """Every decision, newest first, with its state (in effect or undone)."""
        return history(self.store)


def history(store: GraphStore) -> list[dict[str, Any]]:
    """The decisions as review records (kind, item, decision, comment, detail, reviewer, at) plus the
    rule's id, state and what it holds; newest first. Decisions logged before this workspace kept
    rules are listed too, with state "recorded" (they cannot be undone)."""
    rules = store.list_rules()
    out = [{**r, "decision": r["action"], "detail": r.get("detail", "")} for r in rules]
    own = [r["at"] for r in rules if "imported_by" not in r]
    first = min(own) if own else float("inf")
    out += [{**r, "state": "recorded", "id": ""} for r in store.list_reviews() if r["at"] < first - 1.0]
    return sorted(out, key=lambda r: -r["at"])
