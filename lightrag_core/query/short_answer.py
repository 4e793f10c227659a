"""The offline short answer: a span of the asked-for type, found in one sentence or along a two-sentence path.

A question names something (its linked entities); a sentence about it either states the answer
("Marley was Scrooge's partner") or names a bridge ("… directed by Sergio Leone") whose own sentence
states it ("Leone died in 1989"). Each path (one sentence, or a sentence and the bridge's sentence) is
scored by how much of the question's relation words it covers and how many of its names it reaches;
candidates are spaCy's entities of the expected type in the path's last sentence, never a name the
question already holds. Comparisons ("which was formed first, A or B?") compare the two facts.
Without a clear winner there is no short answer: a wrong one is worse than none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lightrag_core import lexical
from lightrag_core.nlp import nlp
from lightrag_core.query.answer_support import YEAR, ShortAnswer, cover, idf_weights, related, relation_terms
from lightrag_core.query.answer_type import (
    ANY,
    CHOICE,
    DATE,
    LABELS,
    NAME,
    ORG,
    PERSON,
    YES_NO,
    AnswerType,
    answer_type,
)
from lightrag_core.query.comparisons import choice_answer, yes_no_answer
from lightrag_core.query.roles import Hop, first_hop, holder, inner_hop, without_heading
from lightrag_core.query.sentences import Sentence, named_in, stems

POOL = 12  # best-scored sentences parsed for candidates (spaCy costs ~2 ms a sentence)
BRIDGE_SENTENCES = 12  # sentences reached through bridges, parsed too
MIN_SCORE = 1.0  # measured on hotpotqa_100: below these, most short answers were wrong
MIN_MARGIN = 0.4
PROXIMITY = 0.4  # weight of the span's tie to the question's relation words
BRIDGE_ONWARD = 0.85  # a bridge whose onward answer scores at least this share of its own …
BRIDGE_PENALTY = 0.6  # … is discounted by this factor
LIFE_DATE = 0.5  # weight of a birth or death date in brackets, when the question asks for one
_RELATED = {PERSON: {ORG}, ORG: {PERSON}}


@dataclass(frozen=True)
class Span:
    text: str
    label: str
    root: int  # index of the span's syntactic head in its sentence


@dataclass
class _Parsed:
    sentence: Sentence
    spans: list[Span]
    tokens: list[str]  # lower-case words
    lemmas: list[str]
    heads: list[int]  # each token's syntactic head (the root points at itself)


def short_answer(query: str, scored: list[tuple[Sentence, float]], names: list[str]) -> ShortAnswer | None:
    """The best-supported answer span and its path; `confident` only when it clearly beats the rest.

    None when nothing of the asked-for type is stated at all."""
    if not scored:
        return None
    kind = answer_type(query)
    sentences = [s for s, _ in scored]
    if kind.kind == CHOICE:
        return choice_answer(kind, query, sentences)
    if kind.kind == YES_NO:
        return yes_no_answer(kind, query, sentences)
    if (hop := first_hop(query)) and (through := _through_hop(kind, hop, scored)):
        return through
    return _span(kind, query, scored, names)


def _through_hop(kind: AnswerType, hop: Hop, scored: list[tuple[Sentence, float]]) -> ShortAnswer | None:
    """"When did the director of X die?": find X's director, then ask "when did <director> die?" of
    the sentences about them. None when the first hop is not stated, so the question is answered as a whole."""
    sentences = [s for s, _ in scored]
    subject, path, evidence = hop.subject, [hop.subject], []
    if inner := inner_hop(hop.subject):  # "the youngest son of Scrooge's clerk": the clerk first
        first = holder(inner.subject, inner.role, sentences, inner.qualifier)
        if first is None:
            return None
        subject, path, evidence = first[0], [inner.subject, first[0]], [first[1]]
    found = holder(subject, hop.role, sentences, hop.qualifier)
    if found is None:
        return None
    person, said = found
    path, evidence = [*path, person], [*evidence, said]
    if hop.asks_the_name():
        return ShortAnswer(person, evidence, path, 1.0)
    about = [(s, v) for s, v in scored if s not in evidence and named_in(person, s.name_stems)]
    if not about:
        return None
    outer = _span(kind, hop.outer.format(person), about, [person])
    if outer is None:
        return None
    return ShortAnswer(outer.text, [*evidence, *outer.evidence], [*path, outer.text], outer.score,
                       outer.margin, outer.confident, outer.rival)


# -- spans -------------------------------------------------------------------------------------

def _parse(sentences: list[Sentence]) -> list[_Parsed]:
    out = []
    for s, doc in zip(sentences, nlp().pipe([s.text for s in sentences])):
        spans = [Span(_person_text(doc[_day_start(doc, e):e.end].text, e.label_), e.label_, e.root.i)
                 for e in doc.ents]
        # Noun chunks headed by a proper noun stand in for names the small model did not label.
        labelled = {i for e in doc.ents for i in range(e.start, e.end)}
        spans += [Span(c.text, "NAME", c.root.i) for c in doc.noun_chunks
                  if c.root.pos_ == "PROPN" and c.root.i not in labelled]
        out.append(_Parsed(s, spans, [t.lower_ for t in doc], [t.lemma_.lower() for t in doc],
                           [t.head.i for t in doc]))
    return out


def _person_text(text: str, label: str) -> str:
    """A person's name without a heading in capitals the model read into it ("CHARACTERS Bob Cratchit")."""
    return without_heading(text) if label == "PERSON" else text


def _day_start(doc: Any, ent: Any) -> int:
    """Where a date starts, with a day number the small model left out ("30 April 1989" read as
    "April 1989" after a dash)."""
    before = doc[ent.start - 1] if ent.label_ == "DATE" and ent.start > 0 else None
    if before is not None and before.text.isdigit() and 1 <= int(before.text) <= 31:
        return int(ent.start) - 1
    return int(ent.start)


_DATE_WORDS = re.compile(
    r"\d|\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|"
    r"apr|jun|jul|aug|sept?|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday|century)\b",
    re.IGNORECASE)


def _fit(kind: AnswerType, span: Span) -> float:
    """How well the span's kind fits the question's; a date with no number, month or day in it ("this
    week", "today") fits only weakly: it rarely answers "when" on its own."""
    fit = _type_fit(kind, span.label)
    if kind.kind == DATE and span.label == "DATE" and not _DATE_WORDS.search(span.text):
        return fit * 0.5
    return fit


def _type_fit(kind: AnswerType, label: str) -> float:
    if kind.kind == ANY:
        return 0.5 if label in LABELS[NAME] or label == "NAME" else 0.0
    wanted = LABELS[kind.kind]
    if label in wanted:
        return 1.0
    if any(label in LABELS[r] for r in _RELATED.get(kind.kind, ())):
        return 0.6
    if kind.kind == NAME and label == "NAME":
        return 0.8
    if kind.kind in {PERSON, ORG} and label == "NAME":
        return 0.5
    return 0.0


def _clean_span(text: str) -> str:
    text = text.strip(" ,.;:\"'()“”‘’")
    return re.sub(r"^(the|a|an)\s+", "", text, flags=re.IGNORECASE) if len(text.split()) > 1 else text


def _proximity(parsed: _Parsed, span: Span, terms: set[str], lemmas: set[str]) -> float:
    """How closely the span is tied to the question's relation words in the sentence: by the parse
    ("written by Jack Owens": two arcs from "written") and, less, by word distance."""
    positions = [i for i, (t, lemma) in enumerate(zip(parsed.tokens, parsed.lemmas))
                 if lemma in lemmas or t in terms or any(related(t, w) for w in terms)]
    if not positions:
        return 0.0
    arcs = min(_arcs(parsed.heads, span.root, i) for i in positions)
    gap = min(abs(i - span.root) for i in positions)
    return 0.7 / (1.0 + max(arcs - 1, 0)) + 0.3 / (1.0 + gap / 4.0)


def _arcs(heads: list[int], a: int, b: int) -> int:
    """Dependency arcs between tokens a and b (through their lowest common head)."""
    up: dict[int, int] = {}
    node, depth = a, 0
    while node not in up:
        up[node] = depth
        node, depth = heads[node], depth + 1
    node, depth = b, 0
    seen: set[int] = set()
    while node not in up and node not in seen:
        seen.add(node)
        node, depth = heads[node], depth + 1
    return up[node] + depth if node in up else len(heads)


_BRACKETS = re.compile(r"\(([^()]{4,120})\)")
_DASH = re.compile(r"\s*[–—-]\s+|\s+[–—-]\s*|–")


def _life_date(parsed: _Parsed, span: Span, lemmas: set[str]) -> float:
    """1 when the question asks when someone was born (died) and the span is the first (second) date of a
    "(1924 – 2005)" or "(born 1924)" bracket after a name: biographies give life dates that way."""
    asks = "birth" if lemmas & {"bear", "born", "birth"} else "death" if lemmas & {"die", "death"} else ""
    if not asks or span.label != "DATE":
        return 0.0
    for bracket in _BRACKETS.finditer(parsed.sentence.text):
        inside = bracket.group(1)
        parts = _DASH.split(inside.removeprefix("born "), maxsplit=1)
        if asks == "birth" and span.text in parts[0] and (len(parts) == 2 or inside.startswith("born ")):
            return 1.0
        if asks == "death" and len(parts) == 2 and span.text in parts[1]:
            return 1.0
    return 0.0


def _overlap(text: str, q_stems: frozenset[str]) -> float:
    """Share of the span's words the question already holds ("the Hukilau Song" for "who wrote a song")."""
    words = stems(text) - lexical.stop_words()
    return len(words & q_stems) / len(words) if words else 1.0


Candidate = tuple[str, tuple[float, list[Sentence], list[str]]]  # key → (score, evidence, path)


def _span(kind: AnswerType, query: str, scored: list[tuple[Sentence, float]], names: list[str]) -> ShortAnswer | None:
    ranked = rank_candidates(kind, query, scored, names)
    if not ranked:
        return None
    score, evidence, path = ranked[0][1]
    best_text = ranked[0][1][2][-1]
    rival = next((v for k, v in ranked[1:]
                  if not _same(k, ranked[0][0]) and not _within(best_text, v[2][-1], [*evidence, *v[1]])), None)
    runner_up = rival[0] if rival else 0.0
    # An untyped question ("X is what?") has no type to check a span against: on hotpotqa_100 its best
    # candidate was right for 1 question in 16, so it never gets a short answer.
    confident = kind.kind != ANY and score >= MIN_SCORE and score - runner_up >= MIN_MARGIN
    text = path[-1]
    if kind.kind == DATE and kind.year and (year := YEAR.search(text)):
        text = year.group(1)  # "in what year …?" is answered by the year, not the whole date
    return ShortAnswer(text, evidence, [*path[:-1], text], round(score, 3), round(score - runner_up, 3), confident,
                       rival[1][-1:] if rival else [])


def rank_candidates(kind: AnswerType, query: str, scored: list[tuple[Sentence, float]],
                    names: list[str]) -> list[Candidate]:
    """Every span of the asked-for type in the best sentences and along bridge paths, best first."""
    sentences = [s for s, _ in scored]
    terms = relation_terms(query, names)
    idf = idf_weights(terms, sentences)
    q_stems = stems(query)
    named_words = set().union(*(stems(n) for n in names)) if names else set()
    lemmas = {t.lemma_.lower() for t in nlp()(query) if t.pos_ in {"NOUN", "VERB", "ADJ"} and not t.is_stop
              and t.lower_ not in named_words}
    pool = _parse(sentences[:POOL])
    best_pool = scored[0][1] or 1.0
    pool_score = {id(s): max(v, 0.0) / best_pool for s, v in scored[:POOL]}
    named = [n for n in names if n]
    candidates: dict[str, tuple[float, list[Sentence], list[str]]] = {}

    through: dict[str, float] = {}  # bridge → the best score of an answer reached through it

    def offer(text: str, score: float, evidence: list[Sentence], path: list[str]) -> None:
        key = text.lower()
        if score > candidates.get(key, (-1.0,))[0]:
            candidates[key] = (score, evidence, path)

    squashed = _squash(query)

    def asked(text: str) -> bool:
        """The question already holds it, word for word or written together ("LiHua" for "Li Hua")."""
        return stems(text) <= q_stems or (len(_squash(text)) >= 4 and _squash(text) in squashed)

    def names_in(s: Sentence) -> list[str]:
        return [n for n in named if named_in(n, s.name_stems)]

    # One sentence: it names the question's entity and states the answer.
    for p in pool:
        reached = names_in(p.sentence)
        base = cover(terms, idf, p.sentence.name_stems) + 0.5 * len(reached) / max(len(named), 1)
        base += 0.3 * pool_score.get(id(p.sentence), 0.0)
        for span in p.spans:
            fit = _fit(kind, span)
            text = _clean_span(span.text)
            if fit and text and not asked(text):
                tie = PROXIMITY * _proximity(p, span, terms, lemmas) + LIFE_DATE * _life_date(p, span, lemmas)
                score = (base * fit + tie) * (1 - 0.6 * _overlap(text, q_stems))
                offer(text, score, [p.sentence], [*reached[:1], text])
    # Two sentences: the first names the question's entity and a bridge, the second the bridge and the answer.
    bridges: list[tuple[_Parsed, Span]] = []
    for p in pool:
        if names_in(p.sentence):
            bridges += [(p, b) for b in p.spans if b.label in LABELS[NAME] or b.label == "NAME"
                        if not stems(b.text) <= q_stems and len(b.text) > 2]
    seconds: dict[int, tuple[_Parsed, Span]] = {}
    for first, bridge in bridges:
        bridge_name = _clean_span(bridge.text)
        for s in sentences:
            if len(seconds) >= BRIDGE_SENTENCES:
                break
            if s is not first.sentence and id(s) not in seconds and named_in(bridge_name, s.name_stems):
                seconds[id(s)] = (first, bridge)
    by_id = {id(p.sentence): p for p in pool}
    todo = [s for s in sentences if id(s) in seconds and id(s) not in by_id]
    parsed = {id(p.sentence): p for p in _parse(todo)} | by_id
    for sid, (first, bridge) in seconds.items():
        second = parsed[sid]
        words = first.sentence.name_stems | second.sentence.stems
        reached = names_in(first.sentence)
        if cover(terms, idf, words) - cover(terms, idf, first.sentence.name_stems) < 0.1:
            continue  # the second sentence must state something the question asks that the first does not
        base = 0.9 * (cover(terms, idf, words) + 0.5 * len(reached) / max(len(named), 1))
        bridge_name = _clean_span(bridge.text)
        for span in second.spans:
            fit = _fit(kind, span)
            text = _clean_span(span.text)
            if fit and text and not asked(text) and not stems(text) <= stems(bridge_name) | q_stems:
                tie = PROXIMITY * _proximity(second, span, terms, lemmas) + LIFE_DATE * _life_date(second, span, lemmas)
                score = (base * fit + tie) * (1 - 0.6 * _overlap(text, q_stems))
                offer(text, score, [first.sentence, second.sentence], [*reached[:1], bridge_name, text])
                through[bridge_name.lower()] = max(through.get(bridge_name.lower(), 0.0), score)
    merged = _merge_names(candidates)
    # A bridge that leads on to an answer as good as itself is what the question describes, not what it
    # asks ("a retired Orlando Magic player who …": Grant Hill leads to the show he hosts).
    for key, (score, evidence, path) in list(merged.items()):
        onward = max((v for b, v in through.items() if _same_name(b, key) or _same_name(key, b)), default=0.0)
        if onward >= BRIDGE_ONWARD * score:
            merged[key] = (score * BRIDGE_PENALTY, evidence, path)
    return sorted(merged.items(), key=lambda kv: -kv[1][0])


def _merge_names(candidates: dict[str, tuple[float, list[Sentence], list[str]]]
                 ) -> dict[str, tuple[float, list[Sentence], list[str]]]:
    """One candidate per name ("Marley" joins "Jacob Marley"): a name must not compete with itself.
    The best-scored form stands for it."""
    merged: dict[str, tuple[float, list[Sentence], list[str]]] = {}
    for key in sorted(candidates, key=len, reverse=True):
        home = max((k for k in merged if _same_name(key, k)), key=lambda k: merged[k][0], default=None)
        if home is None:
            merged[key] = candidates[key]
        elif candidates[key][0] > merged[home][0]:
            merged[home] = candidates[key]
    return merged


def _squash(text: str) -> str:
    return re.sub(r"\W+", "", text.lower())


def _same_name(short: str, long_: str) -> bool:
    """A shorter name that is a word-bounded part of a longer one ("marley" of "jacob marley")."""
    return re.search(rf"(?<!\w){re.escape(short)}(?!\w)", long_) is not None


def _within(place: str, wider: str, evidence: list[Sentence]) -> bool:
    """"Cincinnati, Ohio": the second names where the first is, so it is not a rival answer."""
    return any(f"{place}, {wider}" in s.text for s in evidence)


def _same(a: str, b: str) -> bool:
    return a in b or b in a
