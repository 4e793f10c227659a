"""Offline, a follow-up's pronoun is the previous short answer: "Who is his wife?" after "… Bob Cratchit"."""

from __future__ import annotations

import pytest

from lightrag_core.query.follow_up import antecedent, read_through

ANSWERED = [{"role": "user", "content": "Who is Tiny Tim's father?"},
            {"role": "assistant", "content": "Extractive answer (…)\n\nAnswer: Bob Cratchit [1]\n\n- Tim … [1]\n"}]


@pytest.mark.parametrize(("question", "read"), [
    ("Who is his wife?", "Who is Bob Cratchit's wife?"),
    ("Where did he work?", "Where did Bob Cratchit work?"),
    ("Who paid him?", "Who paid Bob Cratchit?"),
    ("Did Scrooge pay him?", "Did Scrooge pay him?"),  # the question names someone of its own
    ("What is the capital of France?", "What is the capital of France?"),  # no pronoun
])
def test_a_pronoun_is_the_previous_answer(question: str, read: str) -> None:
    assert read_through(question, ANSWERED)[0] == read


def test_her_before_a_noun_owns_it_and_before_nothing_is_the_object() -> None:
    history = [{"role": "user", "content": "Who is Tiny Tim's sister?"},
               {"role": "assistant", "content": "Answer: Martha Cratchit [2][3]"}]
    assert read_through("Who is her brother?", history)[0] == "Who is Martha Cratchit's brother?"
    assert read_through("Who met her?", history)[0] == "Who met Martha Cratchit?"


@pytest.mark.parametrize("question", [
    "Did he love her dearly?",  # two pronouns: which is which, the history does not say
    "Who is her husband?",  # Bob is no woman
    "Who wrote 'his dark materials'?",  # a quoted title
    'Who sang "Her"?',
    "What did the he-man do?",
    "Scrooge paid him?",  # a name of its own
])
def test_left_as_asked(question: str) -> None:
    assert read_through(question, ANSWERED) == (question, "")


def test_the_previous_answer_must_answer_who() -> None:
    where = [{"role": "user", "content": "Where was Bob Cratchit's office?"},
             {"role": "assistant", "content": "Answer: London [1]"}]
    assert read_through("Who is his wife?", where) == ("Who is his wife?", "")


def test_an_llm_reads_the_history_itself() -> None:
    assert read_through("Who is his wife?", ANSWERED, with_llm=True) == ("Who is his wife?", "")


def test_a_history_cannot_grow_the_question() -> None:
    # a name of a few words of bounded length, single-spaced: nothing else is read as one
    long_name = [{"role": "user", "content": "Who is it?"},
                 {"role": "assistant", "content": "Answer: " + " ".join(["Abcdefghij" * 39] * 5) + " [1]"}]
    assert read_through("Who is his wife?", long_name) == ("Who is his wife?", "")
    odd = [{"role": "user", "content": "Who is it?"}, {"role": "assistant", "content": "Answer: Bob\u2028Cratchit [1]"}]
    assert antecedent(odd) == ""


def test_only_a_name_is_an_antecedent() -> None:
    assert antecedent([{"role": "assistant", "content": "Answer: 1843 [1]"}]) == ""
    assert antecedent([{"role": "assistant", "content": "No short answer: no sentence … The closest evidence:"}]) == ""
    assert antecedent([]) == ""
    # the last answer counts, not an earlier one
    assert antecedent([*ANSWERED, {"role": "user", "content": "x"},
                       {"role": "assistant", "content": "No short answer."}]) == ""


def test_the_engine_retrieves_and_answers_the_follow_up_as_read(offline_settings) -> None:
    from lightrag_core import Document, Engine, QueryParam

    with Engine(offline_settings) as engine:
        engine.index_documents([Document("cast", "Bob Cratchit was a clerk. Mrs. Cratchit, wife of Bob Cratchit, "
                                                 "cooked the goose. Tiny Tim was the son of Bob Cratchit.")])
        param = QueryParam(mode="naive")
        param.conversation_history = list(ANSWERED)
        result, text = engine.answer("Who is his wife?", param)
    assert result.warnings[0] == "Read as \u201cWho is Bob Cratchit's wife?\u201d: Bob Cratchit is the previous answer."
    assert "Answer: Mrs. Cratchit [1]" in text, text
