"""Questions about when two things happened, over dated passages: which dates date a passage, the
question's two events, the verdict, and abstaining when the passages that might state an event disagree."""

from __future__ import annotations

from datetime import datetime

import pytest

from lightrag_core.embeddings import OnnxMiniLM
from lightrag_core.query.dates import dates_in, heading_dates
from lightrag_core.query.event_order import event_order_answer
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import Sentence, sentences_of
from lightrag_core.query.short_answer import short_answer

CHATS = {
    "20260105_1100": "Time: 20260105_11:00\nAdamSmith: Hi Li Hua! The heating engineer comes on Friday to service "
                     "the boiler in the basement.\nLiHua: Thanks Adam, I will be home.",
    "20260112_0930": "Time: 20260112_09:30\nLiHua: Hey Jennifer! Could you recommend a book on fitness nutrition?\n"
                     "JenniferMoore: Sure, try The Protein Handbook.",
    "20260120_1800": "Time: 20260120_18:00\nJenniferMoore: Big news, a special guest speaker comes to the gym "
                     "next week!\nLiHua: Great, I will be there.",
}


@pytest.fixture(scope="module")
def embed():  # noqa: ANN201
    return OnnxMiniLM(arithmetic="float").embed


def sentences(chats: dict[str, str]) -> list[Sentence]:
    result = QueryResult("multihop", [], [])
    result.chunks = [{"content": text, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": name,
                      "file_path": name} for i, (name, text) in enumerate(chats.items())]
    return sentences_of(result)


def test_a_heading_date_dates_the_lines_below_it_and_a_date_in_prose_dates_nothing() -> None:
    text = "Minutes\nDate: 2026-03-04 10:15\nWe met. She was born on 5 January 1950 in Rome.\n20260401\nMore."
    assert [d.when for d in dates_in(text)] == [datetime(2026, 3, 4, 10, 15), datetime(1950, 1, 5),
                                                    datetime(2026, 4, 1)]
    assert [d.when for d in heading_dates(text)] == [datetime(2026, 3, 4, 10, 15), datetime(2026, 4, 1)]
    assert dates_in("20261331 and 2026-02-30 are not days") == []


def test_each_sentence_is_as_old_as_its_passage_or_its_file() -> None:
    found = sentences({**CHATS, "2026-02-01 standup.md": "We agreed to move the release to March."})
    when = {s.text[:20]: s.when for s in found}
    assert when["The heating engineer"] == datetime(2026, 1, 5, 11, 0)
    assert when["Could you recommend "] == datetime(2026, 1, 12, 9, 30)
    assert when["We agreed to move th"] == datetime(2026, 2, 1)
    # the heading on a sentence's own first line dates it, not the file's name (which has no time)
    opening = sentences({"chat_20260120.txt": "Time: 20260120_18:00\nJenniferMoore: Big news, a guest speaker!"})
    assert [(s.when, s.dated) for s in opening] == [(datetime(2026, 1, 20, 18, 0), "20260120_18:00")]


@pytest.mark.parametrize(("question", "verdict"), [
    ("Did Li Hua ask Jennifer for book recommendations on fitness nutrition before she announced the special "
     "guest speaker at the gym?", "yes"),
    ("Did Jennifer announce the special guest speaker at the gym before Li Hua asked her for a book on fitness "
     "nutrition?", "no"),
    ("Did Jennifer announce the special guest speaker at the gym after Adam told Li Hua about the engineer "
     "servicing the boiler?", "yes"),
    ("Is the time interval between Adam telling Li Hua about the boiler service and Jennifer announcing the "
     "guest speaker more than 7 days?", "yes"),
    ("Did it take more than three weeks from Adam telling Li Hua about the boiler service to Jennifer "
     "announcing the guest speaker at the gym?", "no"),
])
def test_the_two_events_dates_decide(question: str, verdict: str, embed) -> None:  # noqa: ANN001
    found = event_order_answer(question, sentences(CHATS), embed)
    assert found is not None and found.text == verdict
    assert len(found.evidence) == 2 and all(s.when for s in found.evidence)
    assert found.path[-1] == verdict and ": 2026-01-" in found.path[0]


def test_a_recurring_event_on_both_sides_of_the_other_gets_no_answer(embed) -> None:  # noqa: ANN001
    chats = {**CHATS, "20260125_1000": "Time: 20260125_10:00\nLiHua: Hey Jennifer! Could you recommend another "
                                       "book on fitness nutrition?"}
    question = ("Did Li Hua ask Jennifer for a book recommendation on fitness nutrition before she announced the "
                "special guest speaker at the gym?")
    assert event_order_answer(question, sentences(chats), embed) is None


def test_a_date_in_the_question_picks_that_days_passage(embed) -> None:  # noqa: ANN001
    chats = {**CHATS, "20260125_1000": "Time: 20260125_10:00\nLiHua: Hey Jennifer! Could you recommend another "
                                       "book on fitness nutrition?"}
    question = ("Did Jennifer announce the special guest speaker at the gym before Li Hua asked her for a book on "
                "fitness nutrition on 20260125?")
    found = event_order_answer(question, sentences(chats), embed)
    assert found is not None and found.text == "yes" and "2026-01-25" in found.path[1]


def test_undated_passages_and_other_questions_get_no_answer(embed) -> None:  # noqa: ANN001
    undated = {f"note{i}.txt": text.split("\n", 1)[1] for i, text in enumerate(CHATS.values())}
    question = "Did Li Hua ask Jennifer for a book on fitness nutrition before she announced the guest speaker?"
    assert event_order_answer(question, sentences(undated), embed) is None
    # "before 1990" is a date, not an event; "when" questions are not order questions
    assert event_order_answer("Did Adam service the boiler before 2027?", sentences(CHATS), embed) is None
    assert event_order_answer("When did Jennifer announce the guest speaker?", sentences(CHATS), embed) is None


def test_the_short_answer_reads_order_questions_first(embed) -> None:  # noqa: ANN001
    question = "Did Li Hua ask Jennifer for a book on fitness nutrition before she announced the guest speaker?"
    found = short_answer(question, [(s, 1.0) for s in sentences(CHATS)], ["Li Hua", "Jennifer"], embed=embed)
    assert found is not None and found.confident and found.text == "yes"
    assert [s.ref for s in found.evidence] == ["2", "3"]


def test_long_chats_in_every_passage_cost_a_bounded_number_of_vectors() -> None:
    """Past the budget the words alone decide: the embedder is never asked for more."""
    from lightrag_core.query import event_order

    asked: list[int] = []

    def counting(texts: list[str]):  # noqa: ANN202
        asked.append(len(texts))
        return OnnxMiniLM(arithmetic="float").embed(texts)

    filler = " ".join(f"Line {i} of the chat is about nothing in particular at all today." for i in range(80))
    chats = {name: text + "\n" + filler for name, text in CHATS.items()}
    question = "Did Li Hua ask Jennifer for a book on fitness nutrition before she announced the guest speaker?"
    found = event_order_answer(question, sentences(chats), counting)
    assert sum(asked) <= event_order.MAX_VECTORS
    assert found is not None and found.text == "yes"


def test_no_is_said_only_when_no_passage_that_may_tell_the_event_came_first(embed, monkeypatch) -> None:  # noqa: ANN001
    """"Yes" needs one A before B; "no" claims there was none, so a weaker telling of A before B withholds it."""
    from lightrag_core.query import event_order

    chats = {**CHATS,
             "20260112_0930": "Time: 20260112_09:30\nLiHua: Hey! Any good book on fitness nutrition?",
             "20260128_1000": "Time: 20260128_10:00\nLiHua: Hey Jennifer! Could you recommend a book on fitness "
                              "nutrition? I want to plan my meals better."}
    question = ("Did Li Hua ask Jennifer for a book on fitness nutrition before she announced the special guest "
                "speaker at the gym?")
    # The 28th tells it best; the 12th scores 0.92 of it: outside a 0.95 near set, inside the wide one.
    monkeypatch.setattr(event_order, "NEAR", 0.95)
    assert event_order_answer(question, sentences(chats), embed) is None
    monkeypatch.setattr(event_order, "WIDE", 0.95)  # the nearest passages alone would say no
    found = event_order_answer(question, sentences(chats), embed)
    assert found is not None and found.text == "no"


@pytest.mark.parametrize(("text", "when"), [
    ("Date: 2026-01-05, 150 people came", datetime(2026, 1, 5)),  # a number after a date is no time
    ("Sent: 5 Sept 2026 at 2:05 pm", datetime(2026, 9, 5, 14, 5)),
    ("Sent: 12 March 2026 12:30 am", datetime(2026, 3, 12, 0, 30)),
    ("## 5 January 2026", datetime(2026, 1, 5)),
    ("- 2026-01-05", datetime(2026, 1, 5)),
    ("**Date:** 2026-01-05 10:00", datetime(2026, 1, 5, 10, 0)),
])
def test_heading_dates_as_teams_write_them(text: str, when: datetime) -> None:
    assert [d.when for d in heading_dates(text + "\nWe met.")] == [when]


def test_a_message_repeated_on_another_day_is_another_event(embed) -> None:  # noqa: ANN001
    """The same words on two days are kept twice (overlapping chunks repeat a sentence on one day only),
    so asking whether it came after something between them gets no answer."""
    again = {**CHATS, "20260125_1000": "Time: 20260125_10:00\nLiHua: Hey Jennifer! Could you recommend a book on "
                                       "fitness nutrition?"}
    found = sentences(again)
    assert sum(s.text == "Could you recommend a book on fitness nutrition?" for s in found) == 2
    question = ("Did Li Hua ask Jennifer for a book on fitness nutrition after she announced the guest speaker at "
                "the gym?")
    assert event_order_answer(question, found, embed) is None


def test_a_title_line_above_the_heading_does_not_undate_the_first_message() -> None:
    found = sentences({"chat.txt": "Team chat\nTime: 20260120_18:00\nJenniferMoore: Big news, a guest speaker!"})
    assert [s.when for s in found] == [datetime(2026, 1, 20, 18, 0)]


def test_a_date_without_a_time_does_not_order_the_same_days_hours(embed) -> None:  # noqa: ANN001
    chats = {"2026-01-12 notes.md": "Li Hua asked Jennifer for a book on fitness nutrition.",
             "chat_20260112.txt": "Time: 20260112_18:00\nJenniferMoore: Big news, a special guest speaker comes to "
                                  "the gym next week!"}
    question = ("Did Li Hua ask Jennifer for a book on fitness nutrition before she announced the special guest "
                "speaker at the gym?")
    assert event_order_answer(question, sentences(chats), embed) is None


def test_from_a_to_b_splits_at_each_to() -> None:
    from lightrag_core.query.event_order import _readings

    readings = _readings("Did it take more than a week from Li Hua asking Adam to fix the heater to Adam booking "
                         "the engineer?")
    assert ("Li Hua asking Adam to fix the heater", "Adam booking the engineer") in [(r.a, r.b) for r in readings]


def test_a_long_run_of_text_before_a_date_is_no_heading_label() -> None:
    """A label is short; a line of text before a date is prose, whatever it holds (this also runs the
    hostile line that once took seconds; its time is bench material, not asserted here)."""
    assert heading_dates("Subject line of forty-one characters here: 2026-01-05\nx") == []
    assert heading_dates(" " * 5000 + "x " + "2026-01-05 " * 50) == []
    assert len(heading_dates("Sent: 2026-01-05\nx")) == 1


PROMOTION = {
    "20260428_1830": "Time: 20260428_18:30\nWolfgangSchulz: Hey Li Hua! Big news, I just got the promotion at work!\n"
                     "LiHua: Congratulations, Wolfgang!",
    "20260430_1700": "Time: 20260430_17:00\nWolfgangSchulz: Li Hua, let's go out for dinner tonight to celebrate.\n"
                     "LiHua: Sounds great, see you at seven.",
    "20260508_0800": "Time: 20260508_08:00\nLiHua: So what is the promotion about?\n"
                     "WolfgangSchulz: I lead the design team now.",
}


def test_the_event_is_the_line_its_doer_says(embed) -> None:  # noqa: ANN001
    """Wolfgang announced his promotion on the 28th; Li Hua asking about it on the 8th is not the announcement.
    Without the doer, both tell "Wolfgang's promotion announcement" about as well and the order is left open."""
    question = "Did Wolfgang's promotion announcement occur before he invited Li Hua for dinner?"
    found = event_order_answer(question, sentences(PROMOTION), embed)
    assert found is not None and found.text == "yes"
    assert [s.dated for s in found.evidence] == ["20260428_18:30", "20260430_17:00"]
    assert found.evidence[0].speaker == "WolfgangSchulz"


def test_who_does_each_event() -> None:
    from lightrag_core.query.event_order import _Asked

    assert _Asked("Jake Watson and Li Hua discuss the match", "the group members discussed it").doers() == (
        ("Jake Watson", "Li Hua"), ())
    assert _Asked("Wolfgang's promotion announcement occur", "he invited Li Hua").doers() == (
        ("Wolfgang",), ("Wolfgang",))
    assert _Asked("The discussion about Jaime occur", "he and Li Hua talked").doers() == ((), ("Li Hua",))
    assert _Asked("Wolfgang Schulz recommend a song", "he and Li Hua discussed what to play").doers() == (
        ("Wolfgang Schulz",), ("Wolfgang Schulz", "Li Hua"))


CURTAIN = {
    "20261007_1200": "Time: 20261007_12:00\nAdamSmith: Just wanted to let you know that I have booked the curtain in "
                     "the right size.\nLiHua: Thanks a lot!",
    "20261012_1000": "Time: 20261012_10:00\nAdamSmith: Just wanna ask you if the curtain arrived, the courier said all "
                     "good!\nLiHua: Yep, I have received them yesterday!",
    "20261019_2000": "Time: 20261019_20:00\nAdamSmith: Just checking in, is the new curtain all good after a week of "
                     "use?\nLiHua: The curtain is excellent, totally meets my expectations.",
}


def test_the_message_that_surely_tells_one_event_is_not_also_the_other(embed) -> None:  # noqa: ANN001
    """Li Hua confirms the curtain arrived only on the 12th, so Adam's line of the 12th, nearly as close to
    "asking if the curtain is all good" as his line of the 19th, is not that question: the gap is a week."""
    question = ("Is the time interval more than 3 days between LiHua confirming that he has received the curtain and "
                "Adam asking LiHua if the curtain is all good?")
    found = event_order_answer(question, sentences(CURTAIN), embed)
    assert found is not None and found.text == "yes"
    assert [s.dated for s in found.evidence] == ["20261012_10:00", "20261019_20:00"]
