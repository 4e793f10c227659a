"""A team's dated chat logs uploaded through the app: "did A happen before B?" is answered yes or no on the
Query page's first line, with both dates on the path and both messages cited."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHATS = {
    "chat_20260105.txt": "Time: 20260105_11:00\nAdamSmith: Hi Li Hua! The heating engineer comes on Friday to "
                         "service the boiler in the basement.\nLiHua: Thanks Adam, I will be home all day.",
    "chat_20260112.txt": "Time: 20260112_09:30\nLiHua: Hey Jennifer! Could you recommend a book on fitness "
                         "nutrition? I want to plan my meals better.\nJenniferMoore: Sure, try The Protein "
                         "Handbook, it is a great start.",
    "chat_20260120.txt": "Time: 20260120_18:00\nJenniferMoore: Big news, a special guest speaker comes to the gym "
                         "next week to talk about recovery!\nLiHua: Great, I will be there.",
}


@contextmanager
def _asked(tmp_path: Path, chats: dict[str, str], question: str) -> Iterator[tuple]:
    """The chat logs uploaded through the app, and the question's reply on the Query page."""
    for name, text in chats.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    with uploaded_app(tmp_path / "ws", [tmp_path / name for name in chats]) as (page, url):
        yield page, extractive_reply(page, url, question)


PROMOTION = {
    "chat_20260428.txt": "Time: 20260428_18:30\nWolfgangSchulz: Hey Li Hua! Big news, I just got the promotion at "
                         "work!\nLiHua: Congratulations, Wolfgang!",
    "chat_20260430.txt": "Time: 20260430_17:00\nWolfgangSchulz: Li Hua, let's go out for dinner tonight to "
                         "celebrate.\nLiHua: Sounds great, see you at seven.",
    "chat_20260508.txt": "Time: 20260508_08:00\nLiHua: So what is the promotion about?\nWolfgangSchulz: I lead the "
                         "design team now.",
}


@pytest.mark.parametrize(("chats", "question", "dates", "cited", "shot"), [
    (CHATS, "Did Li Hua ask Jennifer for a book on fitness nutrition before she announced the guest speaker at "
            "the gym?", ("2026-01-12 09:30", "2026-01-20 18:00"),
     "Could you recommend a book on fitness nutrition?", "query_event_order.png"),
    # Wolfgang's announcement is his own line of the 28th, not Li Hua asking about it on the 8th.
    (PROMOTION, "Did Wolfgang's promotion announcement occur before he invited Li Hua for dinner?",
     ("2026-04-28 18:30", "2026-04-30 17:00"),
     "20260428_18:30 WolfgangSchulz: Big news, I just got the promotion at work! [1]", "query_event_doer.png"),
])
def test_an_order_question_over_chat_logs_is_answered_with_both_dates(tmp_path, chats, question, dates, cited,
                                                                       shot):
    with _asked(tmp_path, chats, question) as (page, reply):
        answer = reply.inner_text()
        assert "Answer: yes [" in answer, answer
        assert all(when in answer for when in dates), answer
        assert cited in answer, answer
        box = page.get_by_test_id("stAlertContentSuccess").first.inner_text()
        assert "Short answer: yes" in box, box
        shoot_reply(page, reply, shot)
