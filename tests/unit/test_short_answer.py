"""The offline short answer: the asked-for type, one sentence or a bridge path, comparisons, and abstaining."""

from __future__ import annotations

import pytest

from lightrag_core.query.answer_type import CHOICE, DATE, NUMBER, ORG, PERSON, PLACE, YES_NO, answer_type
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentence_rank import score_sentences
from lightrag_core.query.sentences import question_names
from lightrag_core.query.short_answer import ShortAnswer, short_answer


class NoEmbedder:
    """Scoring without a query vector never embeds; this fails loudly if it tries."""

    def embed(self, texts: list[str]):  # noqa: ANN201
        raise AssertionError("no embedding expected without a query vector")


def answer(question: str, chunks: list[str], names: list[str]) -> ShortAnswer | None:
    r = QueryResult("multihop", [], names)
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate(chunks)]
    return short_answer(question, score_sentences(NoEmbedder(), None, question, r), names)  # type: ignore[arg-type]


def answer_one(question: str, chunk: str, names: list[str]) -> ShortAnswer | None:
    """`answer` over one chunk (the readings' own tests: identity, clause, apposed role, spelled-out names)."""
    return answer(question, [chunk], names)


@pytest.mark.parametrize(("question", "kind"), [
    ("Who was Scrooge's business partner?", PERSON),
    ("When did the director of Once Upon a Time in America die?", DATE),
    ("In what year was the man who resigned as president born?", DATE),
    ("Scott Howell has worked with the mayor of what city?", PLACE),
    ("Both films were released by what label?", ORG),
    ("How many records has the singer sold?", NUMBER),
    ("Which band was formed first, The Exies or Circus Diablo?", CHOICE),
    ("Are Medici and Senet both board games?", YES_NO),
    # "when" inside a clause joins it; the question asks for a city
    ("Which city was the band from that was formed when the singer met the drummer?", PLACE),
    # a question that ends in a yes/no sentence after a statement
    ("The director has an OBE. Does the other director also have one?", YES_NO),
    ("Were Scott Derrickson and Ed Wood of the same nationality?", YES_NO),
    # the small model attaches "which" to the preposition: the noun after it still says the type
    ("The photographer is father to which Bollywood actress?", PERSON),
    ("The coach works at a university which also has a campus in which California city?", PLACE),
    ("Which of the founders of the institute contributed to the reform act?", PERSON),
    ("The album featured a guest appearance by which rapper from Harlem?", PERSON),
    ("What time does the bakery start baking?", DATE),  # "5 AM": a time is a date's kind
])
def test_the_question_says_what_kind_of_answer_it_wants(question: str, kind: str) -> None:
    assert answer_type(question).kind == kind


def test_a_year_question_wants_the_year() -> None:
    assert answer_type("In what year was the man who resigned as president born?").year
    assert not answer_type("When was the singer born?").year


def test_one_sentence_that_names_the_entity_and_states_the_answer() -> None:
    found = answer("Who was Scrooge's business partner?",
                   ["Scrooge sat alone in his counting-house on Christmas Eve.",
                    "Jacob Marley had been Scrooge's business partner for seven years."], ["Scrooge"])
    assert found is not None and found.text == "Jacob Marley"
    assert [s.ref for s in found.evidence] == ["2"]


def test_a_bridge_is_followed_into_the_sentence_that_answers() -> None:
    found = answer("When did the director of Once Upon a Time in America die?",
                   ["Once Upon a Time in America is an epic crime film directed by Sergio Leone.",
                    "The film stars Robert De Niro and James Woods.",
                    "Sergio Leone was an Italian film director. Leone died in Rome on 30 April 1989."],
                   ["Once Upon a Time in America"])
    assert found is not None and found.text == "30 April 1989"
    assert [s.ref for s in found.evidence] == ["1", "3"]  # hop order: the film's sentence, then Leone's
    assert found.path == ["Once Upon a Time in America", "Sergio Leone", "30 April 1989"]


def test_a_comparison_of_dates_names_the_earlier_one() -> None:
    chunks = ["The Exies are an American rock band formed in 1997 in Los Angeles.",
              "Circus Diablo was an American rock band formed in 2004."]
    first = answer("Which band was formed first, The Exies or Circus Diablo?", chunks, [])
    later = answer("Which band was formed later, The Exies or Circus Diablo?", chunks, [])
    assert first is not None and first.text == "The Exies"
    assert later is not None and later.text == "Circus Diablo"


def test_yes_when_both_are_what_the_question_says() -> None:
    found = answer("Are Medici and Senet both board games?",
                   ["Medici is a board game designed by Reiner Knizia.", "Senet is a board game from ancient Egypt."],
                   ["Medici", "Senet"])
    assert found is not None and found.text == "yes"


DIRECTORS = ["King Vidor was an American film director, producer and screenwriter.",
             "Géza von Cziffra was a Hungarian film director and screenwriter.",
             "Ed Wood was an American filmmaker, actor and writer.",
             "Christopher Nolan is a British-American film director."]


def test_no_when_one_side_is_called_something_else_of_the_same_kind() -> None:
    found = answer("Are King Vidor and Géza von Cziffra both American directors?", DIRECTORS,
                   ["King Vidor", "Géza von Cziffra"])
    assert found is not None and found.text == "no" and found.confident
    assert [s.text for s in found.evidence] == [DIRECTORS[1]]


def test_the_same_nationality_compares_what_each_side_is_called() -> None:
    same = answer("Were King Vidor and Ed Wood of the same nationality?", DIRECTORS, ["King Vidor", "Ed Wood"])
    assert same is not None and same.text == "yes"
    differ = answer("Were Géza von Cziffra and Ed Wood of the same nationality?", DIRECTORS,
                    ["Géza von Cziffra", "Ed Wood"])
    assert differ is not None and differ.text == "no"
    both = answer("Were Christopher Nolan and Ed Wood of the same nationality?", DIRECTORS,
                  ["Christopher Nolan", "Ed Wood"])
    assert both is not None and both.text == "yes"  # "British-American" is American too
    unknown = answer("Were Christopher Nolan and Jane Doe of the same nationality?", DIRECTORS,
                     ["Christopher Nolan", "Jane Doe"])
    assert unknown is None  # nothing said of one side: no guess


def test_the_same_state_is_not_guessed_from_two_sentences_that_both_say_state() -> None:
    found = answer("Are Watertown Airport and Alexandria Airport both airports in the same state?",
                   ["Watertown Airport is a public airport in Jefferson County, in the state of New York.",
                    "Alexandria Airport is a public airport in Rapides Parish, in the state of Louisiana."],
                   ["Watertown Airport", "Alexandria Airport"])
    assert found is None or found.text != "yes"


FILMS = ["Once Upon a Time in America is a 1984 epic crime film directed by Sergio Leone.",
         "Sergio Leone (3 January 1929 – 30 April 1989) was an Italian film director.",
         "The Godfather is a 1972 American crime film directed by Francis Ford Coppola.",
         "Francis Ford Coppola (born April 7, 1939) is an American film director.",
         "Jaws is a 1975 film directed by Steven Spielberg.",
         "Steven Spielberg was born on December 18, 1946 in Cincinnati."]


def test_a_comparison_through_a_role_compares_the_directors_dates_not_the_films() -> None:
    """The films' own years (1972, 1975) would give the opposite answer here."""
    found = answer("Which film has the director born later, Once Upon a Time in America or The Godfather?", FILMS,
                   ["Once Upon a Time in America", "The Godfather"])
    assert found is not None and found.text == "The Godfather"
    assert found.path == ["Sergio Leone: 1929-01-03", "Francis Ford Coppola: 1939-04-07", "The Godfather"]
    first = answer("Which film has the director who was born first, The Godfather or Jaws?", FILMS,
                   ["The Godfather", "Jaws"])
    assert first is not None and first.text == "The Godfather"
    # Spielberg's death is not stated: no guess.
    assert answer("Which film has the director who died first, Once Upon a Time in America or Jaws?", FILMS,
                  ["Once Upon a Time in America", "Jaws"]) is None


def test_who_died_first_reads_the_death_year_of_a_life_bracket() -> None:
    people = ["Ed Wood (October 10, 1924 – December 10, 1978) was an American filmmaker.",
              "King Vidor (February 8, 1894 – November 1, 1982) was an American film director."]
    died = answer("Who died first, Ed Wood or King Vidor?", people, ["Ed Wood", "King Vidor"])
    born = answer("Who was born first, Ed Wood or King Vidor?", people, ["Ed Wood", "King Vidor"])
    assert died is not None and died.text == "Ed Wood" and born is not None and born.text == "King Vidor"


def test_the_role_is_found_first_then_the_question_is_asked_of_its_holder() -> None:
    """Without the first hop, the film's own year (1984) answered "when did its director die?"."""
    film = ["Once Upon a Time in America"]
    died = answer("When did the director of Once Upon a Time in America die?", FILMS, film)
    assert died is not None and died.confident and died.text == "30 April 1989"  # the day the model left out
    assert died.path == ["Once Upon a Time in America", "Sergio Leone", "30 April 1989"]
    assert [s.text for s in died.evidence] == FILMS[:2]  # hop order: the film's sentence, then the director's
    who = answer("Who is the director of the film Jaws?", FILMS, ["Jaws"])
    assert who is not None and who.text == "Steven Spielberg"


def test_a_possessive_role_and_a_place_with_its_region() -> None:
    family = ["Princess Mary of Teck was the daughter of Francis, Duke of Teck.",
              "Francis, Duke of Teck (28 August 1837 – 21 January 1900) was a German-born British aristocrat.",
              "Jaws is a 1975 film directed by Steven Spielberg.",
              "Steven Spielberg was born on December 18, 1946 in Cincinnati, Ohio."]
    died = answer("When did Princess Mary of Teck's father die?", family, ["Princess Mary of Teck"])
    assert died is not None and died.text == "21 January 1900"
    born = answer("Where was the director of film Jaws born?", family, ["Jaws"])
    assert born is not None and born.confident and born.text == "Cincinnati"  # Ohio is where Cincinnati is


def test_the_name_of_a_thing_is_typed_by_the_thing() -> None:
    assert answer_type("What is the name of Scrooge's clerk?").kind == PERSON
    assert answer_type("What was the name of the band?").kind == ORG
    assert answer_type("What is the name of the river that flows through Paris?").kind == PLACE
    found = answer("What is the name of Scrooge's clerk?",
                   ["D. December, 1843. CHARACTERS Bob Cratchit, clerk to Ebenezer Scrooge."], ["Scrooge"])
    assert found is not None and found.text == "Bob Cratchit"  # not "CHARACTERS Bob Cratchit"


def test_no_short_answer_when_nothing_of_the_asked_type_is_stated() -> None:
    # The context is about the right person but says nothing of when he died: no date is guessed.
    assert answer("When did Sergio Leone die?",
                  ["Sergio Leone was an Italian film director known for spaghetti Westerns."], ["Sergio Leone"]) is None


def test_the_answer_is_never_a_name_the_question_already_holds() -> None:
    found = answer("Who was Scrooge's business partner?",
                   ["Scrooge was a business partner of a man long dead, and Scrooge never painted out the name."],
                   ["Scrooge"])
    assert found is None or "Scrooge" not in found.text


def test_a_description_is_not_answered_with_a_name() -> None:
    # "what policy" asks for a description; "what film" for a name.
    assert answer_type("What is the building's policy that Adam reminds Li Hua about?").kind == "any"
    assert answer_type("What film did Sergio Leone direct in 1984?").kind == "name"
    found = answer("What is the building's policy that Adam reminds Li Hua about?",
                   ["Adam Smith reminded Li Hua of the recycling policy of the building on Monday."], ["Li Hua"])
    assert found is None or not found.confident


def test_a_date_without_a_number_month_or_day_is_a_weak_answer() -> None:
    vague = answer("When did Adam transfer the rent?", ["Adam said he transferred the rent this month."], ["Adam"])
    exact = answer("When did Adam transfer the rent?", ["Adam said he transferred the rent on 3 March 2026."],
                   ["Adam"])
    assert exact is not None and exact.text == "3 March 2026"
    assert vague is None or vague.score < exact.score


def test_a_century_asked_is_not_answered_by_a_month() -> None:
    question = "The Harbour Hound, official dog of Tasmania, was developed during which century?"
    chunks = ["In June 2005, the governor signed the law adopting the Harbour Hound as the official dog of Tasmania.",
              "The Harbour Hound is a breed of working dog that was developed in Tasmania during the 19th century."]
    found = answer(question, chunks, ["Harbour Hound", "Tasmania"])
    assert found is not None and found.text == "19th century"
    mid = answer(question, [chunks[0], chunks[1].replace("during the 19th", "in the mid-19th")],
                 ["Harbour Hound", "Tasmania"])
    assert mid is not None and mid.text == "19th century"  # the century asked, not the part of it
    month_only = answer(question, chunks[:1], ["Harbour Hound", "Tasmania"])
    assert month_only is None or not month_only.confident


def test_a_name_written_only_inside_a_longer_one_is_no_name_of_its_own() -> None:
    assert question_names("Simon & Simon starred which actor from the US?",
                          _linked("Simon & Simon", "Simon &", "US")) == ["Simon & Simon", "US"]
    assert question_names("Who founded the Mississippi River Museum?",
                          _linked("Mississippi", "Mississippi River Museum")) == ["Mississippi River Museum"]
    assert question_names("Blue Lacy dogs were developed during which century?",
                          _linked("Blue Lacy", "which century")) == ["Blue Lacy"]
    found = _linked("Toad Hall")
    found.entities = [{"entity_name": "Australia"}, {"entity_name": "Toad Hall"}]
    assert question_names("Toad Hall is in what Australian city?", found) == ["Toad Hall"]  # not "Australia"
    # a first name is how a chat calls him; a name run together holds no word of its own
    assert question_names("What does Adam Smith suggest?", _linked("Adam Smith", "Adam")) == ["Adam Smith", "Adam"]
    assert question_names("What does JenniferMoore suggest?", _linked("JenniferMoore", "Jennifer")) == [
        "JenniferMoore", "Jennifer"]
    # written on its own as well, it stays a name of the question
    both = _linked("Mississippi", "Mississippi River Museum")
    assert question_names("Is Mississippi near the Mississippi River Museum?", both) == [
        "Mississippi", "Mississippi River Museum"]


def _linked(*names: str) -> QueryResult:
    result = QueryResult("multihop", [], [])
    result.linked_entities = [{"entity": n} for n in names]
    return result


def test_a_role_of_a_role_is_resolved_from_the_inside_out() -> None:
    """"The youngest son of Scrooge's clerk": the clerk first, then his youngest son, each with its sentence."""
    book = ["Mr. Fezziwig, a kind-hearted, jovial old merchant, employed the young Scrooge.",
            "Bob Cratchit, clerk to Ebenezer Scrooge.",
            "Peter Cratchit, a son of Bob Cratchit.",
            "Tim Cratchit, a cripple, youngest son of Bob Cratchit."]
    son = answer("What is the name of the youngest son of Scrooge's clerk?", book, ["Scrooge"])
    assert son is not None and son.text == "Tim Cratchit"  # not Peter, a son but not the youngest
    assert son.path == ["Scrooge", "Bob Cratchit", "Tim Cratchit"]
    assert [s.text for s in son.evidence] == [book[1], book[3]]
    clerk = answer("What is the name of Scrooge's clerk?", book, ["Scrooge"])
    assert clerk is not None and clerk.text == "Bob Cratchit"  # not Ebenezer Scrooge, the subject's own name


def test_a_relative_may_share_the_family_name_but_not_be_the_subject() -> None:
    family = ["Tim Cratchit, a cripple, youngest son of Bob Cratchit.",
              "Once Upon a Time in America is a 1984 film directed by Sergio Leone."]
    son = answer("Who is Bob Cratchit's youngest son?", family, ["Bob Cratchit"])
    assert son is not None and son.text == "Tim Cratchit"
    director = answer("Who is the director of Once Upon a Time in America?", family,
                      ["Once Upon a Time in America"])
    assert director is not None and director.text == "Sergio Leone"  # never "America"


def test_a_sentence_opening_with_a_definite_description_is_about_what_came_before() -> None:
    # "The series starred …" names Simon & Simon only through the sentence before it; a sentence about
    # another show names nothing the question does, so its actor is not the answer.
    found = answer("Simon & Simon starred which television actor?",
                   ["The show starred television actor Orlando Bloom and actress Condola Rashad.",
                    "Simon & Simon is an American detective television series that ran from 1981 to 1989. "
                    "The series was broadcast on CBS and starred Gerald McRaney and Jameson Parker as brothers."],
                   ["Simon & Simon"])
    assert found is not None and found.text == "Gerald McRaney"


def test_a_bridge_sentence_below_the_best_scored_still_offers_its_answer() -> None:
    # A dozen sentences about the character outscore the one that says who created the show the
    # question names only through her ("It was created by …" shares one word with the question).
    noise = [f"Kate Ramsay is a fictional character in the soap opera, seen in episode {n} with her "
             f"brother Harry and sister Sophie." for n in range(1, 15)]
    question = "Kate Ramsay is a fictional character from an Australian soap opera created by who?"
    r = QueryResult("multihop", [], ["Kate Ramsay"])
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate([*noise, "Kate Ramsay appears in the soap opera Neighbours. ",
                                       "Neighbours is a long-running television programme. It was created by "
                                       "TV executive Reg Watson."])]
    scored = score_sentences(NoEmbedder(), None, question, r)  # type: ignore[arg-type]
    assert [s.text for s, _ in scored].index("It was created by TV executive Reg Watson.") >= 12
    found = short_answer(question, scored, ["Kate Ramsay"], ("Neighbours",))
    assert found is not None and found.text == "Reg Watson"


def test_without_a_confident_answer_the_runners_up_sentences_follow() -> None:
    found = answer("Who founded the firm?",
                   ["The firm was founded by Ann Lee in 1901.", "The firm was founded by Bob Ray in 1902.",
                    "The firm was founded by Cy Young in 1903.", "The firm was founded by Di Moss in 1904."],
                   ["firm"])
    assert found is not None and not found.confident
    shown = {s.text for s in [*found.evidence, *found.rival]}
    assert len(shown) == 4 and all(any(n in t for t in shown) for n in ("Ann Lee", "Bob Ray", "Cy Young", "Di Moss"))



def test_an_untyped_question_shows_one_runner_up_and_leaves_room_for_the_best_scored() -> None:
    # "What did … sell?" has no type to check spans against, so its candidates are seldom the answer:
    # one runner-up's sentence follows the best candidate's, not three.
    found = answer("What did the firm sell?",
                   ["The firm sold Ann Lee lamps in 1901.", "The firm sold Bob Ray lamps in 1902.",
                    "The firm sold Cy Young lamps in 1903.", "The firm sold Di Moss lamps in 1904."],
                   ["firm"])
    assert found is not None and not found.confident and len(found.rival) == 1
    typed = answer("Who founded the firm?",
                   ["The firm was founded by Ann Lee in 1901.", "The firm was founded by Bob Ray in 1902.",
                    "The firm was founded by Cy Young in 1903.", "The firm was founded by Di Moss in 1904."],
                   ["firm"])
    assert typed is not None and len(typed.rival) == 3


@pytest.mark.parametrize(("question", "noun"), [
    ("Who is the first spirit to visit Scrooge?", "spirit"),
    ("Who was the DJ of the compilation album?", "dj"),
    ("Who was Scrooge's business partner?", "partner"),
    ("Who directed Jaws?", ""),  # no "be": the verb, not a noun, says what is asked
    ("When was the first spirit seen?", ""),
    ("Who is Li Hua meeting with to discuss the design?", ""),  # "meeting" misread as a noun: no phrase
])
def test_the_noun_a_who_question_asks_its_answer_as(question: str, noun: str) -> None:
    from lightrag_core.nlp import nlp
    from lightrag_core.query.question_parse import asked_identity

    assert asked_identity(nlp()(question)) == noun


def test_a_who_is_the_noun_question_is_answered_from_a_sentence_that_calls_someone_that() -> None:
    visited = "Lyon was visited by Anna Berg in 1901, who came to see the river."
    # Anna Berg's sentence covers "visit" and names Lyon, but never calls her a mayor.
    alone = answer("Who was the first mayor to visit Lyon?", [visited], ["Lyon"])
    assert alone is None or not alone.confident
    both = answer("Who was the first mayor to visit Lyon?",
                  [visited, "Paul Marchand, the mayor of Grenoble, was the first to visit Lyon in 1850."], ["Lyon"])
    assert both is not None and both.confident and both.text == "Paul Marchand"


def test_the_place_word_on_the_asked_noun_must_be_said_by_the_answers_sentence() -> None:
    """"What Australian city?": a city from a sentence that says nothing Australian is not the answer."""
    chunks = ["Toad Hall is a residential hall of the Australian National University, which is located in "
              "Canberra.",
              "Toad Hall is a residential hall near the harbour, located in the city of Victoria on the island."]
    found = answer("Toad Hall is a residential hall located in what Australian city?", chunks, ["Toad Hall"])
    assert found is not None and found.confident and found.text == "Canberra"
    swapped = answer("Toad Hall is a residential hall located in what Canadian city?", chunks, ["Toad Hall"])
    assert swapped is None or swapped.text != "Canberra" or not swapped.confident


def test_the_span_a_sentence_defines_by_the_questions_noun_and_description_answers() -> None:
    """"Which Danish heavy metal band from Copenhagen …?" is answered by what a sentence calls "a Danish
    heavy metal band from Copenhagen", even where another sentence says more of the question's other words."""
    found = answer("Which Danish heavy metal band from Copenhagen released a compilation album of rare demo tracks?",
                   ["Mercyful Fate is a Danish heavy metal band from Copenhagen, formed in 1981 by King Diamond.",
                    "The band is signed to the Dutch label Mascot Records and has released a compilation album of "
                    "rare demo tracks."], ["Copenhagen"])
    assert found is not None and found.confident and found.text == "Mercyful Fate"
    # A name may repeat the words of its own definition ("Kimber Manufacturing … manufactures").
    company = answer("What is an American company that designs, manufactures, and distributes small arms?",
                     ["Kimber Manufacturing is an American company that designs, manufactures, and distributes small "
                      "arms such as Solo pistols.",
                      "Montana Rifle Company is an American company that makes rifles."], [])
    assert company is not None and company.confident and company.text == "Kimber Manufacturing"


def test_the_nouns_description_in_the_question_is_its_own_dependents() -> None:
    from lightrag_core.nlp import nlp
    from lightrag_core.query.question_parse import asked_description

    question = nlp()("Which Danish heavy metal band from Copenhagen released a compilation album?")
    assert asked_description(question, "band") == {"danish", "heavy", "metal", "copenhagen"}
    assert asked_description(nlp()("Who directed the film?"), "") == frozenset()
