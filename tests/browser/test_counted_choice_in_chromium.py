"""Real Wikipedia paragraphs uploaded through the app, asked two of 2WikiMultihopQA's comparison templates: "Which
one produced more tornadoes, A or B?" compares the counts each outbreak's passage gives ("a total of 81
tornadoes"), and "Were A and B born in the same city?" compares where each was born; the Query page gives
each answer on its first line with both sides' sentences."""

from __future__ import annotations

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# (a short name last: the upload waits for the last name)
PASSAGES = ("Tornado outbreak of February 23–24, 2016", "Tornado outbreak of January 21–23, 2017", "Selma Archerd",
            "David Marciano")
MORE = ("Which one produced more tornadoes, the tornado outbreak of February 23–24, 2016 or the tornado outbreak "
        "of January 21–23, 2017?")


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_counts_and_birthplaces_compared(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1000) as (page, url):
        reply = extractive_reply(page, url, "Were Selma Archerd and David Marciano born in the same city?")
        answer = reply.inner_text()
        assert "Answer: yes [" in answer, answer
        assert "Selma Archerd: newark" in answer and "David Marciano: newark" in answer, answer
        reply = extractive_reply(page, url, MORE)
        answer = reply.inner_text()
        assert "Answer: tornado outbreak of January 21–23, 2017 [" in answer, answer
        assert "a total of 81 tornadoes" in answer and "a total of 61 tornadoes" in answer, answer
        shoot_reply(page, reply, "query_counted_choice.png")
