"""A nested question whose chain of bridges is lost is answered by the clause it asks in, when the answer's
passage says all that clause says; a count bounded as the question bounds it; a son's generation suffix; a
compared title with commas of its own; and a co-maker the question names is no part of the answer."""

from __future__ import annotations

import pytest

from lightrag_core.query import extractive
from lightrag_core.query.answer_spans import clean_span
from lightrag_core.query.answer_type import CHOICE, answer_type
from lightrag_core.query.outer_answer import outer_question, passage_says
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import Sentence
from tests.unit.test_extractive import CountingEmbedder
from tests.unit.test_short_answer import answer


@pytest.mark.parametrize(("question", "clause"), [
    # the clause up to the first thing named through another
    ("How many versions were released of the third album by the duo that included the singer born in Varna?",
     "How many versions were released of the third album?"),
    # a verb that waits until after the description comes with it
    ("When did the pop band fronted by the singer known as Ada release its anniversary album?",
     "When did the pop band release its anniversary album?"),
    ("In which century was the official state dog of the state that hosted the 2005 Coast Games developed?",
     "In which century was the official state dog developed?"),
    ("On which channel was the new animated comedy series based on the film directed by the author of Blue Glass "
     "scheduled to premiere?", "On which channel was the new animated comedy series scheduled to premiere?"),
    # the last verb is the inner clause's own ("was developed"): the question asks of the office
    ("Where is the main program office of the partnership that restores the bay in whose area the breed of the "
     "state containing Pell Hall was developed?", "Where is the main program office?"),
])
def test_the_clause_a_nested_question_asks_in(question: str, clause: str) -> None:
    assert outer_question(question) == clause


@pytest.mark.parametrize("question", [
    # one bridge: its own sentence is followed from the bridge, not read from the clause
    "When was the director of Blue Glass born?",
    # all that tells the film apart is in the clauses that describe it
    "Who wrote and directed the film in which the frontman of the band with bassist Ray Duff made his debut?",
    # a "did" whose verb cannot be told ("co-direct", read in two by the small model)
    "What 2016 film did a director of the film based on Ada Lorne's team co-direct?",
    # nothing tells the city apart but the description the chain was to follow
    "What is the population of the city where the author of the novel adapted into the film Blue Glass was born?",
    # a clause whose verb is past the description
    "Which 2,000-seat theatre in the city where Ada Lorne was born hosted the premiere of the opera by Ray Duff?",
])
def test_no_clause_to_answer_from(question: str) -> None:
    assert outer_question(question) is None


def _sentences(ref: str, *texts: str) -> list[Sentence]:
    r = QueryResult("multihop", [], [])
    r.chunks = [{"content": " ".join(texts), "reference_id": ref, "chunk_id": "c0", "document_id": "d0"}]
    from lightrag_core.query.sentences import sentences_of
    return sentences_of(r)


def test_the_passage_must_say_what_the_clause_says() -> None:
    album = _sentences("1", "Twin Party is the eleventh studio album by the duo Twins.",
                       "There are three versions released from the album.")
    assert passage_says("How many versions were released of the eleventh studio album?", album[1:], album)
    # every number: not the tenth album's passage
    assert not passage_says("How many versions were released of the 2007 album?", album[1:], album)
    channel = _sentences("2", "Toon Net is a cable channel that is owned by Toon Net, Inc.")
    # "digital" and "owns" unsaid: two of three words missing
    assert not passage_says("Which network owns the digital channel?", channel, channel)


VENUE = ("Odeon Hall\nThe Odeon Hall in Carrow was the oldest masonry theatre in Kessland, and one of only three "
         "remaining purpose-built 19th-century theatres in the country. One of its most notable aspects was its "
         "use as a public meeting venue of Ada Lorne during her women's suffrage campaign.")
PLAYER = "Ben Moss\nBen Moss (born 1978) is a Kessland footballer who played as a defender."


def _result(question: str, chunks: list[str]) -> QueryResult:
    r = QueryResult("multihop", [], [])
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate(chunks)]
    return r


def test_a_lost_chain_is_answered_by_the_clause_its_passage_says_in_full() -> None:
    # the city where the footballer was born is nowhere said: no bridge leads to the hall
    question = ("Which suffrage campaigner used as a public meeting venue the 19th-century theatre in the city "
                "where the footballer Ben Moss was born?")
    embedder = CountingEmbedder()
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question,
                                                _result(question, [PLAYER, VENUE])))
    lines = text.removeprefix(extractive.EXTRACTIVE_LABEL).strip().splitlines()
    assert lines[0] == "Answer: Ada Lorne [2]"
    # a passage that says less than the clause gives none: "a venue" is no 19th-century theatre
    weaker = VENUE.replace("purpose-built 19th-century theatres", "purpose-built venues")
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question,
                                                _result(question, [PLAYER, weaker])))
    assert text.removeprefix(extractive.EXTRACTIVE_LABEL).strip().startswith(extractive.NO_SHORT_ANSWER)


def test_a_count_bounded_as_the_question_bounds_it() -> None:
    found = answer("At least how many people were killed in the state of Kessland by the outbreak?",
                   ["Thirty people died at Pell and at least 104 were killed in the state of Kessland by the "
                    "outbreak and two other tornadoes."], [])
    assert found is not None and found.text.endswith("104")


def test_a_sons_generation_suffix_is_part_of_his_name() -> None:
    found = answer("Who plays the chauffeur Bruno in Spider Manor?",
                   ["Spider Manor is a 1967 horror comedy film starring Lon Chaney, Jr. as the chauffeur Bruno."],
                   ["Spider Manor"])
    assert found is not None and found.text == "Lon Chaney, Jr."
    assert clean_span("Hank Williams Jr") == "Hank Williams Jr."


@pytest.mark.parametrize(("question", "options"), [
    ("Which animated series premiered first, The Jetsons or Yippee, Yappee and Yahooey?",
     ("The Jetsons", "Yippee, Yappee and Yahooey")),
    ("Which was released first, The Outsider or Rich Man, Poor Man?", ("The Outsider", "Rich Man, Poor Man")),
    ("Which is older, Toad Hall or University College, Otago?", ("Toad Hall", "University College, Otago")),
])
def test_a_compared_title_may_hold_commas_of_its_own(question: str, options: tuple[str, str]) -> None:
    kind = answer_type(question)
    assert kind.kind == CHOICE and kind.options == options
    assert answer_type("Which university is older, Harvard, Yale, or Princeton?").kind != CHOICE  # three listed


def test_a_co_maker_the_question_names_is_no_part_of_the_answer() -> None:
    found = answer("Who co-directed, with Ray Duff, the 2004 action film Blue Glass?",
                   ["Blue Glass is a 2004 Kessland action film directed by Ben Moss and Ray Duff."], ["Blue Glass"])
    assert found is not None and found.text == "Ben Moss"
    both = answer("Who directed the 2004 action film Blue Glass?",
                  ["Blue Glass is a 2004 Kessland action film directed by Ben Moss and Ray Duff."], ["Blue Glass"])
    assert both is not None and both.text == "Ben Moss and Ray Duff"


def test_whom_a_deed_was_done_to_is_not_who_did_it() -> None:
    chunks = ["Ray Duff (born 1971) is a Kessland football executive. Duff succeeded Ben Moss as general manager "
              "of the Carrow Lions on January 17, 2009."]
    found = answer("Whom did the 2009–2013 general manager of the Carrow Lions succeed in that post?", chunks, [])
    assert found is not None and found.text == "Ben Moss"
    # asked the other way round, the one who did it
    found = answer("Who succeeded Ben Moss as general manager of the Carrow Lions?", chunks, ["Ben Moss"])
    assert found is not None and found.text.endswith("Duff")


def test_a_span_of_years_and_a_verb_in_another_form_are_said() -> None:
    post = _sentences("3", "Ray Duff was general manager of the Carrow Lions from 2009 to 2013.",
                      "Duff succeeded Ben Moss as general manager on January 17, 2009.")
    assert passage_says("Whom did the 2009–2013 general manager succeed?", post[1:], post)
    assert not passage_says("Whom did the 2008–2013 general manager succeed?", post[1:], post)


def test_a_comparison_is_not_read_from_one_side_of_it() -> None:
    question = ("Which band has more members, the band that recorded Blue Glass or the band fronted by the brother "
                "of Ada Lorne?")
    chunks = ["Blue Glass is a 1990 album by the Pell Boys, a Kessland band with five members.",
              "Ada Lorne is a Kessland singer. Her brother Ray Duff fronts the band the Carrow Boys.",
              "The Carrow Boys are a Kessland band fronted by Ray Duff. The band has four members."]
    embedder = CountingEmbedder()
    text = "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question,
                                                _result(question, chunks)))
    assert "Answer: Carrow Boys" not in text


@pytest.mark.parametrize(("question", "chunk", "count"), [
    # a bound said of something else changes nothing
    ("At least how many people were killed by the outbreak?",
     "At least 3 tornadoes struck the state, and 104 people were killed by the outbreak.", "104"),
    ("About how many people live in Pell?", "Pell, a town about 40 miles from Carrow, has a population of 3,412 "
     "people.", "3,412"),
    ("Nearly how many albums has the singer sold?", "The singer has sold 20 million albums in nearly 40 countries.",
     "20 million"),
])
def test_a_bound_said_of_another_count_is_no_answer(question: str, chunk: str, count: str) -> None:
    found = answer(question, [chunk], [])
    assert found is not None and found.text == count


def test_a_named_doer_must_have_done_the_deed() -> None:
    # "met" both ways: the one who met Ray Duff is as good as one he met, one met by another is not
    found = answer("Whom did Ray Duff meet in Carrow?",
                   ["Ada Lorne met Ray Duff in Carrow in 1985, soon after she had met Ben Moss."], ["Ray Duff"])
    assert found is None or found.text != "Ben Moss"


def test_a_partner_in_the_name_is_still_a_maker_and_a_sister_is_no_senior() -> None:
    found = answer("Who founded the Ada Lorne Foundation?",
                   ["The Ada Lorne Foundation is a charity founded by Ben Moss and Ada Lorne in 1990."],
                   ["Ada Lorne Foundation"])
    assert found is not None and found.text == "Ben Moss and Ada Lorne"
    found = answer("Who founded St. Anne's School in Pell?",
                   ["St. Anne's School is a school in Pell, founded in 1901 by Fr. John Ryan, Sr. Mary Carmel and "
                    "Br. Paul Kelly."], ["St. Anne's School"])
    assert found is not None and found.text == "John Ryan"
