"""What a passage says of "it" or "the film" is said of its subject, which the passage's first sentence
names; and a sentence that lists several names of a kind singles out none of them."""

from __future__ import annotations

import pytest

from lightrag_core.query.answer_spans import parse
from lightrag_core.query.referents import passage_opening, refers_to_subject, subject_called
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import Sentence, sentences_of
from lightrag_core.query.span_ties import listed
from tests.unit.test_short_answer import answer

SONG = ('Paper Lanterns\n"Paper Lanterns" is a song by the American band Grey Owls. It was released as the lead '
        'single from their second album "Tides", debuting in an episode of the Meridian Network\'s series '
        '"Harbour Street".')
SERIES = "Harbour Street\nHarbour Street is an American detective series shown by the Meridian Network."
FILM = ("The Glass Orchard\nThe Glass Orchard is a 1971 American animated musical film. The film is based on a story "
        "by Tom Hale and Ann Price. The film features the voices of Joan Reed, Paul Stone and Mara Vell.")
ACTRESS = ("Mara Vell\nMara Vell (born 1930) is an English actress who has appeared in Thornfield, in Winter Roads "
           "and in Lucky Hill.")


def _sentences(*chunks: str) -> list[Sentence]:
    result = QueryResult("multihop", [], [])
    result.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                     for i, c in enumerate(chunks)]
    return sentences_of(result)


def test_what_it_did_is_answered_by_the_subject_its_passage_opens_with() -> None:
    found = answer("What song debuted in an episode of Harbour Street?", [SERIES, SONG], ["Harbour Street"])
    assert found is not None and found.text == "Paper Lanterns"
    assert [s.ref for s in found.evidence] == ["2", "2"]  # the song's first sentence, then what "it" did
    assert found.evidence[1].text.startswith("It was released")


def test_the_film_is_the_passage_subject_not_a_name_it_lists() -> None:
    found = answer("In what film did Mara Vell play a character based on a story by Tom Hale?",
                   [ACTRESS, FILM], ["Mara Vell", "Tom Hale"])
    assert found is not None and found.text == "The Glass Orchard"


@pytest.mark.parametrize(("text", "refers"), [
    ("It was released as the lead single in 1999.", True),
    ("The single peaked at number four.", True),
    ("The song was performed live on a 1999 episode.", True),
    # a noun of the family that is no subject of a verb, or of another family, is not the passage's subject
    ("He assisted the only female music director in the Indian film industry.", False),
    ("The album was recorded in Nashville.", False),
])
def test_which_sentences_speak_of_their_passage_subject(text: str, refers: bool) -> None:
    sentence = _sentences(f"Paper Lanterns\nPaper Lanterns is a song by Grey Owls. {text}")[-1]
    assert refers_to_subject(sentence, "song") is refers


def test_the_subject_is_named_by_the_title_or_before_is_a() -> None:
    titled, untitled = _sentences(FILM)[0], _sentences("The Glass Orchard is a 1971 animated film.")[0]
    assert subject_called(titled, "film") is not None and subject_called(titled, "film").text == "The Glass Orchard"
    assert subject_called(untitled, "comedy") is not None and subject_called(untitled, "comedy").text == \
        "The Glass Orchard"
    assert subject_called(titled, "song") is None  # a film is no song
    assert subject_called(_sentences(ACTRESS)[0], "film") is None


def test_it_refers_to_a_near_opening_only() -> None:
    tours = "".join(f"They toured {i} towns. " for i in range(80))
    far = f"Grey Owls\nGrey Owls is a band from Ohio. {tours}It was renamed."
    sentences = _sentences(far)
    assert passage_opening(sentences[1], sentences) is sentences[0]
    assert passage_opening(sentences[-1], sentences) is None


def test_a_list_of_names_is_counted() -> None:
    parsed = parse(_sentences("In his career he took images of Anna Berg, Peter Holm, Maria Lopez and David Clark."))[0]
    people = [k for k in parsed.spans if k.label == "PERSON"]
    assert len(people) == 4 and all(listed(parsed, k) == 4 for k in people)
    alone = parse(_sentences("He was the father of Bollywood actress Ellen Rook."))[0]
    assert [listed(alone, k) for k in alone.spans if k.label == "PERSON"] == [1]


def test_a_name_singled_out_beats_names_listed() -> None:
    photographer = ("Dan Rook\nDan Rook is an Indian photographer. He is known for taking images of various "
                    "celebrities, including Anna Berg, Peter Holm, Maria Lopez, Sara Stone and David Clark. He was the "
                    "father of Bollywood actress Ellen Rook.")
    found = answer("Indian photographer Dan Rook, known for taking images of various celebrities including Sara "
                   "Stone, is father to which Bollywood actress?", [photographer],
                   ["Dan Rook", "Sara Stone", "Bollywood", "Indian"])
    # the listed names share more of the question's words, but their sentence singles out none of them
    assert found is not None and found.text == "Ellen Rook" and found.confident
