"""An acronym given in brackets after the name it stands for is answered by that name."""

from __future__ import annotations

import pytest

from lightrag_core.query.name_forms import spelled_out
from tests.unit.test_short_answer import answer_one as answer

QUESTION = "What was the legislation passed in 1990 in Kentucky?"


@pytest.mark.parametrize(("text", "acronym", "name"), [
    ("It was known as the Kentucky Education Reform Act (KERA). It", "KERA", "Kentucky Education Reform Act"),
    ("He joined the National Aeronautics and Space Administration (NASA) in 1990", "NASA",
     "National Aeronautics and Space Administration"),
    # the initials must spell it; a lower-case description is no name to give
    # a capitalised article or preposition before the name is no part of it
    ("The United Nations (UN) was founded in 1945.", "UN", "United Nations"),
    ("In the North Atlantic Treaty Organization (NATO) she served", "NATO", "North Atlantic Treaty Organization"),
    ("a political action committee (PAC) in the United States", "PAC", "PAC"),
    ("the Teenage Cancer Trust (TCF)", "TCF", "TCF"),
    # no bracket right before it: nothing stands for it
    ("Kentucky Education Reform Act, or KERA", "KERA", "KERA"),
])
def test_the_name_before_the_bracket_when_its_initials_spell_the_acronym(text: str, acronym: str, name: str) -> None:
    assert spelled_out(acronym, text, text.rindex(acronym), QUESTION) == name


def test_a_question_that_asks_for_the_short_form_keeps_it() -> None:
    text = "It was known as the Kentucky Education Reform Act (KERA)."
    for question in ("What is the acronym of the 1990 act?", "What does KERA stand for?",
                     "What abbreviation is the act known by?"):
        assert spelled_out("KERA", text, text.index("KERA"), question) == "KERA"


def test_the_short_answer_is_the_name_not_its_acronym() -> None:
    found = answer("What was the name of the education reform legislation that Kentucky passed in 1990?",
                   "Education reform has long been a topic for Kentucky. The most significant piece of reform "
                   "legislation was passed in 1990, and was known as the Kentucky Education Reform Act (KERA).",
                   ["Kentucky"])
    assert found is not None and found.confident and found.text == "Kentucky Education Reform Act", found


def test_an_acronym_is_no_rival_to_the_name_it_stands_for() -> None:
    found = answer("Which agency did the astronaut join in 1990?",
                   "Jane Roe is an astronaut. In 1990 she joined the National Aeronautics and Space Administration "
                   "(NASA).", ["Jane Roe"])
    assert found is not None and found.text == "National Aeronautics and Space Administration"
    assert found.confident, found  # (its acronym, a close second, held it back)


def test_the_acronym_stays_when_the_question_names_what_it_stands_for() -> None:
    found = answer("What is the Kentucky Education Reform Act commonly called?",
                   "The most significant piece of reform legislation was passed in 1990, and was known as the "
                   "Kentucky Education Reform Act (KERA).", ["Kentucky Education Reform Act"])
    assert found is not None and found.text == "KERA", found
