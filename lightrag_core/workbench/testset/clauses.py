"""Clauses read from spaCy's parse: a subject, a verb with its auxiliaries, the words of its predicate,
and the slots a question can ask for (the subject, an object, a prepositional object, a count).

Everything is copied out of the parse into plain data (token positions and texts), so the
question templates (`phrasing.py`) and the tests work without a `Doc`. Only clauses a question
can be made from are kept: a named or resolvable subject, no negation, a short predicate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lightrag_core.nlp import canonical_name
from lightrag_core.workbench.testset.lexicon import (
    CLAUSAL_DEPS,
    DEMONSTRATIVES,
    GENERIC_NOUNS,
    GUESS,
    LIKING_VERBS,
    MAX_DESCRIPTION_TOKENS,
    MAX_PREDICATE_TOKENS,
    MODALS,
    NAMED,
    NAMED_KINDS,
    OPINION_VERBS,
    PREDICATE_DEPS,
    PRONOUN_REACH,
    REACTION_NOUNS,
    SPECIFIC_LABELS,
    SPEECH_VERBS,
)
from lightrag_core.workbench.testset.model import Clause, Names, Slot, Topic, Word
from lightrag_core.workbench.testset.slots import adjunct_names, answer_slots, replaceable_names, typed, whole_phrase
from lightrag_core.workbench.testset.spans import (
    contiguous,
    cut_short,
    entity_at,
    entity_kind,
    in_entity,
    phrase,
    span,
    word,
)
from lightrag_core.workbench.testset.speakers import FIRST_BE, told_of_speaker
from lightrag_core.workbench.testset.subjects import (
    copula_subject,
    governed,
    persons_in,
    sentence_persons,
    subject_name,
    topic_spans,
)

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def _predicate(verb: Token, exclude: set[int]) -> list[Word] | None:
    """The verb's dependents that carry meaning, as words in order (a fronted phrase goes last)."""
    after: list[Token] = []
    before: list[Token] = []
    for child in verb.children:
        if child.i in exclude or child.dep_ not in PREDICATE_DEPS:
            continue
        words = phrase(child, exclude)
        if not contiguous(words):
            return None  # an aside in the middle: the phrase would not read as written
        (before if child.i < verb.i else after).extend(words)
    after.sort(key=lambda t: t.i)
    before.sort(key=lambda t: t.i)
    if any(t.dep_ == "det" and t.lower_ in DEMONSTRATIVES and not t.ent_type_ and not t.is_title
           for t in (*after, *before)):  # (not a title's own: "These Foolish Things")
        return None  # "scored that solo goal": which one, the conversation around it says, not the sentence
    lowered = {t.lower_ for t in (*after, *before)}
    if "between" in lowered and "and" not in lowered:
        return None  # "ran between 2006 and 2010" without its second half
    if len(after) + len(before) > MAX_PREDICATE_TOKENS:
        return None
    if after:  # a comma between the verb's phrases: a list or an aside was cut out, and the rest would not read
        kept = {t.i for t in after}
        if any(verb.doc[i].is_punct and i not in kept for i in range(verb.i + 1, after[-1].i)):
            return None
    out = [word(t) for t in after]
    for n, t in enumerate(before):  # "In 2007, X signed ..." -> "... signed ... in 2007"
        copied = word(t)
        out.append(Word(t.i, t.lower_, copied.space, copied.named) if n == 0 and t.pos_ != "PROPN" else copied)
    return out


def _describing(attr: Token) -> str:
    """The attribute as a description of the subject: "a 1960 Austrian film directed by Y" -> "the 1960
    Austrian film directed by Y". Empty unless it says something specific (a name, a nationality, a date
    or a number) in a few contiguous words."""
    drop = {"relcl", "appos", "punct", "conj", "cc", "advcl", "parataxis", "dep", "meta", "mark", "ccomp"}
    tokens: list[Token] = []

    def walk(t: Token) -> None:
        tokens.append(t)
        for child in t.children:
            # (a name in apposition stays: "by the celebrity cook Nigella Lawson" is not any cook)
            if child.dep_ not in drop or (child.dep_ == "appos" and child.ent_type_ in SPECIFIC_LABELS):
                walk(child)

    walk(attr)
    tokens.sort(key=lambda t: t.i)
    if not contiguous(tokens) or len(tokens) > MAX_DESCRIPTION_TOKENS:
        return ""
    # ("English" in "an English pop singer" is a nationality, whatever label the NER gave it)
    if not any((t.ent_type_ in SPECIFIC_LABELS and not (t.ent_type_ == "LANGUAGE" and t.dep_ in {"amod", "compound"}))
               or t.like_num for t in tokens):
        return ""  # "the English musician" could be anyone: a name, a date or a number pins it down
    if tokens[0].dep_ == "det":
        tokens = tokens[1:]
    return "the " + tokens[0].doc[tokens[0].i: tokens[-1].i + 1].text


def _copular(verb: Token, text: str, topic: Topic, spans: list[tuple[int, int]], names: Names) -> Clause | None:
    """"X is a member of the band Y": questions for the attribute's prepositional objects ("Which band is X
    a member of?"), and the attribute as a description of X for bridges."""
    subject = copula_subject(verb, spans)
    attr = next((c for c in verb.children if c.dep_ == "attr" and c.pos_ in {"NOUN", "PROPN"}), None)
    if subject is None or attr is None or any(c.dep_ == "neg" for c in verb.children):
        return None
    named = subject_name(subject, topic, spans, names)
    if named is None:
        return None
    name, kind, how = named
    said = how == NAMED
    if said and name == topic.name and not topic.noun and attr.pos_ == "NOUN":
        topic.noun = attr.lemma_.lower()
    words = phrase(attr, set())
    if not contiguous(words) or len(words) > MAX_PREDICATE_TOKENS:
        return None
    predicate = tuple(word(t) for t in words)
    slots = [slot for slot in answer_slots(attr, set(), names) if slot.role == "prep" and slot.kind in NAMED_KINDS]
    description = _describing(attr) if said else ""
    if description and kind in NAMED_KINDS:
        slots.insert(0, _subject_slot(name, kind, names, span(subject)))
    mentioned = replaceable_names(verb.sent, {w.i for w in predicate})
    aux = [c.lower_ for c in verb.children if c.dep_ == "aux" and c.i < verb.i]  # "has been"
    verb_text, tag = verb.text, verb.tag_
    if subject.lower_ == "i":  # "I'm a big fan of Chelsea": "Which organisation is Wolfgang Schulz a big fan of?"
        told = told_of_speaker(aux, verb_text, "be", tag)
        if told is None or not _stated(subject, verb):
            return None
        aux, verb_text, tag = told
    return Clause(text, name, kind, span(subject), verb_text, "be", tag, tuple(aux), False, predicate,
                  tuple(slots), how != GUESS, mentioned, False, description,
                  adjuncts=adjunct_names(verb.sent, mentioned))


def _appositive(appos: Token, text: str, names: Names) -> Clause | None:
    """"Mrs. Cratchit, Cratchit's wife," and "Zack Hexum, the younger brother of Nick Hexum,": the apposition
    says who the name is in relation to another name ("Who is Cratchit's wife?"), and describes it for bridges."""
    owner = appos.head
    ent = entity_at(owner)
    if appos.pos_ != "NOUN" or ent is None or entity_kind(ent.label_) not in NAMED_KINDS or cut_short(ent):
        return None
    if any(c.dep_ == "conj" and c.i < appos.i for c in owner.children):
        return None  # "A and B, daughter of C": the parse hangs the apposition on A; it is B's
    related = [c for c in appos.children if c.dep_ == "poss"] + [
        g for c in appos.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children if g.dep_ == "pobj"]
    if not any((e := entity_at(r)) is not None and entity_kind(e.label_) in NAMED_KINDS and not cut_short(e)
               for r in related):
        return None  # "an Italian director": says what, not whose
    words = phrase(appos, set())
    if not contiguous(words) or len(words) > MAX_DESCRIPTION_TOKENS or any(t.pos_ == "PRON" for t in words):
        return None
    if (words[0].dep_ == "det" and words[0].lower_ in {"a", "an", "one"}) or appos.lemma_.lower() == "member":
        return None  # "Arden Hills, a suburb of St. Paul": one of several, no "What is the suburb of St. Paul?"
    if words[0].dep_ == "det":
        words = words[1:]
        lead = "the "
    else:
        lead = "" if words[0].dep_ == "poss" else "the "
    described = lead + appos.doc[words[0].i: words[-1].i + 1].text
    # The whole name, titles included: "Mrs." is not part of the NER span of "Mrs. Cratchit" (a common noun is no
    # title: "singer Charlene Choi")
    start = min([ent.start] + [c.i for c in owner.lefts if c.dep_ == "compound" and c.text[:1].isupper()])
    written = appos.doc[start: ent.end].text
    name = canonical_name(ent.text)
    kind = names.kind(name) or entity_kind(ent.label_)
    slot = Slot("subject", written, kind, removed=(start, ent.end), entity=name)
    # The related name may itself be replaced by a description: "Who is the mother of the director of X?"
    # ("member of the popular duo Twins" keeps Twins: "the popular duo the duo that ..." would not read)
    others = tuple(e.text for r in related
                   if (e := entity_at(r)) is not None and e.text in described and whole_phrase(e))
    return Clause(text, name, kind, (start, ent.end), "is", "be", "VBZ", (), False,
                  tuple(word(t) for t in words), (slot,), True, others, False, described, appositive=True)


_MEASURES = {"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT"}


def _subject_slot(name: str, kind: str, names: Names, removed: tuple[int, int]) -> Slot:
    """The slot asking for a clause's named subject ("Which division …?" for "the Atlantic Division")."""
    asked, noun = typed(name, kind, names)
    return Slot("subject", name, asked, noun=noun, removed=removed, entity=name)


CHAT_NOUNS = 2  # nouns a question for a chat line's speaker names, when it names no name


def _said(topic: Topic, token: Token, text: str) -> str:
    """A chat sentence as its evidence shows it: with who says it ("Brimstone: Sometimes, I even mix in …"), as the
    label blanked for the parse said."""
    speaker = topic.speaker(token.idx)
    return f"{speaker}: {text}" if speaker else text


# A chat's "I" in a clause of condition ("if I need a hand", "provided I get the visa", "in case I need …"), or of a
# time to come ("once I have the schedule"; "when I have", but "after I finished" is past and stated)
_CONDITION = {"if", "unless", "whether", "provided", "providing", "assuming", "supposing", "once", "until", "till",
              "whenever"}
_TIME_TO_COME = {"when", "as", "before", "after"}
_FIRST_MODALS = {"’d", "'d", "’ll", "'ll"}  # (the parse may hang "I’d" 's "’d" on the "I")


def _stated(subject: Token, verb: Token) -> bool:
    """A chat speaker's "I" clause states something: no modal between them ("I’d like to …"), not in a condition
    or a time to come, with none on its own clause ("If I win the lottery, I buy …"), and not an opinion ("I think
    for Barcelona …")."""
    between = subject.doc[subject.i + 1: verb.i]
    past = verb.tag_ in {"VBD", "VBN"}
    # (the parse may hang "Provided" on the verb as an interjection: any word before the "I" that opens a condition)
    marks = [c.lower_ for c in verb.children if c.dep_ == "mark" or (c.i < subject.i and c.lower_ in _CONDITION)]
    conditioned = [g.lower_ for c in verb.children if c.dep_ == "advcl" for g in c.children if g.dep_ == "mark"]
    in_case = any(c.dep_ == "prep" and c.lower_ == "in" and any(g.lower_ == "case" for g in c.children)
                  for c in verb.children)
    return not (any(t.tag_ == "MD" or t.lower_ in _FIRST_MODALS for t in between)
                or any(m in _CONDITION or (m in _TIME_TO_COME and not past) for m in marks)
                or any(m in _CONDITION for m in conditioned) or in_case
                or verb.lemma_.lower() in OPINION_VERBS)


def _says_something(verb: Token, predicate: list[Word], nouns: int = 1) -> bool:
    """Whether asking for the subject leaves something specific in the question: a name, or `nouns` nouns that are
    not vague ("Who made the gravy?", not "Who died in 1989?")."""
    doc = verb.doc
    if any(w.named for w in predicate):
        return True
    # (a date's month is no name: "Which album was released on November 7, 2006?" could be any album)
    said = {doc[w.i].lemma_.lower() for w in predicate if doc[w.i].pos_ in {"NOUN", "PROPN"}
            and doc[w.i].lemma_.lower() not in GENERIC_NOUNS and doc[w.i].ent_type_ not in _MEASURES}
    return len(said) >= nouns


def _reacts(verb: Token) -> bool:
    """"I love the idea of …", not "I pitched the idea of a harvest festival to the council" (a deed)."""
    return verb.lemma_.lower() in LIKING_VERBS and any(
        c.dep_ == "dobj" and c.lemma_.lower() in REACTION_NOUNS for c in verb.children)


def _a_verb(verb: Token) -> bool:
    """Not a noun the parse took for a verb ("starred Bollywood actresses Shabana Azmi": "actresses" as a verb)."""
    from lemminflect import getAllLemmas

    return bool(getAllLemmas(verb.lower_, upos="VERB")) or not getAllLemmas(verb.lower_, upos="NOUN")


def _declarative(sent: Span) -> bool:
    """A statement, not a question or an exclamation: only statements state facts."""
    last = next((t for t in reversed(sent) if not t.is_space and t.text not in {'"', "'", "”", "’", ")"}), None)
    return last is not None and last.text not in {"?", "!"}


def _asserted(verb: Token, aux: list[str]) -> bool:
    """The clause says something is so: no modal ("could thrive", "should approach"), not a condition ("if Jaime
    had embraced his new values and distanced himself from Cersei"), and not the complement of an opinion ("I
    think X ...")."""
    if any(a.lower() in MODALS for a in aux) or _conditional(verb):
        return False
    head = verb
    while head.dep_ in {"ccomp", "conj", "xcomp"} and head.head is not head:
        head = head.head
        if head.lemma_.lower() in OPINION_VERBS or (verb.dep_ == "conj" and _conditional(head)):
            return False
    return True


def _conditional(verb: Token) -> bool:
    return any(c.dep_ == "mark" and c.lower_ in {"if", "unless", "whether"} for c in verb.children)


def read_clauses(sent: Span, topic: Topic, names: Names | None = None) -> list[Clause]:
    """Every clause of one sentence that a question can be made from."""
    names = names or Names()
    text = " ".join(sent.text.split())
    if not _declarative(sent):
        return []
    spans = topic_spans(sent, topic)
    out: list[Clause] = [c for tok in sent if tok.dep_ == "appos"
                         for c in [_appositive(tok, _said(topic, tok, text), names)] if c]
    person = ""
    for verb in sent:
        be = verb.lemma_ == "be" or verb.lower_ in FIRST_BE
        if be and verb.dep_ == "ROOT":
            described = _copular(verb, _said(topic, verb, text), topic, spans, names)
            if described is not None:
                out.append(described)
            continue
        if verb.pos_ != "VERB" or be or in_entity(verb) or verb.lemma_.lower() in SPEECH_VERBS:
            continue  # what someone said is a quotation, not a fact the text states
        if any(c.dep_ in CLAUSAL_DEPS for c in verb.children) or not _a_verb(verb):
            continue
        if any(c.dep_ == "neg" for c in verb.children):
            continue
        found = governed(verb, spans)
        if found is None:
            continue
        subject, aux_words, passive, copular = found
        inverted = any(a.i == sent.start for a in verb.children if a.dep_ in {"aux", "auxpass"})
        if inverted or not _asserted(verb, aux_words):
            continue  # a question's inverted auxiliary ("Are these the shadows ..."), or not asserted
        named = subject_name(subject, topic, spans, names)
        if named is None:
            continue
        name, kind, how = named
        said = how == NAMED
        verb_text, tag = verb.text, verb.tag_
        if subject.lower_ == "i":  # a chat line's "I", told of its speaker: "I've been" -> "has been"
            told = told_of_speaker(aux_words, verb_text, verb.lemma_.lower(), tag)
            if told is None or not _stated(subject, verb):
                continue
            aux_words, verb_text, tag = told
        subject_span = span(subject)
        exclude = set(range(*subject_span)) if subject.head == verb else set()
        predicate = _predicate(verb, exclude)
        if predicate is None:
            continue
        slots = answer_slots(verb, exclude, names)
        if any(g.dep_ == "conj" for c in subject.children if c.dep_ == "appos" for g in c.children):
            continue  # "The two airports, A and B, are located within the GTA": the subject is neither alone
        # (not one of two joined subjects: "Scrooge and the Ghost stood side by side" is not Scrooge's alone)
        alone = not any(c.dep_ == "conj" for c in subject.children)
        if not alone and (tag == "VBP" or aux_words[:1] in (["are"], ["were"], ["have"])):
            continue  # "Aamir Khan and Juhi Chawla play Raj and Rashmi": a question would agree with both ("Which work
            # do Aamir Khan play?"); in the past tense the deed is each one's ("When did Lennon write Yesterday?")
        # A chat line about its speaker is mostly small talk ("I love games"): asked only when it says more
        if said and alone and kind in NAMED_KINDS and subject.head == verb and _says_something(
                verb, predicate, CHAT_NOUNS if subject.lower_ == "i" else 1) and not (
                subject.lower_ == "i" and _reacts(verb)):
            slots.insert(0, _subject_slot(name, kind, names, subject_span))
        if kind == "person" and said and not person and subject.lower_ != "i":
            person = name  # (a chat line's "I" is no one a later "he" stands for)
        mentioned = replaceable_names(sent, {w.i for w in predicate})
        out.append(Clause(_said(topic, verb, text), name, kind, subject_span, verb_text, verb.lemma_.lower(), tag,
                          tuple(aux_words), passive, tuple(predicate), tuple(slots), how != GUESS, mentioned,
                          copular, adjuncts=adjunct_names(sent, mentioned)))
    # "He" continues the last person named as a subject, for a few sentences (the rule indexing uses too).
    acting = {*sentence_persons(sent, names), *([person] if person else [])}
    person = "" if len(acting) > 1 else person or next(iter(acting), "")
    if person:
        topic.last_person, topic.since_person = person, 0
    elif persons_in(sent, names) - {topic.last_person}:
        # someone else came between ("The clerk in the tank applauded. … he poked the fire"): a "he" after
        # this is no longer the last person named
        topic.last_person = ""
    else:
        topic.since_person += 1
        if topic.since_person > PRONOUN_REACH:
            topic.last_person = ""
    return out
