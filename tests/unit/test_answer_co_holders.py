"""A work made by several people at once is answered with all of them, and only a list of people after "by"
counts as one."""

from __future__ import annotations

from tests.unit.test_short_answer import answer


def test_two_writers_are_both_the_answer() -> None:
    episode = ("Orin's Voyage\n\"Orin's Voyage\" is the third episode of The Tallows' first season. It was written by "
               "Jay Kogen and Wallace Wolodarsky and was the first script of the series to be completed.")
    found = answer("Who wrote Orin's Voyage?", [episode], ["Orin's Voyage"])
    assert found is not None and found.confident and found.text == "Jay Kogen and Wallace Wolodarsky"
    assert found.path[-1] == found.text


def test_three_founders_in_a_list() -> None:
    firm = ("Larkspur Games\nLarkspur Games is a Canadian video game developer. It was founded in 1995 by Ray Muzyka, "
            "Greg Zeschuk and Augustine Yip, three medical doctors.")
    found = answer("Who founded Larkspur Games?", [firm], ["Larkspur Games"])
    assert found is not None and found.confident and found.text == "Ray Muzyka, Greg Zeschuk and Augustine Yip"


def test_a_list_that_goes_on_into_something_else_is_not_joined() -> None:
    """A firm after "and", or a question that does not ask who made the thing, keeps the one name."""
    film = ("Grey Harbour\nGrey Harbour is a 1961 drama film directed by Tomas Lind and Meridian Pictures released it "
            "in March.")
    found = answer("Who directed Grey Harbour?", [film], ["Grey Harbour"])
    assert found is not None and found.text == "Tomas Lind"
    band = ("The Pale Sails\nThe Pale Sails is a folk band led by Anna Birch and Tom Reed.")
    found = answer("Who led The Pale Sails?", [band], ["The Pale Sails"])
    assert found is None or " and " not in found.text


def test_an_uploaded_files_title_line_is_what_a_later_it_is_about() -> None:
    """A title on a line of its own, then a blank line (as an uploaded file has it), opens the passage; "It
    was written by …", two sentences after one about a character, is still about the episode."""
    episode = ("Orin's Voyage (The Tallows)\n\n\"Orin's Voyage\" is the third episode of the first season. In this "
               "episode, Orin becomes a crusader for safety. It was written by Jay Kogen and Wallace Wolodarsky.")
    found = answer("Who wrote Orin's Voyage?", [episode], ["Orin's Voyage"])
    assert found is not None and found.confident and found.text == "Jay Kogen and Wallace Wolodarsky"


def test_a_bridge_found_as_an_uploaded_file_is_written_in_without_its_extension() -> None:
    from lightrag_core.query.result import DecompositionStep
    from lightrag_core.query.rewrite import resolved_question

    step = DecompositionStep("the episode", ["Waylon Smithers.txt"], "Homer's Odyssey.txt", "title",
                             'Smithers first appeared in the episode "Homer\'s Odyssey".', "c1", 1.6, 0.5)
    assert resolved_question("Who wrote the episode in which Waylon Smithers first appeared?", [step]) == \
        "Who wrote Homer's Odyssey?"
