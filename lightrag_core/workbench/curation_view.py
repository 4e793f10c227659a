"""What the Review page shows of the curation: decisions in effect, what the last run re-applied,
and conflicts a person has to settle (a rule whose subject no document supports any more)."""

from __future__ import annotations

import time
from typing import Any

from lightrag_core.curation import ACTIVE, GRAPH_ACTIONS, Curation
from lightrag_core.models import relation_key
from lightrag_core.storage.base import GraphStore


def _when(at: float | None) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(at)) if at else ""


def _what(rule: dict[str, Any]) -> str:
    if rule["action"] in ("merge", "rename"):
        return f"{rule['action']} into {rule['into']}"
    if rule.get("fields"):
        return f"{rule['action']}: " + ", ".join(f"{k}={str(v)[:60]!r}" for k, v in rule["fields"].items())
    return rule["action"]


def in_effect(rules: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per rule that changes the graph and is not undone, newest first."""
    rows = [{"decision": _what(r), "item": r["item"], "kind": r["kind"], "reviewer": r.get("reviewer", ""),
             "decided": _when(r.get("at")), "last re-applied": _when(r.get("reapplied_at")),
             "times": r.get("reapplied", 0), "comment": r.get("comment", "")}
            for r in rules if r.get("state", ACTIVE) == ACTIVE and r["action"] in GRAPH_ACTIONS]
    return sorted(rows, key=lambda row: row["decided"], reverse=True)


def reapplied_by_last_run(rules: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rules the most recent indexing run (or document deletion) applied, with how often."""
    stamps = [r["reapplied_at"] for r in rules if r.get("reapplied_at") and r.get("state", ACTIVE) == ACTIVE]
    if not stamps:
        return []
    last = max(stamps)  # one run stamps every rule it used with the same time
    return [{"decision": _what(r), "item": r["item"], "applied": r.get("reapplied", 0), "run": _when(last)}
            for r in rules if r.get("reapplied_at") == last and r.get("state", ACTIVE) == ACTIVE]


def conflicts(store: GraphStore, rules: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Rules in effect that cannot hold as they stand: a person decides whether to undo or redo them."""
    cur = Curation(rules)
    out: list[dict[str, str]] = []
    names = sorted({cur.canonical(r["into"]) for r in cur.rules if r["action"] in ("merge", "rename")}
                   | {r["target"]["name"] for r in cur.rules if r["kind"] == "entity" and r["action"] == "edit"}
                   | {n for r in cur.rules if r["kind"] == "relation" for n in (r["target"]["src"],
                                                                              r["target"]["tgt"])})
    present = set(store.get_entities(names)) if names else set()
    keys = sorted({relation_key(r["target"]["src"], r["target"]["tgt"]) for r in cur.rules
                   if r["kind"] == "relation" and r["action"] in ("edit", "create")})
    rels = set(store.get_relations(keys)) if keys else set()
    for r in cur.rules:
        t = r["target"]
        if r["action"] in ("merge", "rename"):
            kept = cur.canonical(r["into"])
            if cur.is_deleted(kept):
                out.append({"item": r["item"], "decision": _what(r),
                            "conflict": f"the merge target {kept!r} was deleted by a later decision"})
            elif kept not in present:
                out.append({"item": r["item"], "decision": _what(r),
                            "conflict": f"the merge target {kept!r} is not in the graph (no document supports it)"})
        elif r["action"] == "edit" and r["kind"] == "entity" and t["name"] not in present:
            out.append({"item": r["item"], "decision": _what(r),
                        "conflict": "edited, but no document supports this entity any more"})
        elif r["action"] in ("edit", "create") and r["kind"] == "relation" and \
                relation_key(t["src"], t["tgt"]) not in rels:
            out.append({"item": r["item"], "decision": _what(r),
                        "conflict": "this relation is not in the graph any more (an end or its support is gone)"})
    return out
