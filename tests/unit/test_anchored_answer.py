"""A "what" asked in place ("… known for his depictions of what?") is answered by the sentence that quotes the
question's words around it, and by nothing when no sentence does, or sentences disagree."""

from __future__ import annotations

import pytest

from tests.unit.test_short_answer import answer

PAINTER = ("Orla Venn (1931 – 2009) was an Irish painter known for her luminous studies of harbour fog that "
           "critics called restless. ")
DAIRY = ("Kestrel Dairies has been Ireland's largest cheese maker since 1998, with a yearly output of 40,000 tonnes "
         "in 2015. ")
ACTOR = ("Mara Quill is an American actress. She starred in the sitcom \"Lamp Street\" for six years, and later "
         "in two films. ")


@pytest.mark.parametrize(("question", "chunks", "said"), [
    # the noun phrase after the quoted words, up to where a clause starts
    ("A speaker at the forum was a painter known for her luminous studies of what?", [PAINTER], "harbour fog"),
    # between the words before "what" and those after it
    ("The sponsor is Ireland's largest cheese maker, with a yearly output of what in 2015?", [DAIRY],
     "40,000 tonnes"),
    # the name, not the noun it is given by ('the sitcom "Lamp Street"')
    ("The film featured an actress who starred in what for six years?", [ACTOR], "Lamp Street"),
])
def test_the_quoted_sentence_answers(question: str, chunks: list[str], said: str) -> None:
    found = answer(question, chunks, [])
    assert found is not None and found.confident and found.text == said, found
    assert said in found.evidence[0].text


SECOND_PAINTER = "Ivo Brandt was a German painter known for her luminous studies of city rooftops at dusk. "


@pytest.mark.parametrize(("question", "chunks"), [
    # two sentences quote the question and say different things
    ("A speaker at the forum was a painter known for her luminous studies of what?", [PAINTER, SECOND_PAINTER]),
    # three quoted words, but one of them a content word: any sentence could write them
    ("The forum hosted a painter of what?", ["She was a painter of portraits. "]),
    # two quoted words and nothing after "what"
    ("The gallery owns landscapes depicting what?", ["Her landscapes depicting portraits sold well. "]),
    # the words after "what" are not in the sentence
    ("The sponsor is a cheese maker with a yearly output of what in 2011?", [DAIRY]),
    # every word of the phrase found is the question's own
    ("Painter of harbour fog, Orla Venn was known for her luminous studies of what?", [PAINTER]),
    # "what city": a typed question, not this reading ("Dublin" is not said after the quoted words)
    ("The dairy is Ireland's largest cheese maker in what city?", [DAIRY]),
    # what a pronoun owns is no answer
    ("The critic was known for her studies of what?", ["She was known for her studies of his portraits. "]),
])
def test_no_quoted_answer(question: str, chunks: list[str]) -> None:
    found = answer(question, chunks, [])
    assert found is None or not found.confident or found.text not in {
        "city rooftops", "portraits", "40,000 tonnes", "harbour fog", "his portraits"}, found


CAMPUS = ("Jon Tarrow is an American football coach. He is currently the head football coach at Vale College in "
          "Arden Vale, Minnesota, a position he has held since 1990. ")
COLLEGE = ("Vale College is a private college. The main campus is located in Arden Vale, Minnesota, a suburb of "
           "Norbury, and the seminary has a second campus in San Marcos. ")


def test_a_typed_question_asked_in_place_agrees_with_the_quoted_sentence() -> None:
    """The best city and what the sentence quoting "a second campus in" writes there agree: two readings, one
    answer, though other cities are close behind."""
    question = "Jon Tarrow is the head football coach at a college which also has a second campus in which city?"
    found = answer(question, [CAMPUS, COLLEGE], ["Jon Tarrow"])
    assert found is not None and found.confident and found.text == "San Marcos", found
    assert "second campus" in found.evidence[0].text
