"""Questions about when two things happened, answered from dated passages.

"Did Li Hua ask Adam about the fridge before Adam booked the delivery?", "Is the time interval between
A and B more than 3 days?", "Did it take more than a week from A to B?": a team's chat logs, emails and
minutes are dated (dates.py), so each event is found as the passage that states it best, and the two
dates are compared. The answer is given only when every passage that states an event about as well as
the best one leads to the same verdict: a wrong yes or no is worse than none. (Dating one event the same
way, "when did A?", was right for 2 of 8 answers on lihuaworld: one event has no second to check against.)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import product

import numpy as np

from lightrag_core import lexical
from lightrag_core.query.answer_support import QUESTION_WORDS, ShortAnswer, cover, idf_over
from lightrag_core.query.chat_lines import squash
from lightrag_core.query.dates import dates_in, timed
from lightrag_core.query.sentences import Sentence, stem, stems

Embed = Callable[[list[str]], np.ndarray]

MIN_COVER = 0.5  # an event's passage states at least this share of its words (weighted by rarity) ...
NEAR = 0.9  # ... and every passage within this share of the best one is taken as possibly the event
# "No, A was not before B" is checked over the passages this near (lihuaworld: 5 wrong "no"s withdrawn, no right one)
WIDE = 0.8
READ = 8  # passages per event weighed by meaning too ...
PER_PASSAGE = 3  # ... by their sentences that state the most of it (a few dozen short vectors a question)
MEANING = 1.0  # weight of the clause's cosine with a passage's closest sentence (lihuaworld: 20 of 27
# answered right with it, 17 of 25 without)
MIN_TERMS = 2  # "before 1990" is a date, not an event: the other handlers read it
# A line its event's doer says ("Wolfgang's promotion" in WolfgangSchulz's "I just got promoted!", not in
# Li Hua's "What's the promotion about?"). lihuaworld multihop, order questions: 29 answered right and 2
# wrong, 23 of them citing both gold messages (without: 22 right, 3 wrong, 17); 0.2 to 0.6 give 29 or 30.
SPOKEN = 0.4
MAX_QUESTION = 400  # characters; a longer question is not one of these forms
MAX_READINGS = 4  # ways to split a question into its two events
MAX_VECTORS = 160  # texts embedded per question (lihuaworld: at most 81); past it, words alone decide
_AUX = r"(?:did|does|do|was|were|is|are|has|have|had)"
_ORDER = re.compile(r"\s(before|after)\s", re.IGNORECASE)
_NUMBER = r"(?P<n>\d{1,4}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_UNIT = r"(?P<unit>minute|hour|day|week|month|year)s?"
_INTERVAL = re.compile(
    r"^is\s+the\s+(?:time\s+)?(?:interval|gap|time)\s+(?:between\s+(?P<a>.+?)\s+)?(?P<cmp>more|less|longer|shorter)"
    rf"\s+than\s+{_NUMBER}\s+{_UNIT}(?:\s+between\s+(?P<b>.+?))?\s*(?:\(.*?\))?\s*\??\s*$", re.IGNORECASE)
_TAKE = re.compile(rf"^did\s+it\s+take\s+(?P<cmp>more|less|longer|shorter)\s+than\s+{_NUMBER}\s+{_UNIT}\s+"
                   r"from\s+(?P<pair>.+?)\s*(?:\(.*?\))?\s*\??\s*$", re.IGNORECASE)
_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
          "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}
_UNITS = {"minute": timedelta(minutes=1), "hour": timedelta(hours=1), "day": timedelta(days=1),
          "week": timedelta(weeks=1), "month": timedelta(days=30), "year": timedelta(days=365)}
_JOINED = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b")  # a speaker written as one word: "AdamSmith"
_CAPITAL = re.compile(r"[A-Z][a-z]+")
_NAMES = re.compile(r"[A-Z][\w'’-]*(?:\s+(?:and\s+)?[A-Z][\w'’-]*)*")
_PRONOUN = re.compile(r"(?:he|she|they)\b", re.IGNORECASE)
_FILLER = {"ask", "send", "message", "tell", "told", "say", "said", "discuss", "talk", "occur", "happen", "first",
           "time", "interval", "restrict", "search", "within"}


@dataclass(frozen=True)
class _Asked:
    a: str
    b: str
    order: str = ""  # "before" / "after": is a's date before b's?
    longer: bool = True  # intervals: is the gap longer than `span`?
    span: timedelta | None = None

    def doers(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Who does each event: the names its clause opens with ("Jake Watson and Li Hua discuss …",
        "Wolfgang's promotion …"). A second clause opening with he, she or they has the first one's ("he
        and Li Hua discussed": and Li Hua). ("… Jennifer before she asked him": whether she is the first
        clause's doer or the one it names next depends on who is a she, which the question does not say.)"""
        a, b = _doers(self.a), self.b.strip()
        if (pronoun := _PRONOUN.match(b)) is None:
            return a, _doers(b)
        rest = b[pronoun.end():].split(maxsplit=1)
        return a, a + (_doers(rest[1]) if len(rest) == 2 and rest[0].lower() == "and" else ())


def _doers(clause: str) -> tuple[str, ...]:
    words = clause.split()
    while words and words[0].lower() in lexical.stop_words():  # "The discussion …", "the group members …"
        words.pop(0)
    run = _NAMES.match(" ".join(words))
    return _split(run.group()) if run else ()


def _split(names: str) -> tuple[str, ...]:
    return tuple(re.sub(r"['’]s$", "", name) for name in re.split(r"\s+and\s+", names))


def _spoken_by(speaker: str, doers: tuple[str, ...]) -> bool:
    """"Jake", "Jake Watson" and "JakeWatson" all name the speaker JakeWatson."""
    said = squash(speaker)
    names = (squash(d) for d in doers)
    return len(said) >= 3 and any(len(n) >= 3 and (said.startswith(n) or n.startswith(said)) for n in names)


def event_order_answer(query: str, sentences: list[Sentence], embed: Embed | None = None) -> ShortAnswer | None:
    """Yes or no for an order or interval question about two dated events; None when the question is not
    one, an event is not stated, or the passages that might state it disagree. `embed` (the offline
    embedder's) lets a paraphrase state an event ("Thanks so much for the new schedule!" for "thanking
    her for the new training schedule")."""
    dated = [s for s in sentences if s.when is not None]
    readings = _readings(query.strip()) if len(dated) >= 2 else []
    if not readings:
        return None
    passages = _passages(dated)
    vectors = _Vectors(embed)
    best: tuple[float, ShortAnswer | None] | None = None
    for asked in readings:
        found = _answer(asked, passages, vectors)
        if found is not None and (best is None or found[0] > best[0]):
            best = found
    return best[1] if best else None


def _readings(query: str) -> list[_Asked]:
    """Every way the question splits into its two events ("… after an intense workout session before he
    told her …" may split at either word; the split whose events are both stated best wins)."""
    if len(query) > MAX_QUESTION:
        return []
    for pattern in (_TAKE, _INTERVAL):
        if (m := pattern.match(query)) is not None:
            n = int(m["n"]) if m["n"].isdigit() else _WORDS[m["n"].lower()]
            span = n * _UNITS[m["unit"].lower()]
            longer = m["cmp"].lower() in {"more", "longer"}
            # "from A to B"; "between A and B", before or after the comparison
            if pattern is _TAKE:
                pair, joint = m["pair"], r"\s(?:to|until|till)\s"
            else:
                pair, joint = m["a"] or m["b"] or "", r"\sand\s"
            return [_Asked(pair[: j.start()], pair[j.end():], longer=longer, span=span)
                    for j in re.finditer(joint, pair)][:MAX_READINGS]
    if not re.match(_AUX + r"\s", query, re.IGNORECASE):
        return []
    body = re.sub(r"^\w+\s+", "", query).rstrip(" ?")
    return [_Asked(body[: m.start()], body[m.end():], order=m.group(1).lower())
            for m in _ORDER.finditer(body)][:MAX_READINGS]


@dataclass
class _Passage:
    """The sentences one dated heading covers in one chunk (a chat message, an email): an event is told
    across them, by speakers named as one word ("AdamSmith: …")."""

    sentences: list[Sentence]
    words: frozenset[str]


def _passages(sentences: list[Sentence]) -> list[_Passage]:
    grouped: dict[tuple[int, datetime | None], list[Sentence]] = {}
    for s in sentences:
        grouped.setdefault(s.message, []).append(s)
    out = []
    for group in grouped.values():
        words = frozenset().union(*(s.name_stems for s in group))
        joined = {stem(part.lower()) for s in group for name in _JOINED.findall(s.text)
                  for part in _CAPITAL.findall(name)}
        out.append(_Passage(group, words | joined))
    return out


def _terms(clause: str, passages: list[_Passage]) -> set[str]:
    """The clause's content words that some passage holds (a word none holds tells none apart)."""
    seen = frozenset().union(*(p.words for p in passages))
    words = stems(clause) - lexical.stop_words() - QUESTION_WORDS - _FILLER
    return {w for w in words if w in seen and not w.isdigit() and len(w) > 1}  # not the "s" of "Wolfgang's"


class _Vectors:
    """Sentence and clause vectors, each text embedded once however many readings ask for it."""

    def __init__(self, embed: Embed | None) -> None:
        self.embed = embed
        self.known: dict[str, np.ndarray] = {}

    def of(self, texts: list[str]) -> np.ndarray | None:
        """Their vectors, or None without an embedder or past the budget (long chats in every passage)."""
        missing = [t for t in dict.fromkeys(texts) if t not in self.known]
        if self.embed is None or len(self.known) + len(missing) > MAX_VECTORS:
            return None
        if missing:
            self.known.update(zip(missing, self.embed(missing)))
        return np.array([self.known[t] for t in texts])


def _located(clause: str, passages: list[_Passage], vectors: _Vectors,
             doers: tuple[str, ...] = ()) -> tuple[float, list[tuple[float, Sentence]]]:
    """The best score of a passage for the clause, and the passages read, each by its score and the sentence
    that states the clause best; best first (none when even the best states too little). A date the clause
    gives ("on 20260301") keeps the passages of that day; a line that the clause's doer speaks counts for
    more, when the doer speaks in these passages at all."""
    days = {d.when.date() for d in dates_in(clause)}
    if days and (that_day := [p for p in passages if p.sentences[0].when and p.sentences[0].when.date() in days]):
        passages = that_day
    terms = _terms(clause, passages)
    if len(terms) < MIN_TERMS:
        return 0.0, []
    idf = idf_over(terms, [p.words for p in passages])
    speakers = {s.speaker for p in passages for s in p.sentences if s.speaker}
    voiced = {x for x in speakers if _spoken_by(x, doers)}
    # Each passage's sentences by how much of the clause they state: the best one stands for the passage
    # when words alone decide, the first few are weighed by meaning too.
    ranked = [sorted(((cover(terms, idf, s.name_stems) + SPOKEN * (s.speaker in voiced), s) for s in p.sentences),
                     key=lambda cs: -cs[0])[:PER_PASSAGE]
              for p in passages]
    # A passage's words, and its one sentence that states the most of the clause: a long conversation
    # holds many words by chance, a message that tells the event holds them together.
    lexical_score = [(cover(terms, idf, p.words) + r[0][0]) / 2 for p, r in zip(passages, ranked)]
    read = sorted(range(len(passages)), key=lambda i: -lexical_score[i])[:READ]
    if lexical_score[read[0]] < MIN_COVER:
        return lexical_score[read[0]], []  # not stated
    scored: list[tuple[float, Sentence]] = [(lexical_score[i], ranked[i][0][1]) for i in read]
    texts = [clause, *(s.text for i in read for _, s in ranked[i])]
    if (embedded := vectors.of(texts)) is not None:
        cosines = embedded[1:] @ embedded[0]
        scored, at = [], 0
        for i in read:
            mine = cosines[at : at + len(ranked[i])]
            at += len(ranked[i])
            # The passage scores by its sentence closest in meaning; the doer's own line stands for it.
            shown = int(np.argmax(mine + SPOKEN * np.array([s.speaker in voiced for _, s in ranked[i]])))
            scored.append((lexical_score[i] + MEANING * float(mine.max()), ranked[i][shown][1]))
    scored.sort(key=lambda pair: -pair[0])
    return scored[0][0], scored


def _near(scored: list[tuple[float, Sentence]], share: float) -> list[Sentence]:
    return [s for score, s in scored if score >= share * scored[0][0]]


def _answer(asked: _Asked, passages: list[_Passage], vectors: _Vectors) -> tuple[float, ShortAnswer | None] | None:
    doers_a, doers_b = asked.doers()
    cover_a, scored_a = _located(asked.a, passages, vectors, doers_a)
    cover_b, scored_b = _located(asked.b, passages, vectors, doers_b)
    if not scored_a or not scored_b:
        return None
    judged = [(a, b, v) for a, b in product(*_apart(_near(scored_a, NEAR), _near(scored_b, NEAR)))
              if a is not b and (v := _verdict(asked, a, b)) is not None]
    strength = min(cover_a, cover_b)
    if len({v for *_, v in judged}) != 1:
        return strength, None  # this reading is the question's, and it is not clear: no answer
    a, b, verdict = judged[0]  # the best-placed pair
    # "Yes" needs one A before B; "no" says there was none, so every passage that may tell either is checked.
    if verdict == "no" and asked.order and any(
            _verdict(asked, x, y) == "yes" for x, y in product(_near(scored_a, WIDE), _near(scored_b, WIDE))
            if x is not y):
        return strength, None
    path = [f"{_short(asked.a)}: {_when(a.when)}", f"{_short(asked.b)}: {_when(b.when)}", verdict]
    return strength, ShortAnswer(verdict, [a, b], path, round(strength, 3))


def _apart(near_a: list[Sentence], near_b: list[Sentence]) -> tuple[list[Sentence], list[Sentence]]:
    """Two events are two: the one passage that may tell one event does not also tell the other (Li Hua's
    "Yep, I have received it!" answers Adam's "have you received the curtains?" in one message; it is not
    also when Adam asked whether the curtain is all good, a week later)."""
    if len(near_a) == 1 and (rest := [s for s in near_b if s.message != near_a[0].message]):
        near_b = rest
    if len(near_b) == 1 and (rest := [s for s in near_a if s.message != near_b[0].message]):
        near_a = rest
    return near_a, near_b


def _verdict(asked: _Asked, a: Sentence, b: Sentence) -> str | None:
    """None when the dates cannot tell: the same moment in two passages, or a date without a time against
    the same day's (a date alone reads as midnight, which says nothing about that day's hours)."""
    assert a.when is not None and b.when is not None
    exact = timed(a.when) and timed(b.when)
    if asked.span is not None:
        gap = abs(b.when - a.when)
        # Without both times, a gap is known to a day either way.
        if abs(gap - asked.span) <= (timedelta(0) if exact else timedelta(days=1)):
            return None
        return "yes" if (gap > asked.span) == asked.longer else "no"
    if not exact and a.when.date() == b.when.date() and a.when != b.when:
        return None
    if a.when == b.when:
        if a.rank != b.rank or a.offset == b.offset:  # one date, two passages: no order between them
            return None
        first = a.offset < b.offset
    else:
        first = a.when < b.when
    return "yes" if first == (asked.order == "before") else "no"


def _when(when: datetime | None) -> str:
    if when is None:
        return "undated"
    return when.strftime("%Y-%m-%d %H:%M") if timed(when) else when.strftime("%Y-%m-%d")


def _short(clause: str, words: int = 8) -> str:
    parts = clause.split()
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")
