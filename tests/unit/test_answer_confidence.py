"""How sure the short answer must be: how far the best candidate must lead the runner-up."""

from __future__ import annotations

import pytest

import lightrag_core.query.short_answer as short_answer_module
from lightrag_core.query.sentences import Sentence


@pytest.mark.parametrize(("best", "runner_up", "speaker", "confident"), [
    (1.5, 1.15, "", True),  # a strong candidate in prose needs a smaller lead
    (1.1, 0.75, "", False),  # the same lead for a weaker one is not enough
    (1.5, 1.15, "Jasper", False),  # nor for a chat line
    (1.5, 1.05, "Jasper", True),
])
def test_a_strong_candidate_in_prose_needs_a_smaller_lead(monkeypatch: pytest.MonkeyPatch, best: float,
                                                          runner_up: float, speaker: str, confident: bool) -> None:
    said = [Sentence(text, "1", 0, frozenset(), speaker=speaker) for text in ("Ann Lee wrote it.", "Bo Park sang it.")]
    ranked = [("ann lee", (best, said[:1], ["Ann Lee"])), ("bo park", (runner_up, said[1:], ["Bo Park"]))]
    monkeypatch.setattr(short_answer_module, "rank_candidates", lambda *_args, **_kw: ranked)
    found = short_answer_module.short_answer("Who wrote the song?", [(s, 1.0) for s in said], [])
    assert found is not None and found.text == "Ann Lee" and found.confident is confident


@pytest.mark.parametrize(("runner_up", "walked", "confident"), [
    (1.25, False, False),  # a lead of 0.25 is not enough for a strong candidate in any context
    (1.25, True, True),  # but is in multihop's, whose walk reached the evidence from the question's entities
    (1.35, True, False),
])
def test_a_strong_candidate_the_walk_reached_needs_a_smaller_lead_still(
        monkeypatch: pytest.MonkeyPatch, runner_up: float, walked: bool, confident: bool) -> None:
    said = [Sentence(text, "1", 0, frozenset()) for text in ("Ann Lee wrote it.", "Bo Park sang it.")]
    ranked = [("ann lee", (1.5, said[:1], ["Ann Lee"])), ("bo park", (runner_up, said[1:], ["Bo Park"]))]
    monkeypatch.setattr(short_answer_module, "rank_candidates", lambda *_args, **_kw: ranked)
    found = short_answer_module.short_answer("Who wrote the song?", [(s, 1.0) for s in said], [], walked=walked)
    assert found is not None and found.text == "Ann Lee" and found.confident is confident
