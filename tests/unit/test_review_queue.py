"""The review queues' filters, and the sentence the Review page says when a queue is empty."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from lightrag_core.models import Entity, Relation
from lightrag_core.workbench.review import QueueFilter, empty_queue_note, entity_queue, relation_queue

ENTITIES = [Entity(n, t, "", [], [], degree=d) for n, t, d in
            [("Fezziwig", "person", 4), ("Fezziwigs", "person", 1), ("London", "gpe", 2)]]
STORE: Any = SimpleNamespace(list_reviews=lambda: [{"kind": "entity", "item": "London"},
                                                   {"kind": "relation", "item": "Fezziwig -> London"}])


def test_suspected_duplicates_only_with_none_suspected_leaves_nothing_to_review():
    # (an empty set of suspects used to mean "no filter": the queue then held every entity)
    assert entity_queue(STORE, QueueFilter(duplicates=set()), ENTITIES) == []
    assert [e.name for e in entity_queue(STORE, QueueFilter(duplicates={"Fezziwig", "Fezziwigs"}), ENTITIES)] == \
        ["Fezziwig", "Fezziwigs"]
    assert len(entity_queue(STORE, QueueFilter(), ENTITIES)) == 3


def test_an_empty_queue_says_why():
    no_dups = empty_queue_note("entity", 3, QueueFilter(duplicates=set()))
    assert no_dups.startswith("Nothing to review here: no merge candidates.")
    assert "Suspected duplicates only" in no_dups
    assert empty_queue_note("relation", 0, QueueFilter()) == ("Nothing to review yet: the graph has no relations. "
                                                              "Index documents on Upload first.")
    flt = QueueFilter(types=["person"], min_degree=5, hide_reviewed=True)
    assert entity_queue(STORE, flt, ENTITIES) == []
    assert empty_queue_note("entity", 3, flt) == ("Nothing to review here: none of the 3 entities passes the filters "
                                                  "(type person; degree 5 or more; reviewed ones hidden). Loosen them "
                                                  "to see more.")
    rels = [Relation("Fezziwig", "London", "k", "", 2.0, [], [])]
    rflt = QueueFilter(max_weight=1.5)
    assert relation_queue(STORE, rflt, rels) == []
    assert "(weight 1.5 or less)" in empty_queue_note("relation", 1, rflt)
