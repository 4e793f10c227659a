"""Whether a document's opening calls its subject something other than what a question's phrase asks for.

A bridge ("the city where …", "the top-billed actor of …") is resolved to a document's title; a title whose
own passage opens "Audrey Williams was an American singer" is no city, and "The Flower of Hawaii is a 1953
musical comedy film" no actor. Only a clear other kind rules a title out: an opening that says nothing of
either kind, or both, leaves it in.
"""

from __future__ import annotations

import re

from lightrag_core.query.answer_type import ORG, PERSON, PLACE, WORK_HEADS, noun_kind
from lightrag_core.query.described import OPENS, description, family, head_noun, opening_index, said_to_be
from lightrag_core.query.sentences import split_sentences
from lightrag_core.storage.base import GraphStore

# What an opening calls its subject: its first words after "is a" (up to nine), and those before what it goes on
# to say of it ("team" of "a football team based in Kansas City", without the city).
Called = tuple[list[str], list[str]]
# A team is called a franchise; a publisher may be a person (Hugh Hefner of Playboy): neither is ruled out by it.
_ORG_AS_WORK = {"franchise"}
_ORG_AS_PERSON = {"publisher"}


def called_otherwise(store: GraphStore, head: str, title: str, chunk_ids: list[str],
                     called: dict[str, Called | None]) -> bool:
    """The title's document opens by calling it something, and no noun of `head`'s kind.

    A kind of work ("the animated film": "film", "movie", "comedy") must be named: a document opens by
    calling a film a film. A person, a place or an organisation is checked by kind: an opening that calls
    its subject a band, a company or a film, and nothing a person is, is not a person's; one that calls it a
    singer or a team, and nothing a place is, is not a place's. `called` caches each title's opening."""
    kind, asked = family(head), noun_kind(head)
    if not (kind or asked in {PERSON, PLACE, ORG}) or not chunk_ids:
        return False
    if title not in called:
        called[title] = _opening(store, chunk_ids[0])
    said = called[title]
    if said is None:
        return False
    words, before = said
    if kind:
        # (a word of the kind that qualifies a person is none: "an Indian film playback singer" is no film)
        return not any(w in kind and not any(noun_kind(x) == PERSON for x in _qualified(words[i + 1:i + 4]))
                       for i, w in enumerate(words))
    # (a work by the noun it is called by, not by a word that qualifies another: "an American film and television
    # personality", "a video game developer" and "an opera house" are no works)
    work = head_noun(before) in WORK_HEADS
    if asked == PERSON:
        kinds = {noun_kind(w) for w in words}
        return PERSON not in kinds and bool(kinds & {ORG, PLACE} or work)
    kinds = {noun_kind(w) for w in before}
    if asked == PLACE:
        return PLACE not in kinds and bool(kinds & {PERSON, ORG} or work)
    others = {PLACE} | ({PERSON} if head not in _ORG_AS_PERSON else set())
    return ORG not in kinds and bool(kinds & others or work and head_noun(before) not in _ORG_AS_WORK)


def _opening(store: GraphStore, chunk_id: str) -> Called | None:
    first = store.get_chunks([chunk_id]).get(chunk_id)
    said = split_sentences(first.content) if first is not None else []
    opened = OPENS.match(said[opening_index(said)]) if said else None
    if opened is not None:
        return re.findall(r"[a-z]+", opened["called"].lower()), description(opened)
    # (read loosely where the strict opening fails: 'Nicholas Lofton "Nick" Hexum (born …) is an American singer')
    loosely = said_to_be(first.content) if first is not None else []
    return (loosely, loosely) if loosely else None


def _qualified(after: list[str]) -> list[str]:
    """The words a kind word may qualify, up to a preposition ("album by American rapper": the album is one)."""
    stop = next((i for i, w in enumerate(after) if w in {"by", "of", "from", "for", "with", "in", "on", "at"}),
                len(after))
    return after[:stop]
