"""What the passages call a name decides who holds a role ("the label that released X"), which place is a
country, and what "its home ground is …" names; a pronoun doing the verb is its passage's subject."""

from __future__ import annotations

from lightrag_core.query.described import calls, described_by, opening_words, passage_subject
from lightrag_core.query.role_holders import holder
from lightrag_core.query.roles import first_hop
from tests.unit.test_answer_referents import _sentences
from tests.unit.test_short_answer import answer

ALBUM = ("Grey Orchard\nGrey Orchard is the second studio album by the Canadian singer Lena Royce, released in 2011 "
         "through Quillfeather Records. It reached number four on the Canadian Albums Chart.")
LABEL = ("Quillfeather Records\nQuillfeather Records is an independent record label founded in 1999 in Halifax, "
         "Nova Scotia by the producer Tom Ashdown.")
SINGER = ("Lena Royce\nLena Royce (born 1986) is a Canadian singer-songwriter from Moncton, New Brunswick. Her debut "
          "album, Salt Lines, was released in 2008 on the Toronto label Birchwood Music.")
SOCIETY = ("Society for Shoreline Studies\nThe Society for Shoreline Studies is a learned society founded in 1947 in "
           "Aberdeen, Scotland, where it still has its offices. It awards the Halloran Medal every two years.")
JOURNAL = ("Journal of Coastal Archaeology\nThe Journal of Coastal Archaeology is a peer-reviewed academic journal "
           "established in 1958. It is published by Orvell Press on behalf of the Society for Shoreline Studies.")
PRESS = ("Orvell Press\nOrvell Press is an academic publisher based in Leeds, England. It was founded in 1921 by the "
         "historian Agnes Thorne. It publishes the Journal of Coastal Archaeology and the Northern Numismatic Review.")
EDITOR = ("Journal of Coastal Archaeology\nThe Journal of Coastal Archaeology is an academic journal. Its current "
          "editor is Miriam Calder, who succeeded Peter Lusk in 2016.")
THORNE = ("Agnes Thorne\nAgnes Thorne (1879 – 1952) was an English historian and publisher. Born in Whitby, she "
          "studied at Girton College, Cambridge.")
PLAYER = ("Dario Venn\nDario Venn (born 3 March 1990) is an Italian footballer who plays as a midfielder for Serie "
          "A club Valtorre. He previously played for Lumeria.")
FORMER = ("A.C. Lumeria\nAssociazione Calcio Lumeria is an Italian football club. Its home ground is the Stadio "
          "Comunale di Lumeria, which seats 9,500 spectators.")
CLUB = ("U.S. Valtorre\nUnione Sportiva Valtorre is an Italian football club based in Pescara, Abruzzo. Its home "
        "ground is the Stadio Aurelio Bassi, which seats 14,000 spectators.")
COUNTRY = ("Marovia\nMarovia, officially the Republic of Marovia, is an island country in the Atlantic Ocean. Its "
           "capital and largest city is Port Selden.")
BAY = ("Tessaly Bay\nTessaly Bay is a large bay on the northern coast of Marovia. The fishing town of Carrow lies at "
       "its head.")
RETAILER = ("Kestrel Outfitters\nKestrel Outfitters is an American outdoor clothing retailer founded in 1972 by Ruth "
            "Ambler. It is headquartered in Bend, Oregon.")
FOUNDER = ("Ruth Ambler\nRuth Ambler (born 1941) is an American businesswoman and mountaineer. She was the first woman "
           "to climb all of Oregon's Cascade peaks in a single summer.")


def test_the_label_that_released_an_album_is_the_name_called_a_label() -> None:
    """The singer stands nearer "released" than the label; only the label is called one."""
    sentences = _sentences(ALBUM, LABEL, SINGER)
    found = holder("Grey Orchard", "releas", sentences, noun="label")
    assert found is not None and found[0] == "Quillfeather Records"
    founder = answer("Who founded the record label that released Grey Orchard?", [ALBUM, LABEL, SINGER],
                     ["Grey Orchard"])
    assert founder is not None and founder.text == "Tom Ashdown" and founder.confident
    assert "Quillfeather Records" in founder.path


def test_a_noun_right_before_a_name_or_its_passage_calls_it() -> None:
    openings = opening_words(_sentences(LABEL, CLUB))
    assert calls("label", set(openings["quillfeather records"]))
    assert calls("team", described_by("Valtorre", openings))  # a football club is a team, by a part of its name
    assert not calls("label", set(opening_words(_sentences(SINGER))["lena royce"]))


def test_a_pronoun_doing_the_verb_is_its_passage_subject() -> None:
    sentences = _sentences(SOCIETY)
    medal = next(s for s in sentences if "Halloran" in s.text)
    assert passage_subject(medal, sentences, person=False) == "Society for Shoreline Studies"
    assert passage_subject(medal, sentences, person=True) == ""  # "she" is no society
    doer = holder("Halloran Medal", "award", sentences, noun="society")
    assert doer is not None and doer[0] == "Society for Shoreline Studies"
    found = answer("In what city was the society that awards the Halloran Medal founded?", [SOCIETY],
                   ["Halloran Medal"])
    assert found is not None and found.text == "Aberdeen" and found.confident


def test_who_made_or_runs_a_work_is_a_role_and_roles_chain() -> None:
    found = answer("Where was the founder of the publisher of the Journal of Coastal Archaeology born?",
                   [JOURNAL, PRESS, THORNE, SOCIETY], ["Journal of Coastal Archaeology"])
    assert found is not None and found.text == "Whitby" and found.confident
    assert found.path[:3] == ["Journal of Coastal Archaeology", "Orvell Press", "Agnes Thorne"]


def test_the_asked_noun_said_to_be_a_name_names_the_answer() -> None:
    """"Its home ground is the Stadio Aurelio Bassi": a name the tagger left unlabelled, said to be the ground."""
    found = answer("What is the home ground of Valtorre?", [CLUB], ["Valtorre"])
    assert found is not None and found.text == "Stadio Aurelio Bassi" and found.confident
    found = answer("What is the capital of Marovia?", [COUNTRY], ["Marovia"])
    assert found is not None and found.text == "Port Selden" and found.confident


def test_a_place_its_own_passage_calls_a_country_is_one() -> None:
    """No list knows Marovia, but its passage calls it a country; "the fishing town of Carrow" is a town."""
    found = answer("What is the capital of the country where Tessaly Bay is located?", [BAY, COUNTRY],
                   ["Tessaly Bay"])
    assert found is not None and found.text == "Port Selden" and found.confident
    assert "Marovia" in found.path


def test_a_person_her_passage_describes_is_no_retailer() -> None:
    found = answer("What retailer was founded by the first woman to climb all of Oregon's Cascade peaks?",
                   [RETAILER, FOUNDER], ["Cascade"])
    assert found is not None and found.text == "Kestrel Outfitters"


def test_an_apposition_after_her_noun_calls_the_name() -> None:
    found = answer("What was the debut album of Lena Royce?", [SINGER], ["Lena Royce"])
    assert found is not None and found.text == "Salt Lines" and found.confident


def test_a_relative_phrase_ends_before_the_question_verb() -> None:
    hop = first_hop("Where was the 1994 film directed by the man who died in Santa Fe shot?")
    assert hop is not None and hop.subject == "Santa Fe" and hop.outer.endswith("{} shot?")


def test_a_relative_without_that_and_a_players_current_club_are_hops() -> None:
    """"the … journal published by X" is the journal X publishes; "X's current club" the club X plays for."""
    found = answer("Who is the editor of the coastal archaeology journal published by Orvell Press?", [PRESS, EDITOR],
                   ["Orvell Press"])
    assert found is not None and found.text == "Miriam Calder" and found.confident
    found = answer("How many spectators does the stadium of Dario Venn's current club seat?", [PLAYER, FORMER, CLUB],
                   ["Dario Venn"])
    assert found is not None and found.text == "14,000" and found.confident
