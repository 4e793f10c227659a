"""The ordinal and the clause a question asks by tell apart candidates that state the same kind of fact."""

from __future__ import annotations

from lightrag_core.query.clause_fit import FEWER, by_clause, clause_of, question_words
from lightrag_core.query.ordinal_fit import UNSAID, asked_ordinal, by_ordinal
from lightrag_core.query.sentences import Sentence
from tests.unit.test_short_answer import answer

ALBUMS = [
    "Night Vigil\nNight Vigil is a Danish heavy metal band formed in Aarhus in 1996.",
    "Glass Harbor is an album by the Danish heavy metal band Night Vigil, released in 2013.",
    "Iron Lantern is the sixth studio album by Night Vigil, released in 2011.",
]


def test_the_asked_ordinal_picks_the_album_its_sentence_counts() -> None:
    found = answer("What is the title of the sixth album by the Danish heavy metal band Night Vigil?", ALBUMS,
                   ["Night Vigil"])
    # (Glass Harbor's sentence says more of the question's words, and was the confident answer)
    assert found is not None and found.text == "Iron Lantern" and found.confident


def test_the_ordinal_is_read_only_when_it_counts_the_asked_thing() -> None:
    assert asked_ordinal("What is the title of the sixth studio album by Night Vigil?") == ("sixth", "album")
    assert asked_ordinal("Who was the first editor of the magazine?") == ("first", "editor")
    assert asked_ordinal("Which city is the third largest in Chile?") == ("third", "largest")
    # the count belongs to a bridge, not to what is asked
    assert asked_ordinal("When was the singer born whose third album is Diamond Cut?") is None
    assert asked_ordinal("In what year was the label that released her second album founded?") is None


def test_an_unsaid_ordinal_weighs_only_when_a_candidate_says_it_before_the_noun() -> None:
    sixth = Sentence("Iron Lantern is the sixth studio album by Night Vigil.", "1", 0, frozenset())
    other = Sentence("Glass Harbor was released by Night Vigil in 2013.", "2", 1, frozenset())
    asked = "What is the title of the sixth album by Night Vigil?"
    ranked = [("glass harbor", (1.2, [other], ["Glass Harbor"])), ("iron lantern", (1.0, [sixth], ["Iron Lantern"]))]
    weighed = by_ordinal(asked, ranked)
    assert [k for k, _ in weighed] == ["iron lantern", "glass harbor"]
    assert weighed[1][1][0] == 1.2 * UNSAID
    # no candidate counts the album: the ordinal tells nothing apart
    ranked = [("glass harbor", (1.2, [other], ["Glass Harbor"]))]
    assert by_ordinal(asked, ranked) == ranked


VOTES = "The Senate approved the nomination with 77 votes (the House had passed the funding bill with 132 votes)."
CONTRAST = ("The nomination received 77 votes in the Senate, while the funding bill had passed the House with 132 "
            "votes.")


def test_a_bracket_with_its_own_verb_is_a_clause_and_a_place_bracket_is_not() -> None:
    assert "132" not in clause_of(VOTES, VOTES.find("77"))
    assert clause_of(VOTES, VOTES.find("132")).startswith("(the House")
    kant = "Kant was a German philosopher born in Königsberg (now Kaliningrad, Russia)."
    assert clause_of(kant, kant.find("Russia")) == kant
    sales = "Sales began in late 2020; the second model followed in December 2025, while the third was cancelled."
    assert clause_of(sales, sales.find("December")) == "; the second model followed in December 2025"
    assert "US" not in question_words("Which US senator won?") and "us" in question_words("Which US senator won?")


def test_the_clause_that_says_more_of_the_question_picks_the_number() -> None:
    # (both numbers scored alike, and no short answer was given)
    for sentence in (VOTES, CONTRAST):
        found = answer("How many votes did the nomination receive in the Senate?", [sentence], ["Senate"])
        assert found is not None and found.text == "77" and found.confident
    said = Sentence(VOTES, "1", 0, frozenset())
    ranked = [("132", (1.0, [said], ["132"])), ("77", (0.95, [said], ["77"]))]
    weighed = by_clause("How many votes did the nomination receive in the Senate?", ranked)
    assert [k for k, _ in weighed] == ["77", "132"] and weighed[1][1][0] == 1.0 * FEWER
    # two sentences: the clause rule compares candidates of one sentence only
    other = Sentence("The House approved the funding bill with 132 votes.", "2", 0, frozenset())
    ranked = [("132", (1.0, [other], ["132"])), ("77", (0.95, [said], ["77"]))]
    assert by_clause("How many votes did the nomination receive in the Senate?", ranked) == ranked


def test_an_opening_phrase_frames_every_clause() -> None:
    census = ("According to the 2011 census, 62,888 people lived in the Cumberland portion of Orleans, while 44,935 "
              "people lived in the Gloucester portion.")
    assert clause_of(census, census.find("44,935")).startswith("According to the 2011 census,")
    said = Sentence(census, "1", 0, frozenset())
    ranked = [("62,888", (1.5, [said], ["62,888"])), ("44,935", (1.5, [said], ["44,935"]))]
    # (the question names neither portion: the two clauses say as much of it, and neither is weighed down)
    assert by_clause("According to the 2011 census, how many people lived in the suburb of Orleans?", ranked) == ranked
