"""Chat evidence is shown as whole messages, and a line that asks a question with its reply, when no short
answer is given; prose, and the evidence under a short answer, are shown as chosen."""

from __future__ import annotations

import pytest

from lightrag_core.embeddings import offline_embedder
from lightrag_core.query import extractive
from lightrag_core.query.chat_evidence import MAX_MESSAGE_CHARS, as_messages
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import sentences_of

CHAT = ("Time: 20260922_17:00\n"
        "LiHua: Have you got a favorite part in the series?\n"
        "EmilyBurnett: I love the emphasis on character development and their backstories. It feels like we're "
        "really getting to know them!\n"
        "Jareth: What do you all do to unwind after intense battles?\n"
        "Fionnuala: I like to wander around and collect items or side quests to chill out.\n"
        "Fionnuala: Same here!\n")

BATTLES = ("Time: 20260923_10:00\n"
           "Tom: Intense battles are the best part of the game!\n"
           "Ana: Those battles were so intense last night.\n"
           "Leo: I need to unwind after work today.\n"
           "Ana: Boss battles always get intense at the end.\n")


def _result(*chunks: str) -> QueryResult:
    r = QueryResult("multihop", [], [])
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate(chunks)]
    return r


def _said(text: str) -> list:
    return sentences_of(_result(text))


def test_a_chat_sentence_is_shown_as_its_whole_message() -> None:
    context = _said(CHAT)
    feels = next(s for s in context if s.said.startswith("It feels like"))
    shown = as_messages([feels], context)
    assert [s.said for s in shown] == ["I love the emphasis on character development and their backstories. It feels "
                                       "like we're really getting to know them!"]
    assert shown[0].speaker == "EmilyBurnett" and shown[0].ref == feels.ref


def test_two_sentences_of_one_message_are_shown_once() -> None:
    context = _said(CHAT)
    emily = [s for s in context if s.speaker == "EmilyBurnett"]
    assert len(emily) == 2 and len(as_messages(emily, context)) == 1


def test_a_question_line_is_followed_by_the_next_speakers_reply() -> None:
    context = _said(CHAT)
    asks = next(s for s in context if s.said.startswith("What do you all do"))
    shown = as_messages([asks], context)
    assert [s.speaker for s in shown] == ["Jareth", "Fionnuala"]
    assert "collect items or side quests" in shown[1].said
    assert [s.speaker for s in as_messages([asks], context, replies=False)] == ["Jareth"]


def test_prose_and_a_long_message_are_shown_as_chosen() -> None:
    prose = _said("Jacob Marley was Scrooge's partner. He died seven years ago.")
    assert as_messages(prose, prose) == prose
    long = _said("Time: 20260101_10:00\nAda: " + " ".join(f"Point {n} of my talk is about the budget of team {n}."
                                                          for n in range(1, 12)) + " It ends here!\n")
    assert len(" ".join(s.said for s in long)) > MAX_MESSAGE_CHARS
    last = long[-1]
    assert as_messages([last], long) == [last]


@pytest.fixture(scope="module")
def embedder():
    return offline_embedder("int8")


def test_the_extractive_answer_shows_the_message_and_the_reply(embedder) -> None:
    question = "What do people do to unwind after intense battles?"
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question,
                                                _result(CHAT, BATTLES)))
    # the reply says nothing of battles or unwinding, so it is shown for the line it answers
    assert ("Jareth: What do you all do to unwind after intense battles? [1]\n"
            "- 20260922_17:00 Fionnuala: I like to wander around and collect items or side quests to chill out. [1]"
            ) in text


def test_replies_are_shown_besides_the_chosen_messages_two_at_most() -> None:
    chat = "Time: 20260101_10:00\n" + "".join(
        f"Ada: Question number {n} about the garden plans?\nBo: Answer number {n} is the roses.\n" for n in range(1, 5))
    context = _said(chat)
    asked = [s for s in context if s.speaker == "Ada"]
    shown = as_messages(asked, context)
    assert [s.speaker for s in shown] == ["Ada", "Bo", "Ada", "Bo", "Ada", "Ada"]  # every chosen one kept
    assert "Answer number 1" in shown[1].said and "Answer number 2" in shown[3].said


def test_a_place_two_sentences_of_one_message_leave_is_filled_from_the_ranked_ones() -> None:
    context = _said(CHAT + "Fionnuala: Hey Jareth!\n")
    emily = [s for s in context if s.speaker == "EmilyBurnett"]
    ranked = [*emily, *(s for s in context if s.speaker == "Fionnuala"), *context]
    shown = as_messages(emily, context, ranked)
    # Emily's message once, then the best-ranked other line; a bare greeting is never one
    assert [s.speaker for s in shown[:2]] == ["EmilyBurnett", "Fionnuala"]
    assert "collect items" in shown[1].said and not any(s.said == "Hey Jareth!" for s in shown)
    assert len([s for s in shown if s.speaker == "EmilyBurnett"]) == 1


def test_a_question_with_an_emoji_after_it_still_asks() -> None:
    chat = ("Time: 20260619_08:15\nJenniferMoore: There's a special guest speaker soon. Are you interested in "
            "joining? 🤔🤔\nLiHua: Yes, count me in!\n")
    context = _said(chat)
    speaker = next(s for s in context if s.said.startswith("There's a special"))
    assert [s.speaker for s in as_messages([speaker], context)] == ["JenniferMoore", "LiHua"]


def test_a_place_is_never_filled_by_a_bare_greeting_even_right_after_the_chosen() -> None:
    context = _said(CHAT + "Fionnuala: Hey Jareth!\n")
    emily = [s for s in context if s.speaker == "EmilyBurnett"]
    greeting = next(s for s in context if s.said == "Hey Jareth!")
    shown = as_messages([*emily, *emily], context, [greeting, *context])  # (two places left, a greeting ranked first)
    assert not any(s.said == "Hey Jareth!" for s in shown)
