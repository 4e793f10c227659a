"""A workspace's review decisions as JSON, to move them to another workspace or store.

Export is every rule, in effect or undone. Import checks each rule's shape, adds the ones the
workspace does not hold yet (by id, so importing twice adds nothing) in one transaction, and
then applies each new rule in effect to the graph there: what it names is rebuilt from that
workspace's records under its rules, so a merge, deletion or edit holds at once and on every
later rebuild, and one whose entity is not (yet) there waits for the document that brings it.
"""

from __future__ import annotations

import time
from typing import Any

from lightrag_core.curation import ACTIONS, ACTIVE, GRAPH_ACTIONS, UNDONE, Curation, item_label
from lightrag_core.graph_vectors import embed_items
from lightrag_core.models import GraphWrite, LightRAGError
from lightrag_core.workbench.curate import MAX_NAME, MAX_TEXT, Reviewer, _text, _weight

FORMAT = "graph-rag-workbench-curation"
VERSION = 1
MAX_RULES = 10_000
MAX_SUPPORT = 5_000
# Times are seconds since 1970 up to the end of year 9999: what time.gmtime and the pages can show.
LATEST_TIME = 253_402_300_799.0
# The fields an edit or a creation pins, per kind; the graph reads each back as text or as a weight.
FIELD_KEYS = {"entity": ("description", "type"), "relation": ("description", "keywords", "weight")}
# What a rule may carry; anything else in an import is dropped, and so are the other workspace's
# run stamps (reapplied_at, reapplied), which say nothing about this one.
KEPT_KEYS = ("id", "action", "kind", "target", "comment", "reviewer", "at", "state", "fields", "into", "support",
             "detail", "undone_at", "undone_by", "undo_comment")


def export_curation(reviewer: Reviewer) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "exported_at": time.time(), "rules": reviewer.store.list_rules()}


def _str(rule: dict, key: str, limit: int = MAX_NAME, required: bool = True) -> str:
    value = rule.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()) or len(value) > limit:
        raise LightRAGError(f"rule {rule.get('id', '?')!r}: {key!r} must be a non-empty text of at most {limit} "
                            "characters" if required else f"rule {rule.get('id', '?')!r}: {key!r} is too long")
    return value


def _time(rule: dict, key: str, default: float | None = None) -> None:
    value = rule.get(key, default)
    # JSON bodies may carry NaN and Infinity (Python's parser takes them); a stored one broke every page and
    # export that shows the time, and a null one the rebuild's ordering.
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (0 <= value <= LATEST_TIME):
        raise LightRAGError(f"rule {rule.get('id', '?')!r}: {key!r} is a time in seconds (0 to {LATEST_TIME:.0f})")


def _fields(rule: dict) -> dict[str, Any]:
    """The rule's fields, checked as the Reviewer checks its own edits: an imported weight of NaN, or one
    that is not a number, otherwise reached the graph and failed every query and rebuild that read it."""
    fields = rule.get("fields", {})
    allowed = FIELD_KEYS[rule["kind"]]
    if not isinstance(fields, dict) or not set(fields) <= set(allowed):
        raise LightRAGError(f"rule {rule['id']!r}: fields of a{'n' if rule['kind'] == 'entity' else ''} "
                            f"{rule['kind']} are {', '.join(allowed)}")
    out: dict[str, Any] = {}
    for key, value in fields.items():
        if key == "weight":
            out[key] = _weight(value)
        elif not isinstance(value, str):
            raise LightRAGError(f"rule {rule['id']!r}: the {key} is a text")
        else:
            out[key] = _text(value, f"rule {rule['id']!r}: the {key}", MAX_NAME if key == "type" else MAX_TEXT,
                             required=False)
    return out


def check_rule(raw: Any) -> dict[str, Any]:
    """One imported rule, checked field by field (an import is all or nothing)."""
    if not isinstance(raw, dict):
        raise LightRAGError("each rule is a JSON object")
    rule = {k: raw[k] for k in KEPT_KEYS if k in raw}
    _str(rule, "id", 64)
    if rule.get("action") not in ACTIONS:
        raise LightRAGError(f"rule {rule['id']!r}: unknown action {rule.get('action')!r}")
    if rule.get("kind") not in ("entity", "relation"):
        raise LightRAGError(f"rule {rule['id']!r}: kind is entity or relation")
    target = rule.get("target")
    keys = ("name",) if rule["kind"] == "entity" else ("src", "tgt")
    if not isinstance(target, dict) or set(target) != set(keys):
        raise LightRAGError(f"rule {rule['id']!r}: target holds {', '.join(keys)}")
    for k in keys:
        _str(target, k)
    if rule["action"] in ("merge", "rename"):
        if rule["kind"] != "entity":
            raise LightRAGError(f"rule {rule['id']!r}: only entities are merged or renamed")
        _str(rule, "into")
    _time(rule, "at")
    if rule.get("state", ACTIVE) not in (ACTIVE, UNDONE):
        raise LightRAGError(f"rule {rule['id']!r}: state is active or undone")
    if "fields" in rule:
        rule["fields"] = _fields(rule)
    support = rule.get("support", [])
    if not isinstance(support, list) or len(support) > MAX_SUPPORT or not all(isinstance(s, str) for s in support):
        raise LightRAGError(f"rule {rule['id']!r}: support is a list of chunk ids")
    for key in ("comment", "reviewer", "detail", "undone_by", "undo_comment"):
        _str(rule, key, MAX_TEXT, required=False)
    _time(rule, "undone_at", 0.0)
    rule["item"] = item_label(rule["kind"], target)
    rule["decision"] = rule["action"]
    return rule


def import_curation(reviewer: Reviewer, body: Any) -> dict[str, Any]:
    """Add the rules this workspace lacks and apply those in effect; returns what was done."""
    if not isinstance(body, dict) or not isinstance(body.get("rules"), list):
        raise LightRAGError("a curation import is a JSON object with a 'rules' list (as GET /graph/curation gives)")
    if body.get("format", FORMAT) != FORMAT:
        raise LightRAGError(f"not a curation export (format {body.get('format')!r})")
    if len(body["rules"]) > MAX_RULES:
        raise LightRAGError(f"{len(body['rules'])} rules; at most {MAX_RULES} per import")
    rules = [check_rule(r) for r in body["rules"]]
    store = reviewer.store
    held = {r["id"] for r in store.list_rules()}
    new = [{**r, "imported_by": reviewer.reviewer, "imported_at": time.time()} for r in rules if r["id"] not in held]
    if not new:
        return {"imported": 0, "skipped": len(rules), "applied": 0}
    store.apply(GraphWrite(rules=new))
    curation = Curation(store.list_rules())
    applied = 0
    for rule in sorted(new, key=lambda r: r["at"]):
        if rule.get("state", ACTIVE) != ACTIVE or rule["action"] not in GRAPH_ACTIONS:
            continue
        write = reviewer.affected_write(rule, curation)
        if write.entities or write.relations:
            embed_items(reviewer.embedder, [], write.entities, write.relations)
        if write.entities or write.relations or write.delete_entities or write.delete_relations:
            store.apply(write)
            applied += 1
    reviewer.log_call("entity", f"{len(new)} rules", "import", "", f"imported {len(new)}, applied {applied}")
    return {"imported": len(new), "skipped": len(rules) - len(new), "applied": applied}
