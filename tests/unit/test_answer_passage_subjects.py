"""Who a passage's "he" and possessives are, as real encyclopaedia prose states them (bench/wiki_forms batch
13): the mayor "he" was elected as, in a passage that opens with his name and life bracket; the author of a
character named by "a character from X's novel"; a relative phrase with lower-case words before its name;
a town the small model tags as an organisation before its country; a count of the noun the question counts."""

from __future__ import annotations

from lightrag_core.query.roles import first_hop
from tests.unit.test_answer_real_prose import _held
from tests.unit.test_answer_referents import _sentences
from tests.unit.test_short_answer import answer

PLAYER = ("Nat Ashby\nNathan John Ashby, MNZM (born 15 September 1971, Christchurch, New Zealand) is a former New "
          "Zealand cricketer.")
MAYOR = ("Eli Gorton\nElias Gorton (18 September 1863 – 2 May 1927), known as Eli Gorton, was born in New South "
         "Wales and came to New Zealand as a young man. Surprisingly, he was elected Mayor of Christchurch in 1892 "
         "without any council service.")


def test_a_town_before_its_country_is_a_place_and_he_is_who_his_passage_opens_with() -> None:
    found = answer("In which city was Nat Ashby born?", [PLAYER], ["Nat Ashby"])
    assert found is not None and found.confident and found.text == "Christchurch"  # not New Zealand
    question = "Who was elected mayor in 1892 of the city where Nat Ashby was born?"
    found = answer(question, [PLAYER, MAYOR], ["Nat Ashby"])
    assert found is not None and found.confident and found.text == "Eli Gorton"
    assert found.path == ["Nat Ashby", "Christchurch", "Eli Gorton"]


def test_a_pronoun_is_no_one_when_its_passage_opens_with_a_work() -> None:
    film = ("Harbour Lights\nHarbour Lights (1942) is a British film. In the story he was elected Mayor of "
            "Christchurch in 1892.")
    found = answer("Who was elected mayor in 1892 of Christchurch?", [film], ["Christchurch"])
    assert found is None or not found.confident  # the film is no "he"


CHARACTER = "Cole Darrow\nCole Darrow was a fictional character from Rhoda Finch's 1953 novel \"The Stranger\"."
AUTHOR = "Rhoda Finch\nRhoda Finch (September 4, 1908 – November 28, 1960) was an American author of novels."


def test_the_maker_of_a_character_is_the_possessive_before_the_novel() -> None:
    hop = first_hop("When did the author who created the fictional character Cole Darrow die?")
    assert hop is not None and (hop.subject, hop.outer) == ("Cole Darrow", "When did {} die?")
    assert _held("Cole Darrow", hop.role, _sentences(CHARACTER)) == "Rhoda Finch"
    found = answer("When did the author who created the fictional character Cole Darrow die?", [CHARACTER, AUTHOR],
                   ["Cole Darrow"])
    assert found is not None and found.confident and found.text == "November 28, 1960"
    # a novel's author is not a film's director
    assert _held("Cole Darrow", "director", _sentences(CHARACTER)) is None


BAND = ("Iron Fate\nSince the band's inception in 1981, Iron Fate have released seven studio albums, two extended "
        "plays and four compilation albums.")


def test_a_count_is_of_the_noun_the_question_counts() -> None:
    for question, count in (("How many studio albums has Iron Fate released?", "seven"),
                            ("How many compilation albums has Iron Fate released?", "four")):
        found = answer(question, [BAND], ["Iron Fate"])
        assert found is not None and found.confident and found.text == count, question


ACTOR = ("Dan Moreno\nDan Moreno (born January 7, 1960, in Newark, New Jersey) is an American actor best known for his "
         "role as Detective Ray Vella in the series \"True North\".")


def test_a_birth_asked_of_a_role_is_not_the_birth_of_the_name_the_question_holds() -> None:
    # the creator of the series is not in the passages: Dan Moreno's own birth is no answer
    found = answer("When was the creator of the television series in which Dan Moreno played Detective Ray Vella born?",
                   [ACTOR], ["Dan Moreno"])
    assert found is None or not found.confident
    found = answer("When was Dan Moreno born?", [ACTOR], ["Dan Moreno"])
    assert found is not None and found.confident and found.text == "January 7, 1960"


GRANDDAUGHTER = ("Molly Banks\nMolly Audrey Banks (born March 12, 1981) is an American singer. She is the "
                 "granddaughter of Hank Banks, Sr., the daughter of Hank Banks, Jr. and half-sister of Hank Banks III.")


def test_a_generational_suffix_is_no_holder() -> None:
    # the tagger reads "Sr." as a name (or a place) of its own, and splits off its full stop
    held = _held("Molly Banks", "granddaughter of", _sentences(GRANDDAUGHTER))
    assert held is not None and held.startswith("Hank Banks")


PEER = ("Edwin Stourley, 10th Baron Stourley\nEdwin Stourley, 10th Baron Stourley (c. 1555 – 7 May 1633) was a "
        "younger son of Charles Stourley, 8th Baron Stourley and Lady Anne Stanmore, daughter of Edwin Stanmore, "
        "3rd Earl of Darby.")
EARL = ("Edwin Stanmore, 3rd Earl of Darby\nEdwin Stanmore, 3rd Earl of Darby (c. 10 May 1509 – 24 October 1572) was "
        "an English nobleman.")
ROYAL = ("Harry Fitzking\nHarry Fitzking (born c. 1100, died 1158) was an illegitimate son of King Harold of Wessex "
         "by Mary Leigh, daughter of Rhys ap Tudur. Mary Leigh was the wife of Gerald de Winsor, constable of "
         "Pembroke.")


def test_parents_told_in_apposition_and_by_a_mother() -> None:
    # "… and Lady Anne Stanmore, daughter of Edwin Stanmore": her father, not the sentence subject's
    found = answer("When did the maternal grandfather of Edwin Stourley, 10th Baron Stourley die?", [PEER, EARL],
                   ["Edwin Stourley, 10th Baron Stourley"])
    assert found is not None and found.confident and found.text == "24 October 1572"
    # "the son of A by B": B is the mother; but not "the son of A, a farmer ruined by the Depression, and B"
    assert _held("Harry Fitzking", "mother", _sentences(ROYAL)) == "Mary Leigh"
    assert _held("Harry Fitzking", "father", _sentences(ROYAL)) == "King Harold of Wessex"
    assert _held("Jim Reed", "mother", _sentences("Jim Reed\nJim Reed (born 1930) is the son of Tom Reed, a farmer "
                                                   "ruined by the Depression, and Ann Lowe.")) == "Ann Lowe"
    # ", father of …" after a name says whose father that name is, not who its father is
    assert _held("Bob Hatchet", "father", _sentences(
        "Tim Hatchet\nTim Hatchet is the youngest son of Bob Hatchet, father of five children.")) is None


SINGER = ("Arnold Dorsey\nArnold Dorsey (born 2 May 1936) is an English pop singer. He has sold more than 150 million "
          "records worldwide.")


def test_a_qualifier_the_question_says_is_not_repeated() -> None:
    found = answer("The English pop singer has sold more than how many records worldwide?", [SINGER],
                   ["Arnold Dorsey"])
    assert found is not None and found.confident and found.text == "150 million"
    found = answer("How many records has Arnold Dorsey sold?", [SINGER], ["Arnold Dorsey"])
    assert found is not None and found.text == "more than 150 million"
