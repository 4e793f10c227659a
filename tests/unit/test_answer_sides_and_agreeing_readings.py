"""What lies to one side of a place, read from the place's own sentence; a director named after "directed and
produced by"; and a close runner-up that does not hold back an answer two readings agree on."""

from __future__ import annotations

from tests.unit.test_short_answer import answer

NANTOAN = ("Nantoan\nNantoan is a river port bordering Yanport to the north, Taizhen to the west, Suzport to the "
           "south across the river, and the East Ming Sea to the east.")
TAIZHEN = ("Taizhen\nTaizhen is a city in central Jiangsu. Situated on the north bank of the Yangtze River, it borders "
           "Nantoan to the east, Yanport to the north and Yangzhen to the west.")


def test_the_name_on_the_asked_side_in_the_places_own_sentence() -> None:
    found = answer("What body of water lies east of Nantoan?", [NANTOAN, TAIZHEN], ["Nantoan"])
    assert found is not None and found.confident and found.text == "East Ming Sea"
    found = answer("What city lies east of Taizhen?", [NANTOAN, TAIZHEN], ["Taizhen"])
    assert found is not None and found.confident and found.text == "Nantoan"


def test_a_side_said_in_another_places_sentence_is_not_the_answer() -> None:
    """Taizhen's "it borders Nantoan to the east" says nothing of what is west of Nantoan; Nantoan's own
    sentence names Taizhen there."""
    found = answer("What city lies west of Nantoan?", [TAIZHEN, NANTOAN], ["Nantoan"])
    assert found is not None and found.confident and found.text == "Taizhen"


def test_directed_and_produced_by_names_the_director_not_the_films_subject() -> None:
    biopic = ("They Sailed Alone\nThey Sailed Alone is a 1942 British biopic about aviator Amy Jonson, directed and "
              "produced by Herbert Wilmot and starring Anna Neal and Robert Newland.")
    found = answer("Who directed They Sailed Alone?", [biopic], ["They Sailed Alone"])
    assert found is not None and found.confident and found.text == "Herbert Wilmot"


def test_a_preposition_before_which_hangs_a_bridge_and_a_years_edition_is_its_own() -> None:
    """"the tournament to which X supplied five players" is a bridge; "the 2007 Youth Cup" is not named by
    a sentence about the 2009 one, whose host is not the answer."""
    from lightrag_core.query.decompose import bridges

    question = "Which country hosted the tournament to which Rimyo Sports Club supplied five players?"
    assert [b.phrase for b in bridges(question)] == ["the tournament"]
    cup = ("2007 Youth Cup\nThe 2007 Youth Cup was the sixteenth edition of the Youth Cup, hosted by Canada from 30 "
           "June to 22 July 2007.")
    other = ("Youth Qualifiers\nThe qualifiers serve as the qualifier for the Youth Cup, and the 2009 tournament "
             "was hosted by Egypt.")
    found = answer("Which country hosted 2007 Youth Cup?", [cup, other], ["2007 Youth Cup"])
    assert found is not None and found.confident and found.text == "Canada"
