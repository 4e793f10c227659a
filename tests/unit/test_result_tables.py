"""What the Query page says around the answer: the short answer's provenance and each chunk's place."""

from __future__ import annotations

from lightrag_core.query.result import QueryResult
from lightrag_core.workbench.result_tables import chunk_rows, short_answer_line


def test_the_short_answers_provenance_names_its_path_references_and_pages() -> None:
    bridge = {"text": "1989", "path": ["Once Upon a Time in America", "Sergio Leone", "1989"],
              "references": ["1", "3"], "where": ["films.pdf, p. 4", "films.pdf, p. 4", "Leone.docx, § Death"]}
    assert short_answer_line(bridge) == ("Found along Once Upon a Time in America → Sergio Leone → 1989; "
                                         "cited from [1], [3] (films.pdf, p. 4; Leone.docx, § Death)")
    single = {"text": "yes", "path": ["yes"], "references": ["2"], "where": []}
    assert short_answer_line(single) == "Cited from [2]"


def test_chunk_rows_say_where_a_chunk_is_when_known() -> None:
    result = QueryResult("naive", [], [])
    result.chunks = [{"reference_id": "1", "document_id": "d", "origin": "vector", "tokens": 3, "content": "x",
                      "location": "pp. 3–4", "file_path": "book.pdf"},
                     {"reference_id": "2", "document_id": "e", "origin": "lexical", "tokens": 3, "content": "y"}]
    assert [row["where"] for row in chunk_rows(result)] == ["pp. 3–4", ""]
    assert [row["document"] for row in chunk_rows(result)] == ["book.pdf", "e"]  # its file, else its id


def test_the_fusion_line_reads_as_sentences_with_short_weights() -> None:
    from lightrag_core.query.result import GraphWalkInfo, TrustDecision
    from lightrag_core.workbench.result_tables import trust_summary

    result = QueryResult("multihop", [], [])
    result.processing_info.graph = GraphWalkInfo(trust_decision=TrustDecision(
        weights={"graph": 0.33333, "vector": 1.0, "lexical": 1.0},
        reasons=["seeds are widely mentioned (Scrooge): the graph is fused at reduced weight"]))
    assert trust_summary(result) == ("Fusion weights: graph 0.33, dense 1, BM25 1. Seeds are widely mentioned "
                                     "(Scrooge): the graph is fused at reduced weight")


def test_budget_cuts_are_notes_not_warnings() -> None:
    from lightrag_core.workbench.result_tables import budget_notes, query_warnings

    result = QueryResult("mix", ["partners"], ["Scrooge"])
    info = result.processing_info
    info.total_entities_found, info.entities_after_truncation = 40, 18
    info.total_relations_found, info.relations_after_truncation = 40, 35
    assert budget_notes(result) == ["55% of the entities found were cut by the token budget: raise "
                                    "max_entity_tokens to keep more."]
    assert query_warnings(result) == []  # the defaults cut by design; a warning on every answer alarmed
    result.low_level = []
    result.high_level = []
    assert query_warnings(result)[0].startswith("No keywords were found")
