"""Batch 17's single hops: a relative named with describing words between the tie and the name, a parent in
a bracket after the name, a title abbreviation and a long name the tagger cuts, two dates run together, an
amount the question already gives, the end of a period read as one date, and a "did" question asked again
with its bridge written in."""

from __future__ import annotations

from lightrag_core.query.result import DecompositionStep
from lightrag_core.query.rewrite import resolved_question
from lightrag_core.query.sentences import split_sentences, unglued
from tests.unit.test_short_answer import answer


def test_a_father_named_with_describing_words_before_the_child() -> None:
    photographer = ("Jagan Mehr\nJagan Mehr (18 January 1954 – 13 May 2013) was an Indian fashion photographer. "
                    "He was the father of Bollywood actress Anjali Mehr.")
    found = answer("When did the father of Anjali Mehr die?", [photographer], ["Anjali Mehr"])
    assert found is not None and found.confident and found.text == "13 May 2013"
    assert found.path[:2] == ["Anjali Mehr", "Jagan Mehr"]


def test_a_husband_is_the_passage_subject_the_tagger_does_not_call_a_person() -> None:
    """"He … married noted Iowa writer Ruth Sorrow": he is the passage's subject, not the first person its
    opening names (his father)."""
    critic = ("Ferner Nool\nFerner Nool (July 25, 1903 – April 15, 1989) was an American author and critic born in "
              "Cedar Falls, Iowa, the son of William C. and Anna R. Nool. He lived in various parts of the country "
              "and married noted Iowa writer Ruth Sorrow in 1929.")
    found = answer("Where was the husband of Ruth Sorrow born?", [critic], ["Ruth Sorrow"])
    assert found is not None and found.confident and found.text == "Cedar Falls"
    assert found.path[:2] == ["Ruth Sorrow", "Ferner Nool"]


def test_a_mothers_father_in_a_bracket_after_her_name() -> None:
    peer = ("Henry Nevell, 6th Baron Arden\nHenry Nevell, 6th Baron Arden (1530 – 10 February 1587) was an English "
            "peer. He was the son of Sir George Nevell, 5th Baron Arden, and Mary Stoke (daughter of Edward Stoke, "
            "3rd Duke of Buckmere). He succeeded to the barony upon the death of his father, George Nevell.")
    found = answer("Who is the maternal grandfather of Henry Nevell, 6th Baron Arden?", [peer],
                   ["Henry Nevell, 6th Baron Arden"])
    assert found is not None and found.confident and found.text == "Edward Stoke, 3rd Duke of Buckmere"


def test_a_title_abbreviation_neither_ends_a_sentence_nor_names_the_father() -> None:
    assert split_sentences("She was the daughter of Maj. George Wash Parke Custis Peters, a planter. It rained.") == [
        "She was the daughter of Maj. George Wash Parke Custis Peters, a planter.", "It rained."]
    house = ("Linhall\nLinhall is a historic home built for Gabriela Peters. She grew up nearby, the daughter of Maj. "
             "George Wash Parke Custis Peters, who was the second son of Martha Peters.")
    found = answer("Who is the father of Gabriela Peters?", [house], ["Gabriela Peters"])
    assert found is not None and found.confident and found.text == "George Wash Parke Custis Peters"


def test_two_dates_run_together_are_a_life_again() -> None:
    assert unglued("(December 23, 1923July 5, 2005)") == "(December 23, 1923 – July 5, 2005)"
    assert unglued("(178030 January 1856)") == "(1780 – 30 January 1856)"
    assert unglued("a population of 123456 May residents in 2004") == "a population of 123456 May residents in 2004"
    admiral = ("James Stockton\nJames Bond Stockton (December 23, 1923July 5, 2005) was a United States Navy vice "
               "admiral and aviator.")
    found = answer("When did James Stockton die?", [admiral], ["James Stockton"])
    assert found is not None and found.confident and found.text == "July 5, 2005"


def test_an_amount_the_question_gives_is_not_its_answer() -> None:
    """"five nautical miles (6 mi, 9 km)" converts the question's own words: no answer rather than 6 mi."""
    airport = ("Wardtown Airport\nWardtown Airport is a county-owned airport. It is located five nautical miles "
               "(6 mi, 9 km) west of the central business district of Wardtown.")
    found = answer("How long is the highway that serves the airport located five nautical miles west of Wardtown?",
                   [airport], ["Wardtown"])
    assert found is None or not found.confident or found.text != "6 mi"


def test_the_end_of_a_period_the_tagger_read_as_one_date() -> None:
    committee = ("Direct Action Board\nThe Direct Action Board was a pacifist organization formed in London. It "
                 "existed from 1957 to 1961.")
    found = answer("In what year did the Direct Action Board cease to exist?", [committee], ["Direct Action Board"])
    assert found is not None and found.text == "1961"


def test_a_did_question_is_asked_again_up_to_its_own_verb() -> None:
    question = "In what year did the organization that Peace Weekly editor Hugh Brack helped found cease to exist?"
    step = DecompositionStep("the organization", ["Hugh Brack"], "Direct Action Board", "title",
                             'Hugh Brack was a pacifist, editor of "Peace Weekly" and a founder of the Direct Action '
                             "Board.", "c1", 1.2, 0.5)
    assert resolved_question(question, [step]) == "In what year did Direct Action Board cease to exist?"
    # nothing of the question is left past the words the sentence says: not rewritten
    told = DecompositionStep("the organization", ["Hugh Brack"], "Direct Action Board", "title",
                             "Hugh Brack helped found the Direct Action Board, which ceased to exist in 1961.",
                             "c1", 1.2, 0.5)
    assert resolved_question(question, [told]) is None


def test_a_rewrite_never_takes_out_what_the_question_asks() -> None:
    question = ('"Wonder by Night" is a song on the 1968 album "A Man Alone" by an English pop singer that has sold '
                "more than how many records worldwide?")
    step = DecompositionStep("an English pop singer", ["A Man Alone"], "Engel Hump", "title",
                             'Engel Hump recorded a vocal version of the song in his 1968 album "A Man Alone".',
                             "c1", 1.2, 0.5)
    assert resolved_question(question, [step]) is None


def test_a_founding_date_of_another_thing_is_not_the_asked_ones() -> None:
    """"She founded Orvell Print in 1921" dates Orvell Print, not the society asked about."""
    society = ("Society for Shore Studies\nThe Society for Shore Studies is a learned society founded in 1947 in "
               "Aberdeen. Its patron was the historian Agnes Thorn.")
    historian = ("Agnes Thorn\nAgnes Thorn was a historian and a fellow of the Society for Shore Studies. She founded "
                 "Orvell Print in 1921 and ran it until her death.")
    found = answer("In what year was Society for Shore Studies founded?", [historian, society],
                   ["Society for Shore Studies"])
    assert found is not None and found.confident and found.text == "1947"
