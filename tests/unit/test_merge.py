from lightrag_core.indexing.merge import Summariser, group_records, merge_entity, merge_relation
from lightrag_core.models import Entity, EntityRecord, RelationRecord


def test_entity_merge_majority_type_sources_and_existing():
    existing = Entity("Paris", "location", "Capital of France.", ["c0"], ["a.txt"], created_at=1.0)
    recs = [EntityRecord("Paris", "person", "A Trojan prince.", "c1", "b.txt"),
            EntityRecord("Paris", "location", "City on the Seine.", "c2", "b.txt")]
    merged = merge_entity("Paris", existing, recs, Summariser(None, 500))
    assert merged.type == "location"
    assert merged.source_ids == ["c0", "c1", "c2"] and merged.file_paths == ["a.txt", "b.txt"]
    assert merged.description.split("\n") == ["Capital of France.", "A Trojan prince.", "City on the Seine."]
    assert merged.created_at == 1.0


def test_relation_weights_sum_and_keywords_union():
    recs = [RelationRecord("A", "B", "works with", "d1", 2.0, "c1"),
            RelationRecord("B", "A", "works with, funds", "d2", 1.5, "c2")]
    merged = merge_relation(("A", "B"), None, recs, Summariser(None, 500))
    assert merged.weight == 3.5
    assert merged.keywords == "works with, funds"


def test_extractive_summary_respects_the_token_threshold():
    frags = [f"Fact number {i} about the entity, stated plainly." for i in range(200)]
    text = Summariser(None, max_tokens=60)("entity", "X", frags)
    from lightrag_core import tokens

    assert tokens.count(text) <= 60
    assert text.startswith("Fact number 0")


def test_grouping_joins_case_variants_to_the_stored_name():
    ents = [EntityRecord("APPLE", "organization", "d", "c1"), EntityRecord("apple", "organization", "d", "c2")]
    rels = [RelationRecord("apple", "Cupertino", "based in", "d", 1.0, "c1")]
    by_e, by_r = group_records(ents, rels, {"apple": "Apple"})
    assert list(by_e) == ["Apple"]
    assert list(by_r) == [("Apple", "Cupertino")]
