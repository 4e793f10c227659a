"""A fact stated without its owner: a country's "The capital … is X", "his first son X" for X's father, a
company's former name in brackets; and a birth asked of a role holder that only a birth may answer."""

from __future__ import annotations

from lightrag_core.query.referents import about_name
from lightrag_core.query.role_holders import holder
from lightrag_core.query.roles import first_hop
from tests.unit.test_answer_referents import _sentences
from tests.unit.test_short_answer import answer

TREE = ("Old Marula\nThe Old Marula is a huge tree of the species \"Sclerocarya birrea\" in Varnland, close to the "
        "Keth Falls. It is 20 metres tall.")
COUNTRY = ("Varnland\nVarnland is a landlocked country in southern Africa, between the Keth and Omu rivers. "
           "It is bordered by Ostia to the north and Pell to the west. The capital and largest city is Tarsk.")


def test_the_country_where_a_thing_stands_is_a_hop_and_its_capital_its_passage_subjects() -> None:
    hop = first_hop("What is the capital of the country where the Old Marula stands?")
    assert hop is not None and hop.subject == "Old Marula" and hop.asks == "Which country is {} located in?"
    about = [s.text for _, s in about_name("Varnland", _sentences(TREE, COUNTRY))]
    assert "The capital and largest city is Tarsk." in about


def test_the_capital_without_its_owner_is_its_passage_subjects() -> None:
    found = answer("What is the capital of the country where the Old Marula stands?", [TREE, COUNTRY],
                   ["Old Marula"])
    assert found is not None and found.confident and found.text == "Tarsk"
    assert found.path == ["Old Marula", "Varnland", "Tarsk"]


def test_his_first_son_names_the_passage_subject_as_father() -> None:
    king = ("Tamo Ravel\nTamo Ravel was the king of Morvane from 1630 to 1650, succeeding his father, Ravel Ando. "
            "He took two wives: the first, Seli, gave birth to his first son and successor Rambo Tavin, while his "
            "second wife gave birth to a son named Kell.")
    sentences = _sentences(king)
    found = holder("Rambo Tavin", "father", sentences)
    assert found is not None and found[0] == "Tamo Ravel"
    assert holder("Rambo Tavin", "mother", sentences) is None  # "his" son says nothing of a mother
    grand = answer("Who was the paternal grandfather of Rambo Tavin?", [king], ["Rambo Tavin"])
    assert grand is not None and grand.text == "Ravel Ando"


def test_his_wife_before_his_daughter_is_her_mother() -> None:
    painter = ("Jon Kell\nJon Kell (1707 – 1782) was an Austrian painter. Along with his wife Mara Lutz he had a "
               "single child, his daughter Ana Kell (*1741), also remembered as a painter.")
    found = holder("Ana Kell", "mother", _sentences(painter))
    assert found is not None and found[0] == "Mara Lutz"
    # two wives named: which one is the mother is not said
    twice = painter.replace("Along with his wife Mara Lutz he", "He married twice, his first wife Ida Roe and then "
                                                                "his second wife Mara Lutz, and he")
    assert holder("Ana Kell", "mother", _sentences(twice)) is None


def test_a_former_name_in_brackets_is_no_rival() -> None:
    singer = "Mira Han\nMira Han is a South Korean singer, the main vocalist of the girl group Bluebell."
    group = ("Bluebell\nBluebell is a South Korean girl group formed by Plan Nine Entertainment (formerly Nine Cube "
             "Entertainment) in 2011.")
    found = answer("Which company formed the girl group whose main vocalist is Mira Han?", [singer, group],
                   ["Mira Han"])
    assert found is not None and found.confident and found.text == "Plan Nine Entertainment"


def test_a_holders_birth_is_never_another_date_on_the_bridge_path() -> None:
    album = "Sky Tribe\nSky Tribe is the third album by the Taiwanese band F.R.E."
    vocalist = ("Lin Wen\nShe is the lead vocalist of pop rock band F.R.E., who won the Golden Melody Award for Best "
                "New Artist in 2005.")
    found = answer("When was the lead vocalist of the band behind the album Sky Tribe born?", [album, vocalist],
                   ["Sky Tribe"])
    assert found is None or not found.confident or found.text != "2005"


def test_a_property_of_another_place_in_the_passage_answers_nothing() -> None:
    tower = "Tower of Brannoc\nThe Tower of Brannoc was a stone tower in Kelmouth, demolished in 1820."
    city = "Kelmouth\nKelmouth is a port city in Ostia. The population of the surrounding Ostia region is 5 million."
    found = answer("What is the population of the city where the Tower of Brannoc stood?", [tower, city],
                   ["Tower of Brannoc"])
    assert found is None or not found.confident
    # "the role of Ivy Dale" is the answer, not another owner of the asked noun
    soap = ("Kate Dunn\nKate Dunn is a fictional character from the soap opera Harbour Lane, played by Ann Brewer.")
    actress = ("Ann Brewer\nAnn Brewer is an Australian actress. She currently portrays the role of Ivy Dale on the "
               "soap opera \"Summer Bay\".")
    found = answer("What role does the actress who played Kate Dunn portray on Summer Bay?", [soap, actress],
                   ["Kate Dunn", "Summer Bay"])
    assert found is not None and found.text == "Ivy Dale"
