"""What a question asks, read from spaCy's parse of it: the noun it asks its answer as, what it says
about that noun, the verb its question word hangs from, and whether it asks who did something or when.

`candidates.py` ties these to the spans of each sentence (`answer_spans.py`).
"""

from __future__ import annotations

import re
from typing import Any

from lightrag_core.query.answer_type import PERSON, noun_kind
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
    # "singer-guitarist": the whole compound, which tells the singing guitarist from the other guitarist
    doc = noun.doc
    if noun.i >= 2 and doc[noun.i - 1].text == "-" and not doc[noun.i - 1].whitespace_ \
            and not doc[noun.i - 2].whitespace_ and doc[noun.i - 2].is_alpha:
        return f"{doc[noun.i - 2].lower_}-{noun.lower_}"
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


class AskedVerb(frozenset[str]):
    """The lemmas of the verb a question asks by, whether it asks whom the deed was done to ("Whom did
    the general manager succeed?": the one succeeded, not the one who succeeded), and the doer's name when
    the question names it ("Whom did Ray Duff meet?": Ray Duff)."""

    done_to: bool = False
    doer: str = ""


def asked_verb(question: Any) -> AskedVerb:
    """The lemma of the verb the question's wh-word hangs from ("founded" in "a network founded by who?";
    "host" in "what show does a player, who missed a season, host?"), from spaCy's parse of it; none when
    the wh-word's noun is the verb's passive subject ("what retailer was founded by …?")."""
    wh = next((t for t in question if t.lower_ in {"who", "whom", "whose", "what", "which"}), None)
    node, steps = wh, 0
    while node is not None and steps < 6:
        # "What retailer was founded by X?" asks what was done to; not a relative "which" ("the show which
        # was written by who?" asks the writer)
        if node.dep_ == "nsubjpass" and wh is not None and wh.i == 0:
            return AskedVerb()
        if node.pos_ == "VERB":  # "does" read as the verb says nothing about who did what
            found = AskedVerb({node.lemma_.lower()} - {"do", "be", "have"})
            # "Who did X replace?": the subject comes after "did", so "who" is what the deed was done to (read
            # from the words: the small model may make "Whom" the subject of "did")
            done_to = _DONE_TO.match(question.text)
            found.done_to, found.doer = done_to is not None, done_to["doer"] or "" if done_to else ""
            return found
        if node.head is node:
            break
        node, steps = node.head, steps + 1
    return AskedVerb()


_DONE_TO = re.compile(r"^\W*(?:who|whom)\s+(?:did|does|do)\b"
                      r"(?:\s+(?P<doer>(?-i:[A-Z])[\w.'’-]*(?:\s+(?-i:[A-Z])[\w.'’-]*){0,3}))?", re.IGNORECASE)


def _first_subject(question: Any) -> Any:
    """The question's first subject, before any relative clause's ("the creator" in "When was the creator
    of the series in which X played Y born?"; the small model may read "Y born" as a subject too)."""
    return next((t for t in question if t.dep_ in {"nsubj", "nsubjpass"}), None)


def asked_of_role(question: Any) -> str:
    """The common noun the question's subject is ("creator" in "When was the creator of … born?"), or "": a
    birth or death it asks is that holder's, not that of a name the question holds."""
    subject = _first_subject(question)
    # a person's noun, not the asked noun itself ("In which city was X born?", "What is the date of death of
    # X?"), holding a role of something ("the creator of", "the singer who"), not a title before a name ("the
    # American actress Jo Penn")
    if subject is None or subject.pos_ != "NOUN" or noun_kind(subject.lower_) != PERSON \
            or any(t.lower_ in {"which", "what", "whose"} for t in [*subject.children, question[subject.i - 1]]) \
            or subject.i + 1 >= len(question) or question[subject.i + 1].lower_ not in _HOLDING \
            or _is_what_asked(subject) \
            or any(t.dep_ == "appos" and t.left_edge.i > 0 and question[t.left_edge.i - 1].text == ","
                   for t in question):  # "the author of Cold Harbour, Ruth Vane, …" names them
        return ""
    return str(subject.lower_)


_HOLDING = {"of", "who", "whom", "whose", "that", "which", "in", "for", "with", "on", "at"}


def _is_what_asked(subject: Any) -> bool:
    """"Who is the wife of X?": the holder is the very one asked for, named by the wh-word beside "is", so a
    span the text calls "his wife" answers it (unlike "Whom did the co-founder of X replace?")."""
    return subject.head.lemma_ == "be" and any(
        c.lower_ in {"who", "what", "which"} and c.dep_ in {"attr", "nsubj"} for c in subject.head.children)


def asked_of_name(question: Any, names: list[str]) -> bool:
    """The question's subject is a name it holds ("When did A. J. Marsh die?", not "When did the writer of X
    die?"): a birth or death asked is that name's own, never a bridge's."""
    subject = _first_subject(question)
    said = stems(subject.lower_) if subject is not None and subject.pos_ == "PROPN" else frozenset()
    return bool(said) and any(said <= stems(n) for n in names)  # "Jr." of "Martin Kingsley Jr."


def asked_count(question: Any) -> frozenset[str]:
    """The stems of what "how many" counts ("studio" and "album" in "How many studio albums has X put
    out?": not compilation albums)."""
    many = next((t for t in question if t.lower_ == "many" and t.i > 0 and t.nbor(-1).lower_ == "how"), None)
    if many is None or many.head.pos_ != "NOUN":
        return frozenset()
    words = [c.lower_ for c in many.head.children if c.dep_ in {"compound", "amod"} and c.i != many.i]
    return stems(" ".join([*words, many.head.lower_]))


Deed = tuple[str, str, frozenset[str]]  # the verb's lemma, "who"'s role (nsubj or nsubjpass), what the deed holds


def who_did(question: Any) -> Deed:
    """The verb "who" is the subject of, in which voice, and the stems of all the question says of the deed:
    what it was done as or to, with its "of" ("mayor", "springfield"), its doer in a passive ("eagles"), and
    its years ("Who was elected mayor of Springfield in 1932?")."""
    who = next((t for t in question if t.lower_ == "who" and t.dep_ in {"nsubj", "nsubjpass"}), None)
    verb = who.head if who is not None else None
    if who is None or verb is None or verb.pos_ != "VERB" or verb.lemma_.lower() in {"be", "have", "do"}:
        return "", "", frozenset()
    done = [c for c in verb.children if c.dep_ in {"dobj", "oprd", "attr"} and c.pos_ in {"NOUN", "PROPN"}]
    done += [o for c in done if c.dep_ != "prep" for p in c.children if p.dep_ == "prep" and p.lower_ == "of"
             for o in p.children if o.dep_ == "pobj"]
    done += [o for c in verb.children if c.dep_ == "agent" for o in c.children if o.dep_ == "pobj"]
    years = [t.text for t in question if t.like_num and len(t.text) == 4]
    return verb.lemma_.lower(), who.dep_, stems(" ".join([*(t.lower_ for t in done), *years]))


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


def when_said_by(question: Any) -> str:
    """Who says what "when" asks the time of ("Li Hua" of "When did Li Hua ask Jennifer …?"): one name, the
    subject of a saying, whose own chat line is the one stamped with that time (Jennifer's reply is not);
    "" when no single name says it ("When did Adam and Li Hua agree …?", "When did Li Hua get the keys?")."""
    for t in question:
        if t.lower_ == "when" and t.dep_ == "advmod":
            if t.head.lemma_.lower() not in _SAYING:
                return ""
            subject = next((c for c in t.head.children if c.dep_ == "nsubj" and c.pos_ == "PROPN"), None)
            if subject is None or any(c.dep_ == "conj" for c in subject.children):
                return ""
            return question[subject.left_edge.i:subject.i + 1].text
    return ""


# Lines that only greet, thank or agree answer a question about greeting, thanking or agreeing
_COURTESY = {"thank", "greet", "welcome", "congratulate", "agree", "accept", "apologise", "apologize", "wish"}


def asks_courtesy(question: Any) -> bool:
    """"Who thanked Li Hua?", "When did Li Hua accept …?": asked of a greeting, a thanks or a yes."""
    return any(t.lemma_.lower() in _COURTESY and t.pos_ == "VERB" for t in question)


def counts_asked(counted: frozenset[str], before: str, after: str, question: str = "", span: str = "",
                 sentence: str = "") -> bool:
    """The number counts what the question asks to count (`asked_count`): "seven studio albums" for "how many
    studio albums" (not "four compilation albums" beside it), and all of it ("12 tracks, including three songs").
    A question that bounds its count ("at least how many people were killed …?") is answered by a number its
    sentence bounds the same way ("at least 104 were killed"), not by the count beside it ("Thirty people
    died"); a bound said of something else ("about 40 miles from …") changes nothing."""
    counts = bool(counted) and not _PART_OF.search(before) \
        and counted <= stems(" ".join(re.findall(r"[a-z]+", after.lower())[:len(counted) + 1]))
    asked = _BOUNDED.search(question) if question else None
    if asked is None:
        return counts
    bound = _bound_class(asked[1])
    if _carries(bound, before, span):
        return counts or _elided(counted, after)  # (the model's number may hold its bound: "at least 104")
    if _carries(_ANY_BOUND, before, span):
        return False  # "over 15,000 restaurants" for "close to how many …?": another bound, another figure
    said = re.finditer(rf"\b(?:{bound})\s+\d[\d,.]*\s+(?P<after>[^\n]{{0,24}})", sentence.lower())
    return counts and not any(_elided(counted, m["after"]) for m in said)


def _carries(bound: str, before: str, span: str) -> bool:
    """The number is said with one of these bounds (before it, or inside the model's span)."""
    return bool(re.search(rf"\b(?:{bound})$", before.lower()) or re.match(rf"(?:{bound})\b", span.lower()))


def _elided(counted: frozenset[str], after: str) -> bool:
    """What follows a number counts what is asked, or leaves it unsaid ("104 were killed")."""
    words = re.findall(r"[a-z]+", after.lower())
    return bool(words) and (words[0] in _AFTER_A_COUNT or (bool(counted) and counted <= stems(" ".join(words[:3]))))


_AFTER_A_COUNT = {"were", "was", "are", "is", "have", "had", "has", "died", "killed", "people", "persons"}
# A bound on a count and the ways a passage says the same bound
_BOUNDS = (("at least", "at least|no fewer than|a minimum of"), ("more than", "more than|over|in excess of"),
           ("over", "more than|over|in excess of"), ("fewer than", "fewer than|less than|under"),
           ("less than", "fewer than|less than|under"), ("nearly", "nearly|almost|close to|just under"),
           ("almost", "nearly|almost|close to|just under"), ("close to", "nearly|almost|close to|just under"))
_ROUGHLY = "about|around|approximately|roughly|some|an estimated|an approximate|circa|c\\."
_ANY_BOUND = "|".join([*dict.fromkeys(forms for _, forms in _BOUNDS), _ROUGHLY])


def _bound_class(bound: str) -> str:
    said = " ".join(bound.lower().split())
    return next((forms for word, forms in _BOUNDS if word == said), _ROUGHLY)


_BOUNDED = re.compile(r"\b(at\s+least|more\s+than|fewer\s+than|less\s+than|over|nearly|almost|close\s+to|"
                      r"about|around|approximately|roughly)\s+how\s+(?:many|much)\b", re.IGNORECASE)


_PART_OF = re.compile(r"\b(?:including|includes|include|of\s+which|among\s+them|of\s+them|in)\s*$", re.IGNORECASE)


# "Where did X study?" is answered by a school, "where did X work?" by an employer: organisations to the tagger.
SCHOOLING = {"study", "graduate", "educate", "attend", "train", "enrol", "enroll", "work", "employ", "teach"}
# "Who produced X?" is answered by a company as often as by a person.
ORG_DOING = {"produce", "publish", "distribute", "manufacture", "develop", "release", "own", "operate", "sponsor"}
_LIGHT_VERBS = {"be", "have", "do", "get"}


def asked_lemmas(question: Any, named_words: set[str]) -> set[str]:
    """The lemmas of the question's nouns, verbs and adjectives that are no part of a name it holds: what it
    asks about. A verb the stop list holds is still asked ("become a state", "made the film")."""
    return {t.lemma_.lower() for t in question if t.pos_ in {"NOUN", "VERB", "ADJ"} and t.lower_ not in named_words
            and (not t.is_stop or t.pos_ == "VERB" and t.lemma_.lower() not in _LIGHT_VERBS)}
