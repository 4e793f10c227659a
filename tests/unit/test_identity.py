""""Who is Fred?" is answered by what the text says Fred is, never by another name in his sentences."""

from __future__ import annotations

import pytest

from lightrag_core.query.identity import asked_name
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentences import score_sentences
from lightrag_core.query.short_answer import short_answer


@pytest.mark.parametrize(("question", "name"), [
    ("Who is Fred?", "Fred"),
    ("Who was the Ghost of Christmas Past?", "Ghost of Christmas Past"),
    ("Who is Ludwig van Beethoven?", "Ludwig van Beethoven"),
    ("What is The Last of Us?", "The Last of Us"),
    ("What was Catan?", "Catan"),
    # questions that ask more than who someone is
    ("Who is Li Hua's landlord?", ""),
    ("Who is the oldest, Sid Haig or Vic Darchinyan?", ""),
    ("Who is Li Hua meeting with?", ""),
    ("What was the profession of Amy Johnson?", ""),
    ("Who was Scrooge's business partner?", ""),
])
def test_a_question_that_only_names_someone(question: str, name: str) -> None:
    assert asked_name(question) == name


class NoEmbedder:
    def embed(self, texts: list[str]):  # noqa: ANN201
        raise AssertionError("no embedding expected without a query vector")


def answer(question: str, chunk: str, names: list[str]):  # noqa: ANN201
    r = QueryResult("multihop", [], names)
    r.chunks = [{"content": chunk, "reference_id": "1", "chunk_id": "c0", "document_id": "d0"}]
    return short_answer(question, score_sentences(NoEmbedder(), None, question, r), names)  # type: ignore[arg-type]


@pytest.mark.parametrize(("question", "chunk", "said"), [
    # an apposition, not the other name the sentences hold
    ("Who is Fred?", "'Fred!' said Scrooge. Fred, Scrooge's nephew. Scrooge went to Fred's house.",
     "Scrooge's nephew"),
    # two appositions together; a second name given in brackets is the same person
    ("Who is Ebenezer Scrooge?", "Ebenezer Scrooge, a covetous old man, the surviving partner of the firm.",
     "a covetous old man, the surviving partner of the firm"),
    ("Who is Tiny Tim?", 'Tim Cratchit ("Tiny Tim"), a cripple, youngest son of Bob Cratchit.',
     "a cripple, youngest son of Bob Cratchit"),
    # a copula, without its relative clause, after a title line that repeats the name
    ("Who is Grant Hill?", "Grant Hill Grant Henry Hill (born October 5, 1972) is a retired American basketball "
     "player who played 19 seasons in the NBA.", "a retired American basketball player"),
    # the description the name is apposed to
    ("Who is Fred?", "Scrooge's nephew Fred invited him to dinner.", "Scrooge's nephew"),
    # "Mrs. Fezziwig" is someone else; "would have been a match" says nothing of what he is
    ("Who is Fezziwig?", "Old Fezziwig would have been a match for them. Mrs. Fezziwig, the worthy partner of "
     "Mr. Fezziwig. Mr. Fezziwig, a kind-hearted, jovial old merchant.", "a kind-hearted, jovial old merchant"),
])
def test_what_the_text_says_they_are(question: str, chunk: str, said: str) -> None:
    found = answer(question, chunk, [asked_name(question)])
    assert found is not None and found.confident and found.text == said, found
    assert found.path == [asked_name(question), said] and said in found.evidence[0].text


def test_no_description_no_short_answer() -> None:
    # "his partner": whose, the sentence does not say; and Scrooge, the other name, is no answer
    found = answer("Who was Jacob Marley?", "Jacob Marley was his partner. Scrooge signed it. Scrooge and Jacob "
                   "Marley were partners for I don't know how many years.", ["Jacob Marley"])
    assert found is None or not found.confident, found
