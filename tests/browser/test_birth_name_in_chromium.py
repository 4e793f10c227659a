"""Real Wikipedia paragraphs uploaded through the app, asked in one of 2WikiMultihopQA's templates: "What is
the birth name of the performer of song X?" is the song's performer ("a song recorded by Welsh singer
Bonnie Tyler"), then the name her own passage says she was born with ("Bonnie Tyler (born Gaynor
Hopkins; …)"); the Query page gives it on its first line with the path."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# the two hops, and another of her songs and her album (a short name last: the upload waits for the last name)
PASSAGES = ("My Guns Are Loaded", "Too Good to Last", "Diamond Cut", "Bonnie Tyler")


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_the_birth_name_of_a_songs_performer(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1000) as (page, url):
        reply = extractive_reply(page, url, "What is the birth name of the performer of song My Guns Are Loaded?")
        answer = reply.inner_text()
        assert "Answer: Gaynor Hopkins [" in answer, answer
        assert re.search(r"Path: My Guns Are Loaded\S* → Bonnie Tyler\S* → Gaynor Hopkins", answer), answer
        assert "Bonnie Tyler (born Gaynor Hopkins; 8 June 1951) is a Welsh singer" in answer, answer
        shoot_reply(page, reply, "query_birth_name.png")
