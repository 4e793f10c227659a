"""Query decomposition: a question that names something only through another ("the director of X") is
split at that phrase, the phrase resolved in the text first, and the walk seeded with what it is."""

from __future__ import annotations

import numpy as np
import pytest

from lightrag_core.models import Chunk, DocumentInfo, Entity, GraphWrite
from lightrag_core.query import linking
from lightrag_core.query.decompose import bridges
from lightrag_core.query.multihop import multihop_search
from lightrag_core.query.params import QueryParam
from lightrag_core.query.sentences import split_sentences
from lightrag_core.query.steps import MAX_STEPS, resolve_steps
from lightrag_core.storage.sqlite.store import SQLiteStore

DIM = 4
FILM = "Once Upon a Time in America"
DIRECTOR_QUESTION = f"When did the director of {FILM} die?"
FATHER_QUESTION = f"Where was the father of the director of {FILM} born?"


def _vec(*xs: float) -> np.ndarray:
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


def _doc(store: SQLiteStore, doc_id: str, subject: str, texts: list[str], entities: list[str], near: float) -> None:
    """A titled document of one entity; `near` places its chunks towards the question's vector."""
    chunks = [Chunk(f"{doc_id}-{i}", doc_id, i, 5, t, doc_id, _vec(near, 1, i, 0)) for i, t in enumerate(texts)]
    ents = [Entity(name, "thing", f"about {name}", [chunks[0].id], [doc_id], embedding=_vec(0, 0, 1, k + 1))
            for k, name in enumerate(entities)]
    records = {chunks[0].id: {"entities": [[n, "thing", "x"] for n in entities], "relations": []}}
    store.apply(GraphWrite(document=DocumentInfo(doc_id, subject, doc_id, "h" + doc_id, "processed", subject=subject),
                           document_text="\n".join(texts), chunks=chunks, chunk_records=records, entities=ents))


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path)
    s.set_embedding_meta("test", DIM)
    # As the small extractor does, the film's page yields no entity for its director: no graph edge
    # leads from the film to him, and his page shares no word with the question but "director".
    _doc(s, "film", FILM, [f"{FILM} is a 1984 epic crime film directed by Sergio Leone."], [FILM], 0.0)
    _doc(s, "leone", "Sergio Leone", ["Sergio Leone was an Italian filmmaker, the son of Vincenzo Leone. "
                                      "Leone passed away in Rome on 30 April 1989."], ["Sergio Leone"], 0.0)
    _doc(s, "father", "Vincenzo Leone", ["Vincenzo Leone was born in Torella dei Lombardi."],
         ["Vincenzo Leone"], 0.0)
    _doc(s, "third", "The Third Man", ["The Third Man is a 1949 film noir directed by Carol Reed."],
         ["The Third Man"], 0.0)
    _doc(s, "reed", "Carol Reed", ["Carol Reed was an English filmmaker from London."], ["Carol Reed"], 0.0)
    # Look-alikes the question's words and vector find first.
    for n, text in enumerate(["The director of a museum in America will die of boredom, a critic wrote.",
                              "Time in America: when did the director of the census die?",
                              "Once upon a time a director in America did die."]):
        _doc(s, f"other{n}", f"Other {n}", [text], [f"Other {n}"], 5.0)
    yield s
    s.close()


def _links(store: SQLiteStore, question: str) -> list[linking.Link]:
    links, _ = linking.link_by_name(store, question, [])
    return linking.best_links(links + linking.link_by_title(store, question))


def _search(store: SQLiteStore, question: str):
    param = QueryParam(mode="multihop", chunk_top_k=4).validate()
    return multihop_search(store, question, _links(store, question), _vec(5, 1, 0, 0), param)


# -- splitting the question -------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "phrases"), [
    (DIRECTOR_QUESTION, ["the director"]),
    # What the question asks for ("the mother") is its answer, not a bridge.
    ("Who is the mother of the director of film Polish Easter?", ["the director"]),
    ("When was the institute that owned The Collegian founded?", ["the institute"]),
    ("Who directed the film that was shot in or around Leland, North Carolina in 1986", ["the film"]),
    # "X is a …" says what X is: the predicate is X again, the bridge is the singer-songwriter.
    ("Transfiguration of Vincent is the third studio album by a singer-songwriter from what state?",
     ["a singer-songwriter"]),
    ("Drew Fuller starred in a series that originally broadcast on what station?", ["a series"]),
    # A question that names everything it asks about has nothing to decompose.
    ("Are Christopher Nolan and Sathish Kalathil both film directors?", []),
    ("Who is delivering the bread to Li Hua on 20260403?", []),
])
def test_a_question_is_split_at_the_phrases_that_name_something_through_another(question, phrases):
    assert [b.phrase for b in bridges(question)] == phrases


def test_a_role_bridge_is_stated_with_the_roles_cue_words():
    (bridge,) = bridges(DIRECTOR_QUESTION)
    assert bridge.head == "director" and "direct" in bridge.cues
    assert DIRECTOR_QUESTION[bridge.start:bridge.end] == "the director"


def test_a_bridge_is_resolved_for_each_named_thing_only_when_the_question_asks_of_each():
    assert not bridges(DIRECTOR_QUESTION)[0].each
    assert bridges("Were the directors of Jaws and Alien born in the same country?")[0].each
    assert bridges("Which film has the director who died first, Jaws or Alien?")[0].each
    # "Which album's performer …?": the performer of each option, however the options are punctuated
    (performer,) = bridges("Which song's performer was born earlier, Hold Me (No, No) or Blue Wire?")
    assert performer.phrase == "performer" and performer.each and "song by" in performer.cues


def test_an_initial_does_not_end_the_sentence_that_names_the_bridge():
    assert split_sentences("The third album by singer-songwriter M. Ward. It sold well.") == [
        "The third album by singer-songwriter M. Ward.", "It sold well."]


# -- resolving and seeding --------------------------------------------------------------------------
def test_the_bridge_is_found_in_a_sentence_about_the_named_thing_and_reported(store):
    hits = _search(store, DIRECTOR_QUESTION)
    (step,) = hits.walk.decomposition
    assert (step.phrase, step.found, step.via) == ("the director", "Sergio Leone", "title and entity")
    assert step.subjects == [FILM] and "directed by Sergio Leone" in step.sentence and step.chunk_id == "film-0"
    assert 0 < step.seed_weight < 1  # found, not named: a bounded seed
    # The director's page, which no word of the question and no graph edge reaches, is now retrieved,
    # beside the film's own page.
    assert {"film-0", "leone-0"} <= {c.id for c in hits.chunks}
    assert hits.walk.trust_decision.weights["bridge"] > 0
    assert any("bridge" in r for r in hits.walk.trust_decision.reasons)


def test_without_a_bridge_the_directors_page_is_out_of_reach(store):
    """The same store and question with decomposition's seeds withheld: the page is not retrieved."""
    param = QueryParam(mode="multihop", chunk_top_k=4).validate()
    links = _links(store, "What is the film " + FILM + " about?")
    hits = multihop_search(store, "What is the film " + FILM + " about?", links, _vec(5, 1, 0, 0), param)
    assert hits.walk.decomposition == [] and "leone-0" not in {c.id for c in hits.chunks}


def test_bridges_are_resolved_from_the_inside_out_and_each_one_seeds_the_next(store):
    hits = _search(store, FATHER_QUESTION)
    assert [(s.phrase, s.found) for s in hits.walk.decomposition] == [
        ("the director", "Sergio Leone"), ("the father", "Vincenzo Leone")]
    assert [s.subjects for s in hits.walk.decomposition] == [[FILM], ["Sergio Leone"]]
    assert "father-0" in {c.id for c in hits.chunks}


def test_one_bridge_of_two_named_things_is_resolved_for_each(store):
    question = f"Were the directors of {FILM} and The Third Man born in the same country?"
    hits = _search(store, question)
    assert sorted((s.subjects[0], s.found) for s in hits.walk.decomposition) == [
        (FILM, "Sergio Leone"), ("The Third Man", "Carol Reed")]
    assert {"leone-0", "reed-0"} <= {c.id for c in hits.chunks}


def test_no_steps_for_a_question_that_names_what_it_asks_about(store):
    hits = _search(store, f"Who directed {FILM}?")
    assert hits.walk.decomposition == []


def test_a_name_the_question_holds_is_never_its_own_bridge(store):
    seeds, steps = resolve_steps(store, f"Who is the director of {FILM} and Sergio Leone?",
                                 _links(store, f"Who is the director of {FILM} and Sergio Leone?"), [])
    assert all(s.found not in {FILM, "Sergio Leone"} for s in steps)
    assert len(steps) <= MAX_STEPS and all(lk.method == "bridge" for lk in seeds)


def test_the_steps_reach_the_querys_processing_info(store, tmp_path):
    from lightrag_core.query.result import GraphWalkInfo, ProcessingInfo

    hits = _search(store, DIRECTOR_QUESTION)
    flat = ProcessingInfo(graph=hits.walk).to_dict()
    assert flat["decomposition"][0]["found"] == "Sergio Leone"
    assert ProcessingInfo(graph=GraphWalkInfo()).to_dict()["decomposition"] == []


# -- kinship in one word, and a bridge stated by its clause ------------------------------------------
def test_a_kinship_of_two_steps_gives_both_steps_even_when_it_is_asked_for():
    found = bridges("Who is the maternal grandfather of Antiochus Eusebes?")
    assert [(b.head, b.cues[0]) for b in found] == [("mother", "mother"), ("father", "father")]
    assert [b.head for b in bridges("Who is Prince Henry's father-in-law?")] == ["spouse", "father"]


@pytest.fixture
def papers(tmp_path):
    s = SQLiteStore(tmp_path)
    s.set_embedding_meta("test", DIM)
    # The newspaper's page never says "institute": the clause's verb ("owned") states the bridge. A
    # namesake holding that verb in its own title is not taken.
    _doc(s, "paper", "The Collegian", ["The Collegian, unlike Owned Media Group, is a student newspaper owned by "
                                       "Hillsdale College."], ["The Collegian"], 0.0)
    _doc(s, "college", "Hillsdale College", ["Hillsdale College was founded in 1844 in Michigan."],
         ["Hillsdale College"], 0.0)
    _doc(s, "namesake", "Owned Media Group", ["A marketing firm."], ["Owned Media Group"], 0.0)
    for n, text in enumerate(["When was the institute of music founded? Long ago, they say.",
                              "An institute was founded when the owner died."]):
        _doc(s, f"other{n}", f"Other {n}", [text], [f"Other {n}"], 5.0)
    yield s
    s.close()


def test_a_bridge_the_text_states_with_the_clauses_verb_is_found(papers):
    question = "When was the institute that owned The Collegian founded?"
    hits = _search(papers, question)
    assert [(s.phrase, s.found) for s in hits.walk.decomposition] == [("the institute", "Hillsdale College")]
    assert "college-0" in {c.id for c in hits.chunks}
    assert "namesake-0" not in {c.id for c in hits.chunks}


def test_the_query_page_shows_each_step_and_the_bridge_channels_weight(store):
    from lightrag_core.query.result import ProcessingInfo, QueryResult
    from lightrag_core.workbench import result_tables

    result = QueryResult("multihop", [], [], processing_info=ProcessingInfo(graph=_search(store, FATHER_QUESTION).walk))
    rows = result_tables.decomposition_rows(result)
    assert [(r["step"], r["phrase"], r["about"], r["found"]) for r in rows] == [
        (1, "the director", FILM, "Sergio Leone"), (2, "the father", "Sergio Leone", "Vincenzo Leone")]
    assert "bridge 1" in result_tables.trust_summary(result)
    assert result_tables.decomposition_rows(QueryResult("mix", [], [])) == []
