"""Questions with known evidence, generated from a workspace's own chunks and graph, offline.

Three kinds, as multi-hop benchmarks build them:
- single: one fact of one sentence ("When did Sergio Leone die?"), gold = its chunk;
- bridge: two facts in two chunks sharing an entity; the question names the first fact's entity and
  asks for a fact of the shared one without naming it ("When did the person who directed Once Upon a
  Time in America die?"), gold = both chunks;
- comparison: two entities of one kind with a dated fact each, one verb ("Who was born first, A or
  B?"), gold = both chunks; the answer is one of the names the question gives.

Every candidate passes the same checks (`acceptance.py`), and each counts what it dropped. Deterministic for a
seed.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from lightrag_core.nlp import canonical_name
from lightrag_core.workbench.testset.acceptance import (
    BRIDGE,
    COMPARISON,
    KINDS,
    MAX_BRIDGE_WORDS,
    SINGLE,
    Checks,
    GeneratedQuestion,
    contains,
    question_id,
)
from lightrag_core.workbench.testset.facts import Corpus, Fact, written_subject
from lightrag_core.workbench.testset.phrasing import (
    ask,
    compare,
    describe,
    reads,
    year_of,
)

# The share of each kind asked for; what one kind cannot fill goes to the others.
SHARES = {SINGLE: 0.4, BRIDGE: 0.4, COMPARISON: 0.2}
# Kinds of entity a bridge can go through, the longest description, and bridges per entity.
BRIDGE_KINDS = {"person", "organisation", "place", "work", "event", "product"}
MAX_DESCRIPTION_WORDS = 14
MAX_PER_BRIDGE = 2
MAX_DESCRIBERS_TRIED = 6  # facts that describe a bridge entity, tried in turn for one question
MAX_PER_NAME = 2  # comparisons one name takes part in
@dataclass
class Generated:
    questions: list[GeneratedQuestion]
    dropped: Counter[str] = field(default_factory=Counter)  # candidates each check dropped, by reason
    candidates: Counter[str] = field(default_factory=Counter)  # candidates that passed, by kind
    chunks_parsed: int = 0
    facts: int = 0


def _written(fact: Fact, checks: Checks, unless: str = "") -> str | None:
    """The fact's subject as its question writes it (a qualified title), unless the question asks for it or names
    it otherwise (`unless`: the bridge a description replaces)."""
    if fact.slot.role == "subject" or fact.clause.subject == unless:
        return None
    return written_subject(fact, checks.corpus)


def _single(fact: Fact, checks: Checks) -> GeneratedQuestion | None:
    written = _written(fact, checks)
    text = ask(fact.clause, fact.slot, written)
    if text is None:
        checks.drop("no template fits")
        return None
    text = text if written else checks.corpus.names.as_written(text, fact.clause.subject)
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
    description = describe(first.clause, first.slot, _written(first, checks))
    asked = ask(second.clause, second.slot, _written(second, checks, unless=name))
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
    text = compare(a.clause, b.clause, earlier, (written_subject(a, checks.corpus) or a.clause.subject,
                                                 written_subject(b, checks.corpus) or b.clause.subject))
    if text is None:
        checks.drop("no template fits")
        return None
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
