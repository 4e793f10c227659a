from lightrag_core.models import Chunk, Entity
from lightrag_core.query.chunks import pick_by_weighted_polling
from lightrag_core.query.context import build_context, make_references, truncate_entities
from lightrag_core.query.search import round_robin


def test_round_robin_interleaves_and_dedupes():
    assert round_robin([[1, 2, 3], [2, 4], [5]], key=lambda x: x) == [1, 2, 5, 4, 3]


def test_weighted_polling_gives_earlier_items_more():
    picked = pick_by_weighted_polling([["a1", "a2", "a3"], ["b1", "b2"], ["c1", "c2"]], max_related=3)
    assert picked == ["a1", "a2", "a3", "b1", "b2", "c1"]


def test_entity_truncation_by_tokens():
    ents = [Entity(f"E{i}", "t", "word " * 50, [], []) for i in range(10)]
    kept = truncate_entities(ents, max_tokens=200)
    assert 0 < len(kept) < 10 and kept == ents[: len(kept)]


def _chunk(i: int, doc: str) -> Chunk:
    return Chunk(f"c{i}", doc, i, 50, f"content {i} " * 40, file_path=f"{doc}.txt")


def test_references_most_cited_first_and_chunk_budget():
    chunks = [_chunk(0, "a"), _chunk(1, "b"), _chunk(2, "b")]
    refs, ref_of = make_references(chunks)
    assert [r["document_id"] for r in refs] == ["b", "a"] and ref_of["b"] == "1"
    many = [_chunk(i, f"d{i}") for i in range(30)]
    ctx = build_context([], [], many, chunk_top_k=20, max_total_tokens=1200, system_template_tokens=100,
                        query="q")
    assert 0 < len(ctx.chunks) < 20
    assert ctx.section_tokens.chunks <= ctx.section_tokens.chunk_budget + 10
    assert "Reference list" in ctx.text and "[1] d0.txt" in ctx.text
