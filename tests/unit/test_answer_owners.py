"""Compositional questions as MuSiQue words them: a title as a modifier ("the Copper Sky performer"), what
owns, publishes or holds a name ("the record label that X is signed to", "the college whose student
newspaper is X"), and the passage a hop's holder is read in (its own, not one that names it in passing)."""

from __future__ import annotations

from lightrag_core.query.answer_type import PLACE, answer_type
from lightrag_core.query.role_holders import find_cue, holder
from lightrag_core.query.roles import first_hop, inner_hop
from tests.unit.test_answer_referents import _sentences
from tests.unit.test_short_answer import answer

MARSH = ("Lila Marsh\nLila Marsh (born March 3, 1968) is an American singer-songwriter. After two years at Belmont "
         "University she signed with Redwing Records in 1993. Her younger brother is the actor Dean Marsh.")
REDWING = ("Redwing Records\nRedwing Records is an American record label based in Nashville. It was founded in 1979 "
           "by the session guitarist Carl Dufresne, who ran it until 1998. Since 2004 it has been owned by Meridian "
           "Media Group.")
ARTISTS = " Its artists have included Lila Marsh, the Holloway Brothers and Tess Ferrand."
# a label named by the same last word, in a passage about someone else
BELL = ("Cora Bell\nCora Bell is an American country singer. She is signed to Larkhill Records, a label founded in "
        "1988 by Vernon Teague, and owned by Crane Music.")
MERIDIAN = ("Meridian Media Group\nMeridian Media Group is an American media company headquartered in Atlanta. "
            "Its chief executive since 2015 has been Harriet Okafor, who succeeded Donald Reese.")
BRENNER = ("Brenner County\nBrenner County is a county in Tennessee. Its county seat is Milford Springs, and its "
           "largest city is Harlow Falls.")
# "Its county seat" here is Talbot County's, though the sentence before names Brenner County
TALBOT = ("Talbot County\nTalbot County is a county in Tennessee bordering Brenner County to the east. Its county "
          "seat and largest town is Easton Mills.")


def test_a_title_before_a_role_noun_is_a_hop() -> None:
    inner = inner_hop("Copper Sky performer")  # what "the spouse of the Copper Sky performer" is asked of
    assert inner is not None and (inner.role, inner.subject) == ("performer", "Copper Sky")
    hop = first_hop("What is the population of the city where the Copper Sky performer was born?")
    assert hop is not None and (hop.role, hop.subject) == ("performer", "Copper Sky")
    assert hop.outer == "What is the population of the city where {} was born?"
    hop = first_hop("Name the Copper Sky performer.")
    assert hop is not None and (hop.subject, hop.outer) == ("Copper Sky", "Name {}.")
    # a nationality, a wh-word, "Oscar-winning", a noun before the holder's own name, or a thing's role
    # ("the Motown label" is Motown) is no title
    for question in ("Who was the French director?", "What director directed Jaws?",
                     "Who was the Oscar-winning director?", "What is the home ground of the Serie A club Valtorre?",
                     "Who founded the Motown label?"):
        assert first_hop(question) is None, question
    assert inner_hop("Oscar-winning director") is None


def test_a_label_and_what_something_is_the_noun_of_are_hops() -> None:
    hop = first_hop("Who founded the record label of Lila Marsh?")
    assert hop is not None and (hop.role, hop.subject, hop.noun) == ("label", "Lila Marsh", "label")
    hop = first_hop("Who owns the record label that Lila Marsh is signed to?")
    assert hop is not None and (hop.role, hop.subject, hop.noun) == ("sign", "Lila Marsh", "label")
    hop = first_hop("When was the college whose student newspaper is The Collegian founded?")
    assert hop is not None and (hop.role, hop.subject, hop.noun) == ("newspaper of", "The Collegian", "college")
    hop = first_hop("In what year did the country whose capital is Port Selden gain independence?")
    assert hop is not None and (hop.subject, hop.outer) == ("Port Selden", "In what year did {} gain independence?")
    hop = first_hop("Into what body of water does the river that flows through Harlow Falls empty?")
    assert hop is not None and (hop.role, hop.subject, hop.noun) == ("flow", "Harlow Falls", "river")
    # neither a preposition nor an article is a relative phrase's noun, and a passive is "signed to"
    assert first_hop("What county is the town at the mouth of the Cullen River located in?") is None
    assert first_hop("When was the company founded for which Kathi-Anne Reinstein resigned to be a lobbyist?") is None
    assert first_hop("Who was the king when the city Carthage was destroyed in 146 BC?") is None
    assert first_hop("What is the name of the city whose population is 500,000?") is None


def test_a_role_word_inside_a_name_is_no_cue() -> None:
    assert find_cue("Its artists have included Lila Marsh, the Holloway Brothers and Tess Ferrand.", "brother") == -1
    assert find_cue("Andrew Jackson of Tennessee was president.", "son of") == -1
    assert find_cue("Her younger brother is the actor Dean Marsh.", "brother") > 0
    # a capitalised title is still one ("Editor of", "Head Coach of")
    assert find_cue("Peter Preston was Editor of The Guardian from 1975 to 1995.", "editor") == 18
    assert find_cue("He served as Head Coach of the Dallas Cowboys.", "coach") == 18
    found = holder("Lila Marsh", "brother", _sentences(REDWING + ARTISTS, MARSH))
    assert found is not None and found[0] == "Dean Marsh"


def test_a_pronoun_doing_a_joined_verb_is_its_passage_subject() -> None:
    river = ("Cullen River\nThe Cullen River is a river in eastern Tennessee. It rises in the Marrow Hills and flows "
             "southwest past Harlow Falls before emptying into Lake Tessim.")
    found = holder("Harlow Falls", "flow", _sentences(river), noun="river")
    assert found is not None and found[0] == "Cullen River"


def test_the_one_name_called_the_holder_noun_holds_it_when_no_cue_is_said() -> None:
    paper = ("The Collegian\nThe Collegian is the student newspaper of Wrenfield College. It has been published weekly "
             "since 1889.")
    found = holder("The Collegian", "publish", _sentences(paper), noun="college")
    assert found is not None and found[0] == "Wrenfield College"
    # two names called a college: neither is said to publish it
    two = paper.replace("of Wrenfield College.", "of Wrenfield College and of Dunmore College.")
    assert holder("The Collegian", "publish", _sentences(two), noun="college") is None
    # a company tied to it by another verb is not the one asked for
    series = "Harbor Lights\nHarbor Lights is a drama series produced by Stellan Productions."
    assert holder("Harbor Lights", "distribut", _sentences(series), noun="company") is None


def test_the_holder_is_read_in_its_own_passage_not_one_sharing_its_last_word() -> None:
    found = answer("Who owns the record label that Lila Marsh is signed to?", [MARSH, BELL, REDWING], ["Lila Marsh"])
    assert found is not None and found.text == "Meridian Media Group" and found.confident
    assert found.path == ["Lila Marsh", "Redwing Records", "Meridian Media Group"]
    found = answer("What year was the label of Lila Marsh founded?", [MARSH, BELL, REDWING], ["Lila Marsh"])
    assert found is not None and found.text == "1979" and found.confident  # not 1988, Larkhill's
    # a sentence of Redwing's passage that names another subject outright is about that one
    other = REDWING + " Meridian Media Group was founded in 1985 by Paul Grey."
    found = answer("Who founded the record label of Lila Marsh?", [MARSH, other], ["Lila Marsh"])
    assert found is not None and found.text == "Carl Dufresne" and found.confident


def test_a_pronoun_in_another_passage_is_that_passage_subject() -> None:
    found = answer("What is the county seat of the county where Harlow Falls is located?",
                   ["Harlow Falls\nHarlow Falls is a city in Brenner County, Tennessee.", TALBOT, BRENNER],
                   ["Harlow Falls"])
    assert found is not None and found.text == "Milford Springs" and found.confident


def test_who_the_asked_noun_is_said_to_be_answers() -> None:
    """"Its chief executive … has been Harriet Okafor, who succeeded Donald Reese": the one equated with it."""
    found = answer("Who is the chief executive of Meridian Media Group?", [MERIDIAN], ["Meridian Media Group"])
    assert found is not None and found.text == "Harriet Okafor" and found.confident


def test_a_date_the_asked_verb_governs_answers() -> None:
    found = answer("When was Redwing Records founded?", [REDWING], ["Redwing Records"])
    assert found is not None and found.text == "1979" and found.confident  # not 1998, when he stopped running it
    # not the date of another founding, in a clause about someone else
    launched = REDWING.replace("It was founded in 1979 by the session guitarist Carl Dufresne, who ran it until 1998.",
                               "It was launched in 1979 by Carl Dufresne, who had founded Bluebird Records in 1962.")
    found = answer("When was Redwing Records founded?", [launched], ["Redwing Records"])
    assert found is None or not (found.text == "1962" and found.confident)
    # asked of two names, the verb alone does not single out a sentence about a third
    shows = ["Quarry Family\nThe Quarry Family is a Belltower Studios sitcom in which Marion Pell voiced the "
             "grandmother. It originally aired on ABN from October 4, 1961.",
             "Dot and Dash\nDot and Dash is a Belltower Studios animated series that premiered on September 9, 1966."]
    found = answer("Marion Pell voiced the grandmother on the Belltower Studios sitcom that originally premiered on "
                   "which date?", shows, ["Belltower Studios", "Marion Pell"])
    assert found is None or not (found.text == "September 9, 1966" and found.confident)


def test_an_acronym_is_part_of_a_name() -> None:
    series = ("Harbor Lights\nHarbor Lights is an American drama television series that aired on KTR Network from "
              "1984 to 1989.")
    found = answer("Which network aired Harbor Lights?", [series], ["Harbor Lights"])
    assert found is not None and found.text == "KTR Network"


def test_a_body_of_water_and_a_county_seat_are_places() -> None:
    assert answer_type("Into what body of water does the Cullen River empty?").kind == PLACE
    assert answer_type("What is the county seat of Brenner County?").kind == PLACE


def test_a_described_subject_is_read_by_its_words() -> None:
    """"the label that released Lena Royce's second album": the sentences about that album name its words."""
    album = ("Grey Orchard\nGrey Orchard is the second studio album by the Canadian singer Lena Royce, released in "
             "2011 through Quillfeather Records.")
    label = "Quillfeather Records\nQuillfeather Records is an independent record label founded in 1999."
    found = holder("Lena Royce's second album", "releas", _sentences(album, label), noun="label")
    assert found is not None and found[0] == "Quillfeather Records"


def test_a_pronoun_is_read_as_the_one_it_can_be() -> None:
    """Regressions a review found in the first version of `about_name`: a pronoun in the subject's passage
    may still be another person; a chunk holds several passages; a passage may open with a shorter name."""
    leone = ("Sergio Leone\nSergio Leone was an Italian film director. In 1960 he married Carla Ranalli. She was the "
             "daughter of the painter Mario Bianchi.")
    found = answer("Who was the father-in-law of Sergio Leone?", [leone], ["Sergio Leone"])
    assert found is not None and found.text == "Mario Bianchi" and found.confident
    tess = "Tess Ferrand\nTess Ferrand is an English singer. She signed with Larkhill Records in 2003."
    two = ("Redwing Records\nRedwing Records is an American record label. Its artists have included Lila Marsh.\n\n"
           "Larkhill Records\nLarkhill Records is a British record label. It was founded in 1988 by Vernon Teague.")
    found = answer("Who founded the record label of Tess Ferrand?", [tess, two], ["Tess Ferrand"])
    assert found is not None and found.text == "Vernon Teague" and found.confident
    ferguson = ("Alex Ferguson\nSir Alexander Chapman Ferguson (born 31 December 1941) is a Scottish former football "
                "manager. He married Cathy Holding in 1966.")
    found_holder = holder("Sir Alex Ferguson", "spouse", _sentences(ferguson))
    assert found_holder is not None and found_holder[0] == "Cathy Holding"
    # "the singer" after a name is someone else's description, not the passage subject's
    marsh = ("Lila Marsh\nLila Marsh is an American singer. Dufresne, who married the singer Tess Ferrand in 1990, "
             "also produced her third album.")
    assert holder("Lila Marsh", "spouse", _sentences(marsh)) is None
    # a capitalised cue right after the title line is the sentence's first word
    label = "Redwing Records\nFounded in 1979 by Carl Dufresne, the label is based in Nashville."
    found_holder = holder("Redwing Records", "founder", _sentences(label))
    assert found_holder is not None and found_holder[0] == "Carl Dufresne"
