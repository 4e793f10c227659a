"""A bridge is a whole name written near its cue ("South Dakota", not "United" of "United States"); the
question is asked again past a quoted name; a verb the stop list holds ("become") still ties the date
it governs; hyphened and lower-case words the tagger slips on still make a bridge's phrase."""

from __future__ import annotations

import pytest

from lightrag_core.query.answer_spans import parse
from lightrag_core.query.bridges import _other_kind
from lightrag_core.query.decompose import bridges
from lightrag_core.query.result import DecompositionStep
from lightrag_core.query.rewrite import resolved_question
from lightrag_core.query.sentences import Sentence
from lightrag_core.query.steps import resolve_steps
from lightrag_core.storage.sqlite.store import SQLiteStore
from tests.unit.test_decompose import DIM, _doc, _links
from tests.unit.test_short_answer import answer

OUTBREAK = "2004 North Vell tornado outbreak"
QUESTION = 'On what date did the state hit by the 2004 tornado outbreak known as "Black Friday" become a state?'
# The state's name is written twice: in the passage's opening words, far from any cue, and again right
# before "United States", whose first word is the title of an album.
OPENING = (f'{OUTBREAK} The {OUTBREAK}, known as "Black Friday," was a tornado outbreak that struck the eastern '
           "part of North Vell in the United States on June 4, 2004.")


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path)
    s.set_embedding_meta("test", DIM)
    _doc(s, "outbreak", OUTBREAK, [OPENING], [OUTBREAK, "Black Friday"], 0.0)
    _doc(s, "state", "North Vell", ["North Vell became a state on March 3, 1889."], ["North Vell"], 0.0)
    _doc(s, "album", "United", ["United is an album by Marian Cole."], ["United"], 0.0)
    yield s
    s.close()


def test_the_bridge_is_the_whole_name_nearest_its_cue_not_a_title_inside_a_longer_name(store):
    chunks = list(store.get_chunks(["outbreak-0"]).values())
    _, steps = resolve_steps(store, QUESTION, _links(store, QUESTION), chunks)
    assert [s.found for s in steps] == ["North Vell"]


def test_the_question_is_asked_again_past_a_quoted_name():
    step = DecompositionStep("the state", ["Black Friday"], "North Vell", "title", OPENING, "outbreak-0", 1.2, 0.5)
    assert resolved_question(QUESTION, [step]) == "On what date did North Vell become a state?"


def test_a_stop_listed_verb_still_ties_the_date_it_governs():
    state = "North Vell\nNorth Vell is a state of the United States. North Vell became a state on March 3, 1889."
    storm = f"{OUTBREAK}\n{OPENING}"
    found = answer("On what date did North Vell become a state?", [storm, state], ["North Vell", "Vell"])
    assert found is not None and found.confident and found.text == "March 3, 1889"


@pytest.mark.parametrize(("question", "phrases"), [
    # "metroplex" in lower case, tagged as a name; "best-documented" joined by its hyphen
    ("In which city is the team headquartered that is based in the metroplex hit by the best-documented "
     "tornado of the Early-April 1957 outbreak?", ["the team", "the metroplex", "the best-documented tornado"]),
    # a hyphened word after the noun is its clause's, not the noun's
    ("Who directed the 1968 science fiction film co-written by one of the screenwriters of Glass Days?",
     ["the 1968 science fiction film", "the screenwriters"]),
])
def test_hyphened_and_lower_case_words_still_make_a_bridge(question, phrases):
    assert [b.phrase for b in bridges(question)] == phrases


def test_a_place_inside_an_institutions_name_is_not_the_bridge(store):
    _doc(store, "coach", "Tom Ash", ["Tom Ash served as offensive coordinator at the University of North Vell "
                                     "from 2006 to 2007."], ["Tom Ash"], 0.0)
    question = "Who leads the school where Tom Ash was offensive coordinator?"
    chunks = list(store.get_chunks(["coach-0"]).values())
    _, steps = resolve_steps(store, question, _links(store, question), chunks)
    assert "North Vell" not in [s.found for s in steps]


def test_a_name_the_model_ends_at_a_dash_goes_on_past_it():
    (parsed,) = parse([Sentence("He was a coach at University of Wisconsin–Stevens Point from 1991 to 1998 and "
                                "then at Dallas–Fort Worth.", "1", 0, frozenset())])
    texts = {s.text for s in parsed.spans}
    assert "University of Wisconsin–Stevens Point" in texts and "Stevens Point" not in texts
    assert "1991" in texts  # a number range is no name


def test_a_name_in_a_bracket_after_a_name_is_a_gloss_not_the_bridge(store):
    _doc(store, "sophie", "Sophie Rowe", ["Sophie Rowe is a character created with her brother Harry (Will Moore) and "
                                          "sister Kate (Ann Vale)."], ["Sophie Rowe"], 0.0)
    _doc(store, "actress", "Ann Vale", ["Ann Vale is an actress."], ["Ann Vale"], 0.0)
    question = "When was the older sister of Sophie Rowe married?"
    chunks = list(store.get_chunks(["sophie-0"]).values())
    _, steps = resolve_steps(store, question, _links(store, question), chunks)
    assert "Ann Vale" not in [s.found for s in steps]


def test_a_predecessor_is_found_whatever_its_titles_bracket_and_a_longer_name_holds_no_shorter_one(store):
    _doc(store, "xr2", "XRII", ['XRII is a live album by the band Pine Tree. Unlike its predecessor, "XR", "XRII" '
                                "holds mostly new tracks."], ["XRII"], 0.0)
    _doc(store, "xr", "XR (album)", ["XR is a live album recorded by Pine Tree at a radio session in Denver."],
         ["XR"], 0.0)
    question = "Where was the session recorded that yielded the predecessor of the live album XRII?"
    chunks = list(store.get_chunks(["xr2-0"]).values())
    _, steps = resolve_steps(store, question, _links(store, question), chunks)
    assert ("the predecessor", "XR (album)") in [(s.phrase, s.found) for s in steps]
    # a relational head says nothing of the bridge's kind, so the title's "(album)" costs it nothing
    (predecessor,) = [b for b in bridges(question) if b.head == "predecessor"]
    assert not _other_kind("XR (album)", predecessor)
    (film,) = bridges("Who directed the film that Rex Vale starred in?")
    assert _other_kind("XR (album)", film)


def test_the_bridge_born_in_the_clauses_year_is_found_past_its_bracket(store):
    # Both sentences are about Kingwell and call a reggae singer; only one gives the clause's year, and its
    # name stands before a bracket, further from "singer" in characters than the other's, not in words
    _doc(store, "penn", "Dana Penn", ["Dana Penn (born in 1952 in Kingwell, Jamara) is a Jamaran reggae singer."],
         ["Dana Penn", "Kingwell"], 0.0)
    _doc(store, "pliers", "Plyer (singer)", ["Plyer (singer) Plyer (born 4 April 1963, Kingwell, Jamara), is a "
                                             "Jamaran reggae singer."], ["Plyer", "Kingwell"], 0.0)
    _doc(store, "kingwell", "Kingwell", ["Kingwell is the capital of Jamara."], ["Kingwell"], 0.0)
    question = "Who produced the single that the Jamaran reggae singer born in 1952 in Kingwell, Jamara was known for?"
    chunks = list(store.get_chunks(["pliers-0", "penn-0"]).values())
    _, steps = resolve_steps(store, question, _links(store, question), chunks)
    assert [s.found for s in steps][:1] == ["Dana Penn"]


def test_a_cue_inside_a_persons_noun_is_no_cue_for_a_thing(store):
    # "music" begins "musician": the music division asked for is not the musician the sentence is about
    _doc(store, "romb", "Tony Romb", ["Tony Romb (born November 24, 1964) is an American musician who has been the "
                                      "lead guitarist of Godsmash."], ["Tony Romb", "Godsmash"], 0.0)
    _doc(store, "godsmash", "Godsmash", ["Godsmash is an American rock band."], ["Godsmash"], 0.0)
    question = "Which company bought the music division of the firm that praised Godsmash's lead guitarist?"
    chunks = list(store.get_chunks(["romb-0", "godsmash-0"]).values())
    _, steps = resolve_steps(store, question, _links(store, question), chunks)
    assert ("the music division", "Tony Romb") not in [(s.phrase, s.found) for s in steps]
