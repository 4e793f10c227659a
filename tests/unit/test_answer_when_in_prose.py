""""When did X die?" asked of a novel: a time of day is no date of a death, and "dead these seven years" says how
long ago it was."""

from __future__ import annotations

from lightrag_core.query.dates import as_ago, only_a_time_of_day
from tests.unit.test_short_answer import answer

LEDGER = ("Orrin Vale had not given one thought to Tobin since his last mention of his long-dead partner that "
          "afternoon. 'Have I the pleasure of addressing Mr. Vale, or Mr. Tobin?' 'Mr. Tobin has been dead these "
          "seven years,' Vale replied.")


def test_a_death_is_no_time_of_day() -> None:
    found = answer("When did Tobin die?", [LEDGER], ["Tobin"])
    assert found is not None and found.confident and found.text == "seven years ago", found
    assert "these seven years" in found.evidence[0].text


def test_only_the_time_of_day_and_only_these_years() -> None:
    assert only_a_time_of_day("that afternoon") and only_a_time_of_day("the next morning")
    assert not only_a_time_of_day("the morning of 4 May 1901") and not only_a_time_of_day("Saturday morning")
    assert as_ago("these seven years") == "seven years ago"
    # "for five years" is how long, not how long ago
    assert as_ago("for five years") == "for five years" and as_ago("1901") == "1901"
