"""Eight days of lihuaworld's chats uploaded through the app, asked what one of their speakers said: the
Query page answers from the reply that says it ("Just hold each stretch for about 30 seconds."), not from
the same speaker's short replies elsewhere ("JakeWatson: Piqué is definitely one of the best!"), which
were the whole evidence when a line's speaker was matched as one of its words; and its evidence holds no
line that only greets ("LiHua: Hey Jennifer!"), which filled all four places before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.test_app_in_chromium import extractive_reply, shoot_reply, uploaded_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHATS = Path(__file__).parents[3] / "shared" / "data" / "lihuaworld" / "corpus.jsonl"
# the day Jake answers, and the seven other days he says most on
DAYS = ("20260917_1000", "20260903_1700", "20261005_1005", "20261201_1201", "20260829_1100", "20261014_2000",
        "20261110_1000", "20260925_2100")  # (the upload waits for the last name)


def chat_files(folder: Path, days: tuple[str, ...]) -> list[Path]:
    rows = {row["id"]: row for line in CHATS.read_text(encoding="utf-8").splitlines() if (row := json.loads(line))}
    files = []
    for day in days:
        files.append(folder / f"{day}.txt")
        files[-1].write_text(rows[day]["text"], encoding="utf-8")
    return files


@pytest.mark.skipif(not CHATS.is_file(), reason="needs ../shared/data/lihuaworld beside the project")
def test_what_a_speaker_said_is_answered_from_the_reply_that_says_it(tmp_path):
    with uploaded_app(tmp_path / "ws", chat_files(tmp_path, DAYS), height=1000) as (page, url):
        reply = extractive_reply(page, url, "How long should each stretch be held according to JakeWatson?")
        answer = reply.inner_text()
        assert "Answer: about 30 seconds [" in answer, answer
        assert "JakeWatson: Just hold each stretch for about 30 seconds." in answer, answer
        assert "Piqué" not in answer  # his replies on other days are no evidence for this
        shoot_reply(page, reply, "query_chat_reply.png")


# the day Jennifer tells Li Hua of the guest speaker, and seven days that open on greetings between them
GREETING_DAYS = ("20260112_1500", "20260114_1200", "20260114_1700", "20260119_1430", "20260122_1600",
                 "20260128_1900", "20260205_1300", "20260619_0815")


@pytest.mark.skipif(not CHATS.is_file(), reason="needs ../shared/data/lihuaworld beside the project")
def test_a_line_that_only_greets_is_no_evidence(tmp_path):
    with uploaded_app(tmp_path / "ws", chat_files(tmp_path, GREETING_DAYS), height=1000) as (page, url):
        reply = extractive_reply(page, url, "What will special guest speaker be talking about as Jennifer mentions "
                                            "to LiHua?")
        answer = reply.inner_text()
        evidence = [line for line in answer.splitlines() if line.startswith("- ")]
        assert evidence and "special guest speaker talking about nutrition for athletes" in evidence[0], answer
        assert not any(re.search(r": (?:Hey|Hi|Thanks|Appreciate it),? (?:Li Hua|Jennifer)! \[", line)
                       for line in evidence), answer
        shoot_reply(page, reply, "query_chat_no_greetings.png")


# the day Wolfgang names a gym, and seven days on which Li Hua names him most
WOLFGANG_DAYS = ("20260111_0800", "20260106_2000", "20260108_1100", "20260112_1000", "20260113_1100",
                 "20260118_1200", "20260119_0930", "20260121_1300")


@pytest.mark.skipif(not CHATS.is_file(), reason="needs ../shared/data/lihuaworld beside the project")
def test_a_speaker_named_by_first_name_is_read_in_their_own_lines(tmp_path):
    """"Wolfgang" is WolfgangSchulz, who speaks: before, only lines that say "Wolfgang" matched him, and
    they are Li Hua's."""
    with uploaded_app(tmp_path / "ws", chat_files(tmp_path, WOLFGANG_DAYS), height=1000) as (page, url):
        reply = extractive_reply(page, url, "What is the name of the gym that Wolfgang recommended LiHua to go to?")
        shoot_reply(page, reply, "query_chat_first_name.png")
        answer = reply.inner_text()
        evidence = [line for line in answer.splitlines() if line.startswith("- ")]
        # (his whole message, as he wrote it: no short answer is given, so the evidence is messages)
        assert any("WolfgangSchulz: Hey! There’s a nice gym called FitZone" in line for line in evidence[:2]), answer
