"""A sentence that says "not" of what the question asks does not answer it."""

from __future__ import annotations

from tests.unit.test_short_answer import answer

CHAT = ["Helen: I haven't played \"Star Rover\" yet, but everyone talks about it.",
        "Helen: I'm really into \"Moon Harbour\" right now, the world is stunning."]
FILM = ["Grey Harbour Grey Harbour is a 1961 film. It was not directed by Tom Crane, as first announced; "
        "Nora Quist directed it."]


def test_a_game_not_played_is_not_the_game_being_played() -> None:
    found = answer("What game is Helen currently playing?", CHAT, ["Helen"])
    assert found is None or found.text != "Star Rover"


def test_the_denied_director_is_not_the_director() -> None:
    found = answer("Who directed Grey Harbour?", FILM, ["Grey Harbour"])
    assert found is not None and found.text == "Nora Quist"


def test_a_question_that_asks_about_a_not_keeps_the_sentences_that_say_it() -> None:
    found = answer("Which game has Helen not played yet?", CHAT, ["Helen"])
    assert found is not None and found.text == "Star Rover"
