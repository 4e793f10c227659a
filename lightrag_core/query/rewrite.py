"""A compositional question asked again with the bridges multihop resolved written into it.

"Who wrote the episode in which Waylon Smithers first appeared?", with the episode found in the text as
"Homer's Odyssey", is asked again as "Who wrote Homer's Odyssey?": a question about one named thing,
which the single-hop readings answer. A bridge's phrase runs with its relative clause or preposition to
the question's end, or to the verb an inverted question ends with ("When was the singer of the band
that recorded X born?"); in a "did" question with another verb ("When did the organization that Hugh
Brock helped found cease to exist?"), to the last word the sentence that resolved the bridge says, and
the clause's own verbs after it. Where its end cannot be told, the question is not rewritten. The small
model's parse of such questions was tried first: it hangs the closing verb inside the clause too often
to say where the phrase ends. A question that ends by asking who did something to the bridge ("… an
Australian soap opera created by who?") is asked again as "Who created Neighbours?", and one whose bridge's
relative clause holds what it asks ("… a series that originally broadcast on what station?") as that clause
said of the bridge ("Charmed originally broadcast on what station?").
"""

from __future__ import annotations

import re

from lightrag_core import lexical
from lightrag_core.nlp import nlp
from lightrag_core.query.decompose import bridges
from lightrag_core.query.described import written_title
from lightrag_core.query.result import DecompositionStep
from lightrag_core.query.role_holders import KIN_WORDS
from lightrag_core.query.role_words import KIN_STEPS
from lightrag_core.query.sentences import stem, stems

# "Homer's Odyssey (The Simpsons)": a passage title's bracket tells it from another, it is no part of the name
# A bridge right after an auxiliary or a relative word is a subject: its own verb follows its phrase, and is
# found only as the event the question ends with ("… in the city where the publisher of X is based?")
_AFTER_AUXILIARY = re.compile(r"\b(?:was|were|is|are|did|does|do|has|have|had)\s+$", re.IGNORECASE)
_AFTER_RELATIVE = re.compile(r"\b(?:where|that|which|who|whom|when)\s+$", re.IGNORECASE)
# A question asked of when, where or how, or with "did", has its subject's verb at its end ("When was the singer
# of the band that recorded X born?"): a phrase ends before that verb, when it is a known one
_INVERTED = re.compile(r"^\W*(?:(?:when|where|why|how(?:\s+\w+)?|(?:in|on|at|since|during|from|for|by|to)\s+"
                       r"(?:what|which)(?:\s+\w+)?)\s+(?:was|were|is|are|did|does|do|has|have|had)\b|"
                       r"(?:\w+\s+){0,4}?(?:did|does|do)\b)", re.IGNORECASE)
# "When was the album released by | the duo of …?": the inverted question's verb is said before the bridge, whose
# phrase runs on to the question's end (not so after "did": "… did the band formed by | the singer … change …?")
_PASSIVE_BY = re.compile(r"\b(?:[a-z]+ed|[a-z]+en|made|built|held|run|sung|drawn|won|led|shot|sold|told|set|kept)\s+"
                         r"by\s+$", re.IGNORECASE)
# (nor when the question's own verb still ends it: "When was the film directed by | the man who created Alien
# released?", "… adapted into a film?")
_ENDS_ON_PARTICIPLE = re.compile(r"\b[a-z]+(?:ed|en|wn|lt|ne)(?:\s+[a-z]+){0,3}\s*\?\s*$")
_DID = re.compile(r"\b(?:did|does|do)\b", re.IGNORECASE)
_CLAUSE_VERBS = {"VBD", "VBN", "VBZ", "VBP"}
_EVENT_END = re.compile(r"(?:\s+(?:is|was|are|were))?\s+(?:born|die|died|founded|formed|released|located|based|"
                        r"established|created|published|buried|built|opened|headquartered|educated)\s*\?\s*$",
                        re.IGNORECASE)
# what a question asks, inside a clause ("… that has sold more than how many records?"); not a relative word
# ("… premiered on which date?": "which" and a noun closing the question ask too; a relative "which" goes on)
_ASKING = re.compile(r"\b(?:how\s+(?:many|much|long|old|far|tall|big)|what)\b|\bwhich\s+[a-z]+\s*(?:\?|$)"
                     r"|\b(?:by|to|from|with|for)\s+whom?\s*(?:\?|$)", re.IGNORECASE)  # ("… given by whom?")
_QUESTION_END = re.compile(r"\s*\?\s*$")
# A bridge's phrase that ends on "of" and a name, the question's own verb in lower case right after it ("the
# director of Once Upon a Time in America die?"); a title's lower-case words are connectors
_OF_NAME = re.compile(r"\s+of\s+(?:the\s+)?[A-Z0-9][\w'’.&-]*(?:\s+(?:(?:a|an|the|of|in|on|and|for|to|at|de|von|van|"
                      r"la|le|del|da)\s+)*[A-Z0-9][\w'’.&-]*)*(?=\s+[a-z][a-z]+\b(?!['’]))")
# "… from an Australian soap opera created by who?": the bridge's doer is asked, as "Who created Neighbours?"
_BY_WHOM = re.compile(r"\s+(?P<verb>[a-z]{3,}ed|written|made|built|sung|drawn|sold|bought)\s+by\s+(?:who|whom)"
                      r"\s*\?\s*$")
_PAST = {"written": "wrote", "sung": "sang", "drawn": "drew"}
# "… the third album by a singer-songwriter from what state?": asked as "What state is M. Ward from?"
# "… stared in a series that originally broadcast on what station?": asked as "Charmed originally broadcast on
# what station?" (the relative clause holds what is asked, so it is the bridge's own)
_RELATIVE_ASKS = re.compile(r"\s+(?:that|which|who)\s+(?P<rest>(?:(?!\b(?:that|which|who)\b)[^?])*?"
                            r"\b(?:what|which|whom|how\s+(?:many|much|long|old))\b[^?]*?)\s*\?\s*$", re.IGNORECASE)
_WHERE_FROM = re.compile(r"\s+(?P<prep>(?:(?:based|located|headquartered|born|formed)\s+)?(?:from|in))\s+"
                         r"(?P<wh>what|which)\s+(?P<noun>[a-z]+)\s*\?\s*$", re.IGNORECASE)
_ARTICLES = {"the", "a", "an"}
# what joins a phrase to the next in its clause: "starring ", "of " (not a verb of the question's own: "make after")
_LINK = re.compile(r"\s*(?:(?:of|by|in|from|for|with|at|on|starring|featuring|co-starring|and)\s+){0,2}")
# A bridge the text barely resolved is not written in (measured on batches 11-16 of bench/wiki_forms: of the
# bridges found below it, 6 of 7 were wrong; above it, 4 of 45)
MIN_BRIDGE_SCORE = 0.85


def written_name(step: DecompositionStep) -> str:
    """The name a step found, as the rewritten question writes it: without its title's bracket, or the
    extension of the uploaded file it is the name of ("Homer's Odyssey.txt")."""
    return written_title(step.found)


def _clause_end(question: str, after: int, sentence: str) -> int | None:
    """Where a bridge's clause ends in a "did" question, told by the sentence that resolved the bridge: "When
    did the organization that Peace News editor Hugh Brock helped found cease to exist?", resolved by "Hugh
    Brock … editor of Peace News … a founder of the Direct Action Committee", ends after the last word that
    sentence says ("Brock") and the clause's own verbs after it ("helped found"); the question's own verb
    ("cease") is the first word past them. None when nothing is left of the question there (its words are all
    in the sentence) or the sentence says none of the clause's words. The tags are read, not the parse, which
    hangs the question's verb inside the clause."""
    if _DID.search(question[:after]) is None:
        return None
    if (named := _OF_NAME.match(question, after)) is not None:
        return named.end()  # "… the founding vocalist of Circus Diablo | play guitar for?": no clause, a name
    said = stems(sentence)
    tokens = [t for t in nlp()(question) if t.idx >= after]
    matched = [i for i, t in enumerate(tokens) if t.is_alpha or t.like_num
               if stem(t.lower_) in said and t.lower_ not in lexical.stop_words()]
    if not matched:
        return None
    quoted = False
    for token in tokens[matched[-1] + 1:]:
        if token.is_quote or token.text in ")]":
            quoted = True  # a quoted name closes ('known as "Tornado Tuesday" become'): the question's verb is next
            continue
        if token.tag_ in _CLAUSE_VERBS and not (quoted and token.tag_ == "VBP"):
            continue  # "helped found", "joined": the clause's own verbs
        if token.is_punct:
            return None
        return token.idx - 1 if question[token.idx - 1:token.idx].isspace() else token.idx
    return None


# the outer clause's own verb after a bridge's participle phrase ("in which the aviator portrayed in | the 1942 biopic
# featuring … roles | was an initial shareholder?"); a relative word before it makes it the bridge's own clause's
# ("the duo of the singer whose debut album | is Lonely Me")
_OUTER_VERB = re.compile(r"\s(?:was|were|is|are)\s")
_RELATIVE_WORD = re.compile(r"\b(?:whose|that|which|who|whom|where|when)\b", re.IGNORECASE)
_LOWER_RELATIVE = re.compile(r"\b(?:which|who|whom|that|where)\b")


def _outer_verb(question: str, start: int, after: int, end: int) -> int:
    """Where a bridge's phrase ends when the question's own verb follows it, else `end`: only inside a relative
    clause the bridge sits in ("in which the aviator portrayed in | …"), after a word in lower case, and not
    inside a quoted title ("Love is Blue")."""
    verb = _OUTER_VERB.search(question, after, end)
    opening = len(question.split(maxsplit=1)[0]) if question.strip() else 0  # (not the question's own "Which")
    if verb is None or _RELATIVE_WORD.search(question, after, verb.start()) \
            or not _LOWER_RELATIVE.search(question, opening, start) \
            or not re.search(r"\b[a-z][\w'-]*$", question[:verb.start()]) or question.count('"', 0, verb.start()) % 2:
        return end
    return verb.start()


def _kin(head: str) -> bool:
    """A relative ("the father", "the great-grandfather") is read by the answer's own kinship reading, which
    tells a father from a mother's father: the decomposition's bridge may not (batch 8's father of the 2nd
    Earl of Harrowby was found as his maternal grandfather)."""
    return head.lower() in KIN_STEPS or any(part in KIN_WORDS for part in head.lower().split("-"))


def _asked_of_bridge(question: str, end: int, name: str, sentence: str) -> str | None:
    """The question when all it asks after the bridge's phrase is the bridge's doer or place: "Who created
    Neighbours?", "What state is M. Ward from?"; or a relative clause that the sentence which found the
    bridge says nothing of (else the clause is what told the bridge: "the band that recorded X")."""
    if by_whom := _BY_WHOM.match(question, end):
        return f"Who {_PAST.get(by_whom['verb'], by_whom['verb'])} {name}?"
    if where := _WHERE_FROM.match(question, end):
        verb = "was" if where["prep"].lower().startswith(("born", "formed")) else "is"
        return f"{where['wh'].capitalize()} {where['noun']} {verb} {name} {where['prep']}?"
    if (relative := _RELATIVE_ASKS.match(question, end)) and not (
            (stems(relative["rest"]) - lexical.stop_words()) & stems(sentence)):
        return f"{name} {relative['rest']}?"
    return None


def resolved_question(question: str, steps: list[DecompositionStep]) -> str | None:
    """The question with each resolved bridge's phrase replaced by the name found for it; None when no
    bridge's phrase could be placed in the question."""
    # ("the director of X" after its article; a kinship word's steps and a compared pair's are read elsewhere)
    found = [b for b in bridges(question) if not b.each and b.phrase.split()[0].lower() in _ARTICLES]
    # a phrase said twice ("older than the director of Alien", after "the director of Jaws") is not placed: a
    # step names its phrase, not which one
    phrases = [b.phrase for b in found]
    placed = {b.phrase: b for b in found if phrases.count(b.phrase) == 1}
    inverted = _INVERTED.match(question) is not None
    event = _EVENT_END.search(question)
    question_end = (_QUESTION_END.search(question) or re.search(r"$", question)).start()  # type: ignore[union-attr]
    spans: list[tuple[int, int, str]] = []
    for step in steps:
        bridge = placed.get(step.phrase)
        if bridge is None or step.score < MIN_BRIDGE_SCORE or _kin(bridge.head):
            continue
        if asked := _asked_of_bridge(question, bridge.end, written_name(step), step.sentence):
            return asked
        before = question[: bridge.start]
        if inverted and _PASSIVE_BY.search(before) and not _DID.search(before) and event is None \
                and not _ENDS_ON_PARTICIPLE.search(question):
            end = question_end
        elif inverted or _AFTER_RELATIVE.search(before):
            closing = event.start() if event is not None else _clause_end(question, bridge.end, step.sentence)
            if closing is None:
                continue
            end = closing
        elif _AFTER_AUXILIARY.search(before):
            continue
        else:
            end = _outer_verb(question, bridge.start, bridge.end, question_end)
        # (never what the question asks: "… by an English pop singer that has sold more than how many records?")
        if end > bridge.end and not _ASKING.search(question[bridge.start:end]):
            spans.append((bridge.start, end, written_name(step)))
    if not spans:
        return None
    # the first phrase holds the others, which were steps towards it, and its clause runs on to where theirs end
    # ("the 2015 series starring | the main vocalist of | the girl group formed by … in 2011 | air?")
    start, end, name = min(spans)
    resolved = [step.phrase for step in steps if step.phrase in placed]  # (a phrase between them was found too)
    for other_start, other_end, _ in sorted(spans):
        between = re.sub("|".join(map(re.escape, resolved)) or "$^", " ", question[end:other_start])
        if other_start >= start and (other_start < end or _LINK.fullmatch(between)):
            end = max(end, other_end)
    return question[:start] + name + question[end:]
