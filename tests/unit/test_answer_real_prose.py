"""Hops as encyclopaedia prose states them rather than as a question words them: who played a character
("portrayed by", "his role as"), the band a song is by, the album it was recorded for, a film's star, a
band's members, a great-grandparent told from the younger side, a place found by what someone did there,
and a date in a bracket that belongs to the name before it (bench/wiki_forms batches 11 and 12)."""

from __future__ import annotations

from lightrag_core.query.role_holders import holder
from lightrag_core.query.roles import first_hop, inner_hop
from lightrag_core.query.sentences import Sentence
from tests.unit.test_answer_referents import _sentences
from tests.unit.test_short_answer import answer


def _held(subject: str, role: str, sentences: list[Sentence], noun: str = "") -> str | None:
    """The holder's name `holder` finds, or None."""
    found = holder(subject, role, sentences, noun=noun)
    return found[0] if found else None

CHARACTER = ("Ray Dunmore\nRay Dunmore (born 1962) is a fictional character in the television series \"North "
             "Line\". He is a constable who works in the city of Winnipeg. The character is portrayed by Canadian "
             "actor Tomas Berring.")
ACTOR = ("Tomas Berring\nTomas Berring (born April 30, 1961) is a Canadian actor and writer. He is known for his "
         "lead role as Constable Ray Dunmore in the television series \"North Line\".")
# a character the subject played, and another he played, in one sentence
TWO_ROLES = ("Dean Faller\nDean Faller (born May 19, 1980) is an American actor. He is best known for his "
             "portrayal of Chris Hallam in the series \"Spellbound\" and for playing soldier Trevor Lamont on the "
             "series \"Army Lives\".")


def test_who_played_a_character_is_read_from_either_side() -> None:
    hop = first_hop("When was the actor who played Ray Dunmore born?")
    assert hop is not None and (hop.role, hop.subject, hop.outer) == ("play", "Ray Dunmore", "When was {} born?")
    assert _held("Ray Dunmore", "play", _sentences(CHARACTER)) == "Tomas Berring"  # "portrayed by …"
    # "his lead role as …": the passage's subject
    assert _held("Ray Dunmore", "play", _sentences(ACTOR)) == "Tomas Berring"
    # the one who plays Chris Hallam, not the other character named near "playing"
    assert _held("Chris Hallam", "play", _sentences(TWO_ROLES)) == "Dean Faller"
    found = answer("When was the actor who played Ray Dunmore born?", [CHARACTER, ACTOR], ["Ray Dunmore"])
    assert found is not None and found.confident and found.text == "April 30, 1961"


def test_a_relative_phrase_ends_before_the_questions_own_verb() -> None:
    # "portray" is the question's verb, though capitalised words follow it
    hop = first_hop("What role does the actress who played Kate Holm portray on The Bold and the Beautiful?")
    assert hop is not None and hop.subject == "Kate Holm"
    assert hop.outer == "What role does {} portray on The Bold and the Beautiful?"
    hop = first_hop("When was the company that produced Gone with the Wind founded?")  # a title's own small words
    assert hop is not None and hop.subject == "Gone with the Wind"


SONG = ("Night Engine\n\"Night Engine\" is a song by American heavy metal band Ironclad. It was released as the "
        "first single from their third album in 1991.")
DRUMMER = ("Lars Brede\nLars Brede (born December 26, 1963) is a Danish musician. He is best known as the drummer "
           "and co-founder of the American heavy metal band Ironclad.")
SINGLE = ("Salt Line\n\"Salt Line\" is a song recorded by Welsh singer Bonnie Tyne for her third studio album, "
          "\"Diamond Road\" (1979). It reached number six in Spain.")
ALBUM = "Diamond Road\nDiamond Road is the third studio album by Bonnie Tyne. It was released in 1979 by RCA Records."


def test_the_band_a_song_is_by_and_the_album_it_was_recorded_for() -> None:
    hop = first_hop("When was the drummer of the band that recorded Night Engine born?")
    assert hop is not None and (hop.role, hop.subject, hop.noun) == ("record", "Night Engine", "band")
    found = answer("When was the drummer of the band that recorded Night Engine born?", [SONG, DRUMMER],
                   ["Night Engine"])
    assert found is not None and found.confident and found.text == "December 26, 1963"
    assert found.path[:3] == ["Night Engine", "Ironclad", "Lars Brede"]
    hop = first_hop("Which record label released the album that Salt Line was recorded for?")
    assert hop is not None and (hop.role, hop.subject, hop.noun) == ("record", "Salt Line", "album")
    found = answer("Which record label released the album that Salt Line was recorded for?", [SINGLE, ALBUM],
                   ["Salt Line"])
    assert found is not None and found.confident and found.text == "RCA Records"


def test_a_films_star_a_lead_singer_and_a_great_grandfather_are_hops() -> None:
    hop = first_hop("Which character does the star of Barrier Gate play on City Hospital?")
    assert hop is not None and (hop.role, hop.subject) == ("star", "Barrier Gate")
    film = ("Barrier Gate\n\"Barrier Gate\" is a 2002 short film written and directed by Grace Lin. It stars "
            "Sandra Okafor as a researcher and Suzy Nakano as a subject.")
    assert _held("Barrier Gate", "star", _sentences(film)) == "Sandra Okafor"
    hop = first_hop("Where was the lead singer of Alphaville born?")
    assert hop is not None and (hop.role, hop.qualifier, hop.subject) == ("singer", "lead", "Alphaville")
    hop = first_hop("When did the great-grandfather of Demos Chen die?")
    assert hop is not None and (hop.role, hop.subject) == ("great-grandfather", "Demos Chen")
    person = ("Demos Chen\nDemos Chen (born 1976) is a Taiwanese businessman. He is known for being the "
              "great-grandson of the late President Chiang Kai-shek.")
    assert _held("Demos Chen", "great-grandfather", _sentences(person)) == "Chiang Kai-shek"
    # a kin word before a thing's noun is a thing's tie, not kin
    hop = first_hop("In what year was WingHouse's sister franchise founded?")
    assert hop is not None and (hop.role, hop.outer) == ("sister franchise", "In what year was {} founded?")


def test_a_holder_named_in_the_subjects_own_title() -> None:
    show = ("The Rowan Pike Hour\nThe Rowan Pike Hour is a series of eight programmes directed by Rowan Pike and "
            "written by Pike with Andy Rolle and Kevin Cole.")
    assert _held("The Rowan Pike Hour", "director", _sentences(show)) == "Rowan Pike"


def test_the_place_where_someone_did_something() -> None:
    hop = first_hop("In which county is the place where the writer of The Hukilau Song attended a luau?")
    assert hop is not None and (hop.role, hop.asks, hop.outer) == (
        "place", "Where {} attended a luau?", "In which county is {}?")
    inner = inner_hop(hop.subject)
    assert inner is not None and (inner.role, inner.subject) == ("writer", "The Hukilau Song")
    # the doer is a name, not the words up to the next verb-like word
    hop = first_hop("Who is the mayor of the city where Tom Hale and Ann Fell got married?")
    assert hop is None or "got" not in hop.subject
    hop = first_hop("In which county is the town where Iron Harvest was filmed?")
    assert hop is not None and (hop.subject, hop.asks) == ("Iron Harvest", "Where was {} filmed?")
    song = "The Tide Song\n\"The Tide Song\" is a song written by Jack Orrin in 1948 after attending a luau in Laie."
    place = ("Laie\nLaie is a census-designated place located in the Koolauloa District on the island of Oahu in "
             "Honolulu County, Hawaii.")
    found = answer("In which county is the place where the writer of The Tide Song attended a luau?", [song, place],
                   ["The Tide Song"])
    assert found is not None and found.confident and found.text == "Honolulu County"  # not the district


def test_a_date_in_a_bracket_is_the_name_before_it() -> None:
    director = ("Gero Kessel\nGero Kessel (19 December 1900 – 28 April 1989) was an Austrian film director. "
                "His films include \"The Legs of Dolores\" (German: Die Beine von Dolores) of 1957.")
    found = answer("When did Gero Kessel die?", [director], ["Gero Kessel"])
    assert found is not None and found.confident and found.text == "28 April 1989"
    band = ("Alphaville\nThe founding members were lead singer Marian Gold (real name: Hartwig Schierbaum, born 26 "
            "May 1954 in Herford), Bernhard Lloyd (real name: Bernhard Gossling, born 2 June 1960 in Enger), and "
            "Frank Mertens (born 26 October 1961 in Enger).")
    found = answer("Where was Marian Gold born?", [band], ["Marian Gold"])
    assert found is not None and found.text == "Herford"
    statesman = "Wen Tai\nWen Tai (October 31, 1887 – April 5, 1975) was a Chinese statesman."
    # "Die" in a German title is no death: the film's year is not when its director died
    found = answer("Who died first, Gero Kessel or Wen Tai?", [director, statesman], ["Gero Kessel", "Wen Tai"])
    assert found is not None and found.text == "Wen Tai"


def test_since_what_year_is_answered_by_the_date_after_since() -> None:
    beer = ("Brauhaus Kell\nBrauhaus Kell is a brewery group in Germany. Kell has been Germany's best selling beer "
            "brand since 2004 (when it overtook Kronbach) with an annual output of 6 million hectolitres in 2011.")
    found = answer("Since what year has Brauhaus Kell been Germany's best selling beer brand?", [beer],
                   ["Brauhaus Kell"])
    assert found is not None and found.confident and found.text == "2004"


def test_a_preposition_before_whom_or_which_is_a_relative_phrase() -> None:
    hop = first_hop("When was the senator for whom Scott Bolt served as chief of staff born?")
    assert hop is not None and (hop.role, hop.subject, hop.noun, hop.outer) == (
        "serv", "Scott Bolt", "senator", "When was {} born?")
    hop = first_hop("Who coached the team for which Tom Hale played?")
    assert hop is not None and (hop.subject, hop.noun, hop.outer) == ("Tom Hale", "team", "Who coached {}?")
    # a past participle is no noun, and "in which X was born" stays a place found by its event
    assert first_hop("When was the company founded for which Kathi-Anne Reinstein resigned to be a lobbyist?") is None
    hop = first_hop("Where is the city in which John Smith was born?")
    assert hop is not None and hop.role == "place"
    aide = ("Scott Bolt\nScott Bolt (born 1968) is an Australian politician. He previously served as chief of staff "
            "to Queensland Senator Barnaby Joyce and was a director of a transport company.")
    senator = "Barnaby Joyce\nBarnaby Joyce (born 17 April 1967) is an Australian politician."
    # the title calls him a senator
    assert _held("Scott Bolt", "serv", _sentences(aide), noun="senator") == "Barnaby Joyce"
    found = answer("When was the senator for whom Scott Bolt served as chief of staff born?", [aide, senator],
                   ["Scott Bolt"])
    assert found is not None and found.confident and found.text == "17 April 1967"


def test_what_the_review_found_stays_fixed() -> None:
    # "the director of Jaws 2" is not the director of Jaws
    found = answer("When was the director of Jaws born?", [
        "Jeannot Szwarc\nJeannot Szwarc (born 21 November 1939) is a French director. He was the director of Jaws 2, "
        "the sequel.", "Jaws\nJaws is a 1975 American thriller film directed by Steven Spielberg.",
        "Steven Spielberg\nSteven Spielberg (born December 18, 1946) is an American filmmaker."], ["Jaws"])
    assert found is not None and found.text == "December 18, 1946"
    # a band's line-up with each member's instrument in a bracket after the name
    band = ("Ironclad\nIronclad is an American heavy metal band. The band consists of James Hale (vocals, rhythm "
            "guitar), Lars Brede (drums), Kirk Hamm (lead guitar) and Rob Trent (bass).")
    assert _held("Ironclad", "drummer", _sentences(band)) == "Lars Brede"
    # a subject never holds its own role; words that are no name, "Special Teams", hold none
    film = ("Ed Wood\nEdward Davis Wood Jr. (1924 – 1978) was an American filmmaker. Glen or Glenda is a 1953 film "
            "written and directed by Ed Wood.")
    assert (holder("Ed Wood", "director", _sentences(film)) or ("",))[0] != "Ed Wood"
    team = ("Dallas Rangers\nThe Dallas Rangers are a football team. In 2001 the Rangers hired Tom Hale as Special "
            "Teams coach.")
    assert _held("Dallas Rangers", "coach", _sentences(team)) == "Tom Hale"
    character = ("Ray Dunmore\nRay Dunmore is a fictional character in the series North Line. The role of Ray Dunmore "
                 "was played by Tomas Berring.")
    assert _held("Ray Dunmore", "play", _sentences(character)) == "Tomas Berring"
    # "great-grandson of" is no "grandson of"; an actress is no grandfather
    person = ("Demos Chen\nDemos Chen (born 1976) is a businessman. He is the great-grandson of President Chiang "
              "Kai-shek.")
    assert holder("Demos Chen", "grandfather", _sentences(person)) is None
    actor = "Tom Hale\nTom Hale (born 1976) is an English actor. He is the grandson of actress Ann Fell."
    assert holder("Tom Hale", "grandfather", _sentences(actor)) is None
    # titles with lower-case words stay whole
    for question, subject in (("When was the company that produced Kramer vs. Kramer founded?", "Kramer vs. Kramer"),
                              ("Who taught the painter who taught Piero della Francesca?", "Piero della Francesca")):
        hop = first_hop(question)
        assert hop is not None and hop.subject == subject


def test_what_the_review_found_in_answers_stays_fixed() -> None:
    # "the largest city of Ohio" does not call Ohio a city; a bracket after a place is no one's life
    found = answer("Which city did Ann Marlow grow up in?", [
        "Ann Marlow\nAnn Marlow (born 1950) is an American writer. She grew up in Columbus, the largest city of Ohio."],
        ["Ann Marlow"])
    assert found is not None and found.text == "Columbus"
    found = answer("In which country was Immanuel Kant born?", [
        "Immanuel Kant\nImmanuel Kant (22 April 1724 – 12 February 1804) was a German philosopher born in Königsberg "
        "(now Kaliningrad, Russia)."], ["Immanuel Kant"])
    assert found is not None and found.text == "Russia"
    # a tenure in a bracket after an office is no life span; "until" is not read as "since" is
    found = answer("When did Tony Marr die?", [
        "Tony Marr\nTony Marr is a British politician who served as Prime Minister (May 1997 – June 2007)."],
        ["Tony Marr"])
    assert found is None or found.text != "June 2007"
    found = answer("Until what year did Tom Hale play for Leeds United?", [
        "Tom Hale\nTom Hale is an English footballer who played for Leeds United from 1990 to 1995. He remained in "
        "Leeds until 2010."], ["Tom Hale"])
    assert found is None or not found.confident or found.text != "2010"
    # "Star of Midnight" is a title, not a film's star
    found = answer("Were Star of Midnight and Star of Africa made in the same country?", [
        "Star of Midnight\nStar of Midnight is a 1935 American mystery film directed by Stephen Roberts. It stars "
        "William Powell and Ginger Rogers.", "Star of Africa\nStar of Africa is a 1957 German war film directed by "
        "Alfred Weidenmann. It stars Joachim Hansen, a German actor."], ["Star of Midnight", "Star of Africa"])
    assert found is not None and found.text == "no"


def test_a_hop_to_a_name_not_called_what_was_asked_gives_way_to_a_confident_whole_reading() -> None:
    # the name nearest "made" is a radio programme, which no passage calls a film
    person = ("Joon Park\nJoon Park (born 1989) is a South Korean singer. He hosted his own radio program titled "
              "MBC FM's \"Joon Park's Nights\" (2014) and made his big screen debut in \"Rain Forecast\" (2015).")
    film = "Rain Forecast\nRain Forecast is a 2015 South Korean romantic comedy film directed by Park Jin-pyo."
    found = answer("Who directed the film in which Joon Park made his big screen debut?", [person, film],
                   ["Joon Park"])
    assert found is not None and found.confident and found.text == "Park Jin-pyo"


def test_what_the_second_review_found_stays_fixed() -> None:
    # a bracket that names someone says who did it, not the name before it
    released = "Jaws\nIn 1975 Universal released Jaws (which Steven Spielberg directed) to great acclaim."
    assert _held("Jaws", "director", _sentences(released)) == "Steven Spielberg"
    # "the man who directed Jaws": a person's noun calls nobody, so the hop stands and no other man's death answers
    film = ("Jaws (film)\nJaws is a 1975 American thriller film directed by Steven Spielberg and based on the 1974 "
            "novel by Peter Benchley.")
    novelist = ("Peter Benchley\nPeter Benchley (May 8, 1940 – February 11, 2006) was an American author best known "
                "for the bestselling novel Jaws.")
    director = "Steven Spielberg\nSteven Spielberg (born December 18, 1946) is an American filmmaker."
    found = answer("When did the man who directed Jaws die?", [film, novelist, director], ["Jaws"])
    assert found is None or not found.confident
    # a relative phrase whose own words run into the question's verb is no hop ("… acquired by Google?")
    assert first_hop("When was the company for which Tom Hale worked as an engineer acquired by Google?") is None
    assert first_hop("The team for which Tom Hale played plays in which league?") is None
    hop = first_hop("When was the king under whom Thomas Cromwell served born?")
    assert hop is not None and (hop.noun, hop.subject, hop.outer) == ("king", "Thomas Cromwell", "When was {} born?")
    # a woman's title the tagger leaves outside her name
    grandson = "Tom Hale\nTom Hale (born 1976) is an English actor. He is the grandson of Mrs. Ann Fell."
    assert _held("Tom Hale", "grandfather", _sentences(grandson)) is None


WRITER = ("A. J. Marsh\nArthur James \"A. J.\" Marsh (May 2, 1901 – March 3, 1980) was an American writer. He wrote "
          "the children's book \"The Glass Orchard\" in 1952.")
BOOK = ("The Glass Orchard\n\"The Glass Orchard\" is a children's novel by American writer A. J. Marsh, published in "
        "1952.")
SON = ("Tobias Marsh\nTobias Marsh (1935–1999), the son of author A. J. Marsh, was an American boat designer. "
       "Marsh died at the age of 64 in 1999 in Camden, Maine.")


def test_a_surname_in_a_relatives_passage_is_the_relative() -> None:
    # "Marsh died … in 1999" and the bracket after "Tobias Marsh" are the son's, though his passage names the
    # father in full
    for question, names in (("When did A. J. Marsh die?", ["A. J. Marsh"]),
                            ("When did the writer of The Glass Orchard die?", ["The Glass Orchard"])):
        found = answer(question, [SON, BOOK, WRITER], names)
        assert found is not None and found.confident and found.text == "March 3, 1980", question
