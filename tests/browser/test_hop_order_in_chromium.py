"""Real Wikipedia paragraphs uploaded through the app, asked the way a demo asks: the answer read in a bridge's
passage is given with the sentence that found the bridge first ("He was the chairman … of Dunkin' Brands", then
"It is headquartered in Canton, Massachusetts"), the bridge named by a title with an initial ("Jon L. Luther");
and "are both … British?" is answered no from where one side was founded (Texas), as the path says."""

from __future__ import annotations

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# the hops' paragraphs among restaurant chains and places a search for the question's words also finds
# (a short name last: the upload waits for the last name)
PASSAGES = ("Jon L. Luther", "Dunkin' Brands", "Little Caesars", "Greater Boston", "WingStreet",
            "Woman's Viewpoint (magazine)", "Pick Me Up (magazine)", "Pizza Hut")
LUTHER = "Jon L. Luther was the chairman and CEO of a restaurant holding company headquartered in what city?"


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_evidence_goes_in_hop_order_and_a_state_says_a_country(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1000) as (page, url):
        reply = extractive_reply(page, url, LUTHER)
        lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
        assert any(line.startswith("Answer: Canton [") for line in lines), lines
        assert "Path: Jon L. Luther → Dunkin' Brands → Canton" in lines, lines
        evidence = [line for line in lines if line.startswith("- ")]
        # the sentence that named the company first, then the one that places it
        assert evidence[0].startswith("- [Jon L. Luther] was the chairman and chief executive officer of Dunkin"), lines
        assert evidence[1].startswith("- [Dunkin' Brands] is headquartered in Canton, Massachusetts."), lines
        shoot_reply(page, reply, "query_hop_order.png")
        reply = extractive_reply(page, url, "Are both magazines, the Woman's Viewpoint and Pick Me Up, British "
                                            "publications?")
        lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
        assert any(line.startswith("Answer: no [") for line in lines), lines
        assert "Path: Woman's Viewpoint → United States → no" in lines, lines
        assert any("founded in Texas" in line for line in lines if line.startswith("- ")), lines
        shoot_reply(page, reply, "query_placed_no.png")
