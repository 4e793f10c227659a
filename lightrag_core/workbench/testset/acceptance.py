"""What a generated question is, and the checks every candidate passes before it joins a set (each counts what it
drops): the answer must be in a gold chunk and not in the question, must not be a phrase half the corpus repeats,
the question must leave no pronoun to resolve and be specific to its gold, the entities it goes through must not be
hubs, and no question is asked twice."""

from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from lightrag_core.workbench.testset.facts import Corpus
from lightrag_core.workbench.testset.phrasing import MAX_QUESTION_WORDS, points_back

SINGLE, BRIDGE, COMPARISON = "single", "bridge", "comparison"
KINDS = (SINGLE, BRIDGE, COMPARISON)
# An answer found in more chunks than this share of the parsed ones (and more than MIN_COMMON) is too
# common to tell whether a mode found its evidence or another chunk that says it.
COMMON_SHARE = 0.25
MIN_COMMON = 4
# A question whose content words are all in more chunks than this share of the parsed ones (and more
# than MIN_SPECIFIC) could be asked of many passages: its gold would not be the only right evidence.
SPECIFIC_SHARE = 0.005
MIN_SPECIFIC = 3
STOPWORDS = frozenset("""who whom whose what which when where why how many much did does do was were is are has have
had the and for with from into that this than then they them their there these those its his her him she
been being also about after before over under between through during first later""".split())
# A bridge through an entity mentioned in more chunks than this is no hop: any walk reaches it.
HUB_SHARE = 0.02
MIN_HUB = 20
MAX_BRIDGE_WORDS = 28
# Pronouns a question cannot resolve (a possessive, "his knees", refers within the question and may stay).
_RELATIVE = re.compile(r"(?<!^)\b(which|whom|whose)\b(?!.*\bor\b)", re.IGNORECASE)  # a leftover, not the question word
# "Who held his withered little hand to his?": a possessive that names nobody
_DANGLING = re.compile(r"\b(?:his|her|their|its)\W*$", re.IGNORECASE)
_BARE = re.compile(r"the \w+", re.IGNORECASE)  # a bridge's answer "the door": which door, two passages away?
# A question word inside the question ("Who took what path?") or a call to the room at its end ("… in the Premier
# League everyone?"): a chat's phrasing, not a question with one answer
_EMBEDDED = re.compile(r"(?<=\w )what\b|\b(?:everyone|everybody|guys|folks|y'all)\?$")
_QUALIFIER = re.compile(r"\([^()]*\)")
_LINKS = frozenset("in on at of to by as against since until per".split())
# a number before a name, perhaps with a word that describes them: people counted ("the two young Cratchits"),
# some of a family, not one named person (a year is no count: "In 1956 Vladimir Yengibaryan won")
_COUNT = r"\b(?i:two|three|four|five|six|seven|eight|nine|ten|twelve|\d{1,2}(?![\d,.]))\s+(?:(?P<word>[a-z]+)\s+)?"
_YEAR = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})\b")
_PRONOUN = re.compile(r"\b(he|she|it|they|him|them|this|these|those|i|me|we|us|you|my|your|our|mine|myself|yourself|"
                      r"ourselves|yourselves)\b", re.IGNORECASE)

# "her" as an object ("Who awarded her with Padma Shri?"), not as an owner ("Who released her second album?", whose
# "her" is the answer's)
# (lower-case: "Talk to Her" is a title)
_HER = re.compile(r"\bher(?:\s+(?:with|to|as|in|on|at|for|from|by|into|and|or)\b|[?,.])")


def _unowned_its(question: str) -> bool:
    """An "its" in a question asking for a person, before any name ("eBay", "3M" are names): a thing the passage
    named ("Who ordered its construction?")."""
    if not question.startswith("Who ") or (found := re.search(r"\bits\b", question)) is None:
        return False
    return not any(any(c.isupper() or c.isdigit() for c in word) for word in question[:found.start()].split()[1:])


def leaves_pronoun(question: str) -> bool:
    """Whether the question leaves a pronoun, a relative word or an unowned possessive that only its passage could
    resolve ("Who ordered its construction?", "Who awarded her with Padma Shri?"); a title's own words do not count."""
    said = _QUALIFIER.sub(" ", question)  # (a title's own words: "Superman (It's Not Easy)", "(US band)")
    return bool(_PRONOUN.search(said) or _RELATIVE.search(said) or _DANGLING.search(said)
                or _EMBEDDED.search(said) or _HER.search(said) or _unowned_its(said))


def counted(name: str, evidence: list[str]) -> bool:
    """The evidence counts the named thing ("the two young Cratchits hustled Tiny Tim"): the name is a group,
    and a question that asks it as one ("Who did Cratchits hustle?") reads garbled."""
    if not name[:1].isupper():
        return False
    written = re.compile(_COUNT + re.escape(name) + r"\b")
    return any(not (found["word"] and found["word"] in STOPWORDS | _LINKS)
               for sentence in evidence for found in written.finditer(sentence))


@dataclass
class GeneratedQuestion:
    id: str
    question: str
    answer: str
    kind: str  # single | bridge | comparison
    hops: int
    gold_chunk_ids: list[str]
    gold_ids: list[str]  # the documents of the gold chunks
    evidence: list[str]  # the sentences the question was made from, in hop order
    bridge: str = ""  # the entity a bridge question goes through (never named in it)


def norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def contains(text: str, phrase: str) -> bool:
    """Whether the phrase occurs in the text as whole words, ignoring case and punctuation."""
    needle = norm(phrase)
    return bool(needle) and f" {needle} " in f" {norm(text)} "


def question_id(question: str, gold: Iterable[str]) -> str:
    return "gen-" + hashlib.sha256("\x1f".join([question, *gold]).encode("utf-8")).hexdigest()[:12]


class Checks:
    """The filters every candidate passes, counting what each drops."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.dropped: Counter[str] = Counter()
        parsed = max(1, len(corpus.texts))
        self.common_limit = max(MIN_COMMON, int(COMMON_SHARE * parsed))
        self.hub_limit = max(MIN_HUB, int(HUB_SHARE * corpus.total_chunks))
        self.specific_limit = max(MIN_SPECIFIC, int(SPECIFIC_SHARE * parsed))
        self._norm_texts = {cid: f" {norm(t)} " for cid, t in corpus.texts.items()}
        self._frequency: dict[str, int] = {}
        self._chunks_with: dict[str, set[str]] = defaultdict(set)
        for cid, text in self._norm_texts.items():
            for word in set(text.split()):
                self._chunks_with[word].add(cid)
        self.seen: set[str] = set()

    def drop(self, reason: str) -> None:
        self.dropped[reason] += 1

    def frequency(self, answer: str) -> int:
        key = norm(answer)
        if key not in self._frequency:
            needle = f" {key} "
            self._frequency[key] = sum(1 for text in self._norm_texts.values() if needle in text)
        return self._frequency[key]

    def chunks_matching(self, question: str) -> set[str]:
        """The parsed chunks that hold every content word of the question (what a reader could confuse it
        with); the question's wh-words and common words do not count."""
        words = [w for w in norm(question).split() if len(w) > 2 and w not in STOPWORDS]
        if not words:
            return set(self._norm_texts)
        sets = sorted((self._chunks_with.get(w, set()) for w in set(words)), key=len)
        found = set(sets[0])
        for other in sets[1:]:
            found &= other
        return found

    def hub(self, name: str) -> bool:
        return self.corpus.sources.get(name.lower(), 0) > self.hub_limit

    def accept(self, q: GeneratedQuestion, names: list[str]) -> bool:
        """The checks a finished question passes; `names` are the entities it goes through."""
        if q.kind != COMPARISON and contains(q.question, q.answer):
            return self._no("answer in the question")
        if q.kind != COMPARISON and (points_back(q.answer) if q.kind == SINGLE else _BARE.fullmatch(q.answer)):
            return self._no("answer only points back (\"the band\")")
        if q.question.startswith("Who ") and any(counted(n, q.evidence) for n in [q.answer, *names]):
            return self._no("a counted group, not one named thing")  # "Who did Cratchits hustle?"
        if not any(contains(self.corpus.texts.get(c, ""), q.answer) for c in q.gold_chunk_ids):
            return self._no("answer not in a gold chunk")
        if leaves_pronoun(q.question):
            return self._no("pronoun left in the question")
        if len(q.question.split()) > (MAX_BRIDGE_WORDS if q.kind == BRIDGE else MAX_QUESTION_WORDS):
            return self._no("no template fits")  # (as long as a template allows, with its qualified titles)
        dating = {y for part in _QUALIFIER.findall(q.question) for y in _YEAR.findall(part)}
        if dating and (q.kind == COMPARISON or set(_YEAR.findall(q.answer)) & dating):
            return self._no("answer in the question")  # "When was Cry Wolf (2005 film) released?"
        matching = self.chunks_matching(q.question)
        # A common answer ("Scrooge" in a book about him) is fine when the question's own words point to its
        # gold chunks alone; otherwise the answer could come from many places.
        if q.kind != COMPARISON and self.frequency(q.answer) > self.common_limit and not matching <= set(
                q.gold_chunk_ids):
            return self._no("answer too common")
        if any(self.hub(n) for n in names):
            return self._no("hub entity")
        if q.kind == SINGLE and len(matching) > self.specific_limit:
            return self._no("question not specific (its words are in many chunks)")
        if q.bridge and contains(q.question, q.bridge):
            return self._no("bridge entity named")
        key = norm(q.question)
        if key in self.seen:
            return self._no("duplicate")
        self.seen.add(key)
        return True

    def _no(self, reason: str) -> bool:
        self.drop(reason)
        return False


