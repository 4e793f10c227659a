"""Short mentions merge into the one full name of the same type in a document, and nowhere else."""

from __future__ import annotations

from lightrag_core.indexing.extract_aliases import alias_map, resolve_aliases
from lightrag_core.models import Chunk, EntityRecord, RelationRecord


def test_alias_map_merges_unique_short_forms_only():
    people = {"Ebenezer Scrooge", "Scrooge", "Mr. Scrooge", "Bob Cratchit", "Mrs. Cratchit", "Nolan",
              "Christopher Nolan", "Jonathan Nolan", "Mr. Fezziwig", "Fezziwig"}
    got = alias_map({"person": people})
    assert got["Scrooge"] == got["Mr. Scrooge"] == "Ebenezer Scrooge"
    assert got["Mr. Fezziwig"] == "Fezziwig"  # a title alone, no full name: still one person
    assert "Nolan" not in got  # two Nolans: ambiguous
    assert "Mrs. Cratchit" not in got  # a title that names someone else is never stripped
    assert "Fezziwig" not in got and "Ebenezer Scrooge" not in got
    # Descriptive words and NER slips are not names of their own.
    more = alias_map({"person": {"Jacob Marley", "Old Marley", "Scrooge Scrooge", "Ebenezer Scrooge"},
                      "organization": {"Marley"}, "location": {"Scrooge"}})
    assert more == {"Old Marley": "Jacob Marley", "Scrooge Scrooge": "Ebenezer Scrooge", "Marley": "Jacob Marley"}


def test_resolve_aliases_renames_within_a_document_and_drops_self_loops():
    chunks = [Chunk("a0", "A", 0, 5, "x"), Chunk("a1", "A", 1, 5, "y"), Chunk("b0", "B", 0, 5, "z")]
    records = [
        ([EntityRecord("Ebenezer Scrooge", "person", "s1", "a0")], []),
        ([EntityRecord("Scrooge", "person", "s2", "a1"), EntityRecord("Marley", "person", "s3", "a1")],
         [RelationRecord("Scrooge", "Marley", "partner", "s3", 1.5, "a1"),
          RelationRecord("Scrooge", "Ebenezer Scrooge", "is", "s2", 1.0, "a1")]),
        ([EntityRecord("Scrooge", "person", "s4", "b0")], []),  # another document: untouched
    ]
    out = resolve_aliases(chunks, records)
    assert [e.name for e in out[1][0]] == ["Ebenezer Scrooge", "Marley"]
    assert [(r.src, r.tgt) for r in out[1][1]] == [("Ebenezer Scrooge", "Marley")]
    assert [e.name for e in out[2][0]] == ["Scrooge"]
    assert out[0] == records[0]
