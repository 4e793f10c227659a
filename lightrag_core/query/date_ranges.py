"""Which end of a stated period a date is, and which end a question asks for.

"When did the sitcom premiere?" is answered by "aired from September 23, 1962, to March 17, 1963" with its
first date, "when did it end?" with its second: both dates sit in the sentence that covers the question,
and the words around them say which is which.
"""

from __future__ import annotations

import re
from typing import Any

from lightrag_core.query.answer_spans import ParsedSentence, Span
from lightrag_core.query.life_events import governing_verb

START, END = "start", "end"
OTHER_END = 0.6  # a date that ends a period, for a question about its start (or the other way), counts this much

_STARTS = {"premiere", "begin", "start", "open", "launch", "debut", "commence", "inaugurate", "establish"}
_ENDS = {"end", "finish", "close", "conclude", "cease", "dissolve", "disband", "stop", "cancel"}
_SHOWN = r"(?:air(?:ed|s)?|broadcast|show(?:n|ed)?|screen(?:ed)?|publish(?:ed)?|run|ran|premiere[ds]?|appear(?:ed)?)"
_FIRST = re.compile(rf"\b(?:first|originally)\s+{_SHOWN}\b", re.IGNORECASE)
_LAST = re.compile(rf"\b(?:last|finally)\s+{_SHOWN}\b", re.IGNORECASE)

_OPENS_RANGE = re.compile(r"\b(?:from|between|since)\s*$", re.IGNORECASE)
# "premiered on September 9, 1966, and ended on May 30, 1968": the verb before a date says which end it is
_STARTED_ON = re.compile(r"\b(?:premiered|began|begun|started|opened|debuted|launched|commenced|first\s+aired)\s+"
                         r"(?:on|in)\s*$", re.IGNORECASE)
_ENDED_ON = re.compile(r"\b(?:ended|closed|concluded|finished|ceased|cancelled|canceled|last\s+aired)\s+(?:on|in)\s*$",
                       re.IGNORECASE)
_CLOSES_RANGE = re.compile(r"(?:\b(?:to|until|till|through)|[–—-])\s*$", re.IGNORECASE)
_GOES_ON = re.compile(r"^,?\s*(?:(?:to|until|till|through)\s|[–—-])", re.IGNORECASE)
NEAR = 60  # characters between a period's two dates


def asked_end(question: str, doc: Any) -> str:
    """START when the question asks when something began ("premiered", "first aired"), END when it asks
    when it ended, else ""."""
    lemmas = {t.lemma_.lower() for t in doc} | {t.lower_ for t in doc}  # the small model calls "premiere" an adverb
    if lemmas & _STARTS or _FIRST.search(question):
        return START
    if lemmas & _ENDS or _LAST.search(question):
        return END
    return ""


def range_end(parsed: ParsedSentence, span: Span) -> str:
    """START for a date that opens a stated period ("from September 23, 1962, to …", "premiered on …"),
    END for one that closes it ("… to March 17, 1963", "ended on …"), "" for a date on its own."""
    text = parsed.sentence.text
    before, after = text[max(span.start - 12, 0):span.start], text[span.start + len(span.text):]
    said = text[max(span.start - 24, 0):span.start]
    if _STARTED_ON.search(said):
        return START
    if _ENDED_ON.search(said):
        return END
    dates = [s for s in parsed.spans if s.label == "DATE" and s is not span]
    if _CLOSES_RANGE.search(before) and any(0 < span.start - (d.start + len(d.text)) <= NEAR for d in dates):
        return END
    if _OPENS_RANGE.search(before) or (_GOES_ON.match(after) and any(0 < d.start - span.start <= NEAR + len(span.text)
                                                                      for d in dates)):
        return START
    return ""


def end_fit(asked: str, parsed: ParsedSentence, span: Span) -> float:
    """How much a date counts for a question that asks for one end of a period."""
    side = range_end(parsed, span) if asked else ""
    return OTHER_END if side and side != asked else 1.0


# "Since what year has X been …?": the date the sentence gives after "since" ("until" is left alone: "from 1990 to
# 1995" and "remained in Leeds until 2010" say it of different things)
_ASKED_SINCE = re.compile(r"^\s*since\s+(?:when|(?:what|which)\s+(?:year|date|month|day))\b", re.IGNORECASE)
_SAID_SINCE = re.compile(r"\bsince\s+(?:the\s+)?$", re.IGNORECASE)


def asks_since(question: str) -> bool:
    return _ASKED_SINCE.match(question) is not None


def said_since(parsed: ParsedSentence, span: Span, lemmas: set[str]) -> bool:
    """The sentence gives the date right after "since" ("… best selling beer brand since 2004"), in the
    question's own clause: not "Brewed in Dortmund since 1847" for "since when has it been owned by …?"."""
    verb = governing_verb(parsed, span.root)
    return _SAID_SINCE.search(parsed.sentence.text, max(span.start - 12, 0), span.start) is not None \
        and (not verb or verb == "be" or verb in lemmas)


# One span the tagger read as a whole period: "1957 to 1961", "from 1990 to 1995", "between 1955 and 1964"
_WHOLE_PERIOD = re.compile(r"(?:from\s+|between\s+)?(?P<start>.+?)\s*(?:\bto\b|\buntil\b|\band\b|[–—-])\s*(?P<end>.+)",
                           re.IGNORECASE)
_YEARISH = re.compile(r"\d{3,4}")


def period_end(text: str, asked: str) -> str:
    """The asked end of a period the tagger read as one date ("It existed from 1957 to 1961": 1961 for
    "when did it cease to exist?"), or the text as it is."""
    whole = _WHOLE_PERIOD.fullmatch(text.strip()) if asked else None
    if whole is None or not all(_YEARISH.search(whole[side]) for side in ("start", "end")):
        return text
    return whole["end"] if asked == END else whole["start"]
