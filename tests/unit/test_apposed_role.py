""""Who is Cratchit's wife?" is answered by the name a sentence sets the role beside, as the text writes it."""

from __future__ import annotations

import pytest

from tests.unit.test_short_answer import answer_one as answer

CAST = ("Bob Cratchit, clerk to Ebenezer Scrooge. Then up rose Mrs. Cratchit, Cratchit's wife, dressed out but "
        "poorly. Belinda Cratchit, second of her daughters, laid the cloth. Zack Hexum, the younger brother of "
        "Nick Hexum, joined the band. Ebenezer Scrooge, a covetous old man, the surviving partner of the firm of "
        "Scrooge and Marley.")


@pytest.mark.parametrize(("question", "holder"), [
    # the title is the holder's own: "Mrs. Cratchit" is not Bob Cratchit, though the small model says "Cratchit"
    ("Who is Cratchit's wife?", "Mrs. Cratchit"),
    ("Who is Bob Cratchit's wife?", "Mrs. Cratchit"),
    ("Who is the wife of Bob Cratchit?", "Mrs. Cratchit"),
    ("Who is the younger brother of Nick Hexum?", "Zack Hexum"),
])
def test_the_name_set_beside_the_role(question: str, holder: str) -> None:
    found = answer(question, CAST, [])
    assert found is not None and found.confident and found.text == holder, found


def test_the_owner_himself_and_a_role_of_something_else_are_no_holder() -> None:
    # "the surviving partner of the firm of Scrooge and Marley" is Scrooge, and a partner of the firm
    found = answer("Who was Scrooge's business partner?", CAST, ["Scrooge"])
    assert found is None or found.text != "Ebenezer Scrooge", found


def test_two_names_beside_the_role_give_none() -> None:
    text = "Ann Lee, Tom Ray's wife, sang. Sue Fox, Tom Ray's wife, danced."
    found = answer("Who is Tom Ray's wife?", text, ["Tom Ray"])
    assert found is None or found.text not in {"Ann Lee", "Sue Fox"} or not found.confident, found


@pytest.mark.parametrize(("question", "text", "kept"), [
    # another ordinal or another modifier of the role is another role: the typed answer stands
    ("Who was Henry VIII's first wife?", "Catherine of Aragon was the first wife of Henry VIII. Anne Boleyn, the "
     "second wife of Henry VIII, was executed in 1536.", "Anne Boleyn"),
    ("Who is the president of Harvard?", "Claudine Gay is the president of Harvard. Drew Faust, the first female "
     "president of Harvard, retired in 2018.", "Drew Faust"),
    ("Who is Nick Hexum's brother?", "Nick Hexum's brother is Zack Hexum. Tom Ray, the brother-in-law of Nick "
     "Hexum, drummed.", "Tom Ray"),
    # another owner of the same family name
    ("Who is Bob Smith's wife?", "Bob Smith's wife is Emily Brown. Ann Lee, Tom Smith's wife, sang.", "Ann Lee"),
    # a contradicted role
    ("Who is Bob Smith's wife?", "Mary Jones, not Bob Smith's wife but his sister, sang.", "Mary Jones"),
])
def test_no_holder_of_another_role_or_owner(question: str, text: str, kept: str) -> None:
    found = answer(question, text, [])
    assert found is None or found.text != kept or not found.confident, found


def test_a_stop_is_no_name() -> None:
    found = answer("Who is John Smith's father?", "John Smith Sr., John Smith's father, was a clerk.", ["John Smith"])
    assert found is None or found.text[:1].isalpha(), found
