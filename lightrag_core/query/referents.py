"""What a sentence calls "it" or "the film": the subject of its passage, named by the passage's first sentence.

"What song debuted in an episode of South Park?" is stated by "It was released as the first single …,
debuting in an episode of … South Park", and "In what film did X play …?" by "The film features the voices
of … X". Neither sentence names the answer; the first sentence of its passage does: ""Falling Away from Me"
is a song by American band Korn", "The Aristocats is a 1970 … film". The answer is that sentence's
subject, when it calls its subject by a noun of the question's noun's family.
"""

from __future__ import annotations

import re

from lightrag_core.query.answer_spans import Span
from lightrag_core.query.answer_type import ORG, PERSON, PLACE, noun_kind
from lightrag_core.query.sentences import Sentence, named_in

NEAR = 1500  # characters from a chunk's first sentence within which "it" may still be its subject
# Nouns a passage calls its own subject by, and the family each belongs to: "the film" refers to the
# subject of a passage about a comedy, "the single" to that of a song's.
_FAMILIES = [
    {"film", "movie", "comedy", "drama", "thriller", "documentary", "musical", "picture"},
    {"song", "single", "track", "ballad"},
    {"series", "show", "programme", "program", "sitcom", "serial", "episode"},
    {"album", "record", "ep", "compilation"},
    {"book", "novel", "story", "memoir", "poem"},
    {"band", "group", "duo", "trio"},
    {"company", "firm", "corporation", "business", "brand", "label"},
    {"game"}, {"play"}, {"opera"}, {"magazine", "newspaper", "journal"}, {"franchise"},
]


def _family(head: str) -> set[str]:
    return next((f for f in _FAMILIES if head in f), set())


_VERB = (r"(?:is|was|has|had|became|went|features|stars|starred|received|won|tells|follows|reached|peaked|sold|marks|"
         r"premiered|debuted|[a-z]+ed)\b")


def refers_to_subject(sentence: Sentence, head: str) -> bool:
    """The sentence speaks of its passage's subject as "it" or "the <noun>", with a noun of the asked
    noun's family: "It was released …" or "The film features …" for "what film …?". Not a passage's
    first sentence, which names its subject itself."""
    family = _family(head)
    if not family or sentence.offset == 0:
        return False
    nouns = "|".join(sorted(family))
    # the subject of a verb: "the film is based on …", not "the Indian film industry"
    return re.search(rf"(?:^It|\b[Tt]he\s+(?:{nouns}))\s+{_VERB}", sentence.text) is not None


def passage_opening(sentence: Sentence, sentences: list[Sentence]) -> Sentence | None:
    """The first sentence of the sentence's passage (its chunk), when the context holds it and it is near:
    in a long chunk, "it" is seldom what the chunk opened with pages before."""
    same = [s for s in sentences if s.rank == sentence.rank and s.ref == sentence.ref and s.offset < sentence.offset]
    first = min(same, key=lambda s: s.offset) if same else None
    return first if first is not None and sentence.offset - first.offset <= NEAR else None


_ANY_FAMILY = "|".join(sorted(set().union(*_FAMILIES)))
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


_OPENS = re.compile(r"\s*[\"“]?(?P<name>[^\"”]{1,80}?)[\"”]?(?:\s+\([^()]{1,60}\))?\s+(?:is|was)\s+(?:an?|the)\s+"
                    r"(?P<called>(?:[\w'-]+\s+){0,8}[\w'-]+)")


def subject_called(opening: Sentence, head: str) -> Span | None:
    """The subject of a passage's first sentence, when that sentence calls it by the asked noun's family
    ("The Aristocats is a 1970 American animated … film"): its title line if it has one, else the words
    before "is a"."""
    found = _OPENS.match(opening.text, opening.lead)
    family = _family(head)
    if found is None or not family & {w.lower() for w in found["called"].split()}:
        return None
    name = _bare(opening.text[:opening.lead] if opening.lead else found["name"])
    label = "ORG" if family & {"band", "company"} else "WORK_OF_ART"
    return Span(name, label, 0, 0) if name else None


# "an American heavy metal band formed in …": the words before the first of these say what the subject is
_DESCRIBED_UNTIL = re.compile(r"\s(?:by|in|of|from|for|at|on|with|formed|founded|based|located|who|which|that)\b"
                              r"|[,;(]")


def subject_kinds(sentences: list[Sentence]) -> dict[str, str]:
    """What each passage's first sentence says its subject is, as a kind of answer: "Metallica is an
    American heavy metal band" → {"metallica": organisation}; "Lyon is a city in France" → place. A
    name its own passage calls a band is no answer to "which city?"."""
    out: dict[str, str] = {}
    for s in sentences:
        found = _OPENS.match(s.text, s.lead) if s.offset == 0 else None
        if found is None:
            continue
        described = _DESCRIBED_UNTIL.split(found["called"], maxsplit=1)[0]
        kinds = [k for w in described.lower().split() if (k := noun_kind(w)) in {PERSON, ORG, PLACE}]
        if not kinds:
            continue
        for name in (_bare(found["name"]), _bare(s.text[:s.lead])):
            if name:
                out.setdefault(name.lower(), kinds[-1])
    return out


def _bare(name: str) -> str:
    """A subject's name without its title's closing parenthesis or quotation marks ("Charley's Aunt (1963
    film)", ""Falling Away from Me"")."""
    return re.sub(r"\s*\([^()]*\)\s*$", "", name).strip(" \"“”")
