"""Real Wikipedia paragraphs uploaded through the app: "published by the same company?" compares who published
each side ("published by Sega", "released by Sega"), whatever else their sentences name; and a title with its
own "!" ("Cheer Up! (TV series)") names the passage's "It aired …" sentence, as any title does."""

from __future__ import annotations

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# the two games, a series with "!" in its title, and paragraphs the series' question also finds
# (a short name last: the upload waits for the last name)
PASSAGES = ("Daytona USA (video game)", "Cheer Up! (TV series)", "Jung Eun-ji", "Flag to Flag", "Apink")


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_the_same_publisher_and_a_title_with_its_own_exclamation_mark(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1000) as (page, url):
        reply = extractive_reply(page, url, "Were the racing video games Flag to Flag and Daytona USA published by "
                                            "the same company?")
        lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
        assert any(line.startswith("Answer: yes [") for line in lines), lines
        assert "Path: Flag to Flag: sega → Daytona USA: sega → yes" in lines, lines
        evidence = [line for line in lines if line.startswith("- ")]
        assert any("published by Sega" in line for line in evidence[:2]), lines
        assert any("released by Sega" in line for line in evidence[:2]), lines
        shoot_reply(page, reply, "query_same_publisher.png")
        reply = extractive_reply(page, url, "On which channel did Cheer Up! air?")
        lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
        assert any(line.startswith("- [Cheer Up!] aired from October 5, 2015") and "on KBS2" in line
                   for line in lines), lines
