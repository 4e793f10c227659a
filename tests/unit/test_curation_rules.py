"""The rule set on plain values, and how the Neo4j store keeps rules (through the driver stand-in)."""

from __future__ import annotations

import json

from lightrag_core.curation import Curation, new_rule
from lightrag_core.models import Entity, EntityRecord, GraphWrite, Relation, RelationRecord
from lightrag_core.storage.neo4j.store import Neo4jStore
from tests.support.fake_neo4j import FakeNeo4jDriver


def _merge(old: str, into: str, at: float) -> dict:
    return {**new_rule("merge", "entity", {"name": old}, "r"), "into": into, "at": at}


def test_merged_names_chain_to_the_kept_entity_and_deleted_ones_are_kept_out():
    rules = [_merge("Lovelace", "Ada Lovelace", 1.0), _merge("Ada Lovelace", "Augusta Ada King", 2.0),
             {**new_rule("delete", "entity", {"name": "Junk"}, "r"), "at": 3.0},
             {**new_rule("delete", "relation", {"src": "B", "tgt": "A"}, "r"), "at": 4.0}]
    cur = Curation(rules)
    assert cur.canonical("lovelace") == "Augusta Ada King"
    raw = [([EntityRecord("LOVELACE", "person", "d"), EntityRecord("Junk", "thing", "j")],
            [RelationRecord("Lovelace", "Babbage", "k", "d"), RelationRecord("Junk", "X", "k", "d"),
             RelationRecord("A", "B", "k", "d")])]
    curated, kept_out = cur.curate(raw)
    (ents, rels), = curated
    assert [e.name for e in ents] == ["Augusta Ada King"] and raw[0][0][0].name == "LOVELACE"  # a copy
    assert [(r.src, r.tgt) for r in rels] == [("Augusta Ada King", "Babbage")]
    assert kept_out == 3
    assert sum(cur.applied.values()) >= 4


def test_a_cycle_of_merges_ends_and_an_undone_rule_does_nothing():
    a, b = _merge("A", "B", 1.0), _merge("B", "A", 2.0)
    assert Curation([a, b]).canonical("A") in {"A", "B"}  # bounded, no endless loop
    assert Curation([{**a, "state": "undone"}]).canonical("A") == "A"


def test_later_edits_win_field_by_field_and_created_items_are_a_base():
    e1 = {**new_rule("edit", "entity", {"name": "X"}, "r"), "fields": {"description": "one", "type": "t1"}, "at": 1}
    e2 = {**new_rule("edit", "entity", {"name": "x"}, "r"), "fields": {"description": "two"}, "at": 2}
    cr = {**new_rule("create", "relation", {"src": "A", "tgt": "B"}, "r"),
          "fields": {"keywords": "k", "description": "made", "weight": 2.0}, "at": 3}
    cur = Curation([e2, e1, cr])
    ent = cur.apply_entity(Entity("X", "extracted", "from records", ["c1"], []))
    assert (ent.type, ent.description) == ("t1", "two")
    base = cur.created_relation(("A", "B"))
    assert isinstance(base, Relation) and (base.description, base.weight, base.source_ids) == ("made", 2.0, [])


def test_the_neo4j_store_saves_a_rule_whole_and_reads_it_back():
    rule = {**_merge("Lovelace", "Ada Lovelace", 5.0), "comment": "same person"}
    saved: list[dict] = []

    def answer(name, params):
        if name == "curation_save":
            saved.extend(params["rows"])
            return []
        if name == "curation_list":
            return [{"body": row["body"]} for row in saved]
        return []

    store = Neo4jStore(FakeNeo4jDriver(answer), "neo4j", "ws", "neo4j://h")
    store.save_rule(rule)
    assert saved == [{"id": rule["id"], "at": 5.0, "body": json.dumps(rule)}]
    assert store.list_rules() == [rule]


def test_a_neo4j_write_saves_its_rules_in_the_same_transaction():
    rule = _merge("Lovelace", "Ada Lovelace", 6.0)
    driver = FakeNeo4jDriver(lambda name, params: [])
    Neo4jStore(driver, "neo4j", "ws", "neo4j://h").apply(GraphWrite(delete_entities=["Lovelace"], rules=[rule]))
    names = [n for n, _ in driver.calls]
    assert names.index("delete_entities") < names.index("curation_save")
    assert next(p for n, p in driver.calls if n == "curation_save")["rows"][0]["id"] == rule["id"]
    assert len(driver.sessions) == 1  # one session, one write transaction for both


def test_history_keeps_decisions_logged_before_rules_existed(tmp_path):
    from lightrag_core.storage.sqlite.store import SQLiteStore
    from lightrag_core.workbench.curate import history

    store = SQLiteStore(tmp_path)
    store.save_review({"kind": "entity", "item": "Paris", "decision": "approve", "comment": "", "detail": "",
                       "reviewer": "old", "at": 100.0})
    store.save_rule({**_merge("Lovelace", "Ada Lovelace", 200.0), "detail": "merged"})
    rows = history(store)
    assert [(r["item"], r["state"]) for r in rows] == [("Lovelace", "active"), ("Paris", "recorded")]
    store.close()
