"""Short answers to the question forms of Wikipedia bridge and comparison sets, on hand-written passages:
a life event's date and place, a role's nationality, a chain of kinship, and "the same" country or province.

Each passage opens with its title, as a Wikipedia paragraph indexed as one document does.
"""

from __future__ import annotations

import pytest

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_type import answer_type
from lightrag_core.query.candidates import rank_candidates
from lightrag_core.query.question_parse import asked_verb
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentence_rank import score_sentences
from lightrag_core.query.short_answer import short_answer
from tests.unit.test_short_answer import NoEmbedder, answer

RED_DOOR = "The Red Door The Red Door is a 1950 American drama film directed by Henri Dubois and starring Mary Lane."
BLUE_SKIES = "Blue Skies (1946 film) Blue Skies is a 1946 British musical film directed by Arthur Smith."
DUBOIS = ("Henri Dubois Henri Dubois (12 March 1901 – 4 May 1975) was a French film director and screenwriter. "
          "He was born in Lyon.")
SMITH = "Arthur Smith Arthur Smith (born 3 June 1899 in Leeds, died 1968 in London) was an English film director."
FILMS = [RED_DOOR, BLUE_SKIES, DUBOIS, SMITH]
LOUIS = "Louis of France Louis of France (1682–1712) was the son of Louis, Grand Dauphin and Maria Anna of Bavaria."
MARIA_ANNA = ("Maria Anna of Bavaria Maria Anna Victoria of Bavaria (1660–1690) was the daughter of Ferdinand Maria, "
              "Elector of Bavaria and Henriette Adelaide of Savoy.")
DAUPHIN = ("Louis, Grand Dauphin Louis, Grand Dauphin (1661–1711) was the eldest son and heir of King Louis XIV of "
           "France and his wife Maria Theresa of Spain.")


def confident(question: str, chunks: list[str], names: list[str]) -> str | None:
    found = answer(question, chunks, names)
    return found.text if found is not None and found.confident else None


@pytest.mark.parametrize(("question", "names", "expected"), [
    # the date and the place of the event asked about, not of the other one in the same bracket
    ("What is the date of death of the director of film Blue Skies?", ["Blue Skies"], "1968"),
    ("Where did the director of film Blue Skies die?", ["Blue Skies"], "London"),
    ("Where was the director of film Blue Skies born?", ["Blue Skies"], "Leeds"),
    # "born in Lyon": the small model calls Lyon an organisation; "born in" makes it a place
    ("Where was the director of film The Red Door born?", ["The Red Door"], "Lyon"),
    # no sentence says "nationality": "a French film director" states it
    ("What nationality is the director of film The Red Door?", ["The Red Door"], "French"),
])
def test_a_fact_about_the_holder_of_a_role(question: str, names: list[str], expected: str) -> None:
    assert confident(question, FILMS, names) == expected


def test_more_recently_orders_by_the_later_date() -> None:
    assert answer_type("Which film was released more recently, The Red Door or Blue Skies?").order == "later"
    assert confident("Which film was released more recently, The Red Door or Blue Skies?", FILMS,
                     ["The Red Door", "Blue Skies"]) == "The Red Door"


@pytest.mark.parametrize("question", [
    "Are the directors of films The Red Door and Blue Skies from the same country?",
    "Do both films The Red Door and Blue Skies have the directors from the same country?",
])
def test_the_directors_nationalities_are_compared_not_the_films(question: str) -> None:
    """Both films are called something (American, British); the question is about their directors."""
    kind = answer_type(question)
    assert kind.options == ("The Red Door", "Blue Skies") and kind.same == "country"
    found = answer(question, FILMS, ["The Red Door", "Blue Skies"])
    assert found is not None and found.confident and found.text == "no"
    assert found.path[:2] == ["Henri Dubois: french", "Arthur Smith: english"]


def test_two_french_directors_are_from_the_same_country() -> None:
    other = "Le Train Le Train is a 1962 American film directed by Paul Marchand."
    marchand = "Paul Marchand Paul Marchand (1910–1980) was a French director."
    found = answer("Are the directors of films The Red Door and Le Train from the same country?",
                   [RED_DOOR, other, DUBOIS, marchand], ["The Red Door", "Le Train"])
    assert found is not None and found.text == "yes"


def test_cities_in_different_countries() -> None:
    cities = ["Kabul Kabul is the capital and largest city of Afghanistan.",
              "Lyon Lyon is the third-largest city of France."]
    assert confident("Are both Kabul and Lyon located in the same country?", cities, ["Kabul", "Lyon"]) == "no"


def test_a_province_is_compared_only_where_the_sentences_call_it_one() -> None:
    stated = ["Nantong Nantong is a prefecture-level city in Jiangsu province, China.",
              "Jingdezhen Jingdezhen is a prefecture-level city in Jiangxi province, China."]
    assert confident("Are Nantong and Jingdezhen in the same province?", stated, ["Nantong", "Jingdezhen"]) == "no"
    # both in China, neither sentence says which province: no guess from the country they share
    unstated = ["Nantong Nantong is a city in eastern China.", "Jingdezhen Jingdezhen is a city in China."]
    assert answer("Are Nantong and Jingdezhen in the same province?", unstated, ["Nantong", "Jingdezhen"]) is None


@pytest.mark.parametrize(("question", "expected", "middle"), [
    ("Who is the mother of Louis of France?", "Maria Anna", None),  # "the son of A and B": B
    ("Who is the paternal grandfather of Louis of France?", "King Louis XIV of France", "Grand Dauphin"),
    ("Who is the maternal grandmother of Louis of France?", "Henriette Adelaide", "Maria Anna"),
    ("Who is Louis of France's maternal grandfather?", "Ferdinand Maria", "Maria Anna"),
])
def test_kinship_is_followed_one_tie_at_a_time(question: str, expected: str, middle: str | None) -> None:
    found = answer(question, [LOUIS, MARIA_ANNA, DAUPHIN], ["Louis of France"])
    assert found is not None and found.confident and found.text == expected
    if middle:
        assert found.path == ["Louis of France", middle, expected]
        assert len(found.evidence) == 2  # each tie cited with its sentence


def test_a_sentence_naming_the_subject_as_a_child_does_not_give_its_parent() -> None:
    """"Louis of France was the son of Louis, Grand Dauphin and Maria Anna": asked for Maria Anna's mother,
    this sentence names her son, so her own sentence is read."""
    found = answer("Who is the mother of Maria Anna of Bavaria?", [LOUIS, MARIA_ANNA], ["Maria Anna of Bavaria"])
    assert found is not None and found.text == "Henriette Adelaide"


DUBOIS_LIFE = (DUBOIS + " He married the actress Claire Morel in 1930. He died of a heart attack in Paris and was "
               "buried at Père Lachaise Cemetery.")


@pytest.mark.parametrize(("question", "expected"), [
    # "He married …", "He died …": a run of sentences opening with a pronoun is still about Henri Dubois
    ("Who is the spouse of the director of film The Red Door?", "Claire Morel"),  # a role of the role's holder
    ("Where did the director of film The Red Door die?", "Paris"),  # not Lyon (born) nor the cemetery (buried)
    ("Where was the place of death of the director of film The Red Door?", "Paris"),
    ("Where was the director of film The Red Door buried?", "Père Lachaise Cemetery"),
    ("When was the director of film The Red Door born?", "12 March 1901"),  # not 1930, the wedding
])
def test_a_life_told_over_several_sentences(question: str, expected: str) -> None:
    assert confident(question, [RED_DOOR, BLUE_SKIES, DUBOIS_LIFE, SMITH], ["The Red Door"]) == expected


def test_a_life_bracket_states_the_death_without_the_word() -> None:
    """Arthur Smith's sentence says "died 1968"; Henri Dubois's only "(… – 4 May 1975)": his is the answer."""
    found = answer("When did Henri Dubois die?", FILMS, ["Henri Dubois"])
    assert found is not None and found.text == "4 May 1975"


def test_the_one_who_did_what_is_asked_beats_a_name_beside_it() -> None:
    """"directed by Henri Dubois and starring Mary Lane": both are near "directed"; one is its agent."""
    assert confident("Who directed the film The Red Door?", [RED_DOOR], ["The Red Door"]) == "Henri Dubois"
    assert confident("The Red Door is a film directed by who?", [RED_DOOR], ["The Red Door"]) == "Henri Dubois"


@pytest.mark.parametrize(("question", "verb"), [
    ("Who directed the film The Red Door?", {"direct"}),
    ("Thumb Wrestling Federation is on a network founded by who?", {"found"}),
    # "who missed" describes the player and is not what is asked (the small model reads "does" as the verb)
    ("What show does a retired Orlando Magic player, who missed the 2003-04 season, host?", set()),
])
def test_the_asked_verb_is_the_one_the_question_word_hangs_from(question: str, verb: set[str]) -> None:
    assert asked_verb(nlp()(question)) == verb


def test_the_same_band_compares_the_bands_each_sentence_names() -> None:
    """The small model calls Alphaville a place and Apink a person: "the band X", "the girl group X" say it."""
    singers = ["Marian Gold Marian Gold is a German singer, best known as the lead vocalist of the band Alphaville.",
               "Jung Eun-ji Jung Eun-ji is a South Korean singer. She is the main vocalist of the girl group Apink."]
    assert confident("Are Marian Gold and Jung Eun-ji members of the same band?", singers,
                     ["Marian Gold", "Jung Eun-ji"]) == "no"
    brothers = ["Liam Gallagher Liam Gallagher is an English singer, the lead singer of the rock band Oasis.",
                "Noel Gallagher Noel Gallagher is an English musician, the lead guitarist of the rock band Oasis."]
    assert confident("Were Liam Gallagher and Noel Gallagher in the same band?", brothers,
                     ["Liam Gallagher", "Noel Gallagher"]) == "yes"


@pytest.mark.parametrize(("question", "chunks", "names", "expected", "bridge"), [
    # a relative clause names the first hop by what it did: "the institute that owned X"
    ("When was the institute that owned The Collegian founded?",
     ["The Collegian The Collegian is the student newspaper of Hillsdale College. It is owned by the Hillsdale "
      "Institute.", "Hillsdale Institute The Hillsdale Institute was founded in 1844 by Free Will Baptists."],
     ["The Collegian"], "1844", "Hillsdale Institute"),
    ("Who founded the company which published Guitar World?",
     ["Guitar World Guitar World is a monthly music magazine published by Future US.",
      "Future US Future US is an American media company founded by Chris Anderson in 1994."],
     ["Guitar World"], "Chris Anderson", "Future US"),
    # a place named by what happened there, then asked about; "what county" is answered by a county
    ("What county is Erik Hort's birthplace a part of?", [
        "Erik Hort Erik Hort (born 1965) is an American soccer player. He was born in Montebello, New York.",
        "Montebello, New York Montebello is a village in Rockland County, New York, United States."],
     ["Erik Hort"], "Rockland County", "Montebello"),
])
def test_a_first_hop_named_by_a_clause(question: str, chunks: list[str], names: list[str], expected: str,
                                       bridge: str) -> None:
    found = answer(question, chunks, names)
    assert found is not None and found.confident and found.text == expected
    assert found.path == [names[0], bridge, expected]


@pytest.mark.parametrize(("question", "names", "expected"), [
    # "of director of film X": the sets leave out the second "the"
    ("What is the cause of death of director of film The Red Door?", ["The Red Door"], "heart attack"),
    ("Why did Henri Dubois die?", ["Henri Dubois"], "heart attack"),
])
def test_the_cause_of_death_is_what_the_sentence_says_someone_died_of(question: str, names: list[str],
                                                                       expected: str) -> None:
    assert confident(question, [RED_DOOR, BLUE_SKIES, DUBOIS_LIFE, SMITH], names) == expected


def test_two_causes_of_death_give_no_short_answer() -> None:
    told = ["Arthur Smith Arthur Smith was an English director. He died of pneumonia in London.",
            "Some accounts say Arthur Smith died of a stroke."]
    found = answer("What is the cause of death of Arthur Smith?", told, ["Arthur Smith"])
    assert found is not None and not found.confident and found.rival  # both sentences are shown


def test_a_bridge_decomposition_found_is_read_as_named_and_never_answers() -> None:
    """multihop's decomposition found "the lead of Due South" is Paul Gross: sentences about him count as
    about the question, and he, being what the question goes through, is never its answer."""
    question = "Who did the lead of the series Due South have a daughter with?"
    chunks = ["Due South Due South is a Canadian police series whose lead was played by Paul Gross.",
              "Hannah Gross Hannah Gross is an actress. She is the daughter of Martha Burns and Paul Gross."]
    result = QueryResult("multihop", [], ["Due South"])
    result.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                     for i, c in enumerate(chunks)]
    scored = score_sentences(NoEmbedder(), None, question, result)  # type: ignore[arg-type]
    kind = answer_type(question)
    plain = [key for key, _ in rank_candidates(kind, question, scored, ["Due South"])]
    bridged = [key for key, _ in rank_candidates(kind, question, scored, ["Due South", "Paul Gross"], ("Paul Gross",))]
    assert "paul gross" in plain and "paul gross" not in bridged
    found = short_answer(question, scored, ["Due South"], ("Paul Gross",))
    assert found is not None and found.text == "Martha Burns"


# What someone is or does, in common nouns: no named-entity label covers "striker" or "aviator".
PEREIRA = ("Miguel Pereira Miguel Pereira (born 1990) is a Portuguese professional footballer who plays as a "
           "central defender for Benfica.")
JOHNSON = "Amy Johnson Amy Johnson (1903 – 1941) was a pioneering English aviator. She was born in Hull."
VOCALS = "Ed Roland Ed Roland is an American musician who serves as the lead vocalist of Collective Soul."


@pytest.mark.parametrize(("question", "names", "expected"), [
    ("What position does Miguel Pereira play?", ["Miguel Pereira"], "central defender"),
    ("What was the profession of Amy Johnson?", ["Amy Johnson"], "pioneering aviator"),
    ("What is the occupation of Ed Roland?", ["Ed Roland"], "musician"),
])
def test_a_position_or_profession_is_a_common_noun_phrase(question: str, names: list[str], expected: str) -> None:
    assert answer_type(question).kind == "description"
    assert confident(question, [PEREIRA, JOHNSON, VOCALS], names) == expected


def test_a_description_never_answers_a_named_question() -> None:
    """"What team does Miguel Pereira play for?" asks for a name: "central defender" is no candidate."""
    found = answer("What team does Miguel Pereira play for?", [PEREIRA], ["Miguel Pereira"])
    assert found is None or found.text != "central defender"


SOLBERG = ("Arne Solberg Arne Solberg (5 May 1930 – 12 January 2012) was a Norwegian film director. "
           "He was born in Bergen and studied at the Oslo theatre school.")
NORTHERN = "Under the Northern Lights Under the Northern Lights is a 1971 Norwegian film directed by Arne Solberg."


def test_a_place_named_in_another_clause_is_not_where_the_event_happened() -> None:
    """"born in Bergen and studied at the Oslo theatre school": "born" is the nearest cue before Oslo too."""
    question = "What is the place of birth of the director of film Under the Northern Lights?"
    assert confident(question, [NORTHERN, SOLBERG], ["Under the Northern Lights"]) == "Bergen"


def test_which_country_is_answered_by_the_country_a_nationality_word_names() -> None:
    assert confident("Which country the director of film The Red Door is from?", FILMS, ["The Red Door"]) == "France"
    assert confident("Which country is Arne Solberg from?", [SOLBERG], ["Arne Solberg"]) == "Norway"


FERRAND = ["Marcel Daubigny Marcel Daubigny (1915–1987) was a French film director. "
           "He was married to the actress Odile Ferrand.",
           "Odile Ferrand Odile Ferrand (1920–2001) was a French actress. "
           "She was the daughter of the painter Louis Ferrand and the wife of the director Marcel Daubigny."]


def test_the_wife_of_the_subject_is_not_the_subjects_spouse() -> None:
    """In "the daughter of Louis Ferrand and the wife of Marcel Daubigny" the name nearest "wife" is her
    father: the sentence's own subject is the wife, so the holder comes from "married to" instead."""
    found = answer("Who is the father-in-law of Marcel Daubigny?", FERRAND, ["Marcel Daubigny"])
    assert found is not None and found.confident and found.text == "Louis Ferrand"
    assert found.path == ["Marcel Daubigny", "Odile Ferrand", "Louis Ferrand"]


WENDENBURG = ["Prince Albrecht of Wendenburg Prince Albrecht of Wendenburg (1790–1851) was a German general. "
              "He was the son of Duke Friedrich of Wendenburg and Princess Sophie of Kessel."]


def test_a_titled_name_keeps_its_territory() -> None:
    mother = "Who is the mother of Prince Albrecht of Wendenburg?"
    assert confident(mother, WENDENBURG, ["Prince Albrecht of Wendenburg"]) == "Princess Sophie of Kessel"
    father = "Who is the father of Prince Albrecht of Wendenburg?"
    assert confident(father, WENDENBURG, ["Prince Albrecht of Wendenburg"]) == "Duke Friedrich of Wendenburg"


SONG = ["Blue River Road \"Blue River Road\" is a song by American singer Dana Whitfield, released in 1979.",
        "Dana Whitfield Dana Whitfield (born September 9, 1950) is an American country singer."]


@pytest.mark.parametrize(("question", "expected"), [
    ("Who is the performer of song Blue River Road?", "Dana Whitfield"),  # not "American singer Dana Whitfield"
    ("What is the date of birth of the performer of song Blue River Road?", "September 9, 1950"),
])
def test_a_songs_performer_is_who_it_is_by(question: str, expected: str) -> None:
    assert confident(question, SONG, ["Blue River Road"]) == expected


def test_who_lived_longer_compares_the_years_each_lived() -> None:
    people = ["Edmund Blake (2 February 1902 – 30 October 1970) was an English film director.", SOLBERG]
    names = ["Edmund Blake", "Arne Solberg"]
    longer = answer("Who lived longer, Edmund Blake or Arne Solberg?", people, names)
    assert longer is not None and longer.text == "Arne Solberg"
    assert longer.path[:2] == ["Edmund Blake: 68 years", "Arne Solberg: 82 years"]
    assert confident("Who died younger, Edmund Blake or Arne Solberg?", people, names) == "Edmund Blake"
    # a year's precision cannot tell 68 from 69 years apart
    close = ["Edmund Blake (1902–1970) was an English film director.", "Arne Solberg (1930–1999) was a director."]
    assert answer("Who lived longer, Edmund Blake or Arne Solberg?", close, names) is None


def test_a_persons_nationality_is_the_one_said_of_the_person_not_of_their_film() -> None:
    # the director's own "English-American film director" against his film's "British-American … film"
    prestige = ("The Long Trick (film) The Long Trick is a 2006 British-American mystery thriller film directed by "
                "Colin Hale, from a screenplay adapted by Hale and his brother.")
    hale = "Colin Hale Colin Hale (born 30 July 1970) is an English-American film director and screenwriter."
    night = "Night Crown Night Crown is a 2012 superhero film directed by Colin Hale, who co-wrote its screenplay."
    question = "What nationality is the director of film Night Crown?"
    assert confident(question, [night, prestige, hale], ["Night Crown"]) == "English-American"
