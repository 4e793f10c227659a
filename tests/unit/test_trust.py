"""multihop's per-question trust in the graph, on hand-built signals with known answers."""

from __future__ import annotations

import pytest

from lightrag_core.query import fusion, trust
from lightrag_core.query.linking import Link

FOCUSED_WALK = {"x": 0.4, "y": 0.2, "z": 0.1, "w": 0.05}  # all the mass in a few chunks
SPREAD_WALK = {f"c{i}": 0.01 for i in range(100)}  # the mass spread over 100 chunks


def test_exact_specific_seeds_with_a_focused_walk_let_the_graph_lead():
    links = [Link("Inception", "Inception", "exact", 1.0)]
    d = trust.decide(links, {"Inception": 1}, FOCUSED_WALK, ["x", "y"], ["q", "x"])
    assert d.trust == trust.OUTWEIGH and d.trust > 2  # more than dense and BM25 together
    assert d.specific_seeds == 1 and d.hub_seeds == 0 and d.by_method == {"exact": 1}
    assert d.concentration == pytest.approx(1.0) and d.agreement == 0.5
    assert "the graph leads" in d.reasons[0]
    # A name found verbatim in the question, or a document's title, names the thing just as well.
    for method in ("question", "title"):
        assert trust.decide([Link("x", "E", method, 1.0)], {"E": 2}, FOCUSED_WALK, ["x"], ["x"]).trust == \
            trust.OUTWEIGH


def test_a_walk_no_text_channel_confirms_does_not_lead():
    d = trust.decide([Link("Inception", "Inception", "exact", 1.0)], {"Inception": 1}, FOCUSED_WALK, ["x", "y"],
                     ["q", "r"])
    assert d.agreement == 0.0 and d.trust == 1.0 and "neither dense nor BM25" in d.reasons[0]


def test_hub_seeds_are_fused_at_reduced_weight():
    links = [Link("Li Hua", "Li Hua", "exact", 1.0)]
    d = trust.decide(links, {"Li Hua": 300}, FOCUSED_WALK, ["x"], ["x"])
    assert d.trust == pytest.approx(trust.SPECIFIC_CHUNKS / 300)
    assert d.hub_seeds == 1 and d.specific_seeds == 0
    assert "widely mentioned" in d.reasons[0] and "Li Hua" in d.reasons[0]


def test_embedding_only_links_never_let_the_graph_lead():
    links = [Link("a film", "Inception", "vector", 0.9)]
    d = trust.decide(links, {"Inception": 1}, FOCUSED_WALK, ["x"], [])
    assert d.trust == pytest.approx(0.9 * trust.VECTOR_DISCOUNT) and d.trust < 1
    assert "embedding only" in d.reasons[0]


def test_alias_links_fuse_at_their_confidence():
    d = trust.decide([Link("Nolan", "Christopher Nolan", "alias", 0.8)], {"Christopher Nolan": 2}, FOCUSED_WALK,
                     ["x"], [])
    assert d.trust == pytest.approx(0.8) and "alias" in d.reasons[0]


def test_a_spread_walk_keeps_fusion_even_for_exact_specific_seeds():
    d = trust.decide([Link("E", "E", "exact", 1.0)], {"E": 1}, SPREAD_WALK, ["c0"], [])
    assert d.concentration == pytest.approx(0.05)
    assert d.trust == pytest.approx(1.0) and "spreads" in d.reasons[0]
    # Between spread and focused, the trust rises with the focus.
    half = {"a": 0.3, "b": 0.3, "c": 0.1, "d": 0.1, "e": 0.2, **{f"r{i}": 0.1 for i in range(10)}}
    mid = trust.decide([Link("E", "E", "exact", 1.0)], {"E": 1}, half, ["a"], ["a"])
    assert mid.concentration == pytest.approx(0.5)
    assert mid.trust == pytest.approx(1 + (trust.OUTWEIGH - 1) * (0.5 - trust.SPREAD) / (trust.FOCUSED - trust.SPREAD))
    assert 1.0 < mid.trust < trust.OUTWEIGH


def test_a_question_that_also_names_a_hub_stays_fused():
    # "Did Li Hua ask Thane about ...": the specific name is one clue, the question is about the hub's many chats.
    links = [Link("Hub", "Hub", "exact", 1.0), Link("Rare", "Rare", "exact", 1.0)]
    d = trust.decide(links, {"Hub": 50, "Rare": 1}, FOCUSED_WALK, ["x", "y", "z", "w"], ["y", "z"])
    assert d.trust == pytest.approx(1.0) and d.hub_seeds == 1 and d.specific_seeds == 1
    assert d.agreement == pytest.approx(0.5) and "widely mentioned" in d.reasons[0]
    # Two specific names and no hub: the graph leads.
    two = [Link("A", "A", "exact", 1.0), Link("B", "B", "question", 1.0)]
    assert trust.decide(two, {"A": 1, "B": 3}, FOCUSED_WALK, ["x"], ["x"]).trust == trust.OUTWEIGH


def test_no_links_means_no_graph():
    d = trust.decide([], {}, {}, [], ["a"])
    assert d.trust == 0.0 and d.linked == 0 and "no name" in d.reasons[0]


def test_signals():
    assert trust.concentration({}) == 0.0
    assert trust.concentration({"a": 3.0, "b": 1.0}, top=1) == pytest.approx(0.75)
    assert trust.agreement(["a", "b", "c", "d"], ["d", "b", "q"], top=4) == pytest.approx(0.5)
    assert trust.agreement([], ["a"]) == 0.0
    assert trust.specificity("E", {"E": 6}) == pytest.approx(0.5)
    assert trust.specificity("E", {}) == 1.0


def test_a_leading_graph_keeps_its_own_order_against_text_look_alikes():
    # The second hop ("g2": the director's page) is found by the graph only; "t1" and "t2" are
    # look-alikes both text channels rank first. With equal weights the look-alikes win, led by the graph they don't.
    graph, dense, bm25 = ["g1", "g2", "g3"], ["t1", "t2", "g1"], ["t1", "t2", "g1"]
    equal, _ = fusion.rrf([("graph", graph, 1.0), ("vector", dense, 1.0), ("lexical", bm25, 1.0)])
    assert equal.index("g2") > equal.index("t2")
    led, _ = fusion.rrf([("graph", graph, trust.OUTWEIGH), ("vector", dense, 1.0), ("lexical", bm25, 1.0)])
    assert led[:2] == ["g1", "g2"]
