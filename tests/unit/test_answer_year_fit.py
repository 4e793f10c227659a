"""A year the question names tells two sentences apart that state the same kind of fact about different times."""

from __future__ import annotations

from lightrag_core.query.sentences import Sentence
from lightrag_core.query.year_fit import OTHER_YEAR, asked_years, by_year, dated_otherwise
from tests.unit.test_short_answer import answer

SERIES = [
    "Harbour Lights is a South Korean television series starring Mina Jung. It aired on KBS2 from June 2 to "
    "July 22, 2014 on Mondays and Tuesdays for 16 episodes.",
    "Night Garden is a South Korean television series starring Mina Jung. It aired on KBS2 from March 3 to "
    "April 7, 2015 on Mondays and Tuesdays for 12 episodes.",
    "Mina Jung is the lead vocalist of the girl group Velvet, formed by Star Entertainment in 2011.",
]
ASKED = "How many episodes did the {} KBS2 series have that starred the lead vocalist of the girl group formed by " \
    "Star Entertainment in 2011?"


def test_the_year_the_question_names_picks_the_series() -> None:
    # (the girl group's year, 2011, is the bridge's: it dates neither series)
    for year, episodes in (("2014", "16"), ("2015", "12")):
        found = answer(ASKED.format(year), SERIES, ["Star Entertainment"])
        assert found is not None and found.text == episodes and found.confident


def test_a_year_weighs_only_when_it_dates_the_asked_thing_and_tells_the_candidates_apart() -> None:
    film = Sentence("The 1984 film was directed by Sergio Leone.", "1", 0, frozenset())
    died = Sentence("Leone died in 1989 in Rome.", "2", 0, frozenset())
    premiered = Sentence("The 1984 film premiered in Cannes.", "3", 0, frozenset())
    # the year dates the film, a bridge: the director's death is dated by nothing the question says
    asked = "Where did the director of the 1984 film die?"
    assert asked_years(asked) == set()
    ranked = [("cannes", (1.5, [premiered], ["Cannes"])), ("rome", (1.4, [film, died], ["Rome"]))]
    assert by_year(asked, ranked) == ranked
    assert asked_years(ASKED.format("2014")) == {"2014"}  # (not the girl group's 2011)
    # the answer's own year is no date of its sentence
    assert not dated_otherwise({"1984"}, "1989", [film, died])
    assert dated_otherwise({"1984"}, "Rome", [film, died])
    sequel = Sentence("Its 1990 sequel was shot in Almería.", "4", 0, frozenset())
    first = Sentence("The 1984 film was shot in Venice.", "5", 0, frozenset())
    asked = "Where was the 1984 film shot?"
    weighed = by_year(asked, [("almería", (1.5, [sequel], ["Almería"])), ("venice", (1.4, [first], ["Venice"]))])
    assert [k for k, _ in weighed] == ["venice", "almería"] and weighed[1][1][0] == 1.5 * OTHER_YEAR
    # with no candidate dated in the asked year, nothing tells them apart
    assert by_year(asked, [("almería", (1.5, [sequel], ["Almería"]))]) == [("almería", (1.5, [sequel], ["Almería"]))]


def test_a_described_things_year_and_a_life_bracket_date_nothing_asked() -> None:
    # the season is the player's, described on the way to the show he hosts
    assert asked_years("What show does a retired Orlando Magic player, who missed the entire 2003-2004 season, "
                       "host?") == set()
    assert asked_years("In 1995, who won the award?") == {"1995"}
    hosted = Sentence("Grant Hill (born October 5, 1972) is a retired player and a host of NBA Inside Stuff.", "1", 0,
                      frozenset())
    assert not dated_otherwise({"2004"}, "NBA Inside Stuff", [hosted])
    lived = Sentence("Hugh Brock (1914 – 1985) founded the Orvell Press in 1921.", "2", 0, frozenset())
    assert dated_otherwise({"1930"}, "Orvell Press", [lived]) and not dated_otherwise({"1921"}, "Orvell Press", [lived])
