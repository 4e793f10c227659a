"""The one write path both stores run: lock, version check, then deletes before upserts."""

from __future__ import annotations

import pytest

from lightrag_core.models import Chunk, DocumentInfo, Entity, GraphWrite, Relation, WriteConflict
from lightrag_core.storage.writes import apply_write


class Recorder:
    """A store's steps that record what they were asked to do, holding one entity at a version."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.stored = {"Paris": ["c1"], "France": ["c0"]}

    def __getattr__(self, name: str):
        def step(*args, **kwargs):
            self.calls.append(name)
            if name == "entity_versions":
                return {n: v for n, v in self.stored.items() if n in args[0]}
            if name == "relation_versions":
                return {}
            return None
        return step


def write(expected: list[str] | None) -> GraphWrite:
    return GraphWrite(
        document=DocumentInfo("d", "d", "d", "h", "processed"),
        chunks=[Chunk("c2", "d", 0, 3, "Paris is in France.")],
        entities=[Entity("Paris", "location", "a city", ["c1", "c2"], ["d"])],
        relations=[Relation("France", "Paris", "capital", "Paris is in France", 1.0, ["c2"], ["d"])],
        expected_entities={"Paris": expected},
        expected_relations={("France", "Paris"): None},
        delete_chunk_ids=["old"], delete_relations=[("A", "B")],
    )


def test_lock_then_check_then_deletes_before_upserts() -> None:
    steps = Recorder()
    apply_write(steps, write(["c1"]))
    assert steps.calls == ["lock", "entity_versions", "relation_versions", "entity_versions", "delete_relations",
                           "delete_chunks", "save_document", "upsert_chunks", "upsert_entities", "upsert_relations"]


def test_a_relation_or_chunk_without_its_parent_fails_before_any_change() -> None:
    from lightrag_core.models import LightRAGError

    steps = Recorder()
    del steps.stored["France"]
    with pytest.raises(LightRAGError, match=r"entity 'France' \(an end of relation \('France', 'Paris'\)\)"):
        apply_write(steps, write(["c1"]))
    assert "upsert_relations" not in steps.calls and "delete_chunks" not in steps.calls
    orphan = GraphWrite(chunks=[Chunk("c9", "gone", 0, 3, "text")])
    steps = Recorder()
    steps.existing_documents = lambda ids: set()  # type: ignore[method-assign]  # the store has no such document
    with pytest.raises(LightRAGError, match="document 'gone' \\(of chunk 'c9'\\); nothing was written"):
        apply_write(steps, orphan)
    assert "upsert_chunks" not in steps.calls


def test_a_changed_version_stops_the_write_before_any_change() -> None:
    steps = Recorder()
    with pytest.raises(WriteConflict, match="entity 'Paris' was changed by another writer"):
        apply_write(steps, write(None))  # merged as if Paris were new; the store has it at ['c1']
    assert steps.calls == ["lock", "entity_versions"]
