"""Real Wikipedia paragraphs uploaded through the app: a nested question whose chain the decomposition loses is
answered by the clause it asks in, when the answer's passage says all of that clause ("Which suffrage campaigner
used as a public meeting venue the 19th-century theatre | in the city where …?": Kate Sheppard, in the Odeon
Theatre's passage); and "whom did X succeed?" asks for the one succeeded, not the successor."""

from __future__ import annotations

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app
from tests.browser.test_asked_again_in_chromium import CORPUS, paragraph_files

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# (a short name last: the upload waits for the last name)
PASSAGES = ("Mark Dominik", "Lee Roy Selmon", "Tampa Bay Buccaneers draft history", "Odeon Theatre, Christchurch",
            "Ceri Evans")


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_the_clause_a_nested_question_asks_in_answers(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1000) as (page, url):
        reply = extractive_reply(page, url, "Which suffrage campaigner used as a public meeting venue the "
                                            "19th-century theatre in the city where the footballer Ceri Evans "
                                            "was born?")
        lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
        assert any(line.startswith("Answer: Kate Sheppard [") for line in lines), lines
        evidence = [line for line in lines if line.startswith("- ")]
        assert "public meeting venue of Kate Sheppard" in evidence[0], lines
        shoot_reply(page, reply, "query_asked_clause.png")
        reply = extractive_reply(page, url, "Whom did the 2009–2013 general manager of the NFL team that made the "
                                            "youngest of the three Selmon brothers its first-ever draft pick "
                                            "succeed in that post?")
        lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
        assert any(line.startswith("Answer: Bruce Allen [") for line in lines), lines
        shoot_reply(page, reply, "query_whom_succeeded.png")
