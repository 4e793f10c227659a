"""A bridge no sentence names is found by the document whose opening says its clause ("the NFL team that
played from 1931 to 1940"); a bridge whose clause writes a name is resolved from that name, not from one
of the phrase around it; "Who is the wife of X?" is answered by the name the text calls "his wife"."""

from __future__ import annotations

import pytest

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import related
from lightrag_core.query.decompose import bridges
from lightrag_core.query.question_parse import asked_of_role
from lightrag_core.query.sentences import stem
from lightrag_core.query.steps import resolve_steps
from lightrag_core.storage.sqlite.store import SQLiteStore
from tests.unit.test_decompose import DIM, _doc, _links
from tests.unit.test_short_answer import answer

KINGS = "Harbor Kings (NFL)"
ROVERS = "Dell Rovers (NFL)"
VENUE = "Velvet Room (music venue)"
QUESTION = ("At which ballpark did the NFL team that played from 1931 to 1940 in the borough where the music "
            "venue Velvet Room operated play its home games?")


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path)
    s.set_embedding_meta("test", DIM)
    _doc(s, "kings", KINGS, [f"{KINGS} The Harbor Kings were an American football team that played in the National "
                             "Football League from 1931 to 1940. The team played its home games at Corran Field."],
         ["Harbor Kings"], 0.0)
    # another team of the same league, whose opening says "played" but not the years
    _doc(s, "rovers", ROVERS, [f"{ROVERS} The Dell Rovers played in the National Football League (NFL) for one "
                               "season, 1952. The team played its home games at Lark Park."],
         ["Dell Rovers", "NFL"], 0.0)
    _doc(s, "venue", VENUE, [f"{VENUE} The Velvet Room was a music venue in Marlow, run by two brothers."],
         ["Velvet Room"], 0.0)
    yield s
    s.close()


def _steps(store, question, ids):
    chunks = list(store.get_chunks(ids).values())
    return resolve_steps(store, question, _links(store, question), chunks)[1]


def test_a_bridge_no_sentence_names_is_the_document_whose_opening_says_its_clause(store):
    steps = _steps(store, QUESTION, ["venue-0", "kings-0", "rovers-0"])
    assert [(s.phrase, s.found, s.via) for s in steps] == [("the NFL team", KINGS, "description")]


def test_a_clause_two_openings_say_alike_finds_neither(store):
    _doc(store, "gulls", "Bay Gulls (NFL)", ["Bay Gulls (NFL) The Bay Gulls were a football team that played in "
                                             "the National Football League from 1931 to 1940."], ["Bay Gulls"], 0.0)
    steps = _steps(store, QUESTION, ["venue-0", "kings-0", "rovers-0", "gulls-0"])
    assert "the NFL team" not in [s.phrase for s in steps]


def test_a_clause_without_a_year_describes_too_many_to_name_one(store):
    question = "At which ballpark did the NFL team that played in the National Football League play its home games?"
    steps = _steps(store, question, ["kings-0", "rovers-0"])
    assert KINGS not in [s.found for s in steps]


def test_a_bridge_is_resolved_from_the_name_its_own_clause_writes(store):
    # "the borough where … Velvet Room operated": a sentence about the NFL (the phrase around it) that says
    # "played" is not where the borough is found
    steps = _steps(store, QUESTION, ["venue-0", "kings-0", "rovers-0"])
    assert ROVERS not in [s.found for s in steps]
    assert all(s.phrase != "the borough" for s in steps)


def test_the_holder_asked_for_by_who_is_is_the_answer_not_a_role_to_pass_by():
    assert asked_of_role(nlp()("Who is the wife of the director of Red Harbor?")) == ""
    assert asked_of_role(nlp()("When was the creator of Red Harbor born?")) == "creator"
    film = ("Red Harbor\nRed Harbor is a 1981 adventure film directed by Tom Vale and starring his wife Ada Vale, "
            "Leo Marsh and Tim Ross.")
    found = answer("Who is the wife of the director of Red Harbor?", [film], ["Red Harbor"])
    assert found is not None and found.text == "Ada Vale"


def test_a_team_told_in_the_past_tense_is_the_bridge(store):
    _doc(store, "player", "Ray Dorne", ["Ray Dorne (1918 – 2007) was an American football end. He played for the "
                                        "Harbor Kings (1935–1939)."], ["Ray Dorne"], 0.0)
    steps = _steps(store, "From 1935-1939 Ray Dorne played for an NFL team based in what state?", ["player-0"])
    assert [s.found for s in steps] == [KINGS]


SITCOM_QUESTION = "Ada Pell provided the voice of Rosie on the Kestrel animated sitcom that originally premiered on " \
    "which date?"


def test_a_participle_before_the_noun_is_part_of_the_bridge():
    assert "the Kestrel animated sitcom" in [b.phrase for b in bridges(SITCOM_QUESTION)]


def test_a_bridge_is_stated_by_a_noun_of_its_heads_family(store):
    _doc(store, "pell", "Ada Pell", ["Ada Pell was an American actress. She provided the voices of Rosie the robot "
                                     'maid on the animated series "The Orbiters" and others.'], ["Ada Pell"], 0.0)
    _doc(store, "orbiters", "The Orbiters", ["The Orbiters is an American animated sitcom."], ["The Orbiters"], 0.0)
    steps = _steps(store, SITCOM_QUESTION, ["pell-0"])
    assert [(s.phrase, s.found) for s in steps] == [("the Kestrel animated sitcom", "The Orbiters")]


def test_a_premiere_is_stated_as_first_airing():
    assert related(stem("premiered"), stem("airing")) and related(stem("premiere"), stem("aired"))
    assert not related(stem("premiered"), stem("ended"))


def test_a_title_whose_document_calls_it_another_kind_is_no_bridge_of_a_works_kind(store):
    _doc(store, "zorb", "Zorb", ["Zorb is a robot character who appears in the 2014 animated film Pip Bot."],
         ["Zorb"], 0.0)
    _doc(store, "pip", "Pip Bot", ["Pip Bot is a fictional character, a superhero appearing in comic books."],
         ["Pip Bot"], 0.0)
    question = "Who directed the 2014 animated film in which the character Zorb appears?"
    assert "Pip Bot" not in [s.found for s in _steps(store, question, ["zorb-0"])]
    _doc(store, "yorb", "Yorb", ["Yorb is a robot character who appears in the 2014 animated film Kip Bot."],
         ["Yorb"], 0.0)
    _doc(store, "kip", "Kip Bot", ["Kip Bot is a 2014 American animated film directed by Lee Tam."], ["Kip Bot"], 0.0)
    question = "Who directed the 2014 animated film in which the character Yorb appears?"
    assert [s.found for s in _steps(store, question, ["yorb-0"])] == ["Kip Bot"]


def test_a_file_named_subject_written_in_the_clause_is_what_the_bridge_is_resolved_from():
    from lightrag_core.query.decompose import bridges as split
    from lightrag_core.query.steps import _in_clause

    question = "Who wrote the episode in which Waylon Smithers first appeared?"
    (bridge,) = split(question)
    assert _in_clause(question, bridge, [bridge], ["Waylon Smithers.txt", "Springfield"]) == ["Waylon Smithers.txt"]


def test_a_person_bridge_is_no_document_that_calls_its_subject_a_band(store):
    _doc(store, "ads", "The Courier", ["Hal Brenn co-founded Ironwake in 1981 after answering a classified "
                                       "advertisement in The Courier."], ["The Courier"], 0.0)
    _doc(store, "band", "Ironwake", ["Ironwake is an American heavy metal band formed in Leeds."], ["Ironwake"], 0.0)
    question = "Who replaced the musician who co-founded his band after answering an advertisement in The Courier?"
    assert "Ironwake" not in [s.found for s in _steps(store, question, ["ads-0"])]
    _doc(store, "man", "Hal Brenn", ["Hal Brenn is an American musician and singer."], ["Hal Brenn"], 0.0)
    assert [s.found for s in _steps(store, question, ["ads-0"])] == ["Hal Brenn"]
