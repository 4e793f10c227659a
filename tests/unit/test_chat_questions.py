"""Questions from a team's chat logs: a line's "I" is its speaker, told in the third person ("AdamSmith: I bought an
air freshener" asks "What did Adam Smith buy?"); lihuaworld's chats gave 82 facts without it, 418 with it."""

from __future__ import annotations

from lightrag_core.models import Chunk
from lightrag_core.workbench.testset.acceptance import Checks, contains
from lightrag_core.workbench.testset.facts import Corpus, read_facts
from lightrag_core.workbench.testset.generate import single_candidates
from lightrag_core.workbench.testset.speakers import (
    named_text,
    parse,
    speaker_at,
    speaker_lines,
    told_of_speaker,
    unlabelled,
    written_name,
)

CHAT = ("Time: 20260105_11:00\n"
        "AdamSmith: Hi! I bought an air freshener for the basement.\n"
        "LiHua: Thanks Adam! I've been working from the café due to the noise.\n"
        "Merrick: I'm leaning toward Ramsay though. I enjoy dumplings during Lunar New Year.\n"
        "AdamSmith: I met the plumber yesterday. He fixed the boiler in March.\n"
        "Merrick: I love games.\n"
        "Yuriko: 🎤✨ I still enjoy warm songs by Adele.\n")


def chat_corpus(texts: dict[str, str], kinds: dict[str, str] | None = None) -> Corpus:
    chunks = [Chunk(f"chunk-{d}", d, 0, 80, text) for d, text in texts.items()]
    parsed = list(parse((c.content for c in chunks), 8))  # as read_corpus parses them
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
    assert named_text(CHAT).startswith("Time: 20260105_11:00\nAdam Smith: Hi!")
    # (a parse joined back keeps the text's own offsets)
    assert next(parse([CHAT], 8)).text == blank


def test_a_document_with_labelled_lines_is_no_chat() -> None:
    not_chats = [
        "Result: we won.\nThe team met in May. I was there.",  # one label
        "Killer: A Journal of Murder\nKiller: A Journal of Murder is a 1995 film. I liked it.\nKiller: ok.",  # 1 name
        "Q: Who are we?\nA: A team.\nQ: Where?\nA: In Paris. I live there.",  # a FAQ
        "Monday: I went to the Louvre.\nTuesday: I met Anna.\nWednesday: I rested.",  # a diary's days
        "Born: 1950\nDied: 2001\nSpouse: I. Smith",  # an infobox
        "Killer: A Journal of Murder is a 1995 film.\nStarring: James Woods\nMusic: Graeme Revell",  # one-off fields
        "Director: Ann Lee\nWriter: Bob Ray\nComposer: Cy Twombly. I liked it.",  # nobody speaks twice
    ]
    for text in not_chats:
        assert {s for _, s in speaker_lines(text)} == {""} and unlabelled(text) == text == named_text(text), text


def test_a_handle_is_written_as_its_name() -> None:
    assert written_name("LiHua") == "Li Hua" and written_name("WolfgangSchulz") == "Wolfgang Schulz"
    assert written_name("ChaeSong-hwa") == "Chae Song-hwa" and written_name("JoséGarcia") == "José Garcia"
    assert written_name("DeShawn") == "DeShawn" and written_name("McKenzie") == "McKenzie"  # one name in one piece
    assert written_name("JohnMcCarthy") == "John McCarthy" and written_name("JanŚwiątek") == "Jan Świątek"
    assert written_name("Adam Smith") == "Adam Smith" and written_name("Omen") == "Omen"


def test_a_first_person_verb_is_told_in_the_third() -> None:
    assert told_of_speaker(["'ve", "been"], "playing", "play", "VBG") == (["has", "been"], "playing", "VBG")
    assert told_of_speaker([], "enjoy", "enjoy", "VBP") == ([], "enjoys", "VBZ")
    assert told_of_speaker([], "’m", "’m", "VBP") == ([], "is", "VBZ")
    assert told_of_speaker([], "bought", "buy", "VBD") == ([], "bought", "VBD")
    assert told_of_speaker(["love"], "hearing", "hear", "VBG") is None  # "love" taken for an auxiliary
    assert told_of_speaker(["do"], "love", "love", "VB") is None  # "I do love …" stresses, it is no tense


def test_a_chat_line_asks_about_its_speaker() -> None:
    corpus = chat_corpus({"chat": CHAT}, {"ramsay": "person", "lunar new year": "event"})
    questions = asked(corpus)
    assert questions.get("What did Adam Smith buy?") == "an air freshener for the basement", questions
    evidence = {q.question: q.evidence for q in single_candidates(corpus, checks_of(corpus))}
    assert evidence["What did Adam Smith buy?"] == ["Adam Smith: I bought an air freshener for the basement."], evidence
    assert questions.get("Who is Merrick leaning toward?") == "Ramsay", questions
    assert questions.get("What does Merrick enjoy during Lunar New Year?") == "dumplings", questions
    # the answer a speaker: in the chat's text as "LiHua", as the question writes it "Li Hua"
    assert questions.get("Who has been working from the café due to the noise?") == "Li Hua", questions
    assert questions.get("Who enjoys warm songs by Adele?") == "Yuriko", questions  # (no emoji in a question)
    assert "Who loves games?" not in questions  # small talk: a speaker's question names a name or two things
    said = " ".join(questions)
    assert "AdamSmith" not in said and "'m" not in said and "’m" not in said, questions
    # the plumber's "He" is no speaker: "When did Adam Smith fix the boiler?" would be wrong
    assert not [q for q in questions if "fix" in q and "Adam" in q], questions


def test_no_sentence_runs_from_one_speakers_line_into_the_next() -> None:
    # read as one text, the parse makes "Marco Reus, my old coach Haaland …" one sentence: "Which organisation is
    # Marco Reus the striker of?"
    chat = ("LiHua: Marco Reus, my old coach\n"
            "Raze: Haaland is the striker of Manchester City.\n"
            "Sage: What exercises do you like to include?\n"
            "Raze: I usually throw in burpees and some sprints after a long run in Hyde Park.\n")
    corpus = chat_corpus({"gym": chat}, {"haaland": "person", "manchester city": "organisation",
                                         "marco reus": "person", "hyde park": "place"})
    questions = asked(corpus)
    assert questions.get("What is Haaland the striker of?") == "Manchester City", questions
    assert not [q for q, a in questions.items() if "Marco Reus" in q + a or "Sage" in q + a], questions
    assert questions.get("Who throws in burpees after a long run in Hyde Park?") == "Raze", questions


def test_stamped_lines_wrapped_messages_and_windows_line_ends() -> None:
    chat = ("10:32 AM AdamSmith: I bought a lamp for the office in Berlin.\r\n"
            "10:33 AM LiHua: Nice!\r\n"
            "10:35 AM AdamSmith: Also, the plumber from Munich fixed the sink.\r\n"
            "I repainted the kitchen door with the Dulux paint.\r\n")
    lines = speaker_lines(chat)
    assert speaker_at(lines, chat.index("I bought")) == "Adam Smith"  # (not "AM Adam Smith")
    assert speaker_at(lines, chat.index("I repainted")) == "Adam Smith"  # a message wrapped onto the next line
    questions = asked(chat_corpus({"c": chat}, {"berlin": "place", "dulux": "organisation"}))
    assert questions.get("Who bought a lamp for the office in Berlin?") == "Adam Smith", questions
    assert questions.get("Who repainted the kitchen door with the Dulux paint?") == "Adam Smith", questions


def test_a_condition_a_wish_or_an_opinion_states_nothing() -> None:
    chat = ("Hailey: I'll keep you posted if I need an extra pair of hands for the bakery.\n"
            "Yuriko: I’d like to include some information about the therapy techniques.\n"
            "Henley: I think for Barcelona, the midfield matters most.\n"
            "Yuriko: I booked the Kyoto trip with the travel agency.\n")
    questions = asked(chat_corpus({"c": chat}, {"barcelona": "organisation", "kyoto": "place"}))
    assert questions.get("Who booked the Kyoto trip with the travel agency?") == "Yuriko", questions
    assert not [q for q in questions if "hands" in q or "therapy" in q or "Barcelona" in q], questions
    # around the clause, or on it
    chat = ("Yuriko: If I win the lottery, I buy the Hilton hotel in Kyoto.\n"
            "Henley: In case I need the Hilton hotel in Kyoto, I will call.\n"
            "Yuriko: Provided I get the visa from the embassy in Tokyo, we go.\n"
            "Henley: After I finished the report, I visited the Louvre museum in Paris.\n")
    questions = asked(chat_corpus({"c": chat}, {"kyoto": "place", "tokyo": "place", "paris": "place"}))
    assert not [q for q in questions if "Hilton" in q or "visa" in q], questions
    assert questions.get("Who visited the Louvre museum in Paris?") == "Henley", questions  # a past "after": stated
    # and anyone's "if", in a chat or not: "Who did Jaime distance himself from?" asked what did not happen
    said = "Tamara: If Jaime had embraced his new values and distanced himself from Cersei, he would have lived.\n"
    questions = asked(chat_corpus({"d": said * 2 + "Rowan: Jaime Lannister met Brienne of Tarth in Harrenhal.\n"},
                                  {"jaime": "person", "jaime lannister": "person", "cersei": "person",
                                   "brienne of tarth": "person", "harrenhal": "place"}))
    assert not [q for q in questions if "distance" in q or "embrace" in q], questions
    assert "Where did Jaime Lannister meet Brienne of Tarth?" in questions, questions


def test_a_glued_name_is_matched_in_the_checks_as_written() -> None:
    assert contains("He ate at MCDONALD'S in Paris.", "McDonald's")
    assert contains("Ewan Mcgregor starred.", "Ewan McGregor")
    assert named_text(CHAT).count("Adam Smith:") == 2 and "AdamSmith" not in named_text(CHAT)


def test_a_speakers_reaction_to_an_idea_is_no_fact() -> None:
    # lihuaworld's readers called "Who loves the idea of adding flowers?" small talk: three speakers of that chat
    # liked flowers
    chat = ("Thrall: We could plant some roses along the garden fence.\n"
            "Tirion: I love the idea of adding flowers near the community garden gate.\n"
            "Thrall: Great, I bought twenty rose bushes at the Stormwind market.\n"
            "Tirion: I planted the tulip bulbs behind the Stormwind library yesterday.\n")
    questions = asked(chat_corpus({"garden": chat}, {"stormwind": "place"}))
    assert not [q for q in questions if "idea" in q and "love" in q], questions
    # pitching an idea is a deed, not a reaction
    pitched = asked(chat_corpus({"garden": chat + "Tirion: I pitched the idea of a harvest festival to the Stormwind "
                                                  "council last spring.\n"}, {"stormwind": "place"}))
    assert [q for q in pitched if "pitched the idea" in q], pitched
    assert questions.get("Who planted the tulip bulbs behind the Stormwind library yesterday?") == "Tirion", questions


def test_a_similar_experience_points_back_to_what_was_said() -> None:
    from lightrag_core.workbench.testset.phrasing import points_back

    # "Who had a similar experience with the quest?": similar to what the line before said
    assert points_back("had a similar experience with the quest")
    assert points_back("ordered the same")
    assert not points_back("was born in the same year as Ringo Starr")  # the comparison names its other side
    assert not points_back("signed to the same record label as Madonna")
    assert not points_back("married a same-sex partner") and not points_back("served at the same time")
