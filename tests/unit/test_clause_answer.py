""""What did X <verb> …?" is answered by what the verb took in the sentence where X did it."""

from __future__ import annotations

import pytest

from tests.unit.test_short_answer import answer_one as answer

COOKING = ("Mrs. Cratchit laid the cloth, while Master Peter Cratchit plunged a fork into the saucepan of potatoes. "
           "Bob went to church. Scrooge stopped and poked the fire with his stick, which was cold. "
           "Peter shook hands with the boy. He crossed the threshold. Scrooge hated Christmas. "
           "Einstein received the 1921 Nobel Prize in Physics for his services to physics.")


@pytest.mark.parametrize(("question", "names", "said"), [
    # the object of the verb the question's subject did
    ("What did Peter Cratchit plunge into the saucepan of potatoes?", ["Peter Cratchit"], "a fork"),
    # the object of the preposition the question ends on, its other words given
    ("What did Peter Cratchit plunge a fork into?", ["Peter Cratchit"], "the saucepan of potatoes"),
    # the second of two joined verbs, without the relative clause
    ("What did Scrooge poke?", ["Scrooge"], "the fire"),
    ("What did Scrooge poke the fire with?", ["Scrooge"], "his stick"),
    # the verb by its stem too (the small model lemmatises "hated" as "hat")
    ("What did Scrooge hate?", ["Scrooge"], "Christmas"),
    # the phrase of "of" stays, another phrase after the head goes
    ("What did Einstein receive?", ["Einstein"], "the 1921 Nobel Prize in Physics"),
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
    # a word the question gives is no answer
    ("What did Scrooge ask Bob to fetch?", "Scrooge asked Bob to fetch the doctor."),
    # a pronoun is no answer
    ("What did Scrooge take?", "Scrooge took it."),
    # "he" may be anyone the sentence before named
    ("What did Peter cross?", "Marley visited Peter. He crossed the threshold."),
    # not stated: negated, under a modal, a condition, a question
    ("What did Scrooge poke?", "Scrooge did not poke the fire."),
    ("What did Scrooge poke?", "Scrooge would poke the fire if he were cold."),
    ("What did Scrooge poke?", "If Scrooge poked the fire, the room grew warm."),
    ("What did Scrooge poke?", "Did Scrooge poke the fire? Nobody knows."),
    # someone else is the subject
    ("What did Scrooge poke?", "Scrooge's clerk poked the fire."),
    ("What did Scrooge poke?", "The man who hated Scrooge poked the fire."),
    ("What did Marie Curie discover?",
     "Pierre Curie, whose wife Marie Curie later won a prize, discovered piezoelectricity."),
])
def test_no_answer_unless_one_sentence_says_it(question: str, chunk: str) -> None:
    found = answer(question, chunk, [question.split()[2]])
    assert found is None or not found.confident, found
