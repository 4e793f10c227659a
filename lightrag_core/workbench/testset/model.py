"""What the question generator reads out of a parse, as plain data: words, clauses, the slots a question can
ask for, and what a document is about. Copied out of spaCy's `Doc`, so the templates and tests need none."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from lightrag_core.workbench.testset.speakers import speaker_at


@dataclass
class Names:
    """What the workspace knows of names, keyed lower-cased: each one's kind in the graph (its merged
    type), and for a document's subject the noun its own first sentence calls it ("X is a 1986 film")."""

    kinds: dict[str, str] = field(default_factory=dict)
    nouns: dict[str, str] = field(default_factory=dict)
    articled: frozenset[str] = frozenset()  # names the text mostly writes after "the" ("the Spirit")
    generic: frozenset[str] = frozenset()  # of those, ones also written as a common noun ("spirit voices")

    def kind(self, name: str) -> str:
        return self.kinds.get(name.lower(), "")

    def noun(self, name: str) -> str:
        return self.nouns.get(name.lower(), "")

    def type_word(self, question: str, answer: str) -> str:
        """"What" for "Which organisation" when the answer is a generic name ("the Phantom", and "phantoms"): its
        kind is the NER's guess at a capitalised noun (the Phantom was asked for as an organisation)."""
        if answer.lower() not in self.generic:
            return question
        return re.sub(r"^Which (?:organisation|work|product|place|event|law|thing)\b", "What", question)

    def as_written(self, question: str, name: str) -> str:
        """The question with `name` after "the" where the text writes it so ("What did the Spirit sink into?")."""
        if name.lower() not in self.articled:
            return question
        return re.sub(rf"(?<![\w-])(?<!the )(?<!The ){re.escape(name)}(?![\w-])",
                      lambda m: ("The " if m.start() == 0 else "the ") + m.group(), question)


@dataclass(frozen=True)
class Word:
    i: int  # position in the parsed chunk
    text: str
    space: str = " "  # what followed it in the text
    named: bool = False  # part of a named entity (a question needs one besides its answer)


@dataclass(frozen=True)
class Slot:
    """What a question can ask for in a clause, and what is left of the predicate without it."""

    role: str  # subject | object | prep | agent | count
    answer: str  # the answer's words as the sentence has them
    kind: str  # person | organisation | place | work | event | product | law | language | date | number
    prep: str = ""  # the preposition of a prep or agent slot
    noun: str = ""  # the counted noun (count slots), or a common noun the answer is called by
    removed: tuple[int, int] = (0, 0)  # token span [start, end) taken out of the predicate
    entity: str = ""  # the answer as an entity name (canonical), for named kinds


@dataclass(frozen=True)
class Clause:
    sentence: str
    subject: str  # the subject as a name: the entity, the document's topic, or a pronoun resolved to one
    subject_kind: str
    subject_span: tuple[int, int]
    verb: str  # as written
    lemma: str
    tag: str  # the verb's Penn tag (VBD, VBZ, VBN, ...)
    aux: tuple[str, ...]  # auxiliaries before the verb, in order ("was"; "has", "been")
    passive: bool
    predicate: tuple[Word, ...]  # the words after the verb (fronted phrases moved to the end)
    slots: tuple[Slot, ...] = field(default_factory=tuple)
    subject_named: bool = True  # the sentence names the subject or refers to its document's topic (not a guess)
    names: tuple[str, ...] = ()  # named entities in the predicate, as written
    copular: bool = False  # "X is a film directed by Y": the verb hangs off a copula ("is")
    description: str = ""  # copular clauses: the subject as its attribute says ("the 1960 Austrian film ...")
    appositive: bool = False  # "X, Y's wife,": the description names another entity, so it may be asked for
    adjuncts: tuple[str, ...] = ()  # of `names`, those in a prepositional phrase of the verb ("developed in Germany")

    def predicate_without(self, slot: Slot, keep_prep: bool = False) -> list[Word]:
        """The predicate with the slot's phrase taken out (its preposition left in place if asked)."""
        start, end = slot.removed
        if keep_prep:
            start += 1
        return [w for w in self.predicate if not start <= w.i < end]

    def names_besides(self, slot: Slot) -> bool:
        """Whether a question for `slot` still names something: the subject, or an entity in the predicate."""
        if slot.role != "subject":
            return True
        return any(w.named for w in self.predicate_without(slot))


@dataclass
class Topic:
    """What a document is about, for resolving references: its subject, the noun its first copular
    sentence calls it ("X is a 1960 film" -> "the film" is X), and the last named person."""

    name: str = ""
    kind: str = ""
    last_person: str = ""
    noun: str = ""
    since_person: int = 0  # sentences since the last person was named as a subject
    # in a chat, where each line of the chunk being read starts and who says it ("LiHua: I booked …": its "I")
    lines: tuple[tuple[int, str], ...] = ()

    def speaker(self, offset: int) -> str:
        """Who says the line holding character `offset` of the chunk being read ("" outside a chat)."""
        return speaker_at(self.lines, offset) if self.lines else ""
