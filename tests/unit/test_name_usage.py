"""How a text uses its names, where the NER model's labels would make a generated question read wrong."""

from __future__ import annotations

from lightrag_core.models import Chunk
from lightrag_core.nlp import nlp
from lightrag_core.workbench.testset.acceptance import Checks
from lightrag_core.workbench.testset.facts import read_facts
from lightrag_core.workbench.testset.generate import single_candidates
from lightrag_core.workbench.testset.model import Names
from lightrag_core.workbench.testset.name_usage import articled_names, people_among

NOVEL = ('"Hush!" cried the Spirit. "Come with me," said the Spirit. The Spirit stood among the graves. '
         "The Spirit sank into a heavy sleep.")


def parsed(*texts: str):  # noqa: ANN201
    return list(nlp().pipe(texts))


def test_a_name_that_speaks_in_tags_or_weeps_is_a_person_whatever_ner_says() -> None:
    # the small model calls the Spirit an organisation, and the graph's type follows it
    assert people_among(parsed(NOVEL), {"spirit": "organisation"}) == {"spirit": "person"}


def test_a_company_that_says_things_stays_one() -> None:
    text = '"We expect growth," Microsoft said. Microsoft opened an office in Paris. Microsoft smiled.'
    assert people_among(parsed(text), {"microsoft": "organisation"}) == {}  # one act is no evidence


def test_a_persons_name_behind_a_title_is_the_person() -> None:
    kinds = {"fezziwig": "person", "old fezziwig": "organisation", "old trafford": "place"}
    assert people_among(parsed("Old Fezziwig laid down his pen."), kinds) == {"old fezziwig": "person"}


def test_names_written_after_the_keep_it_in_a_question() -> None:
    names = Names(articled=articled_names(parsed(NOVEL, "Scrooge saw Marley. The Marley firm did well. Marley died.")))
    assert names.articled == {"spirit"}
    assert names.as_written("What did Spirit sink into?", "Spirit") == "What did the Spirit sink into?"
    assert names.as_written("Spirit stood there?", "Spirit") == "The Spirit stood there?"
    assert names.as_written("What did the Spirit see?", "Spirit") == "What did the Spirit see?"
    assert names.as_written("What did Marley see?", "Marley") == "What did Marley see?"


def test_the_generated_questions_ask_who_and_write_the() -> None:
    chunks = [Chunk("c1", "book", 0, 50, NOVEL)]
    corpus = read_facts(chunks, parsed(NOVEL), {"book": ""}, {"spirit": "organisation"})
    asked = {q.question: q.answer for q in single_candidates(corpus, Checks(corpus))}
    assert asked.get("Who stood among the graves?") == "Spirit", asked
    assert asked.get("What did the Spirit sink into?") == "a heavy sleep", asked
    assert not any(q.startswith("Which organisation") for q in asked), asked


def test_only_a_name_also_written_as_a_common_noun_is_generic() -> None:
    from lightrag_core.workbench.testset.name_usage import generic_names

    docs = parsed(NOVEL + " Their spirit voices faded.", "The Rockets won. The Rockets lost. The Rockets moved.")
    articled = articled_names(docs)
    assert {"spirit", "rockets"} <= articled
    assert generic_names(docs, articled) == {"spirit"}  # the Rockets are one team, not a kind of thing
