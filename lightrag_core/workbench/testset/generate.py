"""Questions with known evidence, generated from a workspace's own chunks and graph, offline.

Three kinds, as multi-hop benchmarks build them:
- single: one fact of one sentence ("When did Sergio Leone die?"), gold = its chunk;
- bridge: two facts in two chunks sharing an entity; the question names the first fact's entity and
  asks for a fact of the shared one without naming it ("When did the person who directed Once Upon a
  Time in America die?"), gold = both chunks;
- comparison: two entities of one kind with a dated fact each, one verb ("Who was born first, A or
  B?"), gold = both chunks; the answer is one of the names the question gives.

Every candidate passes the same checks, and each check counts what it dropped: the answer must be in
a gold chunk and not in the question, must not be a phrase half the corpus repeats, the entities a
question goes through must not be hubs, no question twice. Deterministic for a seed.
"""

from __future__ import annotations

import hashlib
import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from lightrag_core.nlp import canonical_name
from lightrag_core.workbench.testset.facts import Corpus, Fact, qualify
from lightrag_core.workbench.testset.phrasing import ask, compare, describe, points_back, reads, year_of

SINGLE, BRIDGE, COMPARISON = "single", "bridge", "comparison"
KINDS = (SINGLE, BRIDGE, COMPARISON)
# The share of each kind asked for; what one kind cannot fill goes to the others.
SHARES = {SINGLE: 0.4, BRIDGE: 0.4, COMPARISON: 0.2}
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
# Kinds of entity a bridge can go through, the longest description, and bridges per entity.
BRIDGE_KINDS = {"person", "organisation", "place", "work", "event", "product"}
MAX_DESCRIPTION_WORDS = 14
MAX_BRIDGE_WORDS = 28
MAX_PER_BRIDGE = 2
MAX_DESCRIBERS_TRIED = 6  # facts that describe a bridge entity, tried in turn for one question
MAX_PER_NAME = 2  # comparisons one name takes part in
# Pronouns a question cannot resolve (a possessive, "his knees", refers within the question and may stay).
_RELATIVE = re.compile(r"(?<!^)\b(which|whom|whose)\b(?!.*\bor\b)", re.IGNORECASE)  # a leftover, not the question word
# "Who held his withered little hand to his?": a possessive that names nobody
_DANGLING = re.compile(r"\b(?:his|her|their|its)\W*$", re.IGNORECASE)
_BARE = re.compile(r"the \w+", re.IGNORECASE)  # a bridge's answer "the door": which door, two passages away?
_PRONOUN = re.compile(r"\b(he|she|it|they|him|them|this|these|those|i|me|we|us|you|my|your|our)\b", re.IGNORECASE)


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


@dataclass
class Generated:
    questions: list[GeneratedQuestion]
    dropped: Counter[str] = field(default_factory=Counter)  # candidates each check dropped, by reason
    candidates: Counter[str] = field(default_factory=Counter)  # candidates that passed, by kind
    chunks_parsed: int = 0
    facts: int = 0


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
        if not any(contains(self.corpus.texts.get(c, ""), q.answer) for c in q.gold_chunk_ids):
            return self._no("answer not in a gold chunk")
        if _PRONOUN.search(q.question) or _RELATIVE.search(q.question) or _DANGLING.search(q.question):
            return self._no("pronoun left in the question")
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


def _single(fact: Fact, checks: Checks) -> GeneratedQuestion | None:
    text = ask(fact.clause, fact.slot)
    if text is None:
        checks.drop("no template fits")
        return None
    text = qualify(checks.corpus.names.as_written(text, fact.clause.subject), fact, checks.corpus)
    text = checks.corpus.names.type_word(text, fact.slot.entity or fact.slot.answer)
    q = GeneratedQuestion(question_id(text, [fact.chunk_id]), text, fact.slot.answer, SINGLE, 1, [fact.chunk_id],
                          [fact.doc_id], [fact.clause.sentence])
    return q if checks.accept(q, [fact.clause.subject]) else None


def _replace_once(text: str, name: str, description: str) -> str | None:
    """The question with the name's one whole-word occurrence replaced (None if not exactly one, or
    possessive: "the person who ...'s" does not read)."""
    found = list(re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text))
    if len(found) != 1 or text[found[0].end():].startswith(("'s", "’s")):
        return None
    before = text[: found[0].start()]
    if before.lower().endswith("the "):  # "towards the Phantom" -> "towards the person who ..."
        before = before[:-4]
    return before + description + text[found[0].end():]


def _capitalised(text: str) -> set[str]:
    """The capitalised words of a text after its first (the names it gives, near enough)."""
    return {w for w in re.findall(r"[\w'’-]+", text)[1:] if w[:1].isupper() and len(w) > 2}


def _bridge(first: Fact, second: Fact, name: str, checks: Checks) -> GeneratedQuestion | None:
    """`first` describes the bridge entity; `second` is a fact whose question names it as `name`."""
    description = describe(first.clause, first.slot)
    asked = ask(second.clause, second.slot)
    if description is None or asked is None or len(description.split()) > MAX_DESCRIPTION_WORDS:
        checks.drop("no template fits")
        return None
    if first.slot.kind == "person" and len(first.slot.entity.split()) == 1:
        checks.drop("bridge through a one-word name (two people may share it)")
        return None
    if _capitalised(description) & _capitalised(asked.replace(name, " ")):
        checks.drop("description repeats a name the question gives")  # "the band that Ulrich formed ... by Ulrich"
        return None
    text = _replace_once(asked, name, description)
    for subject in (first.clause.subject, second.clause.subject):  # "the person that the Cratchits hustled"
        text = checks.corpus.names.as_written(text, subject) if text is not None else None
    if text is None or len(text.split()) > MAX_BRIDGE_WORDS or not reads(text):
        checks.drop("no template fits")
        return None
    text = checks.corpus.names.type_word(text, second.slot.entity or second.slot.answer)
    text = qualify(qualify(text, first, checks.corpus), second, checks.corpus)
    gold = [first.chunk_id, second.chunk_id]
    q = GeneratedQuestion(question_id(text, gold), text, second.slot.answer, BRIDGE, 2, gold,
                          list(dict.fromkeys([first.doc_id, second.doc_id])),
                          [first.clause.sentence, second.clause.sentence], bridge=first.slot.entity)
    return q if checks.accept(q, [first.clause.subject, first.slot.entity, second.clause.subject]) else None


def _comparison(a: Fact, b: Fact, earlier: bool, checks: Checks) -> GeneratedQuestion | None:
    year_a, year_b = year_of(a.slot.answer), year_of(b.slot.answer)
    if year_a is None or year_b is None or year_a == year_b:
        checks.drop("dates not comparable")
        return None
    text = compare(a.clause, b.clause, earlier)
    if text is None:
        checks.drop("no template fits")
        return None
    text = qualify(qualify(text, a, checks.corpus), b, checks.corpus)
    first_wins = (year_a < year_b) == earlier
    answer = a.clause.subject if first_wins else b.clause.subject
    gold = [a.chunk_id, b.chunk_id]
    q = GeneratedQuestion(question_id(text, gold), text, answer, COMPARISON, 2, gold,
                          list(dict.fromkeys([a.doc_id, b.doc_id])), [a.clause.sentence, b.clause.sentence])
    return q if checks.accept(q, [a.clause.subject, b.clause.subject]) else None


def single_candidates(corpus: Corpus, checks: Checks) -> list[GeneratedQuestion]:
    out = []
    for fact in corpus.facts:
        q = _single(fact, checks)
        if q is not None:
            out.append(q)
    return out


def _names_asked_with(fact: Fact) -> list[str]:
    """The names a fact's question gives besides its answer: the subject (unless asked for), and the
    entities left in the predicate."""
    clause = fact.clause
    # (not a subject the reading only guessed, nor a name in an adjunct: "When was Metallica formed in the place
    # where Gary Franklin was based?" reads past the place to ask for a date)
    names = [] if fact.slot.role == "subject" or not clause.subject_named else [clause.subject]
    names += [n for n in clause.names if n != fact.slot.answer and n not in clause.adjuncts]
    return names


def bridge_candidates(corpus: Corpus, checks: Checks, rng: random.Random, limit: int) -> list[GeneratedQuestion]:
    """Two facts in two chunks joined by an entity: one fact's question names it, the other describes it
    (it is that fact's answer or its subject), and the question names it only by that description."""
    describers: dict[str, list[Fact]] = defaultdict(list)
    for fact in corpus.facts:
        if fact.slot.entity and fact.slot.kind in BRIDGE_KINDS:
            describers[fact.slot.entity.lower()].append(fact)
    # A name the text writes after "the" and as a common noun is a description more than a name: a novel's
    # several spirits are each "the Spirit", and a bridge through it joined what one did to what another did.
    pairs = [(fact, name) for fact in corpus.facts for name in _names_asked_with(fact)
             if (key := canonical_name(name).lower()) in describers and key not in corpus.names.generic]
    rng.shuffle(pairs)
    out: list[GeneratedQuestion] = []
    per_bridge: Counter[str] = Counter()
    for second, name in pairs:
        if len(out) >= limit:
            break
        key = canonical_name(name).lower()
        if per_bridge[key] >= MAX_PER_BRIDGE:
            continue
        firsts = [f for f in describers[key] if f.chunk_id != second.chunk_id
                  and not contains(f.clause.sentence, second.slot.answer)]
        if not firsts:
            checks.drop("bridge has no description in another chunk")
            continue
        rng.shuffle(firsts)
        # (one describing fact that does not read, or whose question another check drops, is no reason to give
        # up on the pair: the entity may be described better elsewhere; the pair counts one drop, its last)
        before = Counter(checks.dropped)
        for first in firsts[:MAX_DESCRIBERS_TRIED]:
            tried = Counter(checks.dropped)
            q = _bridge(first, second, name, checks)
            if q is not None:
                checks.dropped = before
                per_bridge[key] += 1
                out.append(q)
                break
            last = checks.dropped - tried
            checks.dropped = before + last
    return out


def comparison_candidates(corpus: Corpus, checks: Checks, rng: random.Random, limit: int
                          ) -> list[GeneratedQuestion]:
    """Pairs of dated facts with one verb about two named things of one kind, in two documents."""
    groups: dict[tuple[str, bool, str, str], list[Fact]] = defaultdict(list)
    for fact in corpus.facts:
        slot = fact.slot
        if slot.kind == "date" and slot.role == "prep" and fact.clause.subject_named and year_of(slot.answer):
            # Like with like: two films, two bands (by the noun each title's own first sentence gives it).
            noun = corpus.names.noun(fact.clause.subject)
            groups[(fact.clause.lemma, fact.clause.passive, fact.clause.subject_kind, noun)].append(fact)
    out: list[GeneratedQuestion] = []
    keys = sorted(k for k, v in groups.items() if len({f.clause.subject.lower() for f in v}) > 1)
    rng.shuffle(keys)
    used: Counter[str] = Counter()  # each name in at most MAX_PER_NAME comparisons
    pairs_seen: set[frozenset[str]] = set()
    attempts = 0
    while keys and len(out) < limit and attempts < limit * 20:
        attempts += 1
        key = keys[attempts % len(keys)]
        a, b = rng.sample(groups[key], 2)
        names = frozenset({a.clause.subject.lower(), b.clause.subject.lower()})
        if a.doc_id == b.doc_id or len(names) < 2 or names in pairs_seen or any(
                used[n] >= MAX_PER_NAME for n in names):
            continue
        pairs_seen.add(names)
        q = _comparison(a, b, earlier=rng.random() < 0.7, checks=checks)
        if q is not None:
            used.update(names)
            out.append(q)
    return out


def _spread(questions: list[GeneratedQuestion], n: int, rng: random.Random) -> list[GeneratedQuestion]:
    """Up to n questions, round-robin over the documents of their first gold chunk."""
    by_doc: dict[str, list[GeneratedQuestion]] = defaultdict(list)
    for q in questions:
        by_doc[q.gold_ids[0]].append(q)
    docs = sorted(by_doc)
    rng.shuffle(docs)
    for d in docs:
        rng.shuffle(by_doc[d])
    out: list[GeneratedQuestion] = []
    depth = 0
    while len(out) < n:
        layer = [by_doc[d][depth] for d in docs if depth < len(by_doc[d])]
        if not layer:
            break
        out.extend(layer[: n - len(out)])
        depth += 1
    return out


def balance(pools: dict[str, list[GeneratedQuestion]], count: int, rng: random.Random) -> list[GeneratedQuestion]:
    """`count` questions in SHARES where the pools allow; a short pool's share goes to the others,
    multi-chunk kinds first."""
    want = {k: int(round(SHARES[k] * count)) for k in KINDS}
    want[SINGLE] = count - want[BRIDGE] - want[COMPARISON]
    take = {k: min(want[k], len(pools[k])) for k in KINDS}
    short = count - sum(take.values())
    for k in (BRIDGE, COMPARISON, SINGLE):
        extra = min(short, len(pools[k]) - take[k])
        take[k] += extra
        short -= extra
    picked: list[GeneratedQuestion] = []
    for k in KINDS:
        picked.extend(_spread(pools[k], take[k], rng))
    rng.shuffle(picked)
    return picked


def generate_from(corpus: Corpus, count: int, seed: int) -> Generated:
    """A balanced set of up to `count` questions from the facts read (deterministic for a seed)."""
    rng = random.Random(seed)
    checks = Checks(corpus)
    pools = {
        SINGLE: single_candidates(corpus, checks),
        BRIDGE: bridge_candidates(corpus, checks, rng, count * 3),
        COMPARISON: comparison_candidates(corpus, checks, rng, count),
    }
    picked = balance(pools, count, rng)
    return Generated(picked, checks.dropped, Counter({k: len(v) for k, v in pools.items()}),
                     len(corpus.texts), len(corpus.facts))
