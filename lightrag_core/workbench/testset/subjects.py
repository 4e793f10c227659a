"""Who or what a clause is about: its subject found through the parse (relative clauses, participles after a
copula, verbs joined by "and"), and named: an entity, the document's topic (by a pronoun, "the film", or
where the parse lost the title), or a guess (a pronoun taken to be the last person named)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from lightrag_core.nlp import canonical_name
from lightrag_core.workbench.testset.lexicon import (
    GUESS,
    MAX_PHRASE_TOKENS,
    NAMED,
    NAMED_KINDS,
    PRONOUNS,
    QUOTES,
    RELATIVE_PRONOUNS,
    STATE_VERBS,
    SUBJECT_DEPS,
    TOPIC,
    kind_of_noun,
)
from lightrag_core.workbench.testset.model import Names, Topic
from lightrag_core.workbench.testset.spans import contiguous, cut_short, entity_at, entity_kind, phrase

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def auxiliaries(verb: Token) -> tuple[list[Token], bool, bool]:
    """The auxiliaries before the verb, whether it is passive, and whether it is negated."""
    # "to" marks an infinitive, not an auxiliary: such a verb has no tense to ask with
    aux = [c for c in verb.children if c.dep_ in {"aux", "auxpass"} and c.i < verb.i and c.tag_ != "TO"]
    passive = any(c.dep_ in {"auxpass", "nsubjpass"} for c in verb.children)
    negated = any(c.dep_ == "neg" for c in verb.children)
    return aux, passive, negated


def sentence_persons(sent: Span, names: Names) -> list[str]:
    """The people the sentence names as subjects of any verb ("said Scrooge" too), in order. One is whom a "he"
    in the next sentences most likely means; after two ("The Spirit dropped …; but though Scrooge pressed it
    down …") a "he" may be either, and no question rests on a guess."""
    out: list[str] = []
    for tok in sent:
        if tok.dep_ in SUBJECT_DEPS and not quoted(tok):
            ent = entity_at(tok)
            name = canonical_name(ent.text) if ent is not None else ""
            if ent is not None and (names.kind(name) or entity_kind(ent.label_)) == "person" and name not in out:
                out.append(name)  # (the graph's kind first: the text has "the Spirit" act as a person)
    return out


def quoted(tok: Token) -> bool:
    """Inside a quotation of its sentence ("'Good Spirit,' he pursued": the parse makes the one addressed a
    subject, and the "he" after it took the Spirit's name)."""
    return sum(t.is_quote and not _possessive(t) for t in tok.sent[: tok.i - tok.sent.start]) % 2 == 1


def _possessive(quote: Token) -> bool:
    """A plural's apostrophe ("the Cratchits' door"), not a quotation mark."""
    before = quote.doc[quote.i - 1] if quote.i > 0 else None
    return before is not None and not before.whitespace_ and before.lower_.endswith("s") and before.is_alpha


def persons_in(tokens: Iterable[Token], names: Names) -> set[str]:
    """The people the tokens mention: by name, and "?" for one a person noun stands for ("the clerk", "his
    nephew")."""
    out: set[str] = set()
    for tok in tokens:
        if quoted(tok):
            continue
        ent = entity_at(tok)
        if ent is not None:
            name = canonical_name(ent.text)
            if (names.kind(name) or entity_kind(ent.label_)) == "person":
                out.add(name)
        elif (tok.pos_ == "NOUN" and kind_of_noun(tok.lemma_.lower()) == "person"
              and any(c.dep_ in {"det", "poss"} for c in tok.children)):  # "the clerk", "his nephew"
            out.add("?")
    return out


def topic_spans(sent: Span, topic: Topic) -> list[tuple[int, int]]:
    """Where the sentence names the topic, as token spans."""
    if not topic.name:
        return []
    wanted = topic.name.lower().split()
    lowered = [t.lower_ for t in sent]
    spans = []
    for n in range(len(lowered) - len(wanted) + 1):
        if lowered[n: n + len(wanted)] == wanted:
            spans.append((sent.start + n, sent.start + n + len(wanted)))
    return spans


def subject_name(subject: Token, topic: Topic, topic_spans: list[tuple[int, int]],
                  names: Names) -> tuple[str, str, str] | None:
    """The subject as a name, its kind, and how it was found: NAMED in the sentence, the document's TOPIC by
    a pronoun or "the film", or a GUESS (a pronoun taken to be the last person named)."""
    lowered = subject.lower_
    if subject.doc[subject.left_edge.i].text in QUOTES:
        return None  # a quotation as the subject: dialogue, not a name
    if lowered == "i" and subject.pos_ == "PRON":  # a chat line's "I" is who says it (speakers.py)
        speaker = topic.speaker(subject.idx)
        return (speaker, "person", NAMED) if speaker else None
    if lowered in PRONOUNS and subject.pos_ == "PRON":
        kind = PRONOUNS[lowered]
        if topic.name and (topic.kind == kind or (kind == "thing" and topic.kind not in {"person", ""})):
            return topic.name, topic.kind, TOPIC
        # (not when someone else is named before it: "of the Ghost …, he stood beneath a low roof"; "The Phantom
        # was exactly as it had been, but he dreaded …")
        before = subject.sent[: subject.i - subject.sent.start]
        others = persons_in(before, names) | {canonical_name(t.text) for t in before
                                              if t.dep_ in SUBJECT_DEPS and t.pos_ == "PROPN" and not quoted(t)}
        # (not in a chat: its "he" is someone the speakers talk about, seldom the last one named)
        if kind == "person" and not topic.name and not topic.lines and topic.last_person and others <= {
                topic.last_person}:
            return topic.last_person, "person", GUESS
        return None
    if any(start <= subject.i < end for start, end in topic_spans):
        return topic.name, topic.kind, NAMED
    # ("the game" is the topic a "video game" is)
    if topic.noun and subject.lemma_.lower() == topic.noun.rsplit(" ", 1)[-1] and subject.pos_ == "NOUN" and any(
            c.dep_ == "det" and c.lower_ in {"the", "this"} for c in subject.children) and all(
            c.dep_ in {"det", "amod", "compound"} for c in subject.children):
        return topic.name, topic.kind, TOPIC  # "The film was shot in ..." in the film's own document
    ent = entity_at(subject)
    if ent is None:  # "Her first novel, "The Orange Eats Creeps", was published by ...": the apposition names it
        ent = next((e for c in subject.children if c.dep_ == "appos" for e in [entity_at(c)] if e is not None), None)
    if ent is not None and topic.name and any(start == ent.start and end < ent.end and _line_break(ent, end)
                                              for start, end in topic_spans):
        # "Eddie Irvine⏎Edmund Irvine Jr. is a retired …": the title line, glued to the first sentence's own name
        # (not "John Lennon Airport" in John Lennon's document: no line between)
        return topic.name, topic.kind or entity_kind(ent.label_), NAMED
    if ent is not None and cut_short(ent):
        return None  # "Hank Williams, Jr. was born …": the NER's "Hank Williams" is another man
    if ent is not None and entity_kind(ent.label_) in NAMED_KINDS:
        name = canonical_name(ent.text)
        full = topic.name.lower().split()
        if topic.kind == "person" and len(full) > 1 and name.lower() in full:
            return topic.name, "person", NAMED  # "Andrews graduated ..." in Andrews's own article: the full name
        return name, names.kind(name) or entity_kind(ent.label_), NAMED
    owner = next((c for c in subject.children if c.dep_ == "poss"), None)
    if (subject.pos_ == "NOUN" and owner is not None and entity_at(owner) is not None
            and all(c.dep_ in {"poss", "amod", "compound"} for c in subject.children)):
        # "Scrooge's nephew laughed": a description as specific as a name
        described = subject.doc[subject.left_edge.i: subject.i + 1].text
        return described, kind_of_noun(subject.lemma_.lower()) or "thing", NAMED
    introduced = any(c.dep_ == "det" and c.lower_ == "the" for c in subject.children)
    if subject.pos_ == "PROPN" and subject.is_title and introduced:  # "The Ghost of Christmas Past": NER missed it
        words = [t for t in phrase(subject, set()) if t.dep_ != "det"]
        initial = words[0].i == subject.sent.start  # a capital there says nothing
        if (contiguous(words) and not initial and len(words) <= MAX_PHRASE_TOKENS
                and all(t.is_title or t.is_stop for t in words)):
            return canonical_name(subject.doc[words[0].i: words[-1].i + 1].text), "thing", NAMED
    return None


def _line_break(ent: Span, end: int) -> bool:
    """Whether a line break follows the title's span inside the entity (the title line before the text)."""
    doc = ent.doc
    return "\n" in doc[end - 1].whitespace_ or any(t.is_space and "\n" in t.text for t in doc[end: ent.end])


def copula_subject(copula: Token, spans: list[tuple[int, int]]) -> Token | None:
    """The copula's subject; or, when the parse found none, the topic named right before it ("Once Upon a
    Time in America is a 1984 film": the title parses as an adverb and a prepositional phrase)."""
    subject = next((c for c in copula.children if c.dep_ in SUBJECT_DEPS), None)
    if subject is None:
        before = next((end for start, end in spans if end == copula.i and start == copula.sent.start), None)
        if before is not None:
            return copula.doc[before - 1]
    return subject


def governed(verb: Token, spans: list[tuple[int, int]], depth: int = 0) -> tuple[Token, list[str], bool, bool] | None:
    """The verb's subject, auxiliaries, whether it is passive, and whether it hangs off a copula.

    "Leone, who was born in Rome" -> Leone; "X is a company headquartered in Y" -> X (is headquartered);
    "written and directed by Y": "directed" shares the subject and auxiliaries of "written"."""
    subject = next((c for c in verb.children if c.dep_ in SUBJECT_DEPS), None)
    aux, passive, _ = auxiliaries(verb)
    aux_words = [a.text for a in aux]
    if subject is not None and subject.lower_ in RELATIVE_PRONOUNS and verb.dep_ == "relcl":
        return verb.head, aux_words, passive, False
    if subject is not None:
        return subject, aux_words, passive, False
    if verb.dep_ == "acl" and verb.tag_ == "VBN" and verb.head.dep_ == "attr":
        copula = verb.head.head
        subject = copula_subject(copula, spans)
        if subject is None:
            return None
        # "is a company headquartered in Y" is a state now; "is a film directed by Y" was done once.
        state = verb.lemma_.lower() in STATE_VERBS
        return subject, [copula.text if state else ("were" if copula.tag_ == "VBP" else "was")], True, True
    if verb.dep_ == "conj" and verb.head.pos_ == "VERB" and depth < 3:
        shared = governed(verb.head, spans, depth + 1)
        if shared is None:
            return None
        subject, head_aux, head_passive, copular = shared
        if aux_words or verb.tag_ != "VBN":
            return subject, aux_words, passive, False  # "was born in 1950 and died in 2000": own tense
        return subject, head_aux, head_passive, copular
    return None
