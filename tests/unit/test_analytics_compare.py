"""Graph statistics and mode-comparison summaries (pure functions over records)."""

import pytest

from lightrag_core.models import Entity, LightRAGError, Relation
from lightrag_core.workbench.analytics import GraphSummary
from lightrag_core.workbench.compare import summarise_by_mode
from lightrag_core.workbench.evaluate import parse_questions


def _graph() -> GraphSummary:
    ents = [Entity(n, "t", "", [f"c{i}"], [], degree=d) for i, (n, d) in enumerate(
        [("hub", 3), ("a", 1), ("b", 1), ("c", 1), ("lonely", 0)])]
    rels = [Relation("hub", x, "k", "", w, [], []) for x, w in (("a", 1.0), ("b", 2.0), ("c", 5.0))]
    return GraphSummary(ents, rels)


def test_components_hubs_orphans_and_histograms():
    g = _graph()
    assert [sorted(c) for c in g.components()] == [["a", "b", "c", "hub"], ["lonely"]]  # largest first
    assert [e.name for e in g.hubs(1)] == ["hub"] and [e.name for e in g.orphans()] == ["lonely"]
    assert sum(c for _, c in g.degree_histogram()) == 5
    weights = g.weight_histogram(bins=4)
    assert sum(c for _, c in weights) == 3 and weights[0] == (1.0, 1)


def test_summary_averages_numbers_and_gold_flags():
    rows = [{"mode": "mix", "recall@5": 1.0, "all_gold@5": True, "answer": "x"},
            {"mode": "mix", "recall@5": 0.5, "all_gold@5": False, "answer": "y"}]
    assert summarise_by_mode(rows) == [{"mode": "mix", "questions": 2, "recall@5": 0.75, "all_gold@5": 0.5}]


def test_questions_parse_and_name_the_bad_line():
    qs = parse_questions('{"id": "q1", "question": "Who?", "gold_ids": ["a"]}\n\n', "qs.jsonl")
    assert qs[0].id == "q1" and qs[0].gold_ids == ["a"]
    with pytest.raises(LightRAGError, match="qs.jsonl:2"):
        parse_questions('{"question": "ok"}\n{"gold_ids": []}\n', "qs.jsonl")
    with pytest.raises(LightRAGError, match="no questions"):
        parse_questions("\n", "qs.jsonl")


def test_degree_histogram_reads_in_numeric_order():
    from lightrag_core.models import Entity
    from lightrag_core.workbench.analytics import GraphSummary

    degrees = [0, 1, 1, 2, 3, 5, 11, 15, 22, 40]
    g = GraphSummary([Entity(f"e{i}", "person", "", [], [], degree=d) for i, d in enumerate(degrees)], [])
    bins = g.degree_histogram()
    lows = [int(label.split("-")[0]) for label, _ in bins]
    assert lows == sorted(lows) and bins[0] == ("0", 1) and bins[1] == ("1", 2)
    assert sum(c for _, c in bins) == len(degrees) and bins[-1][0].endswith("40")
