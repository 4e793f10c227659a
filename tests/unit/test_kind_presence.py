"""Sentences that can hold the asked-for kind of answer are raised in the offline answer's evidence."""

from __future__ import annotations

from lightrag_core.query.answer_type import answer_type
from lightrag_core.query.kind_presence import favour_kind, holds_kind
from lightrag_core.query.sentences import Sentence, stems
from tests.unit.test_short_answer import NoEmbedder


def sentence(text: str, ref: str) -> Sentence:
    return Sentence(text, ref, 0, stems(text))


def test_a_when_question_is_held_by_a_sentence_with_a_date() -> None:
    kind, asked = answer_type("When did Sergio Leone die?"), stems("When did Sergio Leone die?")
    assert holds_kind(kind, "Leone died on 30 April 1989 in Rome.", asked)
    assert holds_kind(kind, "The style arose in the 19th century.", asked)
    assert not holds_kind(kind, "Sergio Leone directed westerns and died in Rome.", asked)


def test_a_who_question_needs_a_name_the_question_does_not_hold() -> None:
    question = "Who directed Once Upon a Time in America?"
    kind, asked = answer_type(question), stems(question)
    assert holds_kind(kind, "Once Upon a Time in America was directed by Sergio Leone.", asked)
    # every capitalised word after the first is already in the question: no one new is named
    assert not holds_kind(kind, "The making of Once Upon a Time in America took years.", asked)


def test_the_sentence_that_can_answer_overtakes_a_closer_match_of_words() -> None:
    question = "When did the director of the film die?"
    wordy = sentence("The director of the film did not die young, the film's director said.", "1")
    dated = sentence("Leone died in 1989.", "2")
    ranked = favour_kind([(wordy, 2.0), (dated, 1.5)], answer_type(question), question)
    assert [s.ref for s, _ in ranked] == ["2", "1"]


def test_untyped_and_yes_no_questions_keep_their_order() -> None:
    a, b = sentence("Gallu is a demon of the underworld.", "1"), sentence("Lilu was a spirit in 1900.", "2")
    for question in ("If Gallu is a demon Lilu is what?", "Are Medici and Senet both board games?"):
        assert [s.ref for s, _ in favour_kind([(a, 2.0), (b, 1.5)], answer_type(question), question)] == ["1", "2"]


def test_without_a_clear_winner_both_rivals_sentences_are_shown() -> None:
    """No short answer is given, but the sentence of the runner-up is shown too, though it ranks last on its own."""
    from lightrag_core.query.extractive import NO_SHORT_ANSWER, extractive_answer
    from lightrag_core.query.result import QueryResult

    chunks = ["Acme Tools was founded by John Smith, who had worked for many years as a carpenter and a clockmaker "
              "before he opened a small garage workshop with his brother and two old friends from school.",
              "Acme Tools was founded in Ohio as a family shop and was founded again in Ohio after the fire.",
              "Acme Tools was founded twice, in Ohio and Texas, and the founding of Acme Tools is told in Texas.",
              "Acme Tools was founded on hard work in Chicago, and the founding story of Acme Tools is known "
              "in Chicago.",
              "Mary Jones, some say, founded Acme Tools."]
    result = QueryResult("multihop", [], ["Acme Tools"])
    result.chunks = [{"content": c, "reference_id": str(i + 1), "chunk_id": f"c{i}", "document_id": f"d{i}"}
                     for i, c in enumerate(chunks)]
    text = "".join(extractive_answer(NoEmbedder(), None, "Who founded Acme Tools?", result))  # type: ignore[arg-type]
    assert NO_SHORT_ANSWER in text and result.short_answer is None
    cited = [line.rsplit("[", 1)[1].rstrip("]") for line in text.splitlines() if line.startswith("- ")]
    assert cited[:2] == ["5", "1"]  # Mary Jones's sentence, then John Smith's
