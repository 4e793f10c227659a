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
from lightrag_core.query.described import FAMILIES, OPENS, family, opening_name, opening_words, passage_opening
from lightrag_core.query.sentences import Sentence, named_in

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
