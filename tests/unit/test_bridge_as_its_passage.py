"""A bridge a sentence states as its passage's own subject is that subject: "the album" in the album's passage
("The band enlisted five producers for the album, including Mara Quill", in the passage that opens "Glass
Orchard is the third album by The Lanterns"), "she" in a singer's ("She is best known as the main vocalist of
Velvet Fox"), and the opening itself ("Bright Days is a 2015 television series starring Ada Lorne"). A
participle joined to its prefix ("co-produced") or a cast ("starring") hangs the bridge on its noun; the
question asked again writes the outermost bridge found over the clauses inside it; an answer found through
several steps cites each step's sentence in turn; and "the first film released under X", asked of the
holder found, needs a sentence that says which film was the first."""

from __future__ import annotations

import pytest

from lightrag_core.query.decompose import bridges
from lightrag_core.query.result import DecompositionStep
from lightrag_core.query.rewrite import resolved_question
from lightrag_core.query.sentences import Sentence, stems
from lightrag_core.query.short_answer import answer_resolved
from lightrag_core.query.steps import resolve_steps
from lightrag_core.storage.sqlite.store import SQLiteStore
from tests.unit.test_decompose import DIM, _doc, _links
from tests.unit.test_short_answer import answer

ALBUM = "Glass Orchard (album)"
QUESTION = "Which label released the 2004 album co-produced by Mara Quill?"


@pytest.fixture
def empty(tmp_path):
    s = SQLiteStore(tmp_path)
    s.set_embedding_meta("test", DIM)
    yield s
    s.close()


@pytest.fixture
def store(empty):
    s = empty
    _doc(s, "quill", "Mara Quill", ["Mara Quill Mara Quill is an English record producer and singer from Hull."],
         ["Mara Quill"], 0.0)
    _doc(s, "album", ALBUM, [f"{ALBUM} Glass Orchard is the third album by The Lanterns, released by Finchley "
                             "Records on May 3, 2004. The band enlisted five producers for the album, including "
                             "Mara Quill of Tessellate and Ivo Dane."], ["Glass Orchard", "The Lanterns"], 0.0)
    # a band's passage: "the album" there is not the band
    _doc(s, "band", "Pale Harbour (band)", ["Pale Harbour (band) Pale Harbour is an indie band from Leeds. Mara "
                                            "Quill co-produced the album the band released in 2004."],
         ["Pale Harbour"], 0.0)
    return s


def _steps(store, question, ids):
    return resolve_steps(store, question, _links(store, question), list(store.get_chunks(ids).values()))[1]


def test_a_prefixed_participle_hangs_the_bridge_on_its_noun():
    assert [b.phrase for b in bridges(QUESTION)] == ["the 2004 album"]
    assert [b.phrase for b in bridges("Who co-wrote the 1998 film co-directed by Ada Lorne?")] == ["the 1998 film"]
    assert [b.phrase for b in bridges("On which channel did the 2015 series starring Ada Lorne air?")] == \
        ["the 2015 series"]


def test_the_album_in_the_albums_own_passage_is_its_subject(store):
    steps = _steps(store, QUESTION, ["album-0", "band-0", "quill-0"])
    assert [(s.phrase, s.found, s.subjects) for s in steps] == [("the 2004 album", ALBUM, ["Mara Quill"])]
    assert "enlisted five producers" in steps[0].sentence


def test_the_album_in_a_bands_passage_is_not_the_band(store):
    steps = _steps(store, QUESTION, ["band-0", "quill-0"])
    assert "Pale Harbour (band)" not in [s.found for s in steps]


def _sentence(text: str, ref: int, offset: int = 0) -> Sentence:
    return Sentence(text, str(ref), ref - 1, frozenset(stems(text)), offset=offset)


def test_an_answer_through_several_steps_cites_each_steps_sentence_in_turn():
    brothers = _sentence("The song was co-written by Nick Vale and his brother Zack Vale.", 1)
    elder = _sentence("Nick Vale is the elder of the two Vale brothers.", 2)
    album = _sentence("The band enlisted five producers for the album, including Nick Vale.", 3, 40)
    label = _sentence("Glass Orchard is the third album by The Lanterns, released by Finchley Records in 2004.", 3)
    other = _sentence("Tessellate signed with Dune Records in 2001.", 4)
    steps = [DecompositionStep("the two brothers", ["Red Song"], "Zack Vale", "title", brothers.text, "c1", 1.2, 0.5),
             DecompositionStep("the elder", ["Red Song"], "Nick Vale", "title", elder.text, "c2", 0.9, 0.5),
             DecompositionStep("the 2004 album", ["Nick Vale"], ALBUM, "title", album.text, "c3", 0.9, 0.5)]
    scored = [(label, 1.0), (album, 0.9), (brothers, 0.8), (elder, 0.7), (other, 0.6)]
    found = answer_resolved("Which label released the 2004 album co-produced by the elder of the two brothers who "
                            "co-wrote Red Song?", "Which label released Glass Orchard?", scored, ["Glass Orchard"],
                            steps)
    assert found is not None and found.text == "Finchley Records"
    assert found.evidence == [brothers, elder, album, label]
    assert found.path == ["Red Song", "Zack Vale", "Nick Vale", "Glass Orchard", "Finchley Records"]


SERIES_QUESTION = "On which channel did the 2015 series starring the main vocalist of Velvet Fox air?"


@pytest.fixture
def cast(empty):
    s = empty
    _doc(s, "fox", "Velvet Fox", ["Velvet Fox Velvet Fox is a South Korean girl group formed by Plan B in 2011."],
         ["Velvet Fox"], 0.0)
    _doc(s, "ada", "Ada Lorne", ["Ada Lorne Ada Lorne (born Lorne Hye-rim, on August 18, 1993), better known by the "
                                 "mononym Ada, is a South Korean singer and actress. She is best known as the main "
                                 "vocalist of the girl group Velvet Fox."], ["Ada Lorne"], 0.0)
    _doc(s, "days", "Bright Days (TV series)", ["Bright Days (TV series)\nBright Days! (lit. Go Go) is a 2015 South "
                                               "Korean television series starring Ada Lorne and Tom Vale. It aired "
                                               "on KBS9 every Monday."], ["Bright Days", "Tom Vale"], 0.0)
    # a writer's passage: a candidate for president is no president
    _doc(s, "tom", "Tom Vale", ["Tom Vale Tom Vale is an English writer and critic. He was a candidate for president "
                                "of Velvet Fox in 1990."], ["Tom Vale"], 0.0)
    # a king's passage: "on his father's death" makes him no one's father
    _doc(s, "king", "Rhun ap Cai", ["Rhun ap Cai Rhun ap Cai was a Welsh king. He was installed by Velvet Fox's "
                                    "patron on his father's death."], ["Rhun ap Cai"], 0.0)
    return s


def test_she_in_a_singers_passage_and_a_series_opening_are_their_subjects(cast):
    steps = _steps(cast, SERIES_QUESTION, ["fox-0", "ada-0", "days-0"])
    assert [(s.phrase, s.found) for s in steps] == [("the main vocalist", "Ada Lorne"),
                                                     ("the 2015 series", "Bright Days (TV series)")]


def test_he_whose_father_a_sentence_names_is_no_father(cast):
    steps = _steps(cast, "Where was the father of the patron of Velvet Fox born?", ["king-0", "fox-0"])
    assert "Rhun ap Cai" not in [s.found for s in steps]


def test_a_candidate_for_the_role_is_no_holder_of_it(cast):
    steps = _steps(cast, "Where was the president of Velvet Fox born?", ["tom-0", "fox-0"])
    assert "Tom Vale" not in [s.found for s in steps]


def test_a_quoted_names_predicate_is_that_name_again():
    question = '"Red Song" is a song included in the 1968 album "Blue" by an English singer born in what city?'
    assert [b.phrase for b in bridges(question)] == ["an English singer"]


def _step(phrase: str, found: str, sentence: str) -> DecompositionStep:
    return DecompositionStep(phrase, ["x"], found, "title", sentence, "c0", 1.2, 0.5)


def test_the_outermost_bridge_is_written_over_the_clauses_inside_it():
    question = ("On which channel did the 2015 series starring the main vocalist of the girl group formed by Plan B "
                "in 2011 air?")
    steps = [_step("the girl group", "Velvet Fox", "Velvet Fox is a South Korean girl group formed by Plan B in 2011."),
             _step("the main vocalist", "Ada Lorne", "She is best known as the main vocalist of Velvet Fox."),
             _step("the 2015 series", "Bright Days (TV series)", "Bright Days is a 2015 series starring Ada Lorne.")]
    assert resolved_question(question, steps) == "On which channel did Bright Days air?"
    # (without the series, the inner phrase whose clause's end its sentence tells is written)
    assert resolved_question(question, steps[:2]) == \
        "On which channel did the 2015 series starring the main vocalist of Velvet Fox air?"


FILMS = ["Big Day (2014 film)\nBig Day is a 2014 American animated film produced by Lumen Animation Studios. It was "
         "released under the Lumen Pictures banner.",
         "Lumen Pictures\nLumen Pictures is an American film studio owned by Bay Media. Its 2010 film Red Moon was a "
         "hit with critics. Directed by Ann Lee, the film tells the story of a wolf."]


def test_the_first_film_of_a_holder_found_is_not_any_film_of_it():
    found = answer("Who directed the first film released under the banner that released Big Day?", FILMS, ["Big Day"])
    assert found is None or not found.confident
    # the same reading, where the question names the film by what the text says
    found = answer("Who directed the 2010 film released under the banner that released Big Day?", FILMS, ["Big Day"])
    assert found is not None and found.confident and found.text == "Ann Lee"


def test_a_names_own_exclamation_mark_ends_no_sentence_before_its_bracket():
    from lightrag_core.query.sentences import split_sentences
    assert split_sentences("Bright Days! (TV series)\nBright Days! (lit. Go Go) is a 2015 series. It aired on KBS9. "
                           "Hi Ada! Sure, I can.") == [
        "Bright Days! (TV series) Bright Days! (lit. Go Go) is a 2015 series.", "It aired on KBS9.", "Hi Ada!",
        "Sure, I can."]


def test_a_person_whose_opening_quotes_a_nickname_is_no_single(empty):
    from lightrag_core.query.title_kind import called_otherwise

    store = empty
    _doc(store, "nick", "Nick Vale", ['Nick Vale Nicholas Lofton "Nick" Vale (born April 12, 1970) is an American '
                                      "singer and rapper."], ["Nick Vale"], 0.0)
    single = bridges("Who wrote a Kite single sung by Ada Lorne?")[0]
    assert single.head == "single"
    assert called_otherwise(store, single.head, "Nick Vale", store.document_chunk_ids("nick"), {})


def test_a_bridge_whose_clause_asks_by_whom_is_not_written_over():
    question = "Ada Lorne took the title of a Kite single from an early interview given by whom?"
    steps = [_step("a Kite single", "Blue Sky (song)", "Blue Sky is a Kite single.")]
    assert resolved_question(question, steps) is None


def test_an_album_by_a_rapper_is_an_album(empty):
    from lightrag_core.query.title_kind import called_otherwise

    store = empty
    _doc(store, "vl", "Vicious Kites", ["Vicious Kites Vicious Kites is the second solo album by American rapper and "
                                        "Outkast member Big Vale."], ["Vicious Kites"], 0.0)
    album = bridges("Who co-wrote the lead single of the album that Boomtown follows up?")
    head = next(b for b in album if b.head == "album")
    assert not called_otherwise(store, head.head, "Vicious Kites", store.document_chunk_ids("vl"), {})


def test_two_bridges_apart_in_the_question_are_not_written_as_one():
    question = "Which film did the director of Alien make after the producer of Jaws retired?"
    steps = [_step("the director", "Ridley Scott", "Alien was directed by Ridley Scott."),
             _step("the producer", "Ann Lee", "Jaws was produced by Ann Lee.")]
    assert resolved_question(question, steps) == "Which film did Ridley Scott make after the producer of Jaws retired?"
    # a bracketed name's predicate names it again ("Red Harbor (film) is a movie …")
    assert [b.phrase for b in bridges("Red Harbor (film) is a movie directed by the director of Jaws.")] == \
        ["the director"]
