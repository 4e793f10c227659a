"""Facts read from an indexed workspace: each a clause of one chunk and a slot a question can ask for.

The chunks are read back from the store and parsed again by the spaCy pipeline indexing uses (its
records keep sentences, not the parse). At most `max_chunks` are parsed, spread over the documents in
an order fixed by the seed. Names are looked up in the graph once, so a clause's kinds are the graph's
merged types (majority over every chunk), not one sentence's NER label. A document's title (its
subject) is a name wherever another chunk mentions it, as indexing links questions to titles: small
NER models miss most titles of films, songs and books, which are what multi-hop questions go through.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lightrag_core.models import PROCESSED, Chunk
from lightrag_core.nlp import canonical_name, nlp
from lightrag_core.storage.base import GraphStore
from lightrag_core.workbench.testset.clauses import read_clauses
from lightrag_core.workbench.testset.lexicon import (
    COMPOUND_NOUNS,
    KIND_LABELS,
    LABEL_KINDS,
    NAMED_KINDS,
    TYPE_KINDS,
    kind_of_noun,
)
from lightrag_core.workbench.testset.model import Clause, Names, Slot, Topic
from lightrag_core.workbench.testset.name_usage import articled_names, generic_names, people_among
from lightrag_core.workbench.testset.speakers import named_text, parse, speaker_lines

if TYPE_CHECKING:
    from spacy.tokens import Doc

PARSE_BATCH = 64

MIN_TITLE_CHARS = 4
Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass(frozen=True)
class Fact:
    chunk_id: str
    doc_id: str
    clause: Clause
    slot: Slot


@dataclass
class Corpus:
    """What the generator knows of the workspace: facts, chunk texts, and the graph's view of names."""

    facts: list[Fact] = field(default_factory=list)
    texts: dict[str, str] = field(default_factory=dict)  # chunk id -> content, for every parsed chunk
    doc_of: dict[str, str] = field(default_factory=dict)  # chunk id -> document id
    total_chunks: int = 0
    names: Names = field(default_factory=Names)
    sources: dict[str, int] = field(default_factory=dict)  # lower-cased name -> chunks that mention it
    # document id -> its subject with the qualifier the name needs ("Awake (Josh Groban album)"), for those whose
    # subject has one: a title is qualified because other things share the name, so a question keeps it
    qualified: dict[str, str] = field(default_factory=dict)


# A document that lists or indexes things, or surveys an aspect of one, is about none of them: "it" in "List of
# companies of Botswana" is Botswana, and "Where is List of companies of Botswana located?" or "Where is Geography of
# Lesotho located?" asks nothing; "Islam in West Bengal" is no one who lived anywhere
# ("List of Demands (song)" is a song: a qualified title is no listing)
# (a survey of a named thing: not "History of the World, Part I", "Music in the Air" or "Culture of Fear")
_LISTING = re.compile(r"^(?:(?i:lists?|index|indexes|timeline|glossary)\s+of\s|(?i:outline|geography|history|economy|"
                      r"demographics|geology|transport|education|religion)\s+of\s(?!the\b)[A-Z]|(?i:islam|christianity|"
                      r"hinduism|buddhism|judaism)\s+in\s(?!the\b)[A-Z])(?!.*\)$)")


def topic_name(subject: str) -> str:
    """A document's subject as a question names it: "Lilu (mythology)" -> "Lilu"; "The Exies" keeps its article;
    a listing ("List of companies of Botswana") is no subject (""), as it is about nothing it names."""
    name = " ".join(subject.split())
    if _LISTING.match(name):
        return ""
    if name.endswith(")") and " (" in name:
        name = name[: name.rindex(" (")]
    return name.strip()


def qualified_titles(subjects: dict[str, str]) -> dict[str, str]:
    """Document id -> its subject as a question must write it, for subjects that carry a qualifier ("Awake (Josh
    Groban album)": the name alone is other albums' too)."""
    out = {}
    for doc_id, subject in subjects.items():
        name = " ".join(subject.split())
        topic = topic_name(name)
        if topic and name != topic and re.fullmatch(r"[^()]+ \([^()]+\)", name):
            out[doc_id] = name
    return out


def written_subject(fact: Fact, corpus: Corpus) -> str | None:
    """The fact's subject as its question must write it: its document's qualified title when the subject is that
    document's own and the title carries a qualifier ("Which was released first, Awake (Josh Groban album) or
    …?": Awake alone is other albums too, and the answer would flip); else None (the subject as it is)."""
    title = corpus.qualified.get(fact.doc_id, "")
    return title if title and topic_name(title) == fact.clause.subject else None


def spread_sample(chunks_of: dict[str, list[str]], limit: int, seed: int) -> list[str]:
    """Up to `limit` chunk ids taken round-robin over the documents (order fixed by the seed)."""
    rng = random.Random(seed)
    docs = sorted(chunks_of)
    rng.shuffle(docs)
    out: list[str] = []
    depth = 0
    while len(out) < limit:
        layer = [chunks_of[d][depth] for d in docs if depth < len(chunks_of[d])]
        if not layer:
            break
        out.extend(layer[: limit - len(out)])
        depth += 1
    return out


def _graph_view(store: GraphStore, names: set[str]) -> tuple[dict[str, str], dict[str, int]]:
    """Kinds and chunk counts of the names the graph holds (looked up lower-cased, in batches)."""
    kinds: dict[str, str] = {}
    sources: dict[str, int] = {}
    lowered = sorted({n.lower() for n in names if n})
    for start in range(0, len(lowered), 500):
        resolved = store.resolve_names(lowered[start: start + 500])
        entities = store.get_entities(sorted(set(resolved.values())))
        for key, name in resolved.items():
            entity = entities.get(name)
            if entity is not None:
                kinds[key] = TYPE_KINDS.get(entity.type.lower(), "")
                sources[key] = len(entity.source_ids)
    return kinds, sources


def _title_noun(doc: Doc, title: str) -> str:
    """The noun a document's first copular sentence about its title calls it: "X is a 1986 film" -> film."""
    lowered = title.lower()
    for sent in doc.sents:
        root = sent.root
        attr = next((c for c in root.children if c.dep_ == "attr" and c.pos_ == "NOUN"), None)
        # Whatever the parse made of the words before the copula (a title may parse as anything), they name it.
        if root.lemma_ == "be" and attr is not None and lowered in doc[sent.start: root.i].text.lower():
            noun = attr.lemma_.lower()
            before = doc[attr.i - 1].lower_ if attr.i > sent.start else ""
            # ("a soap opera" is no opera: the compound is the noun)
            return f"{before} {noun}" if f"{before} {noun}" in COMPOUND_NOUNS else noun
    return ""


def _mark_titles(docs: list[Doc], titles: dict[str, str]) -> None:
    """Mentions of document titles become entities (longest span wins over the NER's own)."""
    from spacy.matcher import PhraseMatcher
    from spacy.util import filter_spans

    pipeline = nlp()
    matcher = PhraseMatcher(pipeline.vocab, attr="ORTH")
    for title, label in titles.items():
        if len(title) >= MIN_TITLE_CHARS and any(ch.isupper() for ch in title):
            matcher.add(label, [pipeline.make_doc(title)])
    for doc in docs:
        found = matcher(doc, as_spans=True)
        if found:
            doc.ents = filter_spans([*found, *doc.ents])


def read_corpus(store: GraphStore, seed: int, max_chunks: int, progress: Progress | None = None) -> Corpus:
    """Parse a seeded spread of the workspace's chunks and read their facts."""
    docs = [d for d in store.list_documents() if d.status == PROCESSED]
    chunks_of = {d.id: store.document_chunk_ids(d.id) for d in docs}
    topics = {d.id: topic_name(d.subject) if d.subject else "" for d in docs}
    qualified = qualified_titles({d.id: d.subject for d in docs if d.subject})
    wanted = spread_sample(chunks_of, max_chunks, seed)
    chunks: list[Chunk] = []
    for start in range(0, len(wanted), 500):
        found = store.get_chunks(wanted[start: start + 500])
        chunks.extend(found[c] for c in wanted[start: start + 500] if c in found)
    parsed: list[Doc] = []
    for n, doc in enumerate(parse((c.content for c in chunks), PARSE_BATCH)):
        parsed.append(doc)
        if progress and (n + 1) % PARSE_BATCH == 0:
            progress("parsing", n + 1, len(chunks))
    if progress:
        progress("parsing", len(chunks), len(chunks))
    seen = {canonical_name(e.text) for doc in parsed for e in doc.ents if LABEL_KINDS.get(e.label_) in NAMED_KINDS}
    kinds, sources = _graph_view(store, seen | {canonical_name(t) for t in topics.values() if t})
    corpus = read_facts(chunks, parsed, topics, kinds)
    corpus.sources, corpus.qualified = sources, qualified
    corpus.total_chunks = sum(len(c) for c in chunks_of.values())
    return corpus


def read_facts(chunks: list[Chunk], parsed: list[Doc], topics: dict[str, str], kinds: dict[str, str]) -> Corpus:
    """The facts of parsed chunks: `topics` are the documents' subjects, `kinds` the graph's kinds of names
    (lower-cased). Marks title mentions on the parses."""
    nouns: dict[str, str] = {}
    for chunk, doc in zip(chunks, parsed):
        title = topics.get(chunk.doc_id, "")
        if title and title.lower() not in nouns:
            noun = _title_noun(doc, title)
            if noun:
                nouns[title.lower()] = noun
    # (the graph's kinds, but a name the text has act as a person is one: name_usage.py)
    articled = articled_names(parsed)
    names = Names({**kinds, **people_among(parsed, kinds)}, nouns, articled, generic_names(parsed, articled))
    corpus = Corpus(total_chunks=len(chunks), names=names)
    title_kinds = {t: kind_of_noun(nouns.get(t.lower(), "")) or kinds.get(canonical_name(t).lower(), "")
                   or _ner_kind(parsed, t) for t in set(topics.values()) if t}
    _mark_titles(parsed, {t: KIND_LABELS.get(k, "TITLE") for t, k in title_kinds.items()})
    doc_topics: dict[str, Topic] = {}
    for chunk, doc in zip(chunks, parsed):
        corpus.texts[chunk.id] = named_text(chunk.content)  # (a chat's "LiHua:" as "Li Hua:", as questions write it)
        corpus.doc_of[chunk.id] = chunk.doc_id
        if chunk.doc_id not in doc_topics:
            name = topics.get(chunk.doc_id, "")
            kind = title_kinds.get(name, "") or ("thing" if corpus.names.noun(name) else "")
            doc_topics[chunk.doc_id] = Topic(name, kind, noun=corpus.names.noun(name))
        topic = doc_topics[chunk.doc_id]
        lines = speaker_lines(chunk.content)
        topic.lines = tuple(lines) if any(said for _, said in lines) else ()
        for sent in doc.sents:
            for clause in read_clauses(sent, topic, corpus.names):
                corpus.facts.extend(Fact(chunk.id, chunk.doc_id, clause, slot) for slot in clause.slots)
    return corpus


def _ner_kind(parsed: list[Doc], name: str) -> str:
    """A title's kind as the NER labels its mentions, when the graph does not say (first one found)."""
    lowered = name.lower()
    for doc in parsed:
        for ent in doc.ents:
            if ent.text.lower() == lowered and LABEL_KINDS.get(ent.label_) in NAMED_KINDS:
                return LABEL_KINDS[ent.label_]
    return ""
