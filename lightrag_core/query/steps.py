"""A compositional question resolved from the inside out: each bridge found becomes a seed of the walk.

"Where was the father of the director of Polish Easter born?": the director is found first, in a
sentence about Polish Easter; the father then in a sentence about the director (whose own document
joins the text read). At most MAX_STEPS bridges are resolved, each from the names known so far, so a question
costs a bounded number of lookups.
"""

from __future__ import annotations

from lightrag_core import lexical
from lightrag_core.models import Chunk
from lightrag_core.query import bridges as bridge_text
from lightrag_core.query.decompose import Bridge, bridges
from lightrag_core.query.described import written_title
from lightrag_core.query.linking import VECTOR, Link
from lightrag_core.query.result import DecompositionStep
from lightrag_core.storage.base import GraphStore

MAX_STEPS = 3
# A bridge is found, not named: it seeds the walk at half an exact link's confidence, so a wrong one
# shifts the walk without taking it over.
SEED_WEIGHT = 0.5
BRIDGE = "bridge"  # the link method of a seed a decomposition step found
READ_CHUNKS = 10  # the first-pass chunks whose sentences are read
DOCUMENT_CHUNKS = 4  # a found bridge's own document: its first chunks are read for the next step
CONTEXT_WORDS = 8  # the question's words after a bridge's phrase that say which one is meant


def resolve_steps(
    store: GraphStore, question: str, links: list[Link], chunks: list[Chunk]
) -> tuple[list[Link], list[DecompositionStep]]:
    """Seeds for the bridges the text resolves (entity links and title links), and the steps taken."""
    todo = bridges(question)
    named = list(dict.fromkeys(lk.entity for lk in links if lk.method != VECTOR))
    if not todo or not named:
        return [], []
    own = {c: lk.entity for lk in links if lk.method != VECTOR for c in lk.chunk_ids[:DOCUMENT_CHUNKS]}
    pool = list(chunks[:READ_CHUNKS])
    wanted = [c for c in own if c not in {ch.id for ch in pool}]
    pool += list(store.get_chunks(wanted).values()) if wanted else []
    text = bridge_text.passages(pool)
    found_names: list[str] = []
    # Subjects each bridge was resolved from: a bridge of each of several things ("the directors of films
    # A and B") is resolved again, from the question's own names only; any other bridge once.
    used: dict[Bridge, set[str]] = {}
    seeds: list[Link] = []
    steps: list[DecompositionStep] = []
    for _ in range(MAX_STEPS):
        best: tuple[bridge_text.Resolved, Bridge] | None = None
        for bridge in todo:
            # A name inside the bridge's own phrase describes it ("an Australian soap opera"), it is not
            # what the sentence must be about.
            subjects = [s for s in [*named, *found_names] if s.lower() not in bridge.phrase.lower()]
            # "the borough where the music venue L'Amour operated": what its own clause names, not a name
            # of the phrase the bridge sits in ("the NFL team that played … in the borough …")
            in_clause = _in_clause(question, bridge, todo, subjects)
            subjects = in_clause or subjects
            # what the bridge's own clause names, or else the bridge found last ("the 2006 album co-produced by
            # | the elder …"): the only names whose passages may state the bridge as their own subject
            itself_from = tuple(in_clause or [n for n in found_names[-1:] if n in subjects])
            if bridge in used:
                subjects = [s for s in named if bridge.each and s in subjects and s not in used[bridge]]
            if not subjects:
                continue
            found = bridge_text.resolve(store, bridge, question, subjects, text,
                                        {c: s for c, s in own.items() if s in subjects},
                                        _context(question, bridge), [*named, *found_names], itself_from)
            if found is None and bridge not in used:
                found = bridge_text.described(store, bridge, _clause(question, bridge, todo), text,
                                              [*named, *found_names])
            if found is not None and (best is None or found.score > best[0].score):
                best = (found, bridge)
        if best is None:
            break
        found, bridge = best
        used.setdefault(bridge, set()).add(found.about)
        via = "description" if not found.about else "title and entity" if found.entity else "title"
        steps.append(DecompositionStep(bridge.phrase, [found.about] if found.about else [], found.name, via,
                                       found.sentence,
                                       found.chunk_id, found.score, SEED_WEIGHT))
        if found.entity:
            seeds.append(Link(bridge.phrase, found.entity, BRIDGE, SEED_WEIGHT))
        seeds.append(Link(bridge.phrase, found.name, BRIDGE, SEED_WEIGHT, found.chunk_ids))
        found_names.append(found.name)
        fresh = [c for c in found.chunk_ids[:DOCUMENT_CHUNKS] if c not in own]
        own.update({c: found.name for c in fresh})
        read = {p.chunk.id for p in text}
        text += bridge_text.passages([c for c in store.get_chunks(fresh).values() if c.id not in read],
                                     len(pool)) if fresh else []
    return seeds, steps


def _context(question: str, bridge: Bridge) -> list[str]:
    """The question's content words right after the bridge's phrase: its relative clause or
    preposition's object ("shot … Leland … 1986" after "the film that")."""
    after = lexical.words(question[bridge.end:])
    return [w for w in after if w not in lexical.stop_words()][:CONTEXT_WORDS]


def _clause_text(question: str, bridge: Bridge, todo: list[Bridge]) -> str:
    """The question from the bridge's phrase to the next bridge's: its own clause."""
    end = min((b.start for b in todo if b.start >= bridge.end), default=len(question))
    return question[bridge.end:end]


def _clause(question: str, bridge: Bridge, todo: list[Bridge]) -> list[str]:
    """The content words of the bridge's own clause ("played 1930 1943" in "the NFL team that played from
    1930 to 1943 in the borough where …")."""
    words = lexical.words(_clause_text(question, bridge, todo))
    return [w for w in words if w not in lexical.stop_words()][:CONTEXT_WORDS]


def _in_clause(question: str, bridge: Bridge, todo: list[Bridge], subjects: list[str]) -> list[str]:
    """The subjects the bridge's own clause writes (a title as text writes it)."""
    said = _clause_text(question, bridge, todo).lower()
    # (an uploaded file's title is its file name: "Waylon Smithers.txt")
    return [s for s in subjects if written_title(s).lower() in said]
