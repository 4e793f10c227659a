"""When a passage was written: the date a chat log, an email or minutes give above it, or its file's name.

Team documents are often dated ("Time: 20260105_11:00", "Date: 2026-01-05", a line "5 January 2026", a
file called "2026-01-05 standup.md"); a sentence is as old as the last such heading date before it in its
chunk, else its file's. A date inside prose ("born 5 January 1950") dates what the prose tells, not the
passage, so only a date that opens its line (after at most a short label) is a heading. Only these
written forms are read, each by a bounded pattern, so hostile text costs little; a date that does not
exist in the calendar is no date.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_FORMS = [m[:3] + ("t?" if m == "september" else "") + f"(?:{m[3:]})?" for m in _MONTHS]  # "Sep", "Sept"
_MONTH = r"(?P<month>" + "|".join(_FORMS) + r")\.?"
# A time joined to the date ("_1100", "T11:00") or after a space with a colon ("11:00", "at 2:30 pm"); a
# number after a date ("2026-01-05, 150 people") is no time.
_TIME = (r"(?:(?:[_T](?P<hour>[01]\d|2[0-3]):?|[ ,]{1,2}(?:at\s)?(?P<hour2>[01]?\d|2[0-3]):)(?P<minute>[0-5]\d)(?!\d)"
         r"(?:\s?(?P<half>[ap])\.?m\b\.?)?)?")
# 20260105, 20260105_1100, 20260105_11:00, 2026-01-05, 2026-01-05T11:00, 2026/01/05
_NUMERIC = re.compile(r"(?<!\d)(?P<year>19\d{2}|20\d{2})(?P<sep>[-/]?)(?P<month>0[1-9]|1[0-2])(?P=sep)"
                      r"(?P<day>0[1-9]|[12]\d|3[01])(?!\d)" + _TIME)
# 5 January 2026, January 5, 2026 (with a time after either)
_DAY_MONTH = re.compile(r"(?<!\d)(?P<day>[0-3]?\d)(?:st|nd|rd|th)?\s" + _MONTH + r",?\s(?P<year>19\d{2}|20\d{2})(?!\d)"
                        + _TIME, re.IGNORECASE)
_MONTH_DAY = re.compile(r"\b" + _MONTH + r"\s(?P<day>[0-3]?\d)(?:st|nd|rd|th)?,?\s(?P<year>19\d{2}|20\d{2})(?!\d)"
                        + _TIME, re.IGNORECASE)
MAX_DATES = 200  # per chunk: a table of dates does not date each of its rows


def _month(text: str) -> int:
    return int(text) if text.isdigit() else [m[:3] for m in _MONTHS].index(text[:3].lower()) + 1


@dataclass(frozen=True, order=True)
class Written:
    """A date as the text writes it ("20260122_15:00") and what it means."""

    start: int
    when: datetime
    text: str


def dates_in(text: str) -> list[Written]:
    """Each date written in `text`, by where it starts, in order."""
    found: list[Written] = []
    for pattern in (_NUMERIC, _DAY_MONTH, _MONTH_DAY):
        for match in pattern.finditer(text):
            hour = int(match["hour"] or match["hour2"] or 0)
            if match["half"]:  # 12:30 am is 00:30, 2:00 pm is 14:00
                hour = hour % 12 + (12 if match["half"].lower() == "p" else 0)
            try:
                when = datetime(int(match["year"]), _month(match["month"]), int(match["day"]),
                                hour, int(match["minute"] or 0))
            except ValueError:  # 31 February, 13 pm
                continue
            found.append(Written(match.start(), when, match.group(0).strip(" ,")))
            if len(found) >= MAX_DATES:
                return sorted(found)
    return sorted(found)


# What may stand before a heading date on its line: "", "Time: ", "Sent on: ", "## ", "- ", "**Date:** ".
_LABEL = re.compile(r"(?:#{1,6}|[-*])?\s*(?:\*\*)?(?:[A-Za-z][\w -]{0,29}:)?(?:\*\*)?")
MAX_LABEL = 40


def heading_dates(text: str) -> list[Written]:
    """The dates that open their line (after at most a short label): what dates the text below them."""
    out = []
    for d in dates_in(text):
        prefix = text[text.rfind("\n", 0, d.start) + 1 : d.start].strip()
        if len(prefix) <= MAX_LABEL and _LABEL.fullmatch(prefix):
            out.append(d)
    return out


def timed(when: datetime) -> bool:
    """Whether a time of day was written with the date (a date alone reads as midnight)."""
    return bool(when.hour or when.minute)


def date_before(dates: list[Written], offset: int) -> Written | None:
    """The last date written at or before `offset`."""
    before = [d for d in dates if d.start <= offset]
    return before[-1] if before else None


# A time of day: "5:30 PM", "around 7", "10 a.m.", "noon", "tomorrow morning", a chat stamp's "16:00"; not "at 7
# years old", "1999 American" nor "2 amendments"
_CLOCK_WORDS = re.compile(r"\d{1,2}:\d\d|\d\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z])|\b\d{8}_\d{4}\b"
                          r"|\b(?:at|around|about) (?:2[0-3]|1\d|0?\d)\b"
                          r"(?!\s*(?:years?|months?|weeks?|days?|%|per\b|percent))"
                          r"|\b(?:noon|midnight|morning|afternoon|evening|tonight|night|o'clock|dawn|dusk|midday|sunrise"
                          r"|sunset|daybreak)\b", re.IGNORECASE)


# "that afternoon", "the next morning": a time of day and nothing else
_DAY_PART_ONLY = re.compile(r"^(?:(?:that|this|the|one|next|same|early|late|in)\s+){0,3}"
                            r"(?:morning|afternoon|evening|night|tonight|noon|midnight|dawn|dusk|midday)$",
                            re.IGNORECASE)


def only_a_time_of_day(text: str) -> bool:
    """The time names a part of some day and no day ("that afternoon"): no date of a birth or a death."""
    return _DAY_PART_ONLY.match(text.strip()) is not None


# "dead these seven years": how long ago it happened, asked "when?"
_LASTED = re.compile(r"^these\s+(?P<count>[\w-]+\s+(?:years?|months?|weeks?|days?))$",
                     re.IGNORECASE)


def as_ago(text: str) -> str:
    """"these seven years" (has been dead these seven years) answers "when?" as "seven years ago"."""
    lasted = _LASTED.match(text.strip())
    return f"{lasted['count']} ago" if lasted else text


def names_a_clock(text: str) -> bool:
    """The time names an hour or a part of the day ("5:30 PM", "around 7", "Saturday morning"), not only a
    day ("this Saturday")."""
    return _CLOCK_WORDS.search(text) is not None
