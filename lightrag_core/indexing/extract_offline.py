"""Offline extraction: entities from spaCy NER, relations from the dependency parse.

No relation model ships offline, so a relation is a pair of entities in one
sentence; its keywords are the verbs and prepositions on the parse path that
joins them, its description is the sentence, and its weight grows as that
path gets shorter (a direct grammatical link is stronger evidence than two
names that merely share a sentence).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING

from lightrag_core.indexing.entity_spans import name_span
from lightrag_core.indexing.extract_aliases import resolve_aliases
from lightrag_core.indexing.report import ExtractionNotes
from lightrag_core.models import Chunk, EntityRecord, RelationRecord

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

from lightrag_core.nlp import SPACY_MODEL, canonical_name, nlp

# spaCy labels we keep, and the entity type each becomes. Numbers, dates and
# amounts are left out: they join unrelated documents into meaningless hubs.
LABEL_TYPES = {
    "PERSON": "person",
    "ORG": "organization",
    "GPE": "location",
    "LOC": "location",
    "FAC": "location",
    "NORP": "group",
    "EVENT": "event",
    "WORK_OF_ART": "work",
    "PRODUCT": "product",
    "LAW": "law",
    "LANGUAGE": "language",
}
MAX_PAIRS_PER_SENTENCE = 12
# Pairs further apart than this in the parse share a sentence but no clause;
# they are dropped: weak evidence, and each relation costs an embedding.
MAX_PATH_LENGTH = 5
# An entity with no relation in its chunk links to the nearest entity at most this many sentences away.
NEAR_SENTENCES = 1
_SPACE = re.compile(r"\s+")
_PRONOUN_SUBJECTS = {"he", "she", "it", "they", "his", "her", "its", "their", "this", "the"}


def _usable(name: str) -> bool:
    return len(name) >= 2 and any(ch.isalpha() for ch in name) and len(name) <= 120


def _path_words(a: Token, b: Token) -> tuple[list[str], int]:
    """Verbs and prepositions on the dependency path between tokens a and b, and its length."""
    up_a = [a, *a.ancestors]
    index_a = {t.i: n for n, t in enumerate(up_a)}
    for n_b, t in enumerate([b, *b.ancestors]):
        if t.i in index_a:
            path = up_a[: index_a[t.i] + 1] + list(reversed([b, *b.ancestors][:n_b]))
            words = []
            for tok in path:
                if tok.pos_ == "VERB" or (tok.pos_ == "AUX" and tok.dep_ == "ROOT") or tok.dep_ in {"prep", "agent"}:
                    word = tok.lemma_.lower() if tok.pos_ in {"VERB", "AUX"} else tok.text.lower()
                    if word not in words:
                        words.append(word)
            return words, index_a[t.i] + n_b
    return [], 99


def _sentence_text(sent: Span) -> str:
    return _SPACE.sub(" ", sent.text).strip()


def extract_doc(doc: Doc, chunk: Chunk, subject: str = "") -> tuple[list[EntityRecord], list[RelationRecord]]:
    """Records of one parsed chunk. `subject` is the document's topic (a JSONL title), if any."""
    ents: dict[str, EntityRecord] = {}
    relations: dict[tuple[str, str], RelationRecord] = {}
    subject = canonical_name(subject) if subject else ""
    subject_type = "concept"
    for ent in doc.ents:
        if ent.label_ in LABEL_TYPES and canonical_name(ent.text).lower() == subject.lower():
            subject_type = LABEL_TYPES[ent.label_]
            break

    def note(name: str, etype: str, sentence: str) -> None:
        rec = ents.get(name)
        if rec is None:
            ents[name] = EntityRecord(name, etype, sentence, chunk.id, chunk.file_path)
        elif sentence not in rec.description and rec.description.count("\n") < 2:
            rec.description += "\n" + sentence

    mentions: list[tuple[int, str, str]] = []  # (sentence number, name, sentence text)
    for number, sent in enumerate(doc.sents):
        text = _sentence_text(sent)
        if not text:
            continue
        found: list[tuple[str, Token]] = []
        seen: set[str] = set()
        for ent in sent.ents:
            etype = LABEL_TYPES.get(ent.label_)
            span = name_span(ent) if etype else None
            name = canonical_name(span.text) if span is not None else ""
            if etype and span is not None and _usable(name) and name.lower() not in seen:
                seen.add(name.lower())
                found.append((name, span.root))
                note(name, etype, text)
        if subject and subject.lower() not in seen:
            first = sent[0].text.lower()
            if subject.lower() in text.lower() or first in _PRONOUN_SUBJECTS:
                found.insert(0, (subject, sent.root))
                note(subject, subject_type, text)
        mentions += [(number, name, text) for name, _ in found]
        pairs = list(combinations(found, 2))[:MAX_PAIRS_PER_SENTENCE]
        for (name_a, tok_a), (name_b, tok_b) in pairs:
            if name_a.lower() == name_b.lower():
                continue
            words, distance = _path_words(tok_a, tok_b)
            if distance > MAX_PATH_LENGTH:
                continue
            keywords = ", ".join(words) if words else "mentioned with"
            weight = round(1.0 + 1.0 / max(distance, 1), 3)
            key = (name_a, name_b)
            rel = relations.get(key)
            if rel is None:
                relations[key] = RelationRecord(name_a, name_b, keywords, text, weight, chunk.id, chunk.file_path)
            else:
                rel.weight = max(rel.weight, weight)
    _link_lone_mentions(mentions, relations, chunk)
    return list(ents.values()), list(relations.values())


def _link_lone_mentions(
    mentions: list[tuple[int, str, str]], relations: dict[tuple[str, str], RelationRecord], chunk: Chunk
) -> None:
    """An entity with no relation in this chunk joins the nearest entity of an adjacent sentence.

    Weaker than any parse-path relation (weight 1.0): "mentioned near" is all that is known,
    but it keeps the entity in the graph instead of an orphan no walk can reach.
    """
    related = {n.lower() for key in relations for n in key}
    for number, name, text in mentions:
        if name.lower() in related:
            continue
        near = [(abs(m - number), m > number, other, other_text) for m, other, other_text in mentions
                if other.lower() != name.lower() and 0 < abs(m - number) <= NEAR_SENTENCES]
        if not near:
            continue
        _, after, other, other_text = min(near)
        # Two statements (FRAGMENT_SEP): each is a sentence other entities and relations share.
        description = f"{other_text}\n{text}" if not after else f"{text}\n{other_text}"
        relations[(name, other)] = RelationRecord(name, other, "mentioned near", description, 1.0, chunk.id,
                                                  chunk.file_path)
        related.update({name.lower(), other.lower()})


class OfflineExtractor:
    """Extraction with no model server: spaCy's small English pipeline."""

    name = f"spacy:{SPACY_MODEL}"

    def extract(
        self, chunks: list[Chunk], subjects: Iterable[str] | None = None
    ) -> list[tuple[list[EntityRecord], list[RelationRecord]]]:
        subjects = list(subjects) if subjects is not None else [""] * len(chunks)
        docs = nlp().pipe((c.content for c in chunks), batch_size=64)
        records = [extract_doc(doc, chunk, subject) for doc, chunk, subject in zip(docs, chunks, subjects)]
        return resolve_aliases(chunks, records)

    def notes_for(self, chunk_ids: Iterable[str]) -> ExtractionNotes:
        return ExtractionNotes()  # rule-based records are never malformed; nothing is dropped
