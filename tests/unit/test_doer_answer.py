""""Who <verb>ed …?" is answered by the subject of that deed, as the sentence that states it names it."""

from __future__ import annotations

import pytest

from lightrag_core.query.doer_answer import doer_answer
from lightrag_core.query.result import QueryResult
from lightrag_core.query.sentence_rank import score_sentences
from lightrag_core.query.sentences import Sentence
from tests.unit.test_short_answer import NoEmbedder
from tests.unit.test_short_answer import answer_one as answer

PARTY = ("Scrooge sat by the fire with Topper. Scrooge's niece played well upon the harp; and played, among other "
         "tunes, a simple little air. Scrooge's nephew revelled in another laugh. The two young Cratchits hustled "
         "Tiny Tim. With an ill-will Scrooge dismounted from his stool.")
KEEPERS = ("Margaret Hale was the keeper of the Skerry Point lighthouse from 1881 to 1904. She took over the post "
           "after her husband, Thomas Hale, drowned while rescuing the crew of the schooner Wren. The Northern "
           "Lighthouse Board replaced the oil lamp at Skerry Point with an electric lantern in 1910.")


@pytest.mark.parametrize(("question", "chunk", "said"), [
    # the subject as written, where a name nearby would be the typed answer's pick
    ("Who played upon the harp?", PARTY, "Scrooge's niece"),
    ("Who revelled in another laugh?", PARTY, "Scrooge's nephew"),
    ("Who hustled Tiny Tim?", PARTY, "Cratchits"),  # (a proper noun's own words: "the two young" are not a name)
    # a name, not what the parse glued to it
    ("Who dismounted from his stool?", PARTY, "Scrooge"),
    # the name set beside a description, and a subject the parse hung on "after"
    ("Who drowned rescuing the crew of the Wren?", KEEPERS, "Thomas Hale"),
    ("Who replaced the oil lamp at Skerry Point?", KEEPERS, "Northern Lighthouse Board"),
    # a passive's agent is the doer too
    ("Who founded Acme Tools?", "Acme Tools was founded by John Smith in 1901 in Ohio.", "John Smith"),
])
def test_who_did_it(question: str, chunk: str, said: str) -> None:
    read = doer_answer(question, scored(question, chunk))
    assert read is not None and read.text == said, read
    found = answer(question, chunk, [])  # and it is the short answer
    assert found is not None and found.confident and found.text == said, found


@pytest.mark.parametrize(("question", "chunk"), [
    # a pronoun, or a description that leans on one, names nobody
    ("Who poked the fire?", "The clerk applauded. Becoming sensible of it, he poked the fire."),
    ("Who opened the gate?", "Her brother opened the gate at dawn."),
    # not stated: negated, modal, asked
    ("Who locked the door?", "Bob did not lock the door. Marley never locked the door."),
    ("Who locked the door?", "Bob would have locked the door. Did Marley lock the door?"),
    # two sentences, two doers: no one answer
    ("Who locked the door?", "Bob locked the door at noon. Marley locked the door at midnight."),
    # a passive sentence names another doer: rivals, no one answer
    ("Who founded Acme Tools?", "Acme Tools was founded by John Smith. Mary Jones, some say, founded Acme Tools."),
    # the question's words belong to another verb of the sentence
    ("Who locked the door?", "Bob opened the door while the boy locked the gate."),
    # (a fresh reader's findings) the doer is the question's own object
    ("Who married Belle?", "Belle married Fred in 1840."),
    ("Who defeated Napoleon?", "Napoleon defeated the Austrians at Austerlitz."),
    # another statement of the deed inside the sentence, by someone else
    ("Who visited Paris?", "Smith visited Rome after his brother visited Paris."),
    ("Who killed the king?", "Macbeth killed the guard who had killed the king."),
    # no one, hardly, a claim, a lie, a "by" that names no one
    ("Who played upon the harp?", "No one played upon the harp that night."),
    ("Who played upon the harp?", "Scrooge's niece hardly played upon the harp."),
    ("Who played upon the harp?", "Scrooge's niece played upon the harp, or so Fred claimed."),
    ("Who played upon the harp?", "'Topper played upon the harp,' lied Fred."),
    ("Who signed the treaty?", "The treaty was signed by the end of May."),
])
def test_no_doer_no_answer_from_this_reading(question: str, chunk: str) -> None:
    found = doer_answer(question, scored(question, chunk))
    assert found is None, found


def scored(question: str, chunk: str) -> list[tuple[Sentence, float]]:
    r = QueryResult("multihop", [], [])
    r.chunks = [{"content": chunk, "reference_id": "1", "chunk_id": "c0", "document_id": "d0"}]
    return score_sentences(NoEmbedder(), None, question, r)  # type: ignore[arg-type]
