""""Who starred alongside X in …?" is answered only by a name listed with X, not by another of the sentence's."""

from __future__ import annotations

import pytest

from lightrag_core.embeddings import offline_embedder
from lightrag_core.query import extractive
from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import Sentence

CROWN = "Lucy Crown\nLucy Crown is a 1956 novel by American author Irwin Shaw."
SHAW = ("Irwin Shaw\nIrwin Shaw (February 27, 1913 – May 16, 1984) was an American novelist. He is best known for two "
        "of his novels: \"The Young Lions\" (1948), about the fate of three soldiers during World War II, made into a "
        "film of the same name starring Marlon Brando and Montgomery Clift, and \"Rich Man, Poor Man\" (1970), about "
        "the fate of three siblings after World War II, that was made into a popular miniseries starring Nick Nolte.")


@pytest.fixture(scope="module")
def embedder():
    return offline_embedder("int8")


def _short(embedder, question: str, *chunks: str, names: tuple[str, ...] = ()) -> dict | None:
    r = QueryResult("multihop", [], list(names))
    r.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                for i, c in enumerate(chunks)]
    "".join(extractive.extractive_answer(embedder, embedder.embed([question])[0], question, r))
    return r.short_answer


def test_a_name_of_another_work_in_the_same_sentence_is_no_co_star(embedder) -> None:
    question = ("Who starred alongside Marlon Brando in the film made from the World War II novel by the author of "
                "Lucy Crown?")
    short = _short(embedder, question, CROWN, SHAW, names=("Lucy Crown", "Marlon Brando"))
    assert short is None or short["text"] != "Nick Nolte", short


@pytest.mark.parametrize(("listed", "answer"), [
    ("The series starred Gerald McRaney and Jameson Parker as two brothers.", "Jameson Parker"),
    ("It starred Jameson Parker, Gerald McRaney and Mary Carver.", "Mary Carver"),
])
def test_a_name_listed_with_the_named_one_answers(listed: str, answer: str) -> None:
    found = ShortAnswer(answer, [Sentence(listed, "1", 0, frozenset())], [answer], 1.0)
    assert extractive._beside_said(found, "Who starred alongside Gerald McRaney in the series?")
    assert not extractive._beside_said(found, "Who starred alongside Tom Selleck in the series?")
