"""Sentences end where the text ends one, not after an initial or a short title: a cut there splits a
name, and often the fact asked for, in two ("a suburb of St. | Paul, and the seminary has a second
campus in San Diego")."""

from __future__ import annotations

import pytest

from lightrag_core.query.sentences import split_sentences


@pytest.mark.parametrize("text", [
    "The main campus is in Arden Hills, a suburb of St. Paul, and the seminary has a second campus in San Diego.",
    "Navvulata is a 1998 Telugu comedy film, produced by D. P. Varma.",
    "It was founded by Governor William Winter, Dr. Cora Norman and Mrs. Ada Lane.",
    "He wrote for the series Inside No. 9 with Mr. Shearsmith.",
    # "circa" and "born" before a year
    "Edward Stanley, 3rd Earl of Derby KG (c. 1509 – 24 October 1572) was an English nobleman.",
    "The painter (b. 1944 in Rome) lived in Paris.",
])
def test_an_initial_or_a_title_does_not_end_a_sentence(text: str) -> None:
    assert split_sentences(text) == [text]


def test_sentences_still_end_at_a_stop_before_a_capital_and_at_a_paragraph_break() -> None:
    text = "He served in World War II. Then he taught in Paris\n\nHis son was born in 1990."
    assert split_sentences(text) == ["He served in World War II.", "Then he taught in Paris",
                                     "His son was born in 1990."]
    assert split_sentences("It was made of wood etc. 12 were sold.") == ["It was made of wood etc.", "12 were sold."]


def test_a_chat_line_starts_a_sentence_even_after_an_emoji() -> None:
    """Without a full stop before it ("… Frappuccino? ☕️🍹"), the next speaker's line would join the
    sentence, and its speaker would be taken for whoever said the first half."""
    text = ("WolfgangSchulz: Wanna hit Starbucks after work? ☕️🍹\nLiHua: Sounds awesome!\n"
            "[10:32] Adam Smith: See you there 🙂\nTitle line\nA sentence: with a colon inside it.")
    assert split_sentences(text) == [
        "WolfgangSchulz: Wanna hit Starbucks after work? ☕️🍹", "LiHua: Sounds awesome!",
        "[10:32] Adam Smith: See you there 🙂 Title line A sentence: with a colon inside it."]
