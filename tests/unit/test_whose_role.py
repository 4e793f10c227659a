""""Whose second wife wrote X?" is answered by the role's owner, not by the one who holds the role; a question
that ends on its preposition is not typed by its subject; a birthplace is asked as a birth."""

from __future__ import annotations

import pytest

from lightrag_core.query.answer_type import ANY, answer_type
from lightrag_core.query.whose_role import asked_role, owners
from tests.unit.test_short_answer import answer

SONG = ('"Death of Samantha" is a song written by Yoko Ono and first released on her 1973 album "Approximately '
        'Infinite Universe".')
ONO = ("Yoko Ono (born February 18, 1933) is a Japanese multimedia artist, singer, songwriter, and peace activist. "
       "She performs in both English and Japanese. She is noted for being the second wife and widow of "
       "singer-songwriter John Lennon of the Beatles.")


@pytest.mark.parametrize("question", [
    "Whose second wife wrote the song Death of Samantha?",
    "Whose widow wrote the song Death of Samantha?",  # the role coordinated with another: either is his
])
def test_whose_asks_the_owner_of_the_role_the_deeds_doer_holds(question: str) -> None:
    found = answer(question, [SONG, ONO], ["Death of Samantha"])
    assert found is not None and found.confident and found.text == "John Lennon", found
    assert [s.ref for s in found.evidence] == ["1", "2"]  # the deed's sentence, then the role's


@pytest.mark.parametrize("question", [
    "Whose first wife wrote the song Death of Samantha?",  # another role than the one her sentence states
    "Whose sister wrote the song Death of Samantha?",
])
def test_no_owner_stated_for_the_role_gives_no_answer_and_never_the_holder(question: str) -> None:
    found = answer(question, [SONG, ONO], ["Death of Samantha"])
    assert found is None or not found.confident, found


def test_two_owners_give_none() -> None:
    other = "Yoko Ono was also called the second wife of Anthony Cox in one report."
    found = answer("Whose second wife wrote the song Death of Samantha?", [SONG, ONO, other], ["Death of Samantha"])
    assert found is None or not found.confident, found


def test_the_owner_read_from_either_form() -> None:
    role = asked_role("Whose second wife wrote the song?")
    assert role == ("wife", frozenset({"second"}))
    first = ("wife", frozenset({"first"}))
    assert owners("Cynthia Powell was the first wife of John Lennon.", first) == ["John Lennon"]
    assert owners("John Lennon's second wife sang.", role) == ["John Lennon"]
    assert owners("She was the second wife of the painter.", role) == []  # no name: no owner


def test_a_work_of_someones_is_no_role_a_person_holds() -> None:
    # "Whose operetta supplies the music …?": the work's own sentence names the composer ("the operetta by …")
    assert asked_role("Whose operetta supplies the music of the film?") is None
    assert asked_role("Who wrote the song?") is None


@pytest.mark.parametrize("question", [
    "What was the first novel of Grace Krilanovich published by?",
    "What was the band named after?",
    "What is the film based on?",
])
def test_a_question_ending_on_its_preposition_asks_its_object_not_its_subject(question: str) -> None:
    assert answer_type(question).kind == ANY and answer_type(question).head == ""


@pytest.mark.parametrize(("question", "head"), [
    # the preposition belongs to a relative clause about the subject: the subject is what is asked
    ("What is the building's policy that Adam reminds Li Hua about?", "policy"),
    ("What city is the company based in?", "city"),  # the noun after "what" says it
])
def test_a_relative_clauses_preposition_or_an_asked_noun_keeps_the_type(question: str, head: str) -> None:
    assert answer_type(question).head == head


AYESHA = ("Ayesha Quraishi is a Swedish performance artist. She was born in Botswana to an Indian father and "
          "Motswana mother.")


def test_a_country_asked_as_a_birthplace_is_where_she_was_born() -> None:
    # not the country of her father's nationality, nor what Botswana lies in
    found = answer("Which country is the birthplace of Ayesha?", [AYESHA], ["Ayesha"])
    assert found is not None and found.confident and found.text == "Botswana", found


def test_a_nationality_is_no_birthplace() -> None:
    found = answer("Which country is the birthplace of Ayesha?", [AYESHA.replace("in Botswana ", "")], ["Ayesha"])
    assert found is None or found.text not in {"India", "Sweden"} or not found.confident, found
