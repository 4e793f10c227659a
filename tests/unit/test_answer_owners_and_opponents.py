"""Batch 16's single hops after a bridge: a firm's parent company stated from the firm's side, an election's
other candidate, a capital the tagger calls a person, a name with its own "!", and "The company …" in
another firm's passage."""

from __future__ import annotations

from lightrag_core.query.sentences import split_sentences
from tests.unit.test_short_answer import answer


def test_a_parent_company_is_stated_from_the_firms_side_with_its_own_bang() -> None:
    chain = ("Pizza Barn\nPizza Barn is an American restaurant chain founded in 1961. Pizza Barn has over 900 "
             "locations worldwide as of 2015, and is a subsidiary of Yam! Foods, Inc., one of the world's largest "
             "restaurant companies.")
    found = answer("What is the parent company of Pizza Barn?", [chain], ["Pizza Barn"])
    assert found is not None and found.confident and found.text == "Yam! Foods"


def test_a_name_goes_on_after_its_own_bang_but_a_chat_line_still_ends_there() -> None:
    assert split_sentences("It is owned by Yam! Foods, which also owns Pizza Barn. It opened in 1999.") == [
        "It is owned by Yam! Foods, which also owns Pizza Barn.", "It opened in 1999."]
    assert split_sentences("Hi Li Hua! Sure, I can fix it. Thanks! Plus, who knows?") == [
        "Hi Li Hua!", "Sure, I can fix it.", "Thanks!", "Plus, who knows?"]


def test_an_elections_other_candidate_is_the_opponent() -> None:
    election = ("Kessland presidential election, 2000\nAri Tal, a prominent Union politician, ran against Dov Mor, "
                "a previous Prime Minister of Kessland. Tal won the second round.")
    presidency = ("Presidency of Dov Mor\nThe presidency of Dov Mor began in 2007. Mor was sworn in as President "
                  "on 15 July 2007.")
    question = "When was Ari Tal's opponent in the 2000 Kessland presidential election sworn in as President?"
    found = answer(question, [election, presidency], ["Ari Tal"])
    assert found is not None and found.confident and found.text == "15 July 2007"
    assert found.path[:2] == ["Ari Tal", "Dov Mor"]


def test_a_capital_is_the_name_said_to_be_it_whatever_the_tagger_calls_it() -> None:
    state = ("North Varna\nNorth Varna is a state in the Midwestern region of the Union. Pierre is the state capital "
             "and Sioux Falls, with a population of about 171,000, is North Varna's largest city.")
    found = answer("What is the capital of North Varna?", [state], ["North Varna"])
    assert found is not None and found.confident and found.text == "Pierre"


def test_the_company_in_another_firms_passage_is_that_firm() -> None:
    """WingStreet's sister franchise is Pizza Hut; "The company was founded in 1959" in Little Caesars' passage,
    right after it names Pizza Hut, is about Little Caesars."""
    wings = ("WingHouse\nWingHouse is a restaurant chain specializing in chicken. The restaurant chain is owned by "
             "Yam! Foods, which also owns its sister franchise Pizza Barn.")
    rival = ("Luigi's Pies\nLuigi's Pies Enterprises Inc. (doing business as Luigi's Pies) is the third-largest pizza "
             "chain in the Union, behind Pizza Barn and Domino Pies. The company was founded in 1959 and is based in "
             "Detroit.")
    barn = ("Pizza Barn\nPizza Barn is an American restaurant chain and international franchise founded in 1958 by "
            "Dan and Frank Carney.")
    found = answer("In what year was WingHouse's sister franchise founded?", [wings, rival, barn], ["WingHouse"])
    assert found is not None and found.confident and found.text == "1958"


def test_what_is_owned_or_defeated_must_be_the_subject_itself() -> None:
    """Review cases: "owned by" of the firm's building, "defeated" by the politician's son, and "the largest
    city" for the capital give no confident answer."""
    firm = ("Zarbo Foods\nZarbo Foods is an American snack maker founded by Ellen Zarbo. Its headquarters building "
            "was formerly owned by Harold Beane.")
    found = answer("What is the parent company of Zarbo Foods?", [firm], ["Zarbo Foods"])
    assert found is None or not found.confident
    politician = ("Arden Kole\nArden Kole is a Canadian politician. His son Peter Kole defeated Mark Ruiz in a 2010 "
                  "school election.")
    found = answer("Who was Arden Kole's opponent?", [politician], ["Arden Kole"])
    assert found is None or not found.confident
    country = "Marenia\nMarenia is a country in Europe. Varna is the largest city of Marenia."
    found = answer("Which city is the capital of Marenia?", [country], ["Marenia"])
    assert found is None or not found.confident or found.text != "Varna"
