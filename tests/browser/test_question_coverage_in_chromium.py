"""Real Wikipedia paragraphs uploaded through the app, asked a three-hop question on the Query page: with
multihop's coverage stage on (the default) the passage that states the second hop (the film the cast member
voiced) is among the first five references, beside Marco Polo's and Peter Schneider's, and the page says it
was brought forward from seventh; set to 0 in the page's multihop settings, the fused order leaves it
seventh."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_app_in_chromium import SHOTS, _ask, _settle, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# (a short name last: the upload waits for the last name)
PASSAGES = ("Marco Polo (miniseries)", "Atlantis: The Lost Empire", "Peter Schneider (film executive)",
            "Lilo &amp; Stitch", "Big Hero 6 (TV series)", "List of Walt Disney Pictures films",
            "Walt Disney Classics", "Cry Wolf (2005 film)")
QUESTION = ("Who was the first president of the Disney studio that created the animated action-adventure film "
            "featuring the voice of a cast member of the 1982 Marco Polo miniseries?")
COVERAGE = "question coverage (0 = fused order)"


def _reference_of(reply_text: str, name: str) -> int:
    """The reference number the reply gives the file `name`."""
    found = re.search(r"\[(\d+)\] " + re.escape(name), reply_text)
    assert found, reply_text
    return int(found[1])


def _reply(page):  # noqa: ANN202 (a Playwright locator)
    reply = page.get_by_test_id("stChatMessage").last
    reply.get_by_text("Extractive answer").first.wait_for(timeout=180_000)
    _settle(page)
    return reply


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_the_first_references_cover_the_question_and_the_setting_turns_it_off(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1100) as (page, url):
        _ask(page, url, QUESTION)
        reply = _reply(page)
        text = reply.inner_text()
        assert _reference_of(text, "Atlantis: The Lost Empire.txt") <= 5
        assert "Answer: Peter Schneider [" in text
        # the page says what coverage brought forward, and from where
        page.get_by_text("Brought forward to cover the question").first.wait_for()
        page.wait_for_timeout(600)
        # (each grid is drawn on a canvas; its accessible table holds the same cells)
        grids = [t.locator('[role="gridcell"], [role="columnheader"]').all_text_contents()
                 for t in page.get_by_test_id("stDataFrame").all()]
        moved = next((cells for cells in grids if "fused place" in cells), None)
        assert moved is not None, grids
        at = moved.index("Atlantis: The Lost Empire.txt")
        assert moved[at + 1:at + 3] == ["7", str(_reference_of(text, "Atlantis: The Lost Empire.txt"))], moved
        page.get_by_text("multihop settings").click()
        field = page.get_by_label(COVERAGE)
        field.wait_for()
        assert field.input_value() == "1.50"
        shoot_reply(page, reply, "multihop_coverage.png")
        field.scroll_into_view_if_needed()  # the sidebar scrolls apart from the page: the setting in view too
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "multihop_coverage.png"), full_page=True)
        page.get_by_text("Brought forward to cover the question").first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / "multihop_coverage_moved.png"), full_page=True)

        field.fill("0")
        field.press("Enter")
        _settle(page)
        page.get_by_test_id("stChatInputTextArea").fill(QUESTION)
        page.get_by_test_id("stChatInputTextArea").press("Enter")
        page.wait_for_function("document.querySelectorAll('[data-testid=stChatMessage]').length >= 4",
                               timeout=180_000)
        reply = _reply(page)
        assert _reference_of(reply.inner_text(), "Atlantis: The Lost Empire.txt") > 5
