"""Real Wikipedia paragraphs uploaded through the app: a question that names a school only through the
congressman who graduated from it is asked again with the school written in, and answered on the Query
page's first line with its path."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CORPUS = Path(__file__).parents[3] / "shared" / "data" / "hotpotqa_100" / "corpus.jsonl"
# the two hops, and another Andrews
PASSAGES = ("Charles Andrews (Maine politician)", "Clement Walker Andrews", "Hebron Academy")  # (a short name last:
# the uploader elides long ones, and the upload waits for the last name)


def paragraph_files(folder: Path, keys: tuple[str, ...]) -> list[Path]:
    """hotpotqa_100's paragraphs as files to upload, each named by its title without the bracket."""
    rows = {row["id"]: row for line in CORPUS.read_text(encoding="utf-8").splitlines() if (row := json.loads(line))}
    files = []
    for key in (k for k in keys if k in rows):
        files.append(folder / f"{key.split(' (')[0]}.txt")
        files[-1].write_text(f"{rows[key]['title']}\n\n{rows[key]['text']}\n", encoding="utf-8")
    return files


@pytest.mark.skipif(not CORPUS.is_file(), reason="needs ../shared/data/hotpotqa_100 beside the project")
def test_a_bridge_written_into_the_question_answers(tmp_path):
    files = paragraph_files(tmp_path, PASSAGES)
    with uploaded_app(tmp_path / "ws", files, height=1000) as (page, url):
        reply = extractive_reply(page, url, "In what year was the school from which the Maine congressman "
                                            "Charles Andrews graduated founded?")
        answer = reply.inner_text()
        assert "Answer: 1804 [" in answer, answer
        # the path through the school (an uploaded passage is titled by its file's name)
        assert re.search(r"Path: Charles Andrews\S* → Hebron Academy\S* → 1804", answer), answer
        shoot_reply(page, reply, "query_asked_again.png")
