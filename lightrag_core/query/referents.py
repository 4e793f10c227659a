"""What a sentence calls "it" or "the film": the subject of its passage, named by the passage's first sentence.

"What song debuted in an episode of South Park?" is stated by "It was released as the first single …,
debuting in an episode of … South Park", and "In what film did X play …?" by "The film features the voices
of … X". Neither sentence names the answer; the first sentence of its passage does: ""Falling Away from Me"
is a song by American band Korn", "The Aristocats is a 1970 … film". The answer is that sentence's
subject, when it calls its subject by a noun of the question's noun's family.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lightrag_core.query.answer_spans import Span
from lightrag_core.query.answer_type import ORG, PERSON, PLACE, noun_kind
from lightrag_core.query.described import (
    FAMILIES,
    NEAR,
    OPENS,
    description,
    family,
    opening_name,
    opening_words,
    passage_opening,
)
from lightrag_core.query.sentences import Sentence, named_in, stem, stems

_VERB = (r"(?:is|was|has|had|became|went|features|stars|starred|received|won|tells|follows|reached|peaked|sold|marks|"
         r"premiered|debuted|[a-z]+ed)\b")


def refers_to_subject(sentence: Sentence, head: str) -> bool:
    """The sentence speaks of its passage's subject as "it" or "the <noun>", with a noun of the asked
    noun's family: "It was released …" or "The film features …" for "what film …?". Not a passage's
    first sentence, which names its subject itself."""
    near = family(head)
    if not near or sentence.offset == 0:
        return False
    nouns = "|".join(sorted(near))
    # the subject of a verb: "the film is based on …", not "the Indian film industry"
    return re.search(rf"(?:^It|\b[Tt]he\s+(?:{nouns}))\s+{_VERB}", sentence.text) is not None


_ANY_FAMILY = "|".join(sorted(set().union(*FAMILIES)))
# "It starred …", "The show starred …", "This episode marks …": a sentence about its passage's subject.
_ABOUT_SUBJECT = re.compile(rf"^(?:It|(?:The|This)\s+(?:{_ANY_FAMILY}))\s+{_VERB}")


def about_other_subject(sentence: Sentence, sentences: list[Sentence], names: list[str]) -> bool:
    """The sentence speaks of its passage's subject ("The show starred movie actor Orlando Bloom"), and
    neither it nor the passage's first sentence names anything the question names: it states its fact
    of something else than what is asked about."""
    if sentence.offset == 0 or not _ABOUT_SUBJECT.match(sentence.text):
        return False
    opening = passage_opening(sentence, sentences)
    return opening is not None and not any(named_in(n, opening.name_stems) or named_in(n, sentence.name_stems)
                                           for n in names)


def subject_called(opening: Sentence, head: str) -> Span | None:
    """The subject of a passage's first sentence, when that sentence calls it by the asked noun's family
    ("The Aristocats is a 1970 American animated … film"): its title line if it has one, else the words
    before "is a"."""
    found = OPENS.match(opening.text, opening.lead)
    near = family(head)
    if found is None or not near & {w.lower() for w in found["called"].split()}:
        return None
    name = opening_name(opening, found)
    label = "ORG" if near & {"band", "company"} else "WORK_OF_ART"
    return Span(name, label, 0, 0) if name else None


def subject_kinds(sentences: list[Sentence]) -> dict[str, str]:
    """What each passage's first sentence says its subject is, as a kind of answer: "Metallica is an
    American heavy metal band" → {"metallica": organisation}; "Lyon is a city in France" → place. A
    name its own passage calls a band is no answer to "which city?"."""
    out: dict[str, str] = {}
    for name, words in opening_words(sentences).items():
        if kinds := [k for w in words if (k := noun_kind(w)) in {PERSON, ORG, PLACE}]:
            out[name] = kinds[-1]
    return out


_POSSESSIVE_S = re.compile(r"['’]s\b")
# A sentence's subject, first or after a short opener: "Since 2004 it has been owned …", "In 2012 the label
# was …" (not "Dufresne, who married the singer Tess Ferrand, …")
_LEADING = r"^(?:(?:in|on|by|since|after|before|from|during|until|at|later|then|also)\b[^,]{0,25}?,?\s+)?"
_PRONOUN_LEAD = re.compile(_LEADING + r"(?P<pronoun>it|its|he|his|she|her|they|their)\b", re.IGNORECASE)
_PERSONAL, _IMPERSONAL = {"he", "his", "she", "her"}, {"it", "its"}


def about_name(name: str, sentences: list[Sentence]) -> list[tuple[int, Sentence]]:
    """The sentences about a name a hop found, each with its position in `sentences`: those that name it
    (by its last word alone, "Marsh" or "Records", only in a document that names it in full: Larkhill
    Records' passage is not about Redwing Records), and those of a passage that opens with it whose
    subject is a pronoun or what that passage calls it ("Since 2004 it has been owned by …", "In 2012 the
    label was acquired by …"), given the name as a sentence after "It …" is."""
    full = stems(_POSSESSIVE_S.sub("", name))  # "Lena Royce's second album": its words, not an "s"
    words = name.split()
    whole = {s.ref for s in sentences if full <= s.name_stems}
    passages = _passages(sentences)
    openings = {id(opening[0]): opening for opening in passages.values()}  # each passage once
    named = {key: stems(opening_name(*opening)) for key, opening in openings.items()}  # its subject's words

    def subject(s: Sentence) -> frozenset[str] | None:
        opening = passages.get(id(s))
        return named[id(opening[0])] if opening else None

    def same(opened: frozenset[str]) -> bool:  # "Harlow Falls, Tennessee"; "Alex Ferguson" for "Sir Alex Ferguson"
        return full <= opened or opened <= full

    # whether the name's own passage calls it a person: "She …" is not about a record label, "It …" not a singer
    # (by the head noun: "the student newspaper" is no person; a noun of no known kind says neither)
    person = next(((kind == PERSON) for key, (_, found) in openings.items()
                   if same(named[key]) and (called := description(found)) and (kind := noun_kind(called[-1]))), None)

    def written(s: Sentence) -> bool:  # by its words, not through a pronoun ("Marsh", not the noun "county")
        return full <= s.stems or bool(words and re.search(rf"\b{re.escape(words[-1])}\b", s.text))

    def elsewhere(s: Sentence) -> bool:
        """Reached only through the sentence before it, by a pronoun that is someone or something else:
        "Its county seat is Easton Mills" after "Talbot County … borders Brenner County" (the pronoun is
        the passage's own subject, of the name's kind), "Her younger brother is …" after "she signed with
        Redwing Records" (a label is no "her")."""
        if written(s):
            return False
        opened = subject(s)
        if opened and words and stem(words[-1].lower()) in opened and not same(opened):
            return True
        lead = _PRONOUN_LEAD.search(s.text)
        pronoun = lead["pronoun"].lower() if lead else ""
        return person is not None and pronoun in (_IMPERSONAL if person else _PERSONAL)

    def refers(s: Sentence) -> bool:
        opening = passages.get(id(s))
        opened = named[id(opening[0])] if opening else frozenset()
        if opening is None or not opened or not same(opened) or s.offset - opening[0].offset > NEAR:
            return False
        head = description(opening[1])[-1:]  # "label" of "an American independent record label"
        return bool(_PRONOUN_LEAD.search(s.text)
                    or (head and re.search(_LEADING + rf"the\s+{re.escape(head[0])}\b", s.text, re.IGNORECASE)))

    about = []
    for i, s in enumerate(sentences):
        if named_in(name, s.name_stems) and (s.ref in whole or full <= s.name_stems):
            if not elsewhere(s):
                about.append((i, s))
        elif refers(s):
            about.append((i, replace(s, context_stems=s.context_stems | full)))
    return about


def _passages(sentences: list[Sentence]) -> dict[int, tuple[Sentence, re.Match[str]]]:
    """Each sentence's passage (by id): the opening sentence before it in its chunk, with its `OPENS` match
    (a chunk may hold several passages, each opening with its title line)."""
    chunks: dict[tuple[str, int], list[Sentence]] = {}
    for s in sentences:
        chunks.setdefault((s.ref, s.rank), []).append(s)
    out: dict[int, tuple[Sentence, re.Match[str]]] = {}
    for chunk in chunks.values():
        current: tuple[Sentence, re.Match[str]] | None = None
        for s in sorted(chunk, key=lambda s: s.offset):
            if s.offset == 0 or s.lead:
                found = OPENS.match(s.text, s.lead)
                current = (s, found) if found else None if s.offset == 0 else current
            if current is not None:
                out[id(s)] = current
    return out
