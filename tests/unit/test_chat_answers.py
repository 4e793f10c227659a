"""Answers from chats and transcripts: who says a line, its time, and what in a line is no name."""

from __future__ import annotations

from lightrag_core.query.result import QueryResult
from tests.unit.test_short_answer import answer


def test_a_span_with_no_letter_or_digit_is_no_candidate() -> None:
    """The small model can label an emoji a person; it names no one."""
    from lightrag_core.query.answer_spans import parse
    from lightrag_core.query.sentences import Sentence

    text = "LiHua: Hey! Do you know any good gyms around here? I'm looking to stay active! 🏋️\u200d♂️"
    (parsed,) = parse([Sentence(text, "1", 0, frozenset())])
    assert parsed.spans and all(any(c.isalnum() for c in span.text) for span in parsed.spans)


CHAT = ("20260918_1700\nTime: 20260918_17:00\n"
        "LiHua: Long day at work today. I could use a break!\n"
        "WolfgangSchulz: Same here. How about hitting Starbucks after work? I could use a caramel latte.\n"
        "LiHua: Great idea, see you there at six. My favourite midfielder is still Luka Modric.\n"
        "WolfgangSchulz: 6:30 works for me! Looking forward to the latte.\n")


def test_each_sentence_of_a_chat_line_knows_its_speaker() -> None:
    from lightrag_core.query.sentences import sentences_of

    r = QueryResult("naive", [], [])
    r.chunks = [{"content": CHAT, "reference_id": "1", "chunk_id": "c0", "document_id": "d0"}]
    said = {s.text: s.speaker for s in sentences_of(r)}
    assert said["How about hitting Starbucks after work?"] == "WolfgangSchulz"
    assert said["I could use a caramel latte."] == "WolfgangSchulz"
    assert said["My favourite midfielder is still Luka Modric."] == "LiHua"
    assert said["Looking forward to the latte."] == "WolfgangSchulz"  # "6:30 works …" is no time stamp
    assert "Time" not in said.values()  # "Time: 20260918_17:00" is a heading, not someone speaking
    assert not any("20260918" in text for text in said)  # nor a sentence: it states nothing
    r.chunks = [{"content": "Note: The film was directed by Ann Lee.", "reference_id": "1", "chunk_id": "c0",
                 "document_id": "d0"}]
    assert [s.speaker for s in sentences_of(r)] == [""]  # a label opening a line is no one


def test_who_did_something_in_a_chat_is_whoever_says_the_line_that_does_it() -> None:
    found = answer("Who suggests hitting Starbucks after work?", [CHAT], ["Starbucks"])
    assert found is not None and found.text == "WolfgangSchulz"
    # "Who is …?" asks about someone the chat mentions, not someone speaking in it.
    favourite = answer("Who is LiHua's favourite midfielder?", [CHAT], ["LiHua"])
    assert favourite is None or favourite.text != "WolfgangSchulz"


def test_a_chat_lines_time_or_emoji_is_no_part_of_a_name() -> None:
    from lightrag_core.query.answer_spans import clean_span

    assert clean_span("20260731_13:00 HaileyJohnson") == "HaileyJohnson"
    assert clean_span("🥳 ChaeSong-hwa") == "ChaeSong-hwa"
    assert clean_span("1998 Telugu") == "1998 Telugu"  # a number stays
    # and so does an hour or a range of them (they were cut to "pm" and "am")
    assert clean_span("2-3 pm") == "2-3 pm" and clean_span("10:30 am") == "10:30 am"


RENT = ("20260301_1000\nTime: 20260301_10:00\n"
        "LiHua: Hi Adam, just letting you know the rent for February has been transferred.\n"
        "AdamSmith: Thanks, got it! By the way, the plumber will come by tomorrow at 10 AM.\n"
        "20260305_1900\nTime: 20260305_19:00\n"
        "AdamSmith: The pipes in the basement look fine now. The rent is due again on April 1st.\n")


def test_when_someone_did_or_said_something_in_a_chat_is_the_time_of_the_line() -> None:
    """Before, "February" and "April 1st" (dates the lines name) were the confident answers."""
    told = answer("When did LiHua tell AdamSmith that the rent was transferred?", [RENT], ["LiHua", "AdamSmith"])
    assert told is not None and told.text == "20260301_10:00"
    said = answer("When did AdamSmith say the pipes in the basement look fine?", [RENT], ["LiHua", "AdamSmith"])
    assert said is not None and said.confident and said.text == "20260305_19:00"


def test_when_something_will_happen_is_the_day_and_time_the_line_names() -> None:
    """Not the line's own time; the day and the time together, though the small model labels them apart."""
    for question in ["When will the plumber come by?", "When does AdamSmith say the plumber will come by?"]:
        found = answer(question, [RENT], ["LiHua", "AdamSmith"])
        assert found is not None and found.text == "tomorrow at 10 AM", question


def test_someone_speaking_in_a_chat_is_no_answer_to_what_song_or_game() -> None:
    """A speaker is a person; a greeting is no part of a name ("Hey Li Hua" is Li Hua)."""
    from lightrag_core.query.answer_spans import parse
    from lightrag_core.query.sentences import Sentence

    (parsed,) = parse([Sentence("JenniferMoore: Hey Li Hua!", "1", 0, frozenset())])
    assert "Hey Li Hua" not in [k.text for k in parsed.spans] and "Li Hua" in [k.text for k in parsed.spans]
    jam = ("20260405_1500\nTime: 20260405_15:00\n"
           "YurikoYamamoto: Hey LiHua! Any song ideas for the jam session on Sunday?\n"
           'LiHua: How about "Viva la Vida"? It would be fun to play with the whole band.\n')
    found = answer("What song does LiHua suggest for the jam session?", [jam], ["LiHua"])
    assert found is not None and found.text == "Viva la Vida"


HOT_POT = ("20260305_1800\nTime: 20260305_18:00\n"
           "LiHua: Hey Wolfgang! How about some cold beer to go with the hot pot tonight?\n"
           "WolfgangSchulz: Beer it is! A perfect match for hot pot tonight.\n")


def test_who_suggests_something_is_who_raised_it_not_who_agreed() -> None:
    """A reply repeats the suggestion's words; the line that came first in the message is the suggestion."""
    found = answer("Who suggests getting cold beer with the hot pot?", [HOT_POT], [])
    assert found is not None and found.text == "LiHua" and found.confident


def test_which_deeds_are_a_conversations_first_line() -> None:
    from lightrag_core.nlp import nlp
    from lightrag_core.query.question_parse import asks_opener

    def opener(question: str) -> bool:
        return asks_opener(nlp()(question))

    assert opener("Who comes up with the idea of picking up drinks?")
    assert opener("Who initiated the discussion about binaural tones?")
    # an offer or an agreement is as often a reply; "who is" asks about someone
    assert not opener("Who offers to bring cones for the practice?")
    assert not opener("Who agrees to get beer for the hot pot?")
    assert not opener("Who is the most hateable character?")


BREAD = ["Time: 20260403_10:00\nHaileyJohnson: Hi Li Hua! Our courier Alice brings the bread to your door today.\n"
         "LiHua: Thanks Hailey!",
         "Time: 20260410_10:00\nHaileyJohnson: Hi Li Hua! Our courier Marco brings the bread to your door today.\n"
         "LiHua: Great, thanks!"]


def test_a_day_the_question_names_picks_that_days_messages() -> None:
    """Two weeks, two couriers: "on 20260403" says which message is asked about."""
    found = answer("Which courier brings the bread to Li Hua on 20260403?", BREAD, ["Li Hua"])
    assert found is not None and found.text == "Alice"
    later = answer("Which courier brings the bread to Li Hua on 20260410?", BREAD, ["Li Hua"])
    assert later is not None and later.text == "Marco"


def test_who_is_done_to_is_not_who_speaks() -> None:
    """"Who is recommended by Jennifer …?" asks for the one Jennifer speaks to, not for a speaker."""
    from lightrag_core.nlp import nlp
    from lightrag_core.query.question_parse import asks_doer

    assert asks_doer(nlp()("Who invited Li Hua to the bake sale?"))
    assert not asks_doer(nlp()("Who is recommended by Jennifer to share some fitness tips?"))


def test_what_time_asks_for_an_hour_not_a_day() -> None:
    """"What time …?" asks for an hour: a day is a weak answer ("this Saturday", where the chat names no hour,
    is not given), and an hour the chat names is ("7 in the evening", held back before)."""
    from lightrag_core.query.answer_type import answer_type
    from lightrag_core.query.dates import names_a_clock

    assert answer_type("What time did Chae suggest they meet?").clock
    assert not answer_type("What time of year is the festival held?").clock
    assert not answer_type("When is the festival?").clock
    assert not answer_type("When was the song What Time Is Love? released?").clock  # a title's words
    assert not answer_type("What time signature is the song in?").clock
    assert all(names_a_clock(t) for t in ["5:30 PM", "around 7", "10 a.m.", "Saturday morning", "20260206_16:00"])
    assert not any(names_a_clock(t) for t in ["this Saturday", "next week", "2026", "at 7 years old", "around 40",
                                              "1999 American", "2 amendments"])
    festival = ("20260801_1000\nTime: 20260801_10:00\n"
                "ChaeSong-hwa: The music festival opens this Saturday! Should we go together?\n")
    found = answer("What time did Chae suggest they visit the music festival?", [festival], ["Chae"])
    assert found is None or not found.confident
    meet = festival + "LiHua: Sure! Let's meet at the gate around 7 in the evening.\n"
    found = answer("What time do they meet at the music festival?", [meet], [])
    assert found is not None and "7" in found.text
