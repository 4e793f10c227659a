""""What did X <verb> …?" is answered by what the verb took in the sentence where X did it."""

from __future__ import annotations

import pytest

from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import score_sentences
from lightrag_core.query.short_answer import short_answer


class NoEmbedder:
    def embed(self, texts: list[str]):  # noqa: ANN201
        raise AssertionError("no embedding expected without a query vector")


def answer(question: str, chunk: str, names: list[str]):  # noqa: ANN201
    r = QueryResult("multihop", [], names)
    r.chunks = [{"content": chunk, "reference_id": "1", "chunk_id": "c0", "document_id": "d0"}]
    return short_answer(question, score_sentences(NoEmbedder(), None, question, r), names)  # type: ignore[arg-type]


COOKING = ("Mrs. Cratchit laid the cloth, while Master Peter Cratchit plunged a fork into the saucepan of potatoes. "
           "Bob went to church. Scrooge stopped and poked the fire with his stick, which was cold. "
           "Peter shook hands with the boy. He crossed the threshold.")


@pytest.mark.parametrize(("question", "names", "said"), [
    # the object of the verb the question's subject did
    ("What did Peter Cratchit plunge into the saucepan of potatoes?", ["Peter Cratchit"], "a fork"),
    # the object of the preposition the question ends on, its other words given
    ("What did Peter Cratchit plunge a fork into?", ["Peter Cratchit"], "the saucepan of potatoes"),
    # the second of two joined verbs, without the relative clause
    ("What did Scrooge poke?", ["Scrooge"], "the fire"),
    ("What did Scrooge poke the fire with?", ["Scrooge"], "his stick"),
    # "He", the sentence after the one that named him
    ("What did Peter cross?", ["Peter"], "the threshold"),
])
def test_what_the_verb_took(question: str, names: list[str], said: str) -> None:
    found = answer(question, COOKING, names)
    assert found is not None and found.confident and found.text == said, found
    assert found.path == [names[0], said] and said in found.evidence[0].text


@pytest.mark.parametrize(("question", "chunk"), [
    # someone else did it
    ("What did Bob poke?", COOKING),
    # another verb
    ("What did Scrooge light?", COOKING),
    # the question's other words are not in that sentence
    ("What did Scrooge poke the coals with?", COOKING),
    # two sentences say different things: no one answer
    ("What did Scrooge eat?", "Scrooge ate the gruel. Later Scrooge ate a goose."),
    # a pronoun is no answer
    ("What did Scrooge take?", "Scrooge took it."),
])
def test_no_answer_unless_one_sentence_says_it(question: str, chunk: str) -> None:
    found = answer(question, chunk, [question.split()[2]])
    assert found is None or not found.confident, found
