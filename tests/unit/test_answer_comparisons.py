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
