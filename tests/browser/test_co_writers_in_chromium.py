"""Real Wikipedia paragraphs uploaded through the app: an episode named only through the character who first
appeared in it is asked again with its title written in, and its two writers are the answer on the Query
page's first line."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# the two hops, and another episode's short (a short name last: the upload waits for the last name)
PASSAGES = ("Good Night (The Simpsons short)", "Homer's Odyssey (The Simpsons)", "Waylon Smithers")


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_two_writers_of_a_bridged_episode_are_the_answer(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1000) as (page, url):
        reply = extractive_reply(page, url, "Who wrote the episode in which Waylon Smithers first appeared?")
        answer = reply.inner_text()
        assert "Answer: Jay Kogen and Wallace Wolodarsky [" in answer, answer
        assert re.search(r"Path: Waylon Smithers\S* → Homer's Odyssey\S* → Jay Kogen and Wallace Wolodarsky",
                         answer), answer
        shoot_reply(page, reply, "query_co_writers.png")
