"""How the text uses its names, where the small NER model's labels mislead a generated question.

People: it calls a novel's "Spirit" and "the Cratchits" organisations and "Old Fezziwig" one too, and the graph's
merged type follows the majority of its mentions, so generated questions asked "Which organisation stood
among the graves?". A name is a person when the text has it do, at least twice, what only people do (cry,
whisper, nod; speak in a tag that follows the quotation: "said the Spirit", which news writes the other way
round, "the company said"), or when it is a person's name behind a title ("Old Fezziwig", "Mr. Fezziwig").

Articles: a name stored without its article ("Spirit") is written with it in a question when the text
mostly writes it so ("What did the Spirit sink into?", not "What did Spirit sink into?").
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from lightrag_core.nlp import canonical_name
from lightrag_core.workbench.testset.lexicon import NOUN_KINDS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

# Verbs whose subject is a body: a company does not weep or nod
BODY_VERBS = {"cry", "exclaim", "laugh", "smile", "nod", "weep", "sigh", "whisper", "mutter", "sob", "stammer",
              "groan", "gasp", "kneel", "glance", "gaze", "stare", "shudder", "frown", "grin", "wink", "shrug",
              "blush", "sneer", "chuckle", "murmur", "falter"}
# A speech tag after its quotation puts the verb before the speaker: "said the Spirit"
TAG_VERBS = {"say", "reply", "retort", "rejoin", "answer", "return", "resume", "observe", "continue", "add", "ask",
             "inquire", "enquire", "interpose", "pursue"}
TITLES = {"old", "young", "little", "mr", "mr.", "mrs", "mrs.", "miss", "ms", "ms.", "dr", "dr.", "master", "sir",
          "lady", "lord", "uncle", "aunt", "father", "mother", "brother", "sister"}
MIN_ACTS = 2  # one act may be a misparse


def people_among(parsed: list[Doc], kinds: dict[str, str]) -> dict[str, str]:
    """The lower-cased names to count as people that `kinds` (the graph's, lower-cased) gives another kind
    or none, each mapped to "person"."""
    acts = Counter(canonical_name(ent.text).lower() for doc in parsed for ent in doc.ents if _acts(ent))
    organised = NOUN_KINDS["organisation"]
    people = {name for name, n in acts.items() if n >= MIN_ACTS and not set(name.split()) & organised}
    for name in kinds:
        words = name.split()
        if len(words) > 1 and words[0] in TITLES and kinds.get(" ".join(words[1:])) == "person":
            people.add(name)  # "old fezziwig" beside "fezziwig"
    return {name: "person" for name in people if kinds.get(name) != "person"}


def _acts(ent: Span) -> bool:
    """The name weeps or nods, or speaks in a tag after a quotation ("… ," said the Spirit; the small
    model parses "cried the Spirit" with the Spirit as the object)."""
    root, verb = ent.root, ent.root.head
    if root.dep_ == "nsubj" and verb.lemma_ in BODY_VERBS:
        return True
    quoted = any(t.text in _QUOTES for t in ent.doc[max(verb.i - 3, 0):verb.i])
    return quoted and verb.i < root.i and root.dep_ in {"nsubj", "dobj"} and verb.lemma_ in TAG_VERBS | BODY_VERBS


def articled_names(parsed: list[Doc]) -> frozenset[str]:
    """The lower-cased names the texts write after "the" in most of at least two mentions."""
    seen: Counter[str] = Counter()
    led: Counter[str] = Counter()
    for doc in parsed:
        for ent in doc.ents:
            name = canonical_name(ent.text).lower()
            if not name or name.startswith("the ") or ent.label_ in _NOT_NAMES:
                continue
            seen[name] += 1
            first = ent.start if ent[0].lower_ == "the" else ent.start - 1
            led[name] += first >= 0 and doc[first].lower_ == "the"
    return frozenset(n for n, total in seen.items() if total >= MIN_ACTS and led[n] * 2 > total)


def generic_names(parsed: list[Doc], articled: frozenset[str]) -> frozenset[str]:
    """Of the names written after "the", those the texts also use as a common noun ("the Spirit", and "spirit
    voices", "phantoms"): a description several referents share, not one thing's name (the Rockets are one)."""
    words = {t.lemma_.lower() for doc in parsed for t in doc if t.is_lower and not t.ent_type_ and t.pos_ == "NOUN"}
    return frozenset(name for name in articled if name in words)


_QUOTES = {'"', "'", "”", "’", "“", "‘"}
_NOT_NAMES = {"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT", "NORP"}
