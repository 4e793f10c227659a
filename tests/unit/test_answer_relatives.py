"""Relative phrases a compositional question names its bridge by ("the person after whom X is named", "the
institution that X attended", "the province where X is located"): each is a hop, read as the question's
own words say, and answered through its holder."""

from __future__ import annotations

from lightrag_core.query.role_holders import holder
from lightrag_core.query.roles import first_hop
from tests.unit.test_answer_referents import _sentences
from tests.unit.test_short_answer import answer

LAKE = ("Lake Carrow\nLake Carrow is a reservoir in Marovia. It is named after the engineer Tomas Carrow, who built "
        "its dam.")
TOMAS = "Tomas Carrow\nTomas Carrow (1850 – 1921) was a Marovian engineer. He was born in Port Selden."
THORNE = ("Agnes Thorne\nAgnes Thorne (1879 – 1952) was an English historian. Born in Whitby, she studied at Girton "
          "College, Cambridge.")
GIRTON = ("Girton College\nGirton College is a college of the University of Cambridge. It was founded in 1869 by "
          "Emily Davies.")


def test_the_person_a_thing_is_named_after_is_a_hop() -> None:
    found = answer("What is the birthplace of the person after whom Lake Carrow is named?", [LAKE, TOMAS],
                   ["Lake Carrow"])
    assert found is not None and found.text == "Port Selden" and found.confident
    assert found.path == ["Lake Carrow", "Tomas Carrow", "Port Selden"]


def test_the_school_someone_attended_is_stated_by_studied_at() -> None:
    found = answer("When was the institution that Agnes Thorne attended founded?", [THORNE, GIRTON], ["Agnes Thorne"])
    assert found is not None and found.text == "1869" and found.confident


def test_a_relative_phrase_is_read_as_the_question_words_it() -> None:
    hop = first_hop("What is the capital of the province where Moncton is located?")
    assert hop is not None and (hop.subject, hop.asks) == ("Moncton", "Which province is {} located in?")
    hop = first_hop("What is the population of the city where Kestrel Outfitters is headquartered?")
    assert hop is not None and (hop.subject, hop.asks) == ("Kestrel Outfitters", "Where is {} headquartered?")
    # X ends where the question's own verb starts, not at the question mark
    hop = first_hop("When did the country that contains Tessaly Bay gain independence?")
    assert hop is not None and (hop.subject, hop.outer) == ("Tessaly Bay", "When did {} gain independence?")
    assert hop.noun == "country"
    hop = first_hop("In what year was the label that released Lena Royce's second album founded?")
    assert hop is not None and hop.subject == "Lena Royce's second album"
    hop = first_hop("Who was the first editor of the journal that Orvell Press publishes?")
    assert hop is not None and (hop.role, hop.subject, hop.noun) == ("publish", "Orvell Press", "journal")


def test_what_was_done_by_the_subject_is_named_before_the_verb() -> None:
    """"the company founded by Ruth Ambler" is what she founded, "… founded in 1972 by Ruth Ambler"; "the
    journal published by Orvell Press" is what "It is published by Orvell Press" calls "it"."""
    retailer = ("Kestrel Outfitters\nKestrel Outfitters is an American outdoor clothing retailer founded in 1972 by "
                "Ruth Ambler. It is headquartered in Bend, Oregon.")
    found = holder("Ruth Ambler", "found", _sentences(retailer), noun="company")
    assert found is not None and found[0] == "Kestrel Outfitters"
    journal = ("Journal of Coastal Archaeology\nThe Journal of Coastal Archaeology is an academic journal. It is "
               "published by Orvell Press on behalf of the Society for Shoreline Studies.")
    found = holder("Orvell Press", "publish", _sentences(journal), noun="journal")
    assert found is not None and found[0] == "Journal of Coastal Archaeology"
    hop = first_hop("The company founded by Ruth Ambler is headquartered in what city?")
    assert hop is not None and (hop.subject, hop.noun) == ("Ruth Ambler", "company")


def test_a_pronouns_own_sentence_is_read_for_the_rest_of_the_question() -> None:
    """"Before founding Kestrel Lane he played mandolin in …": he founded it, and the same sentence says
    what he played; the band's own sentence names its founder too."""
    band = "Kestrel Lane\nKestrel Lane are an English folk rock band, formed in 1999 by guitarist Tom Hale."
    hale = ("Tom Hale (musician)\nTom Hale (born 1972) is an English guitarist. Before founding Kestrel Lane he played "
            "mandolin in the ceilidh band The Reel Deal.")
    found = answer("What instrument did the founder of Kestrel Lane play in The Reel Deal?", [band, hale],
                   ["Kestrel Lane", "The Reel Deal"])
    assert found is not None and found.text == "mandolin" and found.confident
    assert found.path[:2] == ["Kestrel Lane", "Tom Hale"]



def test_a_name_beside_the_subject_is_no_holder_by_its_title_or_a_part_of_a_name() -> None:
    """"Mother Teresa" is no one's mother for the words in her name; a town is no club because a club's
    name holds it; the town a firm is named after still answers where its founder was born."""
    sorel = ("Anna Sorel\nAnna Sorel (1920 – 1990) was an Albanian nun. Her mother was Lule Sorel, a teacher. As a "
             "novice she travelled with Mother Teresa to Calcutta, and her mother joined them in 1952.")
    found = answer("Who was the mother of Anna Sorel?", [sorel], ["Anna Sorel"])
    assert found is not None and found.text == "Lule Sorel"
    player = "Marco Denti\nMarco Denti is an Italian footballer. He played for Vasto, a small town near Pescara."
    club = "Delfino Pescara 1936\nDelfino Pescara 1936 is an Italian football club."
    played = holder("Marco Denti", "play", _sentences(player, club), noun="team")
    assert played is not None and played[0] == "Vasto"
    firm = ("Bristol Aeroplane Company\nThe Bristol Aeroplane Company was a British aircraft maker. It was founded "
            "in 1910 by Sir George White.")
    white = "George White\nSir George White (1854 – 1916) was an English businessman. He was born in Bristol."
    born = answer("Where was the founder of the Bristol Aeroplane Company born?", [firm, white],
                  ["Bristol Aeroplane Company"])
    assert born is not None and born.text == "Bristol"


def test_a_title_with_lower_case_words_stays_whole_and_named_as_is_no_named_after() -> None:
    hop = first_hop("Who founded the studio that produced Gone with the Wind?")
    assert hop is not None and hop.subject == "Gone with the Wind"
    hop = first_hop("Who coached the team for which Pele was named captain in 1970?")
    assert hop is None or hop.role != "named after"


def test_a_child_had_with_someone_is_stated_as_a_daughter_of_both() -> None:
    # "a child" is said as "the daughter of A and B"; the role he is known for is no answer to it
    gross = ("Hal Grane\nHal Grane is a Canadian actor. He is known for his lead role as Constable Ben Frazier in "
             "the series Due North.")
    hanna = ("Hanna Grane\nHanna Grane is a Canadian actress. She is the daughter of fellow actors Mara Burne and "
             "Hal Grane.")
    found = answer("Who did Hal Grane have a child with?", [gross, hanna], ["Hal Grane"])
    assert found is not None and found.text == "Mara Burne" and found.confident
