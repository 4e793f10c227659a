"""Real Wikipedia paragraphs uploaded through the app: two numbers of one sentence told apart by the clause each
stands in ("Incumbent Vice President John Adams received 77 votes … (Washington received 132 votes …)"); a title
line with a comma opens the paragraph below it."""

from __future__ import annotations

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# (a short name last: the upload waits for the last name)
PASSAGES = ("United States presidential election, 1792", "Warton, Lancaster", "Ceri Evans")


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_the_clause_that_says_the_question_picks_the_number(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=900) as (page, url):
        reply = extractive_reply(page, url, "How many votes did the incumbent vice president receive in the election "
                                            "that gave a second term to the president whose ancestor is rumoured to "
                                            "have helped build Warton's village church?")
        lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
        assert any(line.startswith("Answer: 77 [") for line in lines), lines
        evidence = [line for line in lines if line.startswith("- ")]
        assert any("John Adams received 77 votes" in line for line in evidence), lines
        # the file's title line ("United States presidential election, 1792") opens its first sentence: it is no
        # evidence line of its own
        assert not any(line.startswith("- United States presidential election, 1792 [") for line in evidence), lines
        shoot_reply(page, reply, "query_told_apart.png")
