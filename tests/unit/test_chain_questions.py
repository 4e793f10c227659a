"""Readings that batch 30's three- and four-hop questions showed wrong: a hyphened "-born" asks no birth, a
life bracket never dates a deed the question asks, and "how much did it earn?" is answered by a sum of money."""

from __future__ import annotations

import pytest

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_type import MONEY, NUMBER, answer_type
from lightrag_core.query.life_events import asked_event
from tests.unit.test_short_answer import answer

RAPPER = ("Rakim Mayers (born October 3, 1988), better known as ASAP Rocky, is an American rapper from Harlem and a "
          "member of the hip hop collective A$AP Mob.")
ALBUM = ("Vicious Lies and Dangerous Rumors is the second solo album by Big Boi, released in 2012, with guest "
         "appearances from ASAP Rocky. Its follow-up, Boomiverse, came five years later.")


@pytest.mark.parametrize(("question", "event"), [
    ("When was the Harlem-born rapper's second album released?", ""),
    ("Where did the German-born actor die?", "death"),  # the death is still asked
    ("When was the naval officer born?", "birth"),
    ("In which city was the London-born singer of Alphaville born?", "birth"),  # one "born" is asked
])
def test_a_hyphened_born_describes_someone_and_asks_no_birth(question: str, event: str) -> None:
    doc = nlp()(question)
    lemmas = {t.lemma_.lower() for t in doc if t.pos_ in {"NOUN", "VERB", "ADJ"}}
    assert asked_event(lemmas, list(doc)) == event


def test_a_birth_date_does_not_answer_when_a_deed_was_done() -> None:
    question = "On what date was the follow-up released to the 2012 album on which the Harlem-born rapper appeared?"
    found = answer(question, [ALBUM, RAPPER], ["Harlem"])
    assert found is None or not found.confident or found.text != "October 3, 1988", found


def test_a_birth_date_still_answers_a_birth() -> None:
    found = answer("When was the rapper who appeared on Vicious Lies and Dangerous Rumors born?", [ALBUM, RAPPER],
                   ["Vicious Lies and Dangerous Rumors"])
    assert found is not None and found.text == "October 3, 1988", found


@pytest.mark.parametrize("question", [
    "How much did the horror film earn worldwide?",
    "How much money did the film make?",
    "How much did the house cost in 1990?",
])
def test_how_much_a_thing_earned_or_cost_asks_a_sum_of_money(question: str) -> None:
    assert answer_type(question).kind == NUMBER and answer_type(question).head == MONEY


@pytest.mark.parametrize("question", ["How much does the bridge weigh?", "How much of the island is forest?"])
def test_how_much_of_anything_else_is_no_money(question: str) -> None:
    assert answer_type(question).head != MONEY


def test_the_sum_not_a_count_answers_how_much_a_film_earned() -> None:
    chunk = ("Cry Wolf is a 2005 horror film starring two newcomers and Gary Cole. The film was released on "
             "September 16, 2005, earning $15 million worldwide from a $1 million budget.")
    found = answer("How much did the horror film Cry Wolf earn worldwide?", [chunk], ["Cry Wolf"])
    assert found is not None and found.text == "$15 million", found  # (the budget beside it keeps it unsure)
