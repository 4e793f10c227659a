"""Generated questions whose gold a reader of the book would give (an audit of the sample's set found wrong ones).

A "he" in a document with no topic is the last person named only when nobody else came between; one of two
joined subjects is not asked for alone; a possessive that names nobody, a bridge through "the Spirit" (a
description several characters share) and a kind the NER guessed for "the Phantom" are not asked."""

from __future__ import annotations

from lightrag_core.models import Chunk
from lightrag_core.nlp import nlp
from lightrag_core.workbench.testset.facts import read_facts
from lightrag_core.workbench.testset.model import Names
from lightrag_core.workbench.testset.phrasing import ask


def asked(text: str, kinds: dict[str, str] | None = None) -> dict[str, str]:
    """Every single-fact question of one untitled chunk (a novel's), to its answer."""
    chunk = Chunk("chunk-1", "doc-1", 0, 50, text)
    corpus = read_facts([chunk], list(nlp().pipe([text])), {}, kinds or {"scrooge": "person", "spirit": "person"})
    return {q: fact.slot.answer for fact in corpus.facts if (q := ask(fact.clause, fact.slot))}


def test_the_last_person_named_is_the_he_after_him() -> None:
    assert asked("Scrooge was not a man to be frightened by echoes. He fastened the door.").get(
        "What did Scrooge fasten?") == "the door"


def test_an_unnamed_person_between_takes_the_he() -> None:
    # the clerk poked the fire, not Scrooge
    text = ("Scrooge said that he would. The clerk in the tank involuntarily applauded. "
            "Becoming immediately sensible of the impropriety, he poked the fire.")
    assert not any("poke" in q for q in asked(text))


def test_two_people_acting_in_one_sentence_leave_the_he_unknown() -> None:
    text = ("The Spirit dropped beneath it, but though Scrooge pressed it down with all his force, he could not "
            "hide the light. He sank into a heavy sleep.")
    assert not any("sink" in q for q in asked(text))


def test_the_one_addressed_in_a_quotation_is_not_the_he() -> None:
    text = ("Scrooge looked up. 'Good Spirit,' he pursued, 'hear me.' The kind hand trembled. "
            "In his agony he caught the spectral hand.")
    agony = [q for q in asked(text) if "agony" in q]
    assert agony == ["What did Scrooge catch in his agony?"]  # it was "What did Good Spirit catch …?"


def test_another_name_earlier_in_the_sentence_leaves_the_he_unknown() -> None:
    text = ("The Spirit had inclined its head. The Phantom was exactly as it had been, but he dreaded that he "
            "saw new meaning in its solemn shape.")
    questions = asked(text, {"spirit": "person", "phantom": "organisation"})
    assert not any("solemn shape" in q for q in questions)


def test_a_he_reaches_only_a_couple_of_sentences_back() -> None:
    text = ("Scrooge went home. The night was cold. The wind blew hard. The snow fell thick. "
            "He fastened the door.")
    assert "What did Scrooge fasten?" not in asked(text)


def test_one_of_two_joined_subjects_is_not_asked_for() -> None:
    questions = asked("Scrooge and the Ghost again stood side by side in the open air.")
    assert "Who stood side by side in the open air?" not in questions  # not Scrooge's alone


def test_a_possessive_naming_nobody_is_not_asked() -> None:
    from lightrag_core.workbench.testset.acceptance import Checks
    from lightrag_core.workbench.testset.generate import single_candidates

    text = "Tiny Tim sat upon his stool. Bob Cratchit held his withered little hand to his."
    chunk = Chunk("chunk-1", "doc-1", 0, 50, text)
    corpus = read_facts([chunk], list(nlp().pipe([text])), {}, {"bob cratchit": "person", "tiny tim": "person"})
    made = [q.question for q in single_candidates(corpus, Checks(corpus))]
    assert not any(q.endswith("to his?") for q in made)


def test_a_name_written_after_the_is_asked_for_with_what_not_a_kind() -> None:
    names = Names(articled=frozenset({"phantom"}), generic=frozenset({"phantom"}))
    assert names.type_word("Which organisation did Scrooge glance towards?", "Phantom") == (
        "What did Scrooge glance towards?")
    assert names.type_word("Which organisation did Scrooge join?", "Lloyd's") == "Which organisation did Scrooge join?"


def test_a_bridge_goes_through_a_name_not_through_the_spirit() -> None:
    import random

    from lightrag_core.workbench.testset.acceptance import Checks
    from lightrag_core.workbench.testset.generate import bridge_candidates

    texts = {"c1": "The Spirit stood among the graves. The Spirit pointed down to the stone, a spirit of stone.",
             "c2": "Scrooge looked at the Spirit. The Spirit taught Scrooge his precepts in the hospital."}
    chunks = [Chunk(cid, "doc-1", n, 50, text) for n, (cid, text) in enumerate(texts.items())]
    corpus = read_facts(chunks, list(nlp().pipe(texts.values())), {}, {"spirit": "person", "scrooge": "person"})
    assert "spirit" in corpus.names.generic
    checks = Checks(corpus)
    checks.common_limit = checks.specific_limit = 100
    made = bridge_candidates(corpus, checks, random.Random(0), 50)
    assert not [q.question for q in made if q.bridge.lower() == "spirit"]


def test_a_plurals_apostrophe_is_no_quotation() -> None:
    # "the clerk" is outside any quotation: the "he" after him is not the last person named
    text = "Scrooge went out. Near the Cratchits' door the clerk frowned. He wrote a letter."
    assert not any("write" in q for q in asked(text))
