"""Short answers that compare counts ("which one produced more tornadoes?") and birthplaces ("born in the
same city?"), that ask for a real name, that want a woman or a man, and that read who did a deed through
a list of verbs ("directed, written, and produced by")."""

from __future__ import annotations

from lightrag_core.query.answer_spans import parse
from lightrag_core.query.answer_type import CHOICE, PERSON, answer_type
from lightrag_core.query.name_sex import other_sex
from lightrag_core.query.sentences import Sentence
from lightrag_core.query.span_fit import names_head
from lightrag_core.query.span_ties import agent
from tests.unit.test_short_answer import answer

SPRING = ("Tornado outbreak of March 3–4, 2019\nThe tornado outbreak of March 3–4, 2019 was a deadly outbreak in "
          "Alabama. Lasting two days, the outbreak produced a total of 41 tornadoes across four states.")
WINTER = ("Tornado outbreak of January 8–9, 2020\nThe tornado outbreak of January 8–9, 2020 struck the South. "
          "Lasting a day and a half, the outbreak produced 79 confirmed tornadoes, with 2020 the year it began.")
COUNTED = ("Which one produced more tornadoes, the tornado outbreak of March 3–4, 2019 or the tornado outbreak "
           "of January 8–9, 2020?")


def test_a_dated_option_keeps_its_comma_and_is_a_choice():
    kind = answer_type(COUNTED)
    assert kind.kind == CHOICE and kind.options[1].endswith("January 8–9, 2020")


def test_the_side_with_more_of_the_counted_noun_is_the_answer_as_the_question_writes_it():
    found = answer(COUNTED, [SPRING, WINTER], [])
    assert found is not None and found.confident
    assert found.text == "tornado outbreak of January 8–9, 2020"
    assert any("79 confirmed tornadoes" in s.text for s in found.evidence)
    fewer = answer(COUNTED.replace("more", "fewer"), [SPRING, WINTER], [])
    assert fewer is not None and fewer.text == "tornado outbreak of March 3–4, 2019"


def test_no_count_on_one_side_gives_no_answer():
    bare = WINTER.replace("produced 79 confirmed tornadoes, with 2020 the year it began", "moved east")
    assert answer(COUNTED, [SPRING, bare], []) is None


def test_born_in_the_same_city_compares_each_sides_birthplace():
    ann = "Ann Vale\nAnn Vale was born on May 2, 1925 in Newark, New Jersey, as Ann Fenn."
    ray = "Ray Hollis\nRay Hollis (born January 7, 1960, in Newark, New Jersey) is an American actor."
    tom = "Tom Oduya\nTom Oduya (born 1961 in Nairobi) is a Kenyan actor who lived in Newark."
    same = answer("Were Ann Vale and Ray Hollis born in the same city?", [ann, ray], ["Ann Vale", "Ray Hollis"])
    assert same is not None and same.text == "yes"
    other = answer("Were Ann Vale and Tom Oduya born in the same city?", [ann, tom], ["Ann Vale", "Tom Oduya"])
    assert other is not None and other.text == "no"


def test_a_real_name_is_asked_as_a_persons_name_and_called_so_after_a_colon():
    kind = answer_type("What is the real name of the lead singer of the band that released Glass Days?")
    assert (kind.kind, kind.head) == (PERSON, "name")
    assert names_head(kind, "Hartmut Kell", "lead singer Mario Stern (real name:") == 1.0


def test_a_woman_is_not_answered_by_a_man():
    assert other_sex("actress", "Dave", " made his Tollywood debut")
    assert not other_sex("actress", "Rina Das", " made her debut")
    assert not other_sex("actor", "Dave", " made his debut")  # said of either
    chunks = ["Dave Kumar\nDave Kumar made his Telugu debut with the comedy Money Talks in 1992.",
              "Rina Das\nRina Das is an Indian actress. Rina Das made her Telugu debut in Money Talks, a 1992 comedy."]
    found = answer("Which actress made her Telugu debut in Money Talks?", chunks, ["Money Talks"])
    assert found is not None and found.confident and found.text == "Rina Das"


def _agent(text: str, name: str, verb: set[str], doer: bool = True) -> float:
    (parsed,) = parse([Sentence(text, "1", 0, frozenset())])
    return agent(parsed, next(s for s in parsed.spans if s.text == name), verb, doer)


def test_a_deed_in_a_list_of_verbs_is_done_by_the_name_after_by():
    said = ("Sea Light is a 2015 American biographical film directed, written, and produced by Marc Abel, "
            "starring Tom Hill.")
    assert _agent(said, "Marc Abel", {"direct"}) == 1.0
    # the one another verb was done to did not do what is asked
    said = ("The film was directed by Arlene Sanford (in her feature film directorial debut) and stars Shelley Long "
            "and Gary Cole as Carol and Mike Brady.")
    assert _agent(said, "Shelley Long", {"direct"}) < 0
    # … unless the question asks whom a deed was done to ("Which actress did it star?")
    assert _agent(said, "Shelley Long", {"cast"}, doer=False) == 0


def test_his_widow_names_her_spouse_and_an_initials_full_stop_ends_no_parent_list():
    hale = ("Tom Hale\nTom Hale (1930–1997), the son of author E. B. Hale and New Yorker editor Katharine Ross "
            "Hale, was a naval architect. Hale died in 1997 in Maine. His widow, Allene Hale, lives in Brooklin.")
    found = answer("Who is the mother-in-law of Allene Hale?", [hale], ["Allene Hale"])
    assert found is not None and found.confident and found.text == "Katharine Ross Hale"
    assert "Tom Hale" in found.path


def test_the_asked_role_is_said_by_its_deed_and_a_nationality_by_its_country():
    # "which publisher?": "published … by Kids Can Press", though the question says "released"
    series = ("Squirrel Days\nSquirrel Days is a Canadian animated series based on the book series by Mel Watt. "
              "The first book of the Squirrel Days series was printed in 2006 by Hemlock Printers and published in "
              "March 2006 by Kids Can Press.")
    found = answer("Which publisher released the first book of the series Squirrel Days?", [series], ["Squirrel Days"])
    assert found is not None and found.confident and found.text == "Kids Can Press"
    # "which Dutch city?": a sentence that says "Netherlands" qualifies its city
    dvd = ("Anesthesia Live\nAnesthesia Live is a concert DVD by the band Pine Tree. It is taken from two concerts "
           "given at Tilburg, Netherlands in 2008. Pine Tree toured in Mexico City in 2009.")
    found = answer("In which Dutch city were the concerts filmed for Anesthesia Live?", [dvd], ["Anesthesia Live"])
    assert found is not None and found.text == "Tilburg"
