"""Real Wikipedia paragraphs uploaded through the app: "the actress who starred in X alongside A and B" is
the one of the film's cast the question does not name, and her mother is read from "the daughter of poet
Kaifi Azmi and stage actress Shaukat Azmi"; the Query page gives her on its first line with the path."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# the two hops, and another film with a cast (a short name last: the upload waits for the last name)
PASSAGES = ("Toote Khilone", "Shabana Azmi", "Chori Chori", "Tere Naam")


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_the_mother_of_the_co_star_the_question_does_not_name(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1000) as (page, url):
        reply = extractive_reply(page, url, "Who is the mother of the actress who starred in Toote Khilone "
                                            "alongside Shekhar Kapur and Utpal Dutt?")
        answer = reply.inner_text()
        assert "Answer: Shaukat Azmi [" in answer, answer
        assert re.search(r"Path: Toote Khilone\S* → Shabana Azmi\S* → Shaukat Azmi", answer), answer
        assert "The film stars Ketan's cousin Shekhar Kapur, Shabana Azmi and Utpal Dutt." in answer, answer
        shoot_reply(page, reply, "query_co_star_mother.png")
