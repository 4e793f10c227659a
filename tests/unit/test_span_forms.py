"""Spans as a reader would cut them: a place named after a person is a place ("… Hamilton International
Airport"), a count is its number ("only 6,783"); "the middle name of X" asks for a name; "the outskirts of
X" is where, not a thing; "bears the name of the city whose …" names a bridge."""

from __future__ import annotations

import pytest

from lightrag_core.query.answer_spans import clean_span, parse
from lightrag_core.query.answer_type import PERSON, answer_type
from lightrag_core.query.candidate_pool import bridge_sentences
from lightrag_core.query.decompose import bridges
from lightrag_core.query.extractive import plain_question
from lightrag_core.query.sentences import Sentence, named_in, stems


def _spans(text: str) -> dict[str, str]:
    (parsed,) = parse([Sentence(text, "1", 0, frozenset())])
    return {k.text: k.label for k in parsed.spans}


def test_a_place_named_after_a_person_is_the_place_whole():
    spans = _spans("Two other airports, namely the Region of Waterloo International Airport and John C. Munro "
                   "Hamilton International Airport, are passenger airports located in the outskirts of the area.")
    assert spans.get("John C. Munro Hamilton International Airport") == "FAC"
    assert "John C. Munro Hamilton" not in spans


def test_a_person_stays_a_person():
    spans = _spans("The film was directed by John Munro and shot in Hamilton in 1990.")
    assert spans.get("John Munro") == "PERSON"


@pytest.mark.parametrize(("span", "clean"), [("only 6,783", "6,783"), ("the only child", "only child"),
                                             ("Only Fools", "Only Fools")])
def test_only_before_a_number_is_no_part_of_it(span, clean):
    assert clean_span(span) == clean


def test_a_middle_name_asked_is_a_name():
    assert answer_type("What is the adopted middle name of the author of Walking on Glass?").head == "name"


@pytest.mark.parametrize(("question", "phrases"), [
    ("Which passenger airport on the outskirts of the Greater Toronto Area bears the name of the Ontario city whose "
     "basketball franchise moved to Edmonton?", ["the Ontario city"]),
    ("What is the name of the song that Ada Pell wrote?", []),
])
def test_where_in_a_thing_is_no_bridge_and_a_name_borne_is_one(question, phrases):
    assert [b.phrase for b in bridges(question)] == phrases


def test_a_co_prefix_is_read_as_the_deed_and_the_role_it_prefixes():
    assert plain_question("Who co-directed, with Pat Lo, the 2004 film?") == "Who directed, with Pat Lo, the 2004 film?"
    assert answer_type(plain_question("Which co-owner pulled his team out of the league?")).kind == PERSON
    assert answer_type("Which co-owner pulled his team out of the league?").kind != PERSON  # as the parse reads it
    assert plain_question("Which co-operative runs the Co-op Bank?") == "Which co-operative runs the Co-op Bank?"


@pytest.mark.parametrize(("name", "text", "named"), [
    ("Ebenezer Scrooge", "Scrooge signed it.", True),  # a person by the last of their names
    ("Hank Williams on Stage", "better known by his stage name Marian Gold", False),  # a title's last word
    ("Big Hero 6", "He was 6 years old.", False),  # a number names nothing
    ("Hank Williams on Stage", "Hank Williams on Stage is a live album.", True),
])
def test_a_name_goes_by_its_last_word_only_when_that_is_a_name(name, text, named):
    assert named_in(name, stems(text)) is named


def test_a_place_bridge_is_followed_by_its_whole_name_only():
    first, second = parse([Sentence("The 1986 Tar Heels team played its home games in Chapel Hill.", "1", 0,
                                    stems("The 1986 Tar Heels team played its home games in Chapel Hill.")),
                           Sentence("Blood Bath is a 1966 film directed by Jack Hill.", "2", 1,
                                    stems("Blood Bath is a 1966 film directed by Jack Hill."))])
    place = next(k for k in first.spans if k.text == "Chapel Hill")
    assert bridge_sentences([(first, place)], [first.sentence, second.sentence], 5) == {}


def test_a_name_the_model_ends_on_a_connecting_word_goes_on_to_its_capitalised_words():
    spans = _spans("Her second book won her the British Book Award for Author of the Year in 2001.")
    assert "the British Book Award for Author of the Year" in spans
    assert not any(k.endswith(" of") for k in spans)
    # lower-case words after the connector are not the name's
    spans = _spans("The Museum of Fine Arts of the city was closed.")
    assert not any("city" in k for k in spans)


def test_a_dashed_nationality_is_one_span():
    spans = _spans("Christopher Edward Nolan (born 30 July 1970) is an English-American film director.")
    assert "English-American" in spans and "English" not in spans
