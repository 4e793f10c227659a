"""The storage contract for title links: documents found by their subject, file name and title, folded the
same way on every store (the fixtures are in conftest.py)."""

from __future__ import annotations

from lightrag_core.models import GraphWrite
from tests.contract.test_store_contract import _doc_write


def test_title_chunks_find_documents_by_subject(store):
    for doc_id, subject, n in [("d1", "Lilu (mythology)", 2), ("d2", "Lilu (band)", 1), ("d3", "Demon Dice", 1),
                               ("d4", "", 1)]:
        w = _doc_write(doc_id, n)
        w.document.subject = subject
        store.apply(w)
    for doc_id, title in [("f1", "the_tin_drum.txt"), ("f2", "Notes.v2.md"), ("f3", "README")]:
        w = _doc_write(doc_id, 1)
        w.document.title = title
        store.apply(w)
    titled_file = _doc_write("f4", 1)  # a subject wins over the file name
    titled_file.document.title, titled_file.document.subject = "demon dice.txt", "Other"
    store.apply(titled_file)
    pending = _doc_write("d5", 1)
    pending.document.subject, pending.document.status = "Demon Dice", "pending"
    store.apply(pending)
    got = store.title_chunks(["lilu", "demon dice", "lilu (band)", "nothing", "", "the tin drum", "notes.v2",
                              "readme", "d1"])
    assert got == {
        "lilu": {"Lilu (band)": ["d2-c0"], "Lilu (mythology)": ["d1-c0", "d1-c1"]},
        "lilu (band)": {"Lilu (band)": ["d2-c0"]},
        "demon dice": {"Demon Dice": ["d3-c0"]},  # the pending document is not a target yet
        # Files with no subject: the file name without its extension, underscores as spaces.
        "the tin drum": {"the_tin_drum.txt": ["f1-c0"]},
        "notes.v2": {"Notes.v2.md": ["f2-c0"]},
    }
    assert store.title_chunks([]) == {}


def test_titles_beyond_ascii_are_found_by_their_lower_case_on_every_store(store):
    """Case is folded once, in Python, when the document is written (storage/base.py, title_keys): SQLite's
    lower() folds ASCII only and Cypher's toLower every letter, so 'Émile Zola' linked on one store only."""
    for doc_id, subject in [("z1", "Émile Zola"), ("h1", "Ödön von Horváth (writer)"), ("s1", "ΣΊΣΥΦΟΣ")]:
        w = _doc_write(doc_id, 1)
        w.document.subject = subject
        store.apply(w)
    named_file = _doc_write("f6", 1)
    named_file.document.title = "Élan_Vital.md"
    store.apply(named_file)
    got = store.title_chunks(["émile zola", "ödön von horváth", "élan vital", "σίσυφος", "Émile Zola"])
    assert got == {"émile zola": {"Émile Zola": ["z1-c0"]},
                   "ödön von horváth": {"Ödön von Horváth (writer)": ["h1-c0"]},
                   "élan vital": {"Élan_Vital.md": ["f6-c0"]}, "σίσυφος": {"ΣΊΣΥΦΟΣ": ["s1-c0"]}}
    store.apply(GraphWrite(delete_chunk_ids=["z1-c0"], delete_document_ids=["z1"]))  # its keys go with it
    assert store.title_chunks(["émile zola"]) == {}


def test_a_whole_file_with_its_own_title_is_found_by_that_title_and_by_its_name(store):
    w = _doc_write("f5", 1)  # a file whose first heading (or PDF/.docx/HTML title) named its subject
    w.document.title, w.document.subject, w.document.whole_file = "curie_notes.md", "Marie Curie", True
    store.apply(w)
    pasted = _doc_write("p1", 1)  # pasted text with a heading: its subject only, not the form's file name
    pasted.document.title, pasted.document.subject = "pasted_text.txt", "Pierre Curie"
    store.apply(pasted)
    got = store.title_chunks(["marie curie", "curie notes", "pierre curie", "pasted text"])
    assert got == {"marie curie": {"Marie Curie": ["f5-c0"]}, "curie notes": {"Marie Curie": ["f5-c0"]},
                   "pierre curie": {"Pierre Curie": ["p1-c0"]}}
