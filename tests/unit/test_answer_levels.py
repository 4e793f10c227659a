"""What a place's level, a period's ends and a person's several names say about the short answer; and the
question forms that name what they compare or ask for before the question proper."""

from __future__ import annotations

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_spans import Span, parse
from lightrag_core.query.answer_support import stated_words
from lightrag_core.query.answer_type import CHOICE, ORG, PERSON, PLACE, answer_type
from lightrag_core.query.candidate_names import merge_names, one_name
from lightrag_core.query.date_ranges import END, START, asked_end, range_end
from lightrag_core.query.name_forms import with_territory
from lightrag_core.query.referents import about_other_subject, subject_kinds
from lightrag_core.query.regions import is_only_state, is_state, named_after_state
from lightrag_core.query.roles import first_hop
from lightrag_core.query.sentences import name_variant
from lightrag_core.query.span_fit import Asked, typed
from tests.unit.test_answer_referents import _sentences
from tests.unit.test_short_answer import answer

BAND = "Copper Sun\nCopper Sun is an American rock band from California, formed in 1981 in Fresno."
ORBITONS = ("The Orbitons\nThe Orbitons is an American animated sitcom produced by Hallmark Studios, originally airing "
            "in primetime from September 23, 1962, to March 17, 1963.")
HART = ("Hart & Hart\nHart & Hart is an American detective series that ran from 1981 to 1989. The series was "
        "broadcast on CBS and starred Gerald Moss and Jay Park as two brothers who run a detective agency. Moss later "
        "starred in Major Dad.")
MOSS = "Gerald Moss\nGerald Lee Moss (born 1947) is an American television and movie actor."
PLAY = ("Night Lane\nNight Lane is a Broadway production of a play by Ann Roe. The show starred movie actor Orlando "
        "Vale and television actress Mia Cole.")


def test_the_level_of_a_place_is_read_off_its_name() -> None:
    assert is_state("Oregon") and is_state("the State of New York") and is_state("Tamil Nadu")
    assert not is_state("Portland") and not is_state("United States")
    assert is_only_state("California") and not is_only_state("New York")  # New York is a city as well
    assert named_after_state("New York Jets") and named_after_state("Ohio State University")
    assert not named_after_state("New York") and not named_after_state("New Yorker")


def test_which_city_is_not_answered_by_a_state() -> None:
    found = answer("In which city was the band Copper Sun formed?", [BAND], ["Copper Sun"])
    assert found is not None and found.text == "Fresno" and found.confident


def range_end_of(chunk: str, date: str) -> str:
    """Which end of a period `date` is, in the chunk's sentence that holds it."""
    parsed = next(p for p in parse(_sentences(chunk)) if date in p.sentence.text)
    return range_end(parsed, next(s for s in parsed.spans if s.text == date))


def test_a_noun_written_in_a_name_is_not_stated() -> None:
    """"Garden City" says nothing of a city for "in what city …?"; "the Australian city of Canberra" does."""
    chain = ("Rosario's\nRosario's is an American pizza chain founded in 1960 in Garden City, Michigan by Paolo "
             "Rosario. It is headquartered in Detroit.")
    found = answer("Rosario's is headquartered in what city?", [chain], ["Rosario's"])
    assert found is not None and found.text == "Detroit" and found.confident
    garden, _ = _sentences(chain)
    assert "city" in garden.name_stems and "city" not in stated_words(garden, "city")
    canberra = _sentences("Hall\nIt lies north-east of the Australian city of Canberra.")[0]
    assert "city" in stated_words(canberra, "city")


def test_a_period_is_asked_for_by_its_start_or_its_end() -> None:
    start = answer("On which date did The Orbitons originally premiere?", [ORBITONS], ["The Orbitons"])
    assert start is not None and start.text == "September 23, 1962"
    end = answer("On which date did The Orbitons end?", [ORBITONS], ["The Orbitons"])
    assert end is not None and end.text == "March 17, 1963"
    said = ("Dot and Dash\nDot and Dash is a Hallmark Studios animated series that premiered on September 9, 1966, "
            "and ended on May 30, 1968.")
    assert range_end_of(said, "September 9, 1966") == START and range_end_of(said, "May 30, 1968") == END
    assert range_end_of(ORBITONS, "September 23, 1962") == START and range_end_of(ORBITONS, "March 17, 1963") == END
    assert asked_end("When did the show first air?", nlp()("When did the show first air?")) == START


def test_one_persons_names_do_not_compete_and_another_shows_cast_does_not_count() -> None:
    """"Gerald Moss" and "Gerald Lee Moss" are one candidate, not a bridge that leads on to itself; "The show
    starred movie actor Orlando Vale" is said of another show."""
    found = answer("Hart & Hart starred which television and movie actor from the US?", [PLAY, HART, MOSS],
                   ["Hart & Hart", "US"])
    assert found is not None and found.text == "Gerald Lee Moss" and found.confident
    other = answer("Hart & Hart starred which movie actor?",
                   [PLAY, "Hart & Hart\nHart & Hart is an American detective series with Jay Park as a detective."],
                   ["Hart & Hart"])
    assert other is not None and other.text == "Jay Park"
    assert name_variant("Gerald Moss", "Gerald Lee Moss") and not name_variant("Gerald Moss", "Gerald Moss")
    assert not name_variant("March 2012", "March 3, 2012") and not name_variant("George W. Bush", "George H. W. Bush")
    merged = merge_names({"gerald lee moss": (0.8, [], ["Gerald Lee Moss"]), "gerald moss": (1.2, [], ["Gerald Moss"]),
                          "jay park": (1.0, [], ["Jay Park"])})
    assert sorted(merged) == ["gerald lee moss", "jay park"] and merged["gerald lee moss"][0] == 1.2
    assert one_name("Moss", "Gerald Lee Moss") and not one_name("Paris", "Paris Hilton")
    assert not one_name("Washington", "University of Washington")


def test_a_sentence_about_its_own_passages_subject_is_about_something_else() -> None:
    sentences = _sentences(PLAY, HART)
    show = next(s for s in sentences if s.text.startswith("The show starred"))
    series = next(s for s in sentences if s.text.startswith("The series was"))
    assert about_other_subject(show, sentences, ["Hart & Hart"])
    assert not about_other_subject(show, sentences, ["Night Lane"])  # the question names the show
    assert not about_other_subject(series, sentences, ["Hart & Hart"])


def test_a_request_and_a_pair_named_before_the_question_set_the_type() -> None:
    assert answer_type("Name the mother of Edward Stone, 4th Baron Stone?").kind == PERSON
    compared = answer_type("Rosa's Pies and Pizza Barn were founded in the 1950s within a year of each other. "
                           "Which was the first to serve pizza?")
    assert compared.kind == CHOICE and compared.options == ("Rosa's Pies", "Pizza Barn")
    assert compared.order == "earlier"
    assert answer_type("Ann and Tom went home. Who is taller?").kind == PERSON
    between = answer_type("Between The Glass Orchard and Night Lane, which came out first?")
    assert between.kind == CHOICE and between.options == ("The Glass Orchard", "Night Lane")
    assert answer_type("Between 1961 and 1963, which team won the cup?").kind != CHOICE  # a period
    assert answer_type("Ann Lee and Tom Ray were in a film in 1993. Who was its director?").kind == PERSON


STONES = ["Edward Stone, 4th Baron Stone\nEdward Stone, 4th Baron Stone (1572 – 1625) was the son of Edward Stone, "
          "3rd Baron Stone and Mary Lake, daughter of Hugh Lake, 3rd Earl of Derwent and Dorothy Howard.",
          "Edward Stone, 3rd Baron Stone\nEdward Stone, 3rd Baron Stone (1535 – 1603) was the son of Henry Stone, "
          "1st Baron Stone and Ursula Pole."]


def test_a_request_for_a_relative_of_a_peer_keeps_the_title_in_the_name() -> None:
    """"Edward Stone, 4th Baron Stone" is one name, and "Name the mother of …, who was the daughter of …"
    asks for her name, whatever describes her."""
    found = answer("Name the mother of Edward Stone, 4th Baron Stone, who was the daughter of Hugh Lake, 3rd Earl "
                   "of Derwent?", STONES, ["Edward Stone, 4th Baron Stone", "Hugh Lake, 3rd Earl of Derwent"])
    assert found is not None and found.text == "Mary Lake" and found.confident
    father = answer("Who is the father of Edward Stone, 3rd Baron Stone?", STONES, ["Edward Stone, 3rd Baron Stone"])
    assert father is not None and father.text == "Henry Stone, 1st Baron Stone"
    assert not first_hop("Identify the mother of Ann Lee, who was born in which city?").asks_the_name()
    said = ("He was the son of Sir John Hale, 2nd Baronet, and Mary Lake; Hugh Lake, 3rd Earl of Derwent KG, was "
            "his uncle.")
    assert with_territory("John Hale", said, said.index(",")) == "John Hale, 2nd Baronet"
    assert with_territory("Hugh Lake", said, said.index("Lake,") + 4) == "Hugh Lake, 3rd Earl of Derwent"


def test_a_name_its_own_passage_calls_a_band_is_no_city() -> None:
    """"Corrosia is an American heavy metal band": wherever the tagger calls Corrosia a place, it does not
    answer "which city?" at full weight; Lyon, which its passage calls a city, does."""
    sentences = _sentences("Corrosia\nCorrosia is an American heavy metal band formed in Los Angeles in 1981.",
                           "Lyon\nLyon is a city in France.",
                           "Gerald Moss\nGerald Lee Moss (born 1947) is an American television and movie actor.")
    kinds = subject_kinds(sentences)
    assert kinds["corrosia"] == ORG and kinds["lyon"] == PLACE and kinds["gerald lee moss"] == PERSON
    parsed = parse(_sentences("Songs\nThe following are the songs of Corrosia from Lyon."))[0]
    tagged = next(s for s in parsed.spans if s.text == "Corrosia")
    band = Span(tagged.text, "GPE", tagged.root, tagged.start)  # as the small model tags Metallica in such a sentence
    city = answer_type("Which city was the band formed in?")
    alone = typed(Asked(city), parsed, band, 0.0)[1]
    assert alone > 0 and typed(Asked(city, kinds=kinds), parsed, band, 0.0)[1] <= 0.5 * alone
    lyon = next(s for s in parsed.spans if s.text == "Lyon")
    lyon = Span(lyon.text, "GPE", lyon.root, lyon.start)
    assert typed(Asked(city, kinds=kinds), parsed, lyon, 0.0) == typed(Asked(city), parsed, lyon, 0.0)  # a city


DONUTS = ("Crull Brands\nCrull Brands Group, Inc. is an American restaurant holding company. It is headquartered in "
          "Canton, Massachusetts.")
BOSTON = "Boston\nBoston, the capital of Massachusetts, is New England's largest city."


def test_a_place_that_places_the_answer_is_no_bridge_and_an_owner_is_no_city() -> None:
    # "Canton, Massachusetts": Massachusetts says where Canton is, it does not lead on to Boston; and New
    # England owns a city, it is none
    found = answer("What city is Crull Brands headquartered in?", [DONUTS, BOSTON], ["Crull Brands"])
    assert found is not None and found.text == "Canton" and found.confident
    parsed = parse([_sentences(BOSTON.splitlines()[1])[0]])[0]
    england = next(s for s in parsed.spans if s.text.startswith("New England"))
    boston = next(s for s in parsed.spans if s.text == "Boston")
    kind = answer_type("Which city is the largest?")
    assert typed(Asked(kind, ""), parsed, england, 0.0)[1] < 1.0 == typed(Asked(kind, ""), parsed, boston, 0.0)[1]


def test_a_noun_that_qualifies_another_in_an_opening_does_not_call_its_subject_that() -> None:
    # "a sports show host" is a host: the man the question describes is no answer to "what show?"
    season = ("2003 Velo Magic season\nInjuries hamstrung the Velo Magic from the start of the season as Grant Hale "
              "missed the entire season recovering from ankle surgery.")
    hale = ("Grant Hale\nGrant Henry Hale (born October 5, 1972) is a retired American basketball player and a "
            "sports show host on NBA TV's NBA Inside Stuff.")
    found = answer("What show does a retired Velo Magic player, who missed the entire 2003 season due to a knee "
                   "injury, host?", [season, hale], ["Velo Magic"])
    assert found is None or not found.text.startswith("Grant")


def test_a_place_its_sentence_puts_in_another_state_is_no_answer_for_a_states_city() -> None:
    # "which California city?": Arden Hills is placed in Minnesota; San Diego is placed nowhere, so may be
    vance = ("Jo Vance\nJo Vance is an American football coach. He is the head football coach at Pell College in "
             "Arden Hills, Minnesota, a suburb of St. Paul.")
    pell = ("Pell College\nPell College is a Christian college. The main campus is located in Arden Hills, "
            "Minnesota, and the seminary has a second campus in San Diego.")
    found = answer("Jo Vance is the head football coach at a college which also has a second campus in which "
                   "California city?", [vance, pell], ["Jo Vance"])
    assert found is not None and found.text == "San Diego"
