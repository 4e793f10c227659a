"""Real Wikipedia paragraphs uploaded through the app, asked MuSiQue-style chains whose bridge no sentence about
the question's names states: "the NFL team that played from 1930 to 1943" is the document whose opening says
so (the Brooklyn Dodgers), and "an NFL team" Dick Humbert "played for" (past tense) is the Philadelphia
Eagles; the Query page gives each answer on its first line with the sentences it came from."""

from __future__ import annotations

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# (a short name last: the upload waits for the last name)
PASSAGES = ("Brooklyn Dodgers (NFL)", "Dallas Texans (NFL)", "L'Amour (music venue)", "Philadelphia Eagles",
            "Dick Humbert")
BALLPARK = ("At which ballpark did the NFL team that played from 1930 to 1943 in the borough where the music venue "
            "L'Amour operated play its home games?")


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_a_bridge_found_by_its_description_and_one_told_in_the_past_tense(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1700) as (page, url):
        reply = extractive_reply(page, url, "From 1945-1949 Dick Humbert played for an NFL team based in what state?")
        answer = reply.inner_text()
        assert "Answer: Pennsylvania [" in answer, answer
        assert "played for the Philadelphia Eagles" in answer, answer  # "He" or "[Dick Humbert]"
        reply = extractive_reply(page, url, BALLPARK)
        answer = reply.inner_text()
        assert "Answer: Ebbets Field [" in answer, answer
        # the opening that describes the bridge leads, then the sentence that states the answer
        opening = answer.find("played in the National Football League from 1930 to 1943")
        assert 0 < opening < answer.find("played its home games at Ebbets Field"), answer
        shoot_reply(page, reply, "query_described_bridge.png")
