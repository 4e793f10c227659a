"""The speaker of a novel's quotation is no answer to who someone is, only to who said something."""

from __future__ import annotations

from lightrag_core.query.speech_tags import asks_about_saying, speech_tag
from tests.unit.test_short_answer import answer

STAVE = ("'Spirit,' said Orrin submissively, 'lead me where you will.' "
         "The last of the spirits was a hooded phantom, and it pointed onward. ")


def test_the_speaker_is_no_answer() -> None:
    found = answer("Who is the last spirit?", [STAVE], [])
    assert found is None or not found.confident or found.text != "Orrin", found


def test_the_speaker_answers_who_said_it() -> None:
    found = answer("Who said 'lead me where you will'?", [STAVE], [])
    assert found is not None and found.confident and found.text == "Orrin", found


def test_a_speech_tag_and_a_name_said_otherwise() -> None:
    assert speech_tag("'Humbug!' said Orrin.", "Orrin") and speech_tag("'Humbug!' Orrin cried.", "Orrin")
    # named outside the tag too: he is what the sentence is about
    assert not speech_tag("'Humbug!' said Orrin, and Orrin was the last spirit.", "Orrin")
    assert not speech_tag("Orrin was the last spirit.", "Orrin")
    assert asks_about_saying("Who told Fred the news?") and not asks_about_saying("Who is the last spirit?")
