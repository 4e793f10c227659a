"""What ties a candidate span to the question in its sentence's parse: how near it is to the question's
relation words, whether it did the asked deed ("directed by X") or had another done to it, whether the
sentence defines it by the asked noun, denies the asked fact, or lists it among others; whether it owns a
thing of the asked kind rather than being one ("New England's largest city").

`answer_spans.py` finds the spans; `candidates.py` weighs these ties.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from lightrag_core.query.answer_spans import ParsedSentence, Span
from lightrag_core.query.answer_support import related
from lightrag_core.query.answer_type import NAME, ORG, PERSON, PLACE, AnswerType, noun_kind
from lightrag_core.query.question_parse import AskedVerb
from lightrag_core.query.sentences import stem


def proximity(parsed: ParsedSentence, span: Span, terms: set[str], lemmas: set[str]) -> float:
    """How closely the span is tied to the question's relation words in the sentence: by the parse
    ("written by Jack Owens": two arcs from "written") and, less, by word distance."""
    positions = [i for i, (t, lemma) in enumerate(zip(parsed.tokens, parsed.lemmas))
                 if lemma in lemmas or t in terms or any(related(t, w) for w in terms)]
    if not positions:
        return 0.0
    arcs = min(_arcs(parsed.heads, span.root, i) for i in positions)
    gap = min(abs(i - span.root) for i in positions)
    return 0.7 / (1.0 + max(arcs - 1, 0)) + 0.3 / (1.0 + gap / 4.0)


# How a name holds together in the parse before its sentence's verb ("Sandra Oh Sandra Miju Oh", "Jr.")
_NAME_PARTS = {"compound", "appos", "flat", "nmod"}
# How a copula's complement goes on: "an American rapper, songwriter, and actor", "a Telugu comedy film"
_COMPLEMENT = {"conj", "compound", "amod"}


def defines(parsed: ParsedSentence, span: Span, head: str) -> bool:
    """The sentence says what the span is, by the question's noun: "Mercyful Fate is a Danish heavy
    metal band …" for "which band?" (the span is the subject of "be", and the noun is in its complement)."""
    node, deps, heads = span.root, parsed.deps, parsed.heads
    for _ in range(4):
        if deps[node] not in _NAME_PARTS or heads[node] == node:
            break
        node = heads[node]
    if deps[node] not in {"nsubj", "nsubjpass"} or parsed.lemmas[heads[node]] != "be":
        return False
    be, wanted = heads[node], stem(head)
    nouns = {i for i, h in enumerate(heads) if h == be and deps[i] == "attr"}
    grown = True
    while grown:
        more = {i for i, h in enumerate(heads) if h in nouns and deps[i] in _COMPLEMENT} - nouns
        nouns |= more
        grown = bool(more)
    return any(related(wanted, stem(parsed.tokens[i])) for i in nouns)


def equated(parsed: ParsedSentence, span: Span, noun: str) -> bool:
    """The sentence says the span is what the question's noun names: "Its chief executive since 2015 has
    been Harriet Okafor" (or "Harriet Okafor is its chief executive") for "who is the chief executive of
    X?"; not a name beside it ("…, who succeeded Donald Reese")."""
    if defines(parsed, span, noun):
        return True
    node, deps, heads = span.root, parsed.deps, parsed.heads
    for _ in range(4):
        if deps[node] not in _NAME_PARTS or heads[node] == node:
            break
        node = heads[node]
    if deps[node] != "attr" or parsed.lemmas[heads[node]] != "be":
        return False
    wanted = stem(noun)
    return any(h == heads[node] and dep in {"nsubj", "nsubjpass"} and related(wanted, stem(parsed.tokens[i]))
               for i, (h, dep) in enumerate(zip(heads, deps)))


def denies(parsed: ParsedSentence, lemmas: set[str]) -> bool:
    """The sentence says "not" of what the question asks: "I haven't played XCOM 2 yet" states no game
    being played, "He did not direct the film" no director."""
    return any(dep == "neg" and parsed.lemmas[head] in lemmas for dep, head in zip(parsed.deps, parsed.heads))


def agent(parsed: ParsedSentence, span: Span, verb: AbstractSet[str], doer: bool = False) -> float:
    """1 when the span does what the question asks about: "directed by Henri Dubois" or "Henri Dubois
    directed …" for "who directed …?". A name merely near the verb ("… and starring Mary Lane") is not;
    one that did something else ("directed by Ray Whitcomb" for "who wrote …?") counts against it, and so,
    when the question asks who did it (`doer`), does one another deed was done to ("… and stars Mary Lane").
    A question that asks whom the deed was done to (`AskedVerb.done_to`) turns it round."""
    if isinstance(verb, AskedVerb) and verb.done_to:
        return _done_to(parsed, span, verb)
    root, heads, deps = span.root, parsed.heads, parsed.deps
    if doer and (noun := parsed.called.get(span.start, "")) and noun in agent_nouns(verb) \
            and _roster(parsed, _group(parsed, span)):
        return 1.0  # "… composer David Julyan and editor Lee Smith" for "who edited …?": its own role in a roster
    if deps[root] == "appos":  # "by the producer Jacques Thibault": the name stands for "the producer"
        root = heads[root]
    head = heads[root]
    if deps[root] == "pobj" and parsed.tokens[head] == "by":
        done = heads[head]
        # "written and illustrated by X": verbs joined by "and" share the agent, unless one has its own
        # ("directed by T and written by J")
        joined = _conjoined(heads, deps, done) - {done}  # ("directed, written, and produced by X": all three)
        if parsed.lemmas[done] in verb or any(parsed.lemmas[i] in verb and not _has_by(parsed, i) for i in joined):
            return 1.0
        # an inflected verb's lemma differs from its word ("directed"); "a song by X" is no other deed
        return -0.5 if verb and parsed.lemmas[done] != parsed.tokens[done] else 0.0
    if deps[root] == "nsubj":
        return float(parsed.lemmas[head] in verb)
    if doer and deps[root] == "dobj" and parsed.lemmas[head] not in verb and parsed.lemmas[head] != parsed.tokens[head]:
        return -0.5  # "… and stars Shelley Long" for "who directed …?": what another deed was done to
    return 0.0


def _done_to(parsed: ParsedSentence, span: Span, verb: AskedVerb) -> float:
    """For "Whom did the manager succeed?": 1 for the one the asked deed was done to ("Dominik succeeded Bruce
    Allen", "Bruce Allen was succeeded by …"), and against the one who did it ("Dominik succeeded …", "… was
    succeeded by Dominik"). When the question names the doer ("Whom did Ray Duff meet?"), the deed must be
    that doer's, and one who did it to the doer is as good ("Ada Lorne met Ray Duff")."""
    root, heads, deps = span.root, parsed.heads, parsed.deps
    head = heads[root]
    if deps[root] == "pobj" and parsed.tokens[head] == "by":
        return -0.5 if parsed.lemmas[heads[head]] in verb and not verb.doer else 0.0
    if parsed.lemmas[head] not in verb:
        return 0.0
    role = "nsubj" if deps[root] in {"dobj", "nsubjpass"} else "dobj" if deps[root] == "nsubj" else ""
    other = next((i for i, (h, d) in enumerate(zip(heads, deps)) if h == head and d == role and i != root), None)
    by_doer = bool(verb.doer) and other is not None and parsed.tokens[other] in verb.doer.lower().split()
    if deps[root] in {"dobj", "nsubjpass"}:
        return 1.0 if not verb.doer or by_doer else 0.0
    if deps[root] == "nsubj":
        return 0.0 if by_doer else -0.5  # ("Ada Lorne met Ray Duff" for "whom did Ray Duff meet?")
    return 0.0


def agent_nouns(verbs: AbstractSet[str]) -> set[str]:
    """The nouns for one who does each verb ("edit": editor, "compose": composer, "narrate": narrator)."""
    forms = {f for v in verbs for f in (v + "or", v + "er", v + "r", v[:-1] + "or")}
    return {f for f in forms if noun_kind(f) == PERSON} - {"player"}  # (one who plays a sport, not a part)


def done_by(parsed: ParsedSentence, span: Span) -> str:
    """The lemma of the verb the span is the "by" agent of ("published in 2006 by Kids Can Press": publish),
    else ""."""
    root, heads, deps = span.root, parsed.heads, parsed.deps
    head = heads[root]
    return parsed.lemmas[heads[head]] if deps[root] == "pobj" and parsed.tokens[head] == "by" else ""


def _conjoined(heads: list[int], deps: list[str], word: int) -> set[int]:
    """The word and every word joined to it by "and" or a comma, along the whole chain."""
    top = word
    for _ in range(len(heads)):
        if deps[top] != "conj" or heads[top] == top:
            break
        top = heads[top]
    chain, todo = {top}, [top]
    while todo:
        at = todo.pop()
        for i, h in enumerate(heads):
            if h == at and deps[i] == "conj" and i not in chain:
                chain.add(i)
                todo.append(i)
    return chain


def listed(parsed: ParsedSentence, span: Span) -> int:
    """How many names of the span's kind its sentence lists with it ("celebrities like Rekha, Anupam Kher,
    Irrfan Khan …": 3 or more), itself included; 1 when it is not in a list, or in a roster of roles."""
    members = _group(parsed, span)
    return 1 if _roster(parsed, members) else len(members)


def _group(parsed: ParsedSentence, span: Span) -> list[Span]:
    """The names of the span's kind joined with it by "and" and commas, itself included."""
    heads, deps = parsed.heads, parsed.deps
    top = span.root
    for _ in range(len(heads)):
        if deps[top] != "conj" or heads[top] == top:
            break
        top = heads[top]
    group, grown = {top}, True
    while grown:
        more = {i for i, h in enumerate(heads) if h in group and deps[i] == "conj"} - group
        group |= more
        grown = bool(more)
    return [k for k in parsed.spans if k.label == span.label and k.root in group]


def _roster(parsed: ParsedSentence, members: list[Span]) -> bool:
    """Each listed name has a role of its own ("cinematographer Wally Pfister, composer David Julyan and
    editor Lee Smith"): each role is said of one."""
    roles = [parsed.called.get(k.start, "") for k in members]
    return len(members) > 1 and all(roles) and len(set(roles)) == len(roles)


def _has_by(parsed: ParsedSentence, verb: int) -> bool:
    return any(h == verb and parsed.tokens[i] == "by" for i, h in enumerate(parsed.heads) if i != verb)


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


def owns_head(kind: AnswerType, parsed: ParsedSentence, span: Span) -> bool:
    """The span owns a thing of the asked kind, not is one: "Ohio's capital city", "the firm's label"."""
    if not kind.head or kind.kind not in {PLACE, ORG, NAME}:
        return False
    end = span.start + len(span.text)
    owner = re.match(r"['’]s?", span.text[-2:] if span.text[-2:] in {"'s", "’s"} else parsed.sentence.text[end:end + 2])
    after = parsed.sentence.text[end:end + 40]
    return owner is not None and re.match(rf"(?:['’]s?)?\s+(?:[a-z-]+\s+){{0,2}}{re.escape(kind.head)}s?\b",
                                          after) is not None
