"""Spearman's rho as the held-back check computes it: ties share ranks, and a known value comes out."""

from __future__ import annotations

import pytest

from lightrag_core.workbench.testset.agreement import agreement, ranks, spearman


def test_ranks_highest_first_with_ties_sharing_the_mean_rank():
    assert ranks([0.5, 0.9, 0.5, 0.1]) == [2.5, 1.0, 2.5, 4.0]


def test_spearman_matches_hand_computed_values():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    # Six modes, one swap of neighbours: 1 - 6*2/(6*35) = 0.942857...
    assert spearman([6, 5, 4, 3, 2, 1], [6, 5, 3, 4, 2, 1]) == pytest.approx(1 - 12 / 210)
    assert spearman([1, 1, 1], [1, 2, 3]) == 0.0  # a constant side carries no order


def test_agreement_names_top_and_bottom_modes_on_each_side():
    human = {"naive": {"ag": 0.69}, "global": {"ag": 0.52}, "multihop": {"ag": 0.85}}
    generated = {"naive": {"ag": 0.75}, "global": {"ag": 0.48}, "multihop": {"ag": 0.92}, "extra": {"ag": 1.0}}
    found = agreement(human, generated, "ag")
    assert found.rho == pytest.approx(1.0) and found.same_top
    assert found.top == ("multihop", "multihop") and found.bottom == ("global", "global")
