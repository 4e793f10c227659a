"""What supports an offline short answer: the question's relation words, how much of them a
sentence covers, and the short answer itself with the sentences it came from."""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

from lightrag_core import lexical
from lightrag_core.query.sentences import Sentence, named_in, stems

YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
# "the mid-19th century" answers "which century?" with the century: 19th century
CENTURY = re.compile(r"\b(?:[0-9]{1,2}(?:st|nd|rd|th)|[a-z]+(?:first|second|third|th))[- ]century\b", re.IGNORECASE)
# A name as a question writes it: capitalised words, with the lower-case particles names hold ("Ghost of Christmas
# Past", "Ludwig van Beethoven"); one pattern for the readings that match a question's form
WRITTEN_NAME = r"[A-Z][\w.'’-]*(?:\s+(?:of\s+|the\s+|de\s+|van\s+|von\s+)*[A-Z][\w.'’-]*){0,5}"
QUESTION_WORDS = {"who", "whom", "whose", "what", "which", "when", "where", "why", "how", "many", "much",
                   "year", "name", "did", "does", "do", "was", "were", "is", "are", "the", "of", "and", "both"}


@dataclass
class ShortAnswer:
    text: str
    evidence: list[Sentence]  # in hop order: the sentence naming the question's entity first
    path: list[str]  # question entity → bridge → answer, in words
    score: float
    margin: float = 1.0  # over the best different candidate
    confident: bool = True  # False: the best candidate's path still leads the evidence, but no answer is given
    # The sentence stating the best different candidate: shown after the best one's when no answer is given,
    # so the reader sees both rivals (on hotpotqa_100 the answer was second for 1 question in 10).
    rival: list[Sentence] = field(default_factory=list)


def relation_terms(query: str, names: list[str], extra: tuple[str, ...] = ()) -> set[str]:
    named = set().union(*(stems(n) for n in [*names, *extra])) if names or extra else set()
    return {w for w in stems(query) - named if w not in QUESTION_WORDS and w not in lexical.stop_words()}


def idf_weights(terms: set[str], sentences: list[Sentence]) -> dict[str, float]:
    return idf_over(terms, [s.name_stems for s in sentences])


def idf_over(terms: set[str], word_sets: list[frozenset[str]]) -> dict[str, float]:
    """Each term's weight by how few of the word sets (sentences, passages) hold it."""
    df = Counter(t for words in word_sets for t in terms & words)
    return {t: math.log((len(word_sets) + 1) / (df[t] + 0.5)) + 0.1 for t in terms}


def cover(terms: set[str], idf: dict[str, float], words: frozenset[str]) -> float:
    """Weighted share of `terms` in `words`; a term also counts when one is a prefix of the other
    ("director" and "direct", "founder" and "founded")."""
    # fsum: exactly rounded whatever the sets' iteration order (it changes with the hash seed), so a tie
    # at a threshold is decided the same way in every process.
    total = math.fsum(idf.values()) or 1.0
    hit = math.fsum(idf[t] for t in terms if t in words or any(related(t, w) for w in words))
    return hit / total


def stated_words(sentence: Sentence, head: str) -> frozenset[str]:
    """The words a sentence states, for covering the question's: without the question's noun when the
    sentence writes it only as part of a name ("founded in Garden City" says nothing of a city for "in
    what city …?"; "the Australian city of Canberra" does)."""
    words = sentence.name_stems
    if not head or head not in sentence.text.lower():
        return words
    if re.search(rf"(?<!^)\b{re.escape(head.capitalize())}\b", sentence.text) \
            and not re.search(rf"\b{re.escape(head)}\b", sentence.text):
        return words - stems(head)
    return words


# Stems that say one thing in different words, where a question and its answer's sentence commonly
# differ: "how long did the movement last?" is answered by "it spanned about 100 years"
# and "when did it premiere?" by "originally airing from September 23, 1962"
_SAME_SENSE = ({"long", "last", "span", "spann", "endur"},
               {"premier", "premiere", "debut", "airing", "aired", "airs", "broadcast"})


# A general word and the words that name one of its kind: a "child" is stated as a son or a daughter (but
# a son is no daughter, so these are no one sense)
_KINDS_OF = {"child": {"son", "sons", "daughter"}, "children": {"son", "sons", "daughter"}}


def related(a: str, b: str) -> bool:
    """Two forms of one word, by shared beginning: "director"/"directed", "die"/"died"; or one sense."""
    if any(a in group and b in group for group in _SAME_SENSE) or b in _KINDS_OF.get(a, ()) \
            or a in _KINDS_OF.get(b, ()):
        return True
    short, long_ = sorted((a, b), key=len)
    if len(short) >= 5:
        return long_.startswith(short[:5]) and len(long_) - len(short) <= 3
    return len(short) >= 3 and long_.startswith(short) and len(long_) - len(short) <= 1


def reached_beside(reached: list[str], sentence: Sentence, start: int, text: str) -> list[str]:
    """Of the question's names a sentence reaches, those it names outside the candidate's own words: a candidate's
    name names no question entity ("Simon Schatzberger is an English television actor" does not name "Simon &
    Simon")."""
    own = stems(text)
    if not own & sentence.name_stems:
        return reached
    # (only the words the span alone holds: a passage's title counts among a sentence's names, outside its text)
    rest = sentence.name_stems - (own - stems(sentence.text[:start] + " " + sentence.text[start + len(text):]))
    return [n for n in reached if named_in(n, rest) or not named_in(n, sentence.name_stems)]
