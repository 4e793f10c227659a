"""More question forms of Wikipedia sets on hand-written passages: what each passage states in its own
way ("Lucille Marchand directed the film", "a band from Glasgow", "(1938–2012)") read as the answer."""

from __future__ import annotations

import pytest

from lightrag_core.query.answer_spans import parse
from lightrag_core.query.answer_type import PERSON, PLACE, answer_type
from lightrag_core.query.result import QueryResult
from lightrag_core.query.roles import first_hop
from lightrag_core.query.sentences import sentences_of, stem
from lightrag_core.query.span_fit import Asked, typed
from tests.unit.test_answer_referents import _sentences
from tests.unit.test_short_answer import answer

WRONA = ("Tadeusz Wrona Tadeusz Wrona (born 11 April 1911 in Kraków) was a Polish director. He graduated from the "
         "Łódź Film School in 1936. In 1965 he received the Order of Polonia Restituta. His son, Piotr Wrona, "
         "became a cinematographer.")
GLASS = ("The Glass Orchard The Glass Orchard is a 1968 Canadian film. Lucille Marchand directed the film, which "
         "premiered at the Montreal World Film Festival.")
MARCHAND = "Lucille Marchand Lucille Marchand (1929–2003) was a Canadian filmmaker. She studied at McGill University."
VOGT = "Henrik Vogt Henrik Vogt (1902–1961) was a Danish painter. He was the son of the sculptor Carl Vogt and the " \
       "singer Ingrid Lund."
KEANE = "Seamus Keane Seamus Keane (1938–2012) was an Irish fiddler born in Ennis, County Clare."
BAND = "The Harbour Lights The Harbour Lights are a Scottish indie band from Glasgow, formed in 2004."
BELL = "The Copper Bell The Copper Bell is a 1972 film produced by Walt Hardwick Studios and directed by Nora Quist."
KINGS = ["Ottokar III of Bremia Ottokar III (1401–1459) was King of Bremia. His father was King Wenzel II of Bremia, "
         "and his mother was Queen Agnes of Thuringia.",
         "Wenzel II of Bremia Wenzel II (1370–1430) was King of Bremia. He was the son of King Karl I of Bremia."]


def confident(question: str, chunks: list[str], names: list[str]) -> str | None:
    found = answer(question, chunks, names)
    return found.text if found is not None and found.confident else None


@pytest.mark.parametrize(("question", "chunks", "names", "expected"), [
    # "the son of A and the singer B": the mother is B past her description, never A
    ("Who is the mother of Henrik Vogt?", [VOGT], ["Henrik Vogt"], "Ingrid Lund"),
    ("Who is the father of Henrik Vogt?", [VOGT], ["Henrik Vogt"], "Carl Vogt"),
    ("Who is the child of Tadeusz Wrona?", [WRONA], ["Tadeusz Wrona"], "Piotr Wrona"),
    # a school answers "where did X study?", an organisation to the tagger
    ("Where did Lucille Marchand study?", [MARCHAND], ["Lucille Marchand"], "McGill University"),
    ("Where did Tadeusz Wrona graduate from?", [WRONA], ["Tadeusz Wrona"], "Łódź Film School"),
    # "he" a few words in is the passage's subject; an award's name goes on past "of"
    ("What is the award that Tadeusz Wrona received?", [WRONA], ["Tadeusz Wrona"], "Order of Polonia Restituta"),
    # "directed the film" after the film's own sentence is about the film
    ("Who directed The Glass Orchard?", [GLASS], ["The Glass Orchard"], "Lucille Marchand"),
    ("Where is The Harbour Lights from?", [BAND], ["The Harbour Lights"], "Glasgow"),
    ("When did Seamus Keane die?", [KEANE], ["Seamus Keane"], "2012"),  # "(1938–2012)" is one number to the tagger
    ("Who produced The Copper Bell?", [BELL], ["The Copper Bell"], "Walt Hardwick Studios"),
    # a regnal number before "of Bremia"; "Bremia" alone names every king, so the whole name is read first
    ("Who is the paternal grandfather of Ottokar III of Bremia?", KINGS, ["Ottokar III of Bremia"],
     "King Karl I of Bremia"),
])
def test_a_form_stated_in_the_passages_own_way(question: str, chunks: list[str], names: list[str],
                                               expected: str) -> None:
    assert confident(question, chunks, names) == expected


def test_two_places_in_different_countries_by_a_country_and_a_nationality_word() -> None:
    places = ["Górna Wola Górna Wola is a village in the district of Gmina Mszczonów, in central Poland.",
              "Velden am See Velden am See is a small town in the district of Villach-Land, in the Austrian state of "
              "Carinthia."]
    found = answer("Are Górna Wola and Velden am See located in the same country?", places,
                   ["Górna Wola", "Velden am See"])
    assert found is not None and found.text == "no"
    assert found.path[:2] == ["Górna Wola: poland", "Velden am See: austria"]


def test_a_pronoun_late_in_a_sentence_is_its_own_names() -> None:
    """"Black …, a position she held until 2017" is about Black, not about what the sentence before named."""
    r = QueryResult("naive", [], [])
    r.chunks = [{"content": "The league was founded in 1981 by the Ohio clubs. Black was an assistant coach, a "
                            "position she held until 2017. In 1999 she joined the league.",
                 "reference_id": "1", "chunk_id": "c", "document_id": "d"}]
    first, late, early = sentences_of(r)
    assert not late.context_stems and "black" in early.context_stems


def test_studied_and_study_are_one_word() -> None:
    assert stem("studied") == stem("study") == "study" and stem("married") == stem("marry")


QUIST = ["The Copper Bell The Copper Bell is a 1972 film directed by Nora Quist.",
         "Nora Quist Nora Quist (1934–2019) was an American director. She was educated at Vassar College.",
         "Vassar College Vassar College is a private college in Poughkeepsie, New York. It was founded in 1861 by "
         "Matthew Vassar."]
PLACES = ["Górna Wola Górna Wola is a village in the district of Gmina Mszczonów, in central Poland.",
          "Poland Poland is a country in Central Europe. Its capital and largest city is Warsaw.",
          "Seamus Keane Seamus Keane (1938–2012) was an Irish fiddler born in Ennis, County Clare.",
          "Ennis Ennis is the county town of County Clare in Ireland. The town lies on the River Fergus."]


@pytest.mark.parametrize(("question", "chunks", "names", "expected", "path"), [
    # the place is found by its event, of a subject that is itself a role's holder
    ("Who founded the college where the director of The Copper Bell was educated?", QUIST, ["The Copper Bell"],
     "Matthew Vassar", ["The Copper Bell", "Nora Quist", "Vassar College", "Matthew Vassar"]),
    # "the country where X is located" is the country, not the village's district
    ("What is the capital of the country where Górna Wola is located?", PLACES, ["Górna Wola"], "Warsaw",
     ["Górna Wola", "Poland", "Warsaw"]),
    # "which river?": the River Fergus, an organisation to the tagger, says it is one
    ("On which river is the town where Seamus Keane was born?", PLACES, ["Seamus Keane"], "River Fergus",
     ["Seamus Keane", "Ennis", "River Fergus"]),
])
def test_a_place_found_by_its_event_then_asked_about(question: str, chunks: list[str], names: list[str],
                                                     expected: str, path: list[str]) -> None:
    found = answer(question, chunks, names)
    assert found is not None and found.confident and found.text == expected
    assert found.path == path


def test_where_inside_a_clause_does_not_ask_for_a_place() -> None:
    assert answer_type("Who founded the college where the director of The Copper Bell was educated?").kind == PERSON
    assert answer_type("The band was formed where?").kind == PLACE


SALT = ["The Salt Road The Salt Road is a 1988 novel by the Welsh author Gwen Harries. It was adapted into a 1994 "
        "film directed by Ian Pryce.",
        "Gwen Harries Gwen Harries (1931 – 4 May 2009) was a Welsh novelist. Harries died in Cardiff.",
        "Ian Pryce Ian Pryce (born 12 August 1950) is a Welsh film and television director.",
        "Tom Hale Tom Hale (born 1972) is an English guitarist."]
HERALD = ["Derek Moss Derek Moss (1948–2020) was an English journalist. He worked for The Norfolk Herald for thirty "
          "years.",
          "The Norfolk Herald The Norfolk Herald is a weekly newspaper. It is owned by Anglia Press Group.",
          "Anglia Press Group Anglia Press Group is a British media company headquartered in Ipswich.",
          "Kestrel Lane Kestrel Lane are an English folk band from Norwich. The band has five members."]


@pytest.mark.parametrize(("question", "chunks", "names", "expected"), [
    # the tagger calls "Welsh" an organisation: a nationality holds no role
    ("Where did the author of The Salt Road die?", SALT, ["The Salt Road"], "Cardiff"),
    ("When was the director of the film adaptation of The Salt Road born?", SALT, ["The Salt Road"],
     "12 August 1950"),
    # "the newspaper Derek Moss worked for": what he worked for, then who owns it
    ("Who owns the newspaper Derek Moss worked for?", HERALD, ["Derek Moss"], "Anglia Press Group"),
    ("Where is the company that owns The Norfolk Herald headquartered?", HERALD, ["The Norfolk Herald"], "Ipswich"),
    ("Where did Derek Moss work?", HERALD, ["Derek Moss"], "Norfolk Herald"),  # an employer answers "where"
    # "five" is a stop word to the lexicon, not a word the question holds
    ("How many members does Kestrel Lane have?", HERALD, ["Kestrel Lane"], "five"),
])
def test_a_form_of_a_compositional_set(question: str, chunks: list[str], names: list[str], expected: str) -> None:
    assert confident(question, chunks, names) == expected


def test_a_nationality_word_the_tagger_does_not_see_is_still_read() -> None:
    found = answer("Are Tom Hale and Ian Pryce of the same nationality?", SALT, ["Tom Hale", "Ian Pryce"])
    assert found is not None and found.text == "no"


def test_the_band_that_was_formed_is_not_one_who_formed_something() -> None:
    assert first_hop("When was the band Kestrel Lane formed?") is None
    hop = first_hop("Which league does the club that Tom Hale played for belong to?")
    assert hop is not None and (hop.role, hop.subject) == ("play", "Tom Hale")
    assert hop.outer == "Which league does {} belong to?"
    # a quotation that opens after the name is no part of it
    hop = first_hop('What is the abbreviation of the magazine that called Vwmx "an impressive imposter"?')
    assert hop is not None and hop.subject == "Vwmx"


WHITCOMB = ["Frost on the Prairie Frost on the Prairie is a 1949 Western film directed by Ray Whitcomb, written by "
            "Ellis Crane, and starring Dale Monroe.",
            "Ray Whitcomb Ray Whitcomb (1899–1977) was an American film director. Born in Kansas City, Missouri, he "
            "began as an actor. Whitcomb was married to the actress June Ellery.",
            "June Ellery June Ellery (1907–1995) was an American actress. She was the sister of the playwright "
            "Tom Eller."]
CONTI = ["Lea Conti Lea Conti (1925–2014) was an Italian actress. She was born in Naples, the daughter of the tenor "
         "Aldo Conti."]
LORSCH = ["Margaret of Lorsch Margaret of Lorsch (1420–1472) was a German noblewoman. She was the daughter of Count "
          "Henry II of Lorsch and his wife Beatrice of Este. In 1438 she married Frederick, Margrave of Baden."]
SCAREDY = ["Scaredy Squirrel Scaredy Squirrel is a book series written and illustrated by Mélanie Watt. "
           "The television series was directed by Dave Vance."]


@pytest.mark.parametrize(("question", "chunks", "names", "expected"), [
    # "Born in Kansas City, Missouri, he began …": the opening phrase's pronoun is the passage's subject
    ("Where was the director of film Frost on the Prairie born?", WHITCOMB, ["Frost on the Prairie"], "Kansas City"),
    # "she was the sister of X": X is her brother
    ("Who is the brother-in-law of Ray Whitcomb?", WHITCOMB, ["Ray Whitcomb"], "Tom Eller"),
    # "directed by Ray Whitcomb" did something else than write
    ("Who wrote Frost on the Prairie?", WHITCOMB, ["Frost on the Prairie"], "Ellis Crane"),
    ("Who wrote Scaredy Squirrel?", SCAREDY, ["Scaredy Squirrel"], "Mélanie Watt"),  # "written and illustrated by"
    # "born in Naples, the daughter of …": a place holds no family role
    ("Who is Lea Conti's father?", CONTI, ["Lea Conti"], "Aldo Conti"),
    # "Henry II and his wife Beatrice" is Henry's wife; "she married X, Margrave of Baden" names hers
    ("Who is the spouse of Margaret of Lorsch?", LORSCH, ["Margaret of Lorsch"], "Frederick, Margrave of Baden"),
])
def test_a_tie_stated_from_either_side(question: str, chunks: list[str], names: list[str], expected: str) -> None:
    assert confident(question, chunks, names) == expected


def test_the_other_side_of_a_tie_is_the_sentences_own_subject() -> None:
    """"Keane is the daughter of … Seamus Keane": asked for Seamus Keane's daughter, the sentence's subject,
    read in full from how her passage opens."""
    chunks = ["Aoife Keane Aoife Keane (born 1965) is an Irish singer. Keane is the daughter of the folk musician "
              "Seamus Keane.", "Seamus Keane Seamus Keane (1938–2012) was an Irish fiddler."]
    assert confident("Who is the daughter of Seamus Keane?", chunks, ["Seamus Keane"]) == "Aoife Keane"


def test_a_film_of_a_year_was_released_then() -> None:
    sabre = ["The Silver Sabre The Silver Sabre is a 1954 Italian adventure film directed by Mario Bellandi."]
    assert confident("When was the film The Silver Sabre released?", sabre, ["The Silver Sabre"]) == "1954"


HOLLIS = ["Gregor Hollis Gregor Hollis (1890–1962) was a Scottish physicist. He was born in Dundee and worked at the "
          "University of Glasgow."]
FERRO = ["Tomas Ferro Tomas Ferro (born 1988) is a Spanish footballer who plays as a goalkeeper for Real Betis.",
         "Real Betis Real Betis is a Spanish football club based in Seville. It was founded in 1907."]
MARSH = ["Helen Marsh Helen Marsh (born 1947) is an Australian film director. She studied at the Australian Film "
         "Television and Radio School."]
KARSAKOV = ["Yuri Karsakov Yuri Karsakov (1932–2001) was a Soviet film director. Karsakov was married to the actress "
            "Lidiya Orlova."]


@pytest.mark.parametrize(("question", "chunks", "names", "expected"), [
    ("Where did Gregor Hollis work?", HOLLIS, ["Gregor Hollis"], "University of Glasgow"),  # not where he was born
    ("When was the club Tomas Ferro plays for founded?", FERRO, ["Tomas Ferro"], "1907"),
    # the model stops an institution's name at "and"
    ("Where did Helen Marsh study?", MARSH, ["Helen Marsh"], "Australian Film Television and Radio School"),
    # the model calls Lidiya Orlova a location
    ("Who is the spouse of Yuri Karsakov?", KARSAKOV, ["Yuri Karsakov"], "Lidiya Orlova"),
])
def test_what_the_tagger_misreads(question: str, chunks: list[str], names: list[str], expected: str) -> None:
    assert confident(question, chunks, names) == expected


LUMEN = ["Lumen Records Lumen Records is a Canadian record label founded in Halifax in 1994 by the producer "
         "Jacques Thibault.",
         "Jacques Thibault Jacques Thibault (1949–2017) was a Canadian record producer. Before founding Lumen Records "
         "he played bass in the rock group Les Marées. He died in Montreal at the age of 67.",
         "Salt and Cedar Salt and Cedar is the debut album by Maren Holt, released in 1996 by Lumen Records. It was "
         "produced by Jacques Thibault."]


@pytest.mark.parametrize(("question", "expected", "path"), [
    # "by the producer Jacques Thibault" founded it; "Before founding Lumen Records he …" is about him
    ("Who founded the label that released Salt and Cedar?", "Jacques Thibault",
     ["Salt and Cedar", "Lumen Records", "Jacques Thibault"]),
    # "at the age of 67" follows "died in" but is no place
    ("Where did the producer of Salt and Cedar die?", "Montreal", ["Salt and Cedar", "Jacques Thibault", "Montreal"]),
])
def test_a_label_and_its_founder(question: str, expected: str, path: list[str]) -> None:
    found = answer(question, LUMEN, ["Salt and Cedar"])
    assert found is not None and found.confident and found.text == expected
    assert found.path == path


def test_a_date_asked_is_answered_by_the_whole_date_that_agrees_with_a_bare_year() -> None:
    # "died in 1975" matches the question's words best; the lifespan's "April 5, 1975" is the same death
    chunks = ["Arno Vell Arno Vell (October 31, 1887 – April 5, 1975) was a Bremian statesman.",
              "When Arno Vell died in 1975, he was entombed in a marble sarcophagus in Kessel."]
    found = answer("On which date did Arno Vell die?", chunks, ["Arno Vell"])
    assert found is not None and found.text == "April 5, 1975"
    assert {s.ref for s in found.evidence} == {"1", "2"}
    # a year asked keeps the year
    found = answer("In which year did Arno Vell die?", chunks, ["Arno Vell"])
    assert found is not None and found.text == "1975"


def test_the_state_of_a_place_given_as_an_address_is_the_place_after_its_county() -> None:
    """Encyclopaedias place American things as "in Jefferson County, New York": no word "state" needed."""
    differ = answer("Are Watertown Airport and Alexandria Airport both airports in the same state?",
                    ["Watertown Airport is a public airport located in Jefferson County, New York, United States.",
                     "Alexandria Airport is a public airport west of Alexandria, in Rapides Parish, Louisiana."],
                    ["Watertown Airport", "Alexandria Airport"])
    assert differ is not None and differ.text == "no"
    same = answer("Are Lorain Airport and Akron Airport both airports in the same state?",
                  ["Lorain Airport is a public airport located in Lorain County, Ohio, United States.",
                   "Akron Airport is a public airport in Summit County, Ohio."],
                  ["Lorain Airport", "Akron Airport"])
    assert same is not None and same.text == "yes"


def test_a_country_does_not_answer_what_state_or_city() -> None:
    """"From what state?" is not answered "United States", nor "which city?" "France"."""
    ward = ["Merle Vane Merle Vane is a singer-songwriter who toured the United States in 2004. She grew up in "
            "Eugene, Oregon."]
    found = answer("Merle Vane is a singer-songwriter from what state?", ward, ["Merle Vane"])
    assert found is not None and found.text == "Oregon"
    city = ["Paul Arnaud Paul Arnaud was a chef in France who opened his first restaurant in Lyon in 1961."]
    found = answer("In which city did Paul Arnaud open his first restaurant?", city, ["Paul Arnaud"])
    assert found is not None and found.text == "Lyon" and found.confident  # France had been a close rival


def test_an_abbreviation_is_asked_for_by_name() -> None:
    found = answer("What is the abbreviation of the magazine Pell Format?",
                   ["Pell Format\nPell Format is a British computer magazine published by Future plc. Pell Format is "
                    "commonly abbreviated to PLF, and issues are referred to with PLF as a prefix."], ["Pell Format"])
    assert found is not None and found.text == "PLF" and found.confident


def test_a_first_name_shared_with_the_questions_person_is_no_word_of_the_question() -> None:
    # "Billy Idle" does not repeat the question for "Billy Morrow": it is not marked down as if it did
    morrison = ("Billy Morrow\nBilly Morrow is an English guitarist, singer and actor who plays guitar with Billy Idle "
                "and performs with the cover band Royal Machines (and previously with Camp Freddy).")
    found = answer("Which singer does Billy Morrow play guitar for?", [morrison], ["Billy Morrow"])
    assert found is not None and found.text == "Billy Idle"


def test_a_hyphened_noun_asked_is_read_whole() -> None:
    # "the singer-guitarist" is Taylor, not the guitarist beside him
    warhols = ("The Dandy Warlocks\nThe Dandy Warlocks are an American alternative rock band, formed in Portland, "
               "Oregon in 1994 by singer-guitarist Courtney Tyler and guitarist Peter Holm.")
    found = answer("Who is the singer-guitarist who co-founded The Dandy Warlocks?", [warhols], ["The Dandy Warlocks"])
    assert found is not None and found.text == "Courtney Tyler" and found.confident


def test_a_quoted_title_is_no_one_and_a_relative_which_types_nothing_asked_by_who() -> None:
    kind = answer_type("Who wrote the Simpsons episode with which the show surpassed the prime-time series?")
    assert kind.kind == PERSON and not kind.head  # not "show", which the relative "which" determines
    film = ("Toote Khel\nToote Khel is a 1978 Bollywood film. The song 'Maana Ho Tum' written by Kaifi Azim and sung "
            "by Yesudas is the highlight of this film.")
    found = answer("Who composed the music of the 1978 Bollywood film that features a song written by Kaifi Azim?",
                   [film], ["Kaifi Azim"])
    assert found is None or not found.confident or found.text != "Maana Ho Tum"
    # the quoted song fits "who" less than the singer named beside it, whatever the tagger labels both
    said = parse([_sentences(film.splitlines()[1])[1]])[0]
    fits = {span.text.strip("'"): typed(Asked(answer_type("Who composed the music?"), ""), said, span, 0.0)[1]
            for span in said.spans}
    assert fits["Maana Ho Tum"] < fits["Yesudas"] == 1.0
