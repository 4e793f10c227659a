"""A parent named from the child's side ("the second son of Martha Peters") is a mother or a father by the
first name's sex, read from the Faker package's name lists: a mother never answers "who is his father?"."""

from __future__ import annotations

from lightrag_core.query.name_sex import FEMALE, MALE, sex_of
from lightrag_core.query.role_holders import holder
from tests.unit.test_answer_nested_chains import _sentences
from tests.unit.test_short_answer import answer

HOUSE = ("Linhall\nLinhall is a historic home built for Gabriela Peters. She grew up nearby, the daughter of Maj. "
         "George Wash Parke Custis Peters, who was the second son of Martha Parke Peters of Tudor Hall, Georgetown.")


def test_a_first_name_tells_a_woman_from_a_man_past_a_title() -> None:
    assert sex_of("Martha Parke Peters") == FEMALE and sex_of("Maj. George Wash") == MALE
    assert sex_of("Jean Vander Pyl") == ""  # a woman's name in one language, a man's in another
    assert sex_of("Shaukat Azim") == ""  # on no list: nothing is guessed


def test_a_parent_told_in_a_relative_clause_is_a_mother_by_her_name() -> None:
    said = _sentences(HOUSE)
    assert holder("George Wash Parke Custis Peters", "mother", said)[0] == "Martha Parke Peters"  # type: ignore[index]
    # she is no father, and nor is the place named after her ("Tudor Hall")
    assert holder("George Wash Parke Custis Peters", "father", said) is None
    found = answer("Who is the paternal grandmother of Gabriela Peters?", [HOUSE], ["Gabriela Peters"])
    assert found is not None and found.confident and found.text == "Martha Parke Peters"
    assert found.path == ["Gabriela Peters", "George Wash Parke Custis Peters", "Martha Parke Peters"]
    grandfather = answer("Who is the paternal grandfather of Gabriela Peters?", [HOUSE], ["Gabriela Peters"])
    assert grandfather is None or not grandfather.confident


def test_a_second_parent_joined_by_and_or_by_is_still_read() -> None:
    said = _sentences("Harry Fitzroy\nHarry Fitzroy (died 1158) was an illegitimate son of King Harald of Wessex by "
                      "Mary Leigh, daughter of Rhys ap Tudur.")
    assert holder("Harry Fitzroy", "mother", said)[0] == "Mary Leigh"  # type: ignore[index]
    assert holder("Harry Fitzroy", "father", said)[0] == "King Harald of Wessex"  # type: ignore[index]
