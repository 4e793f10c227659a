"""Questions from a team's chat logs: a line's "I" is its speaker, told in the third person ("AdamSmith: I bought an
air freshener" asks "What did Adam Smith buy?"); lihuaworld's chats gave 82 facts without it, 691 with it."""

from __future__ import annotations

import random

from lightrag_core.models import Chunk
from lightrag_core.nlp import nlp
from lightrag_core.workbench.testset.acceptance import Checks, norm
from lightrag_core.workbench.testset.facts import Corpus, read_facts
from lightrag_core.workbench.testset.generate import bridge_candidates, single_candidates
from lightrag_core.workbench.testset.speakers import speaker_at, speaker_lines, told_of_speaker, unlabelled

CHAT = ("Time: 20260105_11:00\n"
        "AdamSmith: Hi! I bought an air freshener for the basement.\n"
        "LiHua: Thanks Adam! I've been working from the café due to the noise.\n"
        "Merrick: I'm leaning toward Ramsay though. I enjoy dumplings during Lunar New Year.\n"
        "AdamSmith: I met the plumber yesterday. He fixed the boiler in March.\n"
        "Merrick: I love games.\n"
        "Yuriko: 🎤✨ I still enjoy warm songs by Adele.\n")


def chat_corpus(texts: dict[str, str], kinds: dict[str, str] | None = None) -> Corpus:
    chunks = [Chunk(f"chunk-{d}", d, 0, 80, text) for d, text in texts.items()]
    parsed = list(nlp().pipe(unlabelled(c.content) for c in chunks))  # as read_corpus parses them
    return read_facts(chunks, parsed, {d: "" for d in texts}, kinds or {})


def checks_of(corpus: Corpus) -> Checks:
    checks = Checks(corpus)
    checks.common_limit = checks.specific_limit = 100  # a few chunks: every word is "common"
    return checks


def asked(corpus: Corpus) -> dict[str, str]:
    return {q.question: q.answer for q in single_candidates(corpus, checks_of(corpus))}


def test_each_line_has_its_speaker_and_a_label_is_blanked_where_it_stands() -> None:
    lines = speaker_lines(CHAT)
    assert speaker_at(lines, CHAT.index("I bought")) == "Adam Smith"
    assert speaker_at(lines, CHAT.index("I've been")) == "Li Hua"
    assert speaker_at(lines, CHAT.index("20260105")) == ""  # "Time:" is a label, not a speaker
    blank = unlabelled(CHAT)
    assert len(blank) == len(CHAT) and "AdamSmith:" not in blank and blank.index("I bought") == CHAT.index("I bought")
    # one "Name:" line does not make a chat ("Note: I …" in a report is the report's writer, unnamed)
    prose = "Result: we won.\nThe team met in May. I was there."
    assert {s for _, s in speaker_lines(prose)} == {""} and unlabelled(prose) == prose


def test_a_first_person_verb_is_told_in_the_third() -> None:
    assert told_of_speaker(["'ve", "been"], "playing", "play", "VBG") == (["has", "been"], "playing", "VBG")
    assert told_of_speaker([], "enjoy", "enjoy", "VBP") == ([], "enjoys", "VBZ")
    assert told_of_speaker([], "’m", "’m", "VBP") == ([], "is", "VBZ")
    assert told_of_speaker([], "bought", "buy", "VBD") == ([], "bought", "VBD")
    assert told_of_speaker(["love"], "hearing", "hear", "VBG") is None  # "love" taken for an auxiliary


def test_a_chat_line_asks_about_its_speaker() -> None:
    corpus = chat_corpus({"chat": CHAT}, {"ramsay": "person", "lunar new year": "event"})
    questions = asked(corpus)
    assert questions.get("What did Adam Smith buy?") == "an air freshener for the basement", questions
    evidence = {q.question: q.evidence for q in single_candidates(corpus, checks_of(corpus))}
    assert evidence["What did Adam Smith buy?"] == ["Adam Smith: I bought an air freshener for the basement."], evidence
    assert questions.get("Who is Merrick leaning toward?") == "Ramsay", questions
    assert questions.get("What does Merrick enjoy during Lunar New Year?") == "dumplings", questions
    assert questions.get("Who has been working from the café due to the noise?") == "Li Hua", questions
    said = " ".join(questions)
    assert "AdamSmith" not in said and "'m" not in said and "’m" not in said, questions
    assert questions.get("Who enjoys warm songs by Adele?") == "Yuriko", questions  # (no emoji in a question)
    assert "Who loves games?" not in questions  # small talk: a speaker's question names a name or two things
    # the plumber's "He" is no speaker: "When did Adam Smith fix the boiler?" would be wrong
    assert not [q for q in questions if "fix" in q and "Adam" in q], questions


def test_a_glued_handle_is_the_name_a_question_writes() -> None:
    assert norm("LiHua: hi") == "li hua hi" and norm("McDonald") == "mc donald"
    corpus = chat_corpus({"chat": CHAT})
    checks = Checks(corpus)
    checks.common_limit = checks.specific_limit = 100
    bridge_candidates(corpus, checks, random.Random(0), 10)  # (runs over chat facts without failing a check)
    assert checks.dropped["answer not in a gold chunk"] == 0, checks.dropped


def test_a_sentence_the_parse_runs_across_two_lines_is_the_second_speakers_or_no_ones() -> None:
    # (a question mark and a blanked label: the parse may read both lines as one sentence)
    chat = ("Raze: I'm all about that too! What exercises do you like to include?\n"
            "Sage: I usually throw in burpees, push-ups, and some sprints.\n"
            "LiHua: What's your drink of choice?\nWolfgangSchulz: I love having a refreshing lemonade with pizza.\n")
    questions = asked(chat_corpus({"gym": chat}))
    assert not [q for q, a in questions.items() if "Raze" in q + a or ("Li Hua" in q + a)], questions
    assert all(a == "Wolfgang Schulz" for q, a in questions.items() if "lemonade" in q), questions
