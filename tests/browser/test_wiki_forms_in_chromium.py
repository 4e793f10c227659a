"""Encyclopaedia pages uploaded through the app: a compositional question ("Who is the father-in-law of
Marcel Daubigny?") is answered on the Query page's first line, with the path through the spouse."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BATCH = Path(__file__).parents[2] / "bench" / "wiki_forms" / "batch1.json"
PAGES = ("ashes", "daubigny", "odile", "louis", "crossing", "kessler")  # a film, its director's family, another


def test_a_kinship_chain_is_answered_with_its_path(tmp_path):
    passages = json.loads(BATCH.read_text())["passages"]
    files = []
    for key in PAGES:
        title, text = passages[key]
        files.append(tmp_path / f"{title}.txt")
        files[-1].write_text(f"{title}\n\n{text}\n", encoding="utf-8")
    with uploaded_app(tmp_path / "ws", files, height=1000) as (page, url):
        reply = extractive_reply(page, url, "Who is the father-in-law of Marcel Daubigny?")
        answer = reply.inner_text()
        assert "Answer: Louis Ferrand [" in answer, answer
        assert "Path: Marcel Daubigny → Odile Ferrand → Louis Ferrand" in answer, answer
        # the first tie, cited: from his side, or from hers (which says the second tie too)
        assert "was married to the actress Odile Ferrand" in answer \
            or "the wife of the director Marcel Daubigny" in answer, answer
        box = page.get_by_test_id("stAlertContentSuccess").first.inner_text()
        assert "Short answer: Louis Ferrand" in box, box
        shoot_reply(page, reply, "query_kinship_path.png")
