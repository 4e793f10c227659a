"""A part voiced is a part played by the passage's subject, "his roles as X in the series "Y"" names the series
he played in, even when the tagger leaves the quoted title unlabelled."""

from __future__ import annotations

from tests.unit.test_short_answer import answer


def test_the_voice_of_a_character_is_the_actress_who_voiced_her() -> None:
    actress = ("Jean Vandell\nJean Vandell (October 11, 1919 – April 10, 1999) was an American actress on radio and "
               "television. Although her career spanned many decades, she is best remembered as the voice of Wilma "
               "Flintrock for the cartoon \"The Flintrocks\".")
    found = answer("When did the actress who voiced Wilma Flintrock die?", [actress], ["Wilma Flintrock"])
    assert found is not None and found.confident and found.text == "April 10, 1999"
    assert found.path[:2] == ["Wilma Flintrock", "Jean Vandell"]


def test_the_series_of_a_part_in_quotation_marks_after_its_noun() -> None:
    actor = ("David Marciel\nDavid Marciel (born January 7, 1960) is an American actor best known for his roles as "
             "Detective Raymond Vecchi in the television series \"Due North\" and Detective Steve Billing in \"The "
             "Badge\".")
    creator = ("Paul Hagger\nPaul Edward Hagger (born March 10, 1953) is a Canadian screenwriter. He is the creator of "
               "the television series \"Due North\".")
    found = answer("When was the creator of the television series in which David Marciel played Detective Raymond "
                   "Vecchi born?", [actor, creator], ["David Marciel", "Raymond Vecchi"])
    assert found is not None and found.confident and found.text == "March 10, 1953"
    assert "Due North" in found.path and "Paul Hagger" in found.path

