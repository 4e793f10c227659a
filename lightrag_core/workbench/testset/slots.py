"""The slots a question can ask for in a clause: a named object or prepositional object, a date, a count,
a place named by a common noun, or a plain noun phrase ("What did Peter plunge a fork into?")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lightrag_core.nlp import canonical_name
from lightrag_core.workbench.testset.lexicon import (
    DEICTIC,
    GENERIC_NOUNS,
    LIGHT_VERBS,
    MAX_PHRASE_TOKENS,
    NAMED_KINDS,
    PHRASE_PREPS,
    PLACE_NOUNS,
    kind_of_noun,
    named_by_head,
)
from lightrag_core.workbench.testset.model import Names, Slot
from lightrag_core.workbench.testset.spans import contiguous, cut_short, entity_at, entity_kind, phrase, span

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def whole_phrase(ent: Span) -> bool:
    """Whether the entity is its noun phrase's every word (an article aside): "directed Kriminaltango", not
    "the popular duo Twins", where a description put in its place would not read."""
    root = ent.root
    return all(ent.start <= i < ent.end or root.doc[i].dep_ == "det"
               for i in range(root.left_edge.i, root.right_edge.i + 1))


def replaceable_names(sent: Span, inside: set[int]) -> tuple[str, ...]:
    """The named entities a bridge may replace by a description: each the whole object of the predicate it is
    in ("directed Kriminaltango", "in Rome"), not a word inside a longer noun phrase ("former Buccaneers
    player"), where a description would not read."""
    out = []
    for ent in sent.ents:
        if entity_kind(ent.label_) not in NAMED_KINDS or not all(i in inside for i in range(ent.start, ent.end)):
            continue
        if ent.root.dep_ in {"dobj", "pobj", "dative"} and whole_phrase(ent):
            out.append(ent.text)
    return tuple(out)


def adjunct_names(sent: Span, names: tuple[str, ...]) -> tuple[str, ...]:
    """Of the names, those in a prepositional phrase of the verb ("debuted for West Coast", "developed in
    Germany"): an adjunct, which a question asking for something else reads past. "By" of a passive is an
    argument ("published by Two Dollar Radio"); a preposition of a noun is part of it ("member of Twins")."""
    out = []
    for ent in sent.ents:
        if ent.text not in names:
            continue
        tok = ent.root  # up to the verb: any prepositional phrase of it on the way ("after his education in Mumbai")
        while tok.head is not tok and tok.pos_ not in {"VERB", "AUX"}:
            if tok.dep_ == "prep" and tok.head.pos_ in {"VERB", "AUX"}:
                out.append(ent.text)
                break
            tok = tok.head
    return tuple(out)


def _answer_for(head: Token, names: Names) -> tuple[str, str, str] | None:
    """(answer words, kind, type noun) of the noun phrase headed by `head`, if the head is part of a named entity,
    a date or a number."""
    ent = entity_at(head)
    if ent is None or ent[-1].is_stop or ent[-1].is_punct:
        return None  # "Counting Crows with": the NER span ran on into the next words
    if cut_short(ent):
        return None  # "the Metropolitan Borough" of Bury: the NER span stopped inside the name
    kind = entity_kind(ent.label_)
    if kind not in NAMED_KINDS:
        return ent.text, kind, ""
    name = canonical_name(ent.text)
    # (the graph's type is the majority over every mention, one sentence's label is noisier)
    return ent.text, *typed(name, names.kind(name) or kind, names)


def typed(name: str, kind: str, names: Names) -> tuple[str, str]:
    """(kind, type noun) of a named answer: the noun the document calls it by first, else the name's own head noun,
    which beats the NER and the graph ("Liberty Church Road" is a road whatever the NER said)."""
    called = names.noun(name)
    if called:  # "Union Station" the band, "Metallica" the band and "Iain Banks" the author, whatever the NER said
        # (only those kinds: a first sentence's noun may be the film a director is known for)
        said = kind_of_noun(called)
        return (said if said in {"person", "organisation"} else kind), called
    headed, noun = named_by_head(name, kind)
    return headed or kind, noun


def _common_noun(head: Token) -> str:
    """A common noun the sentence calls a named thing by: "the band Behind Crimson Eyes" -> "band"."""
    if head.dep_ == "appos" and head.head.pos_ == "NOUN":
        return _a_noun(head.head)
    ent = entity_at(head)
    for child in head.children:
        # (not a word of the name itself: "A. D. Grover & Son" is no "a.")
        if (child.dep_ in {"compound", "appos"} and child.pos_ == "NOUN" and child.i < head.i
                and (ent is None or not ent.start <= child.i < ent.end)):
            return _a_noun(child)
    return ""


def _a_noun(tok: Token) -> str:
    """The token's lemma if it reads as a type word (letters only)."""
    lemma = tok.lemma_.lower()
    return lemma if lemma.isalpha() and len(lemma) > 2 else ""


def _is_count(tok: Token) -> bool:
    """A number that counts its noun ("6 games"): a CARDINAL entity, more than one."""
    ent = entity_at(tok)
    return ent is not None and ent.label_ == "CARDINAL" and tok.lower_ not in {"one", "1", "a"}


def _entity_name(answer: str, kind: str) -> str:
    return canonical_name(answer) if kind in NAMED_KINDS else ""


def _np_text(head: Token) -> str:
    """The noun phrase's words, without a relative clause or an aside after it."""
    words = [t for t in phrase(head, set())]
    if not contiguous(words):
        words = [t for t in words if t.i <= head.i]
    return head.doc[words[0].i: words[-1].i + 1].text


def _where_phrase(prep: Token, head: Token) -> bool:
    """A place named by a common noun after "in", "at"...: "in chambers", "at the counting-house"."""
    return (prep.lower_ in {"in", "at", "inside", "near"} and head.pos_ == "NOUN"
            and head.lemma_.lower() in PLACE_NOUNS and not any(t.pos_ == "PRON" for t in head.subtree))


def _plain_object(head: Token, modified: bool = True) -> bool:
    """A short noun phrase with no name in it: "the register of his burial", not "that bill". With
    `modified`, it must carry a modifier ("a plaintive little voice", not "the stars")."""
    words = head.doc[head.left_edge.i: head.right_edge.i + 1]
    first = words[0]
    return (head.pos_ == "NOUN" and head.lemma_.lower() not in GENERIC_NOUNS and 1 <= len(words) <= MAX_PHRASE_TOKENS
            and first.lower_ not in DEICTIC
            and not any(t.ent_type_ or t.pos_ in {"PRON", "PUNCT"} for t in words)
            and (first == head or first.dep_ in {"det", "amod", "compound", "nummod"})
            # a modifier makes it specific: "the saucepan of potatoes", "a plaintive little voice", not "the stars"
            and (not modified or any(c.dep_ in {"amod", "compound", "nummod", "prep"} for c in head.children)))


def _coordinated(child: Token) -> bool:
    """An object, or a preposition's object, joined to another ("named after Generalissimo and the late President
    Chiang Kai-shek"): either alone is half the answer."""
    heads = [child] if child.dep_ not in {"prep", "agent"} else [g for g in child.children if g.dep_ == "pobj"]
    # (an "and" or "or" makes it a list; "Little Rock, Arkansas" parsed as two conjuncts is one place, and
    # "Pride and Prejudice" is one title)
    def outside(h: Token, dep: str) -> list[Token]:
        ent = entity_at(h)
        return [c for c in h.children if c.dep_ == dep and (ent is None or not ent.start <= c.i < ent.end)]

    def listed(h: Token) -> bool:
        # ("A, B, C and D": the parse hangs the "and" on C, the conjunct before the last)
        for _ in range(50):
            joined = outside(h, "conj")
            if not joined:
                return False
            if outside(h, "cc") or outside(joined[0], "cc"):
                return True
            h = joined[0]
        return False

    return any(listed(h) for h in heads)


def answer_slots(verb: Token, skip: set[int], names: Names) -> list[Slot]:
    """The objects and prepositional objects of the verb that a question can ask for."""
    from lemminflect import getInflection

    slots: list[Slot] = []
    for child in verb.children:
        if child.i in skip or _coordinated(child):
            continue
        if child.dep_ in {"dobj", "dative"}:
            count = next((n for n in child.children if n.dep_ == "nummod" and _is_count(n)), None)
            number = entity_at(count) if count is not None else None
            if number is not None and child.pos_ == "NOUN":
                plural = getInflection(child.lemma_, tag="NNS")  # "100 million records": the whole number
                slots.append(Slot("count", number.text, "number", noun=plural[0] if plural else child.text,
                                  removed=span(child)))
                continue
            found = _answer_for(child, names)
            if found and found[1] in NAMED_KINDS:
                answer, kind, noun = found
                slots.append(Slot("object", answer, kind, noun=noun or _common_noun(child), removed=span(child),
                                  entity=_entity_name(answer, kind)))
            elif found is None and _plain_object(child, modified=verb.lemma_.lower() in LIGHT_VERBS):
                # "Scrooge signed the register": "What did Scrooge sign?" (no entity: no bridge goes through it)
                slots.append(Slot("object", child.doc[child.left_edge.i: child.right_edge.i + 1].text, "phrase",
                                  removed=span(child)))
        elif child.dep_ in {"prep", "agent"}:
            objects = [g for g in child.children if g.dep_ == "pobj"]
            found = _answer_for(objects[0], names) if len(objects) == 1 else None
            if found is None and len(objects) == 1 and _where_phrase(child, objects[0]):
                obj = objects[0]  # "lived in chambers": "Where did Scrooge live?"
                slots.append(Slot("prep", _np_text(obj), "place", prep=child.lower_, removed=span(child)))
                continue
            if found is None and len(objects) == 1 and child.lower_ in PHRASE_PREPS and _plain_object(objects[0]):
                obj = objects[0]
                slots.append(Slot("prep", _np_text(obj), "phrase", prep=child.lower_, removed=span(child)))
                continue
            if not found or found[1] == "number":
                continue
            role = "agent" if child.dep_ == "agent" else "prep"
            answer, kind, noun = found
            slots.append(Slot(role, answer, kind, prep=child.lower_, noun=noun or _common_noun(objects[0]),
                              removed=span(child), entity=_entity_name(answer, kind)))
    return slots
