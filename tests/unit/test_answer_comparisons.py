"""Comparisons as 2Wiki-style questions ask them of real encyclopaedia prose (bench/wiki_forms batch 13):
two births in one year told apart by the month, a title with a comma of its own, a book's author stated
by "a novel by", a work's year in brackets that is no one's birth, and a possessive role the passages
cannot resolve."""

from __future__ import annotations

from lightrag_core.query.answer_type import CHOICE, answer_type
from tests.unit.test_short_answer import answer

COACHES = ["Walt Pryor\nWalt Pryor (born April 2, 1960) is an American football coach and former player.",
           "Chet Morrow\nChet Morrow (born February 17, 1960) is an American football coach."]


def test_births_in_one_year_are_told_apart_by_the_month() -> None:
    found = answer("Who was born first, Walt Pryor or Chet Morrow?", COACHES, ["Walt Pryor", "Chet Morrow"])
    assert found is not None and found.text == "Chet Morrow"
    assert found.path == ["Walt Pryor: 1960-04-02", "Chet Morrow: 1960-02-17", "Chet Morrow"]
    # the same year, one of them without a month: nothing tells them apart
    vague = [COACHES[0], "Chet Morrow\nChet Morrow (born 1960) is an American football coach."]
    assert answer("Who was born first, Walt Pryor or Chet Morrow?", vague, ["Walt Pryor", "Chet Morrow"]) is None


NOVELS = ["Tin Roof, Iron Gate\nTin Roof, Iron Gate is a 1969 novel by Orin Sheff.",
          "Orin Sheff\nOrin Sheff (February 27, 1913 – May 16, 1984) was an American novelist. He is best known "
          "for his novel \"The Long Lions\" (1948), about three soldiers.",
          "Cold Harbour\nCold Harbour is a novel by American author Ruth Vane, first published in 1953.",
          "Ruth Vane\nRuth Vane (born 1930) is an American author of novels and short stories."]


def test_a_novels_author_is_read_from_a_novel_by_and_a_works_year_is_no_birth() -> None:
    question = "Which novel's author was born first, Tin Roof, Iron Gate or Cold Harbour?"
    kind = answer_type(question)
    assert kind.kind == CHOICE and kind.options == ("Tin Roof, Iron Gate", "Cold Harbour")
    found = answer(question, NOVELS, ["Tin Roof, Iron Gate", "Cold Harbour"])
    # Orin Sheff's "(1948)" is his novel's year; his own bracket says 1913
    assert found is not None and found.text == "Tin Roof, Iron Gate"
    assert found.path == ["Orin Sheff: 1913-02-27", "Ruth Vane: 1930", "Tin Roof, Iron Gate"]


FILMS = ["Eagle Jump\nEagle Jump is a 2016 sports film about the skier Mick Edwards (born 5 December 1963).",
         "Lone Wings\nLone Wings is a 1942 British biopic about the aviator Ada Jansen.",
         "Mary Hale\nMary Hale was a British actress. She played parts in \"Hard Iron\" and \"Lone Wings\" "
         "(both 1942)."]


def test_a_possessive_noun_that_is_no_known_role_is_not_answered_by_the_works_own_year() -> None:
    # "the film's subject" dates a person; "(both 1942)" is the films' year
    assert answer("Which biographical film's subject was born earlier, Eagle Jump or Lone Wings?", FILMS,
                  ["Eagle Jump", "Lone Wings"]) is None


def test_a_side_placed_in_another_countrys_state_is_not_of_the_asked_nationality() -> None:
    # the pair set off by commas; one side's passage gives no nationality word, only the state it was founded in
    question = "Are both magazines, the Lady's Outlook and Tea Time, British publications?"
    assert answer_type(question).options == ("Lady's Outlook", "Tea Time")
    outlook = ("Lady's Outlook\nThe Lady's Outlook was a woman's magazine founded in Texas in 1921 and published by "
               "Flora Stirling.")
    tea = "Tea Time\nTea Time is a British weekly women's magazine published by the IPC group."
    found = answer(question, [outlook, tea], [])
    assert found is not None and found.text == "no" and found.path == ["Lady's Outlook", "United States", "no"]
    # a state that is as often a city or a surname says no country
    seattle = outlook.replace("Texas", "Washington")
    found = answer(question, [seattle, tea], [])
    assert found is None or found.text != "no"


def test_what_an_options_own_name_says_is_not_asked() -> None:
    # "of the Dead" in a title asks of no death: the films' own years are compared
    stag = "Stag Night of the Dead\nStag Night of the Dead is a 2010 low budget British comedy horror film."
    jolly = "The Merry Lads' Last Stand\nThe Merry Lads Last Stand is a 2000 low budget British comedy feature."
    found = answer("Which film came out first, Stag Night of the Dead or The Merry Lads' Last Stand?",
                   [stag, jolly], [])
    assert found is not None and found.text == "The Merry Lads' Last Stand"


def test_an_option_may_end_on_a_comma_and_a_place_or_open_with_its_makers_name() -> None:
    question = "Which residential hall opened first, Toad Hall or University College, Otago?"
    assert answer_type(question).options == ("Toad Hall", "University College, Otago")
    toad = "Toad Hall (ANU)\nToad Hall is a residential hall in Australian National University, opened in 1974."
    college = ("University College, Otago\nUniversity College (UniCol), founded in 1969, is the largest residential "
               "hall at the University of Otago.")
    found = answer(question, [toad, college], [])
    assert found is not None and found.text == "University College, Otago"
    # "Josh Grover's Wide Awake": its passages name the album without its maker, and so does the answer (the
    # option is kept as the question writes it: "Mr. Bill's Real Life Adventures" is a title whole)
    question = "Which album was released first, Josh Grover's Wide Awake or Avril Lavine's The Best Thing?"
    assert answer_type(question).options == ("Josh Grover's Wide Awake", "Avril Lavine's The Best Thing")
    awake = ("Wide Awake (Josh Grover album)\nWide Awake is the third studio album by Josh Grover. \"Wide Awake\" was "
             "released on November 7, 2006.")
    best = ("The Best Thing\nThe Best Thing is the third studio album by Avril Lavine. It was released on 17 April "
            "2007 by RCA Records.")
    found = answer(question, [awake, best], [])
    assert found is not None and found.text == "Wide Awake"
