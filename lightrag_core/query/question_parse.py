"""What a question asks, read from spaCy's parse of it: the noun it asks its answer as, what it says
about that noun, the verb its question word hangs from, and whether it asks who did something or when.

`candidates.py` ties these to the spans of each sentence (`answer_spans.py`).
"""

from __future__ import annotations

from typing import Any

from lightrag_core.query.sentences import stem, stems


def asked_identity(question: Any) -> str:
    """The common noun a "who is the … ?" question asks its answer as: "spirit" in "Who is the first spirit
    to visit Scrooge?", "partner" in "Who was Scrooge's business partner?" (the subject or attribute of the
    "be" that "who" hangs from, in spaCy's parse of it); "" for other forms ("Who directed Jaws?")."""
    wh = next((t for t in question if t.lower_ == "who"), None)
    if wh is None or wh.head.lemma_.lower() != "be":
        return ""
    noun = next((t for t in wh.head.children if t is not wh and t.dep_ in {"nsubj", "attr"} and t.pos_ == "NOUN"),
                None)
    # A noun phrase has a determiner, an owner or a modifier ("the spirit", "X's partner", "favourite actor");
    # a word with none, or with only a name before it, is a misread verb ("Who is Li Hua meeting with?").
    if noun is None or not any(c.dep_ in {"det", "poss", "amod"} or (c.dep_ == "compound" and c.pos_ == "NOUN")
                               for c in noun.children):
        return ""
    return noun.lower_


def asked_qualifier(question: Any, head: str) -> str:
    """The nationality or place word the question puts on the noun it asks for: "Australian" in "a university
    in what Australian city?", "Danish" in "which Danish band …?" (spaCy's NORP or GPE modifier of that
    noun); "" when it puts none."""
    if not head:
        return ""
    noun = next((t for t in question if t.lemma_.lower() == head or t.lower_ == head), None)
    if noun is None:
        return ""
    word = next((c for c in noun.children if c.dep_ in {"amod", "compound"} and c.ent_type_ in {"NORP", "GPE"}),
                None)
    return word.lower_ if word is not None else ""


# What a question puts on the noun it asks for, beyond the noun: modifiers, "from Copenhagen", "known for …".
_DESCRIBING = {"amod", "compound", "nummod", "prep", "acl", "relcl", "appos", "conj", "npadvmod"}


def asked_description(question: Any, head: str) -> frozenset[str]:
    """The word stems the question says about the noun it asks for: "Danish", "heavy", "metal",
    "Copenhagen" in "which Danish heavy metal band from Copenhagen released …?" (the noun's own
    dependents in spaCy's parse of the question, not the clause it is the subject of)."""
    noun = next((t for t in question if t.lemma_.lower() == head or t.lower_ == head), None) if head else None
    if noun is None:
        return frozenset()
    words = (t.text for c in noun.children if c.dep_ in _DESCRIBING for t in c.subtree if not t.is_stop)
    return stems(" ".join(words)) - {stem(head)}


def asked_verb(question: Any) -> set[str]:
    """The lemma of the verb the question's wh-word hangs from ("founded" in "a network founded by who?";
    "host" in "what show does a player, who missed a season, host?"), from spaCy's parse of it; none when
    the wh-word's noun is the verb's passive subject ("what retailer was founded by …?")."""
    wh = next((t for t in question if t.lower_ in {"who", "whom", "whose", "what", "which"}), None)
    node, steps = wh, 0
    while node is not None and steps < 6:
        # "What retailer was founded by X?" asks what was done to; not a relative "which" ("the show which
        # was written by who?" asks the writer)
        if node.dep_ == "nsubjpass" and wh is not None and wh.i == 0:
            return set()
        if node.pos_ == "VERB":  # "does" read as the verb says nothing about who did what
            return {node.lemma_.lower()} - {"do", "be", "have"}
        if node.head is node:
            break
        node, steps = node.head, steps + 1
    return set()


def _who_does(question: Any) -> list[Any]:
    """The verbs whose subject is "who" (not a passive one: "who is recommended by Jennifer …?" asks for
    the one Jennifer speaks to)."""
    return [t.head for t in question if t.lower_ == "who" and t.dep_ == "nsubj" and t.head.pos_ == "VERB"]


def asks_doer(question: Any) -> bool:
    """"Who suggests …?", "who invited …?": "who" is the subject of a verb other than "be" or "have"."""
    return any(verb.lemma_.lower() not in {"be", "have"} for verb in _who_does(question))


# Deeds done by a conversation's first line on a topic, not by the replies that agree with it
_OPENING = {"suggest", "propose", "initiate", "start", "recommend", "invite", "ask", "remind", "introduce", "raise"}


def asks_opener(question: Any) -> bool:
    """"Who suggests going out for hot pot?", "who comes up with the idea …?": asked of whoever raised it
    first ("Beer it is! Perfect match for hot pot" is a reply)."""
    return any(verb.lemma_.lower() in _OPENING or (verb.lemma_.lower() == "come" and any(
        c.lower_ == "up" for c in verb.children)) for verb in _who_does(question)[:1])


# What a chat line does by being said: "When did X tell Y …?" asks when the line was written.
_SAYING = {"ask", "inform", "tell", "confirm", "invite", "express", "suggest", "mention", "say", "request",
           "remind", "propose", "share", "send", "offer", "recommend", "complain", "announce", "reply", "notify",
           "message", "text", "update", "thank", "apologise", "apologize", "agree", "admit", "warn"}


def asks_when_said(question: Any) -> bool:
    """"When did Li Hua inform Adam …?", "When does X confirm the transfer?": a past deed or a saying, whose
    time in a chat is the time stamp of the line that states it (not "when is the concert?": a time the
    line names)."""
    for t in question:
        if t.lower_ == "when" and t.dep_ == "advmod":
            verb = t.head
            past = verb.tag_ == "VBD" or any(c.lemma_ == "do" and c.tag_ == "VBD" for c in verb.children)
            # "When does Adam confirm the plumber will arrive?" asks when the plumber will: what is said
            return past or (verb.lemma_.lower() in _SAYING and not any(c.dep_ == "ccomp" for c in verb.children))
    return False
