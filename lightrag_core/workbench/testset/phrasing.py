"""Questions phrased from clauses by templates chosen by the answer's kind and the clause's verb.

Single fact: "When did Sergio Leone die?" (the answer's phrase taken out of the predicate, the verb
inverted with its auxiliary or with do-support). Bridge: the second fact's subject replaced by a
description of it built from the first fact ("When did the person who directed Once Upon a Time in
America die?"). Comparison: two dated facts with one verb ("Who was born first, A or B?").
A template that cannot be filled cleanly returns None: a skipped question beats a malformed one.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lightrag_core.workbench.testset.lexicon import ANAPHORIC_NOUNS, LIGHT_VERBS, NOT_DONE_TO_PERSON
from lightrag_core.workbench.testset.model import Clause, Slot, Word

# A contracted verb fronts a question in full: "Mākaha’s located along …" -> "Which ocean is Mākaha located along?"
_FULL = {"'s": "is", "’s": "is", "'re": "are", "’re": "are", "'ve": "have", "’ve": "have"}
DO_SUPPORT = {"VBD": "did", "VBZ": "does", "VBP": "do"}
KIND_NOUNS = {"person": "person", "organisation": "organisation", "place": "place", "work": "work",
              "event": "event", "product": "product", "law": "law", "language": "language"}
# Prepositions a place or a date is asked for with "Where" / "When" (the preposition goes).
WHERE_PREPS = {"in", "at", "near", "on", "inside", "outside"}
WHERE_STRANDED = {"from", "to"}
WHEN_PREPS = {"in", "on", "during", "at", "around", "circa", "c."}
PAST_AUX = {"was", "were"}
# Who does what the verb says, as benchmark questions name them: "the director of X".
AGENT_NOUNS = {"direct": "director", "write": "writer", "produce": "producer", "found": "founder", "create": "creator",
               "compose": "composer", "design": "designer", "develop": "developer", "publish": "publisher",
               "own": "owner", "invent": "inventor", "discover": "discoverer", "paint": "painter", "build": "builder",
               "perform": "performer", "sing": "singer", "manage": "manager", "lead": "leader", "edit": "editor",
               "illustrate": "illustrator", "narrate": "narrator", "translate": "translator", "host": "host",
               "distribute": "distributor", "manufacture": "manufacturer", "operate": "operator",
               "coach": "coach", "chair": "chair", "photograph": "photographer", "choreograph": "choreographer"}
# Deeds done for, with or against a side (a club, a firm, a country's team), asked with "Who".
SIDE_VERBS = {"play", "sign", "work", "drive", "debut", "compete", "race", "ride", "fight", "coach", "score", "make",
              "appear", "start", "defect", "transfer", "move"}
# What a place does as a subject ("X lies on the river"); any other active verb means the kind is wrong.
PLACE_VERBS = {"lie", "border", "host", "include", "contain", "cover", "span", "stretch", "sit", "stand", "serve",
               "flow", "rise", "run", "extend"}
# What is done to a place ("X was founded in 1850").
PLACE_PASSIVE = {"locate", "base", "situate", "found", "establish", "build", "name", "incorporate", "settle",
                 "border", "create", "construct", "design", "rename", "annex", "occupy", "serve", "surround"}
# Verbs of what happens once to a thing or a person, so their dates can be compared as "first":
# passive, to what was made ("was founded", "was written"); active, to what happened to the subject.
ONCE_PASSIVE = {"bear", "found", "form", "establish", "release", "publish", "open", "create", "build", "launch",
                "premiere", "incorporate", "construct", "inaugurate", "complete", "introduce", "write", "compose",
                "invent", "discover", "design", "develop", "produce", "direct", "record", "air"}
PERSON_ONCE = {"bear", "die", "retire", "graduate", "debut"}  # "Who ...": what happens to a person
ONCE_ACTIVE = {"open", "form", "air", "close", "dissolve", "disband", "launch", "premiere", "debut"}
PRESENT_AUX = {"is", "are"}
# A date asked with the verb alone ("When did Chiang Kai-shek die?") is for what happens once; a deed done again and
# again ("When did Charleston return?", "When was Massachusetts sworn?") needs what the passage said with it
REPEATED_DEEDS = {"return", "visit", "play", "tour", "win", "lose", "screen", "swear", "announce", "sign", "resume",
                  "appear", "perform", "meet", "move", "travel", "serve", "work", "live", "stay", "leave", "depart",
                  "arrive", "come", "go", "run", "compete", "score", "attend", "speak", "report", "host", "feature",
                  "join", "change", "rise", "grow", "increase", "decrease", "enter", "exit", "stop", "wait", "pause",
                  "sit", "stand", "walk", "turn", "look", "call", "knock", "ring", "sing", "dance", "laugh", "smile",
                  "drop", "reach", "hold", "show", "present", "release", "publish", "record", "write", "produce"}
MAX_QUESTION_WORDS = 32
MIN_QUESTION_WORDS = 3
_SPACES = re.compile(r"\s+")
# A question or description ending on one of these lost the phrase it governed ("joined the NFL as an
# expansion team in ."), unless the preposition was stranded on purpose.
DANGLING_PREPS = {"in", "on", "at", "of", "for", "to", "from", "with", "by", "as", "into", "about", "during",
                  "after", "before", "between", "through", "upon", "than", "since", "until", "among"}
_DOUBLED = re.compile(r"\b([a-z]+) \1\b")  # "broadcast on on 18 March" (not a name: "Chori Chori", "Tin Tin")
_PERSONAL = {"his", "her", "himself", "herself"}
_ANAPHORIC = "|".join(sorted(ANAPHORIC_NOUNS))
# (lower-case only: "the University of Oregon" and "the Battle of Stamford Bridge" are names)
_POINTS_BACK = re.compile(rf"\b(?i:the) (?:{_ANAPHORIC})\b(?!\s+[A-Z0-9\"'“])")
# ("the same record label as Madonna", "a similar style to The Beatles" name the other side; "the same time": idiom)
_LIKE_BEFORE = re.compile(r"\b(?i:a|an|the) (?:similar|same)(?![\w-])(?!(?: \w+){0,2} (?:as|to)\b| time\b)")
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
# A chat's emoji are no words of a question ("Who enjoys warm songs 🎤✨?"): pictographs, the symbol blocks' emoji
# and what joins and tints them; not a sign a name or a title may hold ("C♯ minor", "★", "✓", "♀", "°C", "©")
_EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2300-\u23FF\u25A0-\u25FF\u2600-\u2604\u2607-\u263F\u2641"
                    "\u2643-\u266C\u2670-\u2712\u2714-\u27BF\u2B00-\u2BFF\uFE0F\u200D\u20E3]+")


@lru_cache(maxsize=4096)
def inflect(lemma: str, tag: str) -> str:
    """The verb form for a Penn tag ("write", "VBD" -> "wrote"); the lemma when none is known."""
    from lemminflect import getInflection

    forms = getInflection(lemma, tag=tag)
    return forms[0] if forms else lemma


def words(items: list[Word]) -> str:
    """The words as the sentence spaced them; a space wherever words were taken out between them."""
    out = []
    for w, nxt in zip(items, [*items[1:], None]):
        out.append(w.text + (w.space if nxt is not None and nxt.i == w.i + 1 else " "))
    return _SPACES.sub(" ", "".join(out)).strip()


def _active_tense(clause: Clause) -> str:
    """The active verb's tag for a passive clause with one auxiliary: "was written" -> VBD ("wrote").
    "X is a film directed by Y" tells what was done: past too."""
    if len(clause.aux) != 1:
        return ""
    if clause.aux[0] in PAST_AUX or clause.copular:
        return "VBD"
    return "VBZ" if clause.aux[0] == "is" else ""


def reads(text: str) -> bool:
    """No word said twice in a row ("broadcast on on", "formed formed"); a name may ("Chori Chori")."""
    return not _DOUBLED.search(text)


def _tidy(question: str) -> str | None:
    text = _SPACES.sub(" ", _EMOJI.sub(" ", question)).strip()
    text = re.sub(r"\s+([,?'’])", r"\1", text).replace(" 's", "'s")
    if text.endswith(",?"):
        return None  # "… for the University of California,?": the name ran on past what the parse kept
    text = re.sub(r"\?\?$", "?", text)  # a title that ends in its own "?" ends the question too
    count = len(text.split())
    if not MIN_QUESTION_WORDS <= count <= MAX_QUESTION_WORDS or not reads(text):
        return None
    return text[0].upper() + text[1:]


def _noun(slot: Slot) -> str:
    return slot.noun or KIND_NOUNS.get(slot.kind, "")


def _wh(slot: Slot) -> tuple[str, str] | None:
    """The question phrase for a slot and the preposition left at the end, if any."""
    if slot.role == "count":
        return f"How many {slot.noun}", ""
    if slot.kind == "date":
        dated = slot.role == "prep" and slot.prep in WHEN_PREPS and any(ch.isdigit() for ch in slot.answer)
        return ("When", "") if dated else None
    if slot.kind == "time":  # "at midnight", "at one o'clock"
        return ("When", "") if slot.role == "prep" and slot.prep in WHEN_PREPS else None
    if slot.kind == "place" and slot.role == "prep":
        if slot.prep in WHERE_PREPS:
            return "Where", ""
        if slot.prep in WHERE_STRANDED:
            return "Where", slot.prep
    stranded = slot.prep if slot.role in {"prep", "agent"} else ""
    if slot.kind == "phrase":
        return ("What", stranded) if slot.role in {"object", "prep"} else None
    if slot.kind == "person":
        return "Who", stranded
    if not slot.noun and slot.kind in KIND_NOUNS and slot.kind != "language":
        # The kind alone is the NER's or the graph's guess, wrong for half the readers' "Which organisation …?" (the
        # Canadian Shield, the Golden Shoe): "What" asks for the same object without naming its kind wrongly
        return "What", stranded
    noun = _noun(slot)
    return (f"Which {noun}", stranded) if noun else None


def _subject_verb(clause: Clause) -> str | None:
    """The verb group when the subject is asked for: agreement with a singular "who" / "which"."""
    if clause.aux:
        first = {"are": "is", "were": "was", "have": "has"}.get(clause.aux[0], clause.aux[0])
        return " ".join([first, *clause.aux[1:], clause.verb])
    if clause.tag == "VBP":
        return inflect(clause.lemma, "VBZ")
    if clause.tag in {"VBD", "VBZ"}:
        return clause.verb
    return None


def _inverted(clause: Clause) -> tuple[str, str] | None:
    """(the word before the subject, the verb group after it): "was" + "born", or "did" + "die"."""
    if clause.lemma == "be" and not clause.aux:
        return _FULL.get(clause.verb, clause.verb), ""
    if clause.aux:  # "has been": "Which place has X been the Member for?"
        first = clause.aux[0]
        if first in _FULL and len(clause.aux) > 1 and clause.aux[1] == "been":
            first = "has"  # "It’s been owned by …": "has", not "is"
        return _FULL.get(first, first), " ".join([*clause.aux[1:], clause.verb])
    do = DO_SUPPORT.get(clause.tag)
    return (do, clause.lemma) if do else None


def ask(clause: Clause, slot: Slot, subject: str | None = None) -> str | None:
    """A question whose answer is the slot's, naming the clause's subject (or `subject` in its place)."""
    rest = words(clause.predicate_without(slot))
    if points_back(rest):
        return None  # "Who hosted the event?": which event, the passage said
    if slot.role == "subject" and clause.appositive:
        if subject is not None:
            return None
        return _tidy(f"{'Who' if slot.kind == 'person' else 'What'} is {clause.description}?")  # "Who is X's wife?"
    if slot.role == "subject" and clause.lemma == "be":
        return None  # "Which person is an American actor?": a copula's subject is what it describes
    if slot.role == "subject":
        verb = _subject_verb(clause)
        if subject is not None or verb is None or not rest or _dangling(rest):
            return None
        # "Which place has elevated his game?": whoever "his" game it is, is a person whatever the NER said
        # ("awarded Obama his degree": the "his" after a name is that name's)
        person = slot.kind == "person" or _before_any_name(clause.predicate, _PERSONAL)
        if not person and not _place_can(clause, slot):
            return None  # "Which place received songwriting credits?": the kind is wrong
        if not re.fullmatch(r"[A-Za-z'’ -]+", verb):
            return None  # "Which company المملكةs …?": a word of another script the parse took for a verb
        # (a subject keeps its kind word: "What faced Bayern Munich?" reads as no team)
        who = "Who" if person else (f"Which {_noun(slot)}" if _noun(slot) else None)
        return _tidy(f"{who} {verb} {rest}?") if who else None
    # (a maker asked for by its kind alone, person or firm: "Who released Frozen?", not "What was Frozen released by?")
    # (a place that hosts is a place: "Which place hosted …?" stays)
    maker = (not slot.noun and slot.kind in {"organisation", "place", "thing"} and clause.lemma in AGENT_NOUNS
             and not (slot.kind == "place" and clause.lemma in PLACE_VERBS))
    if slot.role == "agent" and (slot.kind == "person" or maker) and _active_tense(clause):
        # "Who was X directed by?" reads better as "Who directed X?"
        active = inflect(clause.lemma, _active_tense(clause))
        return _tidy(f"Who {active} {subject or clause.subject} {rest}?")
    wh = _wh(slot)
    inverted = _inverted(clause)
    if wh is None or inverted is None:
        return None
    front, stranded = wh
    if (front == "What" and not slot.noun and slot.kind in {"organisation", "place"} and clause.lemma in SIDE_VERBS
            and stranded in {"for", "with", "against"}):
        front = "Who"  # "Who did Thierry Henry play for?" ("What … for?" reads as "why")
    before, verb = inverted
    # (what was made is made once: "When was Pavour Nocturnus released?", not "When did Metallica release?")
    repeated = clause.lemma in REPEATED_DEEDS and not (
        (clause.passive or clause.subject_kind == "work") and clause.lemma in ONCE_PASSIVE)
    if not rest and (clause.lemma in LIGHT_VERBS or (front == "When" and repeated)):
        return None  # "What did Scrooge know?", "When did Charleston return?": the verb alone says too little
    if stranded:  # the preposition stays where its phrase was: "Who did X sign with in 2007?"
        rest = words(clause.predicate_without(slot, keep_prep=True))
    elif clause.lemma == "be" and front == "Where":
        rest = ""  # "X is a village in Y" -> "Where is X?"
    elif _dangling(rest):
        return None
    if clause.subject_kind == "person" and _before_any_name(clause.predicate_without(slot), {"its"}):
        return None  # "What did Williams learn from its co-writer?": "its" was the song, now the answer
    return _tidy(f"{front} {before} {subject or clause.subject} {verb} {rest}?")


def _place_can(clause: Clause, slot: Slot) -> bool:
    """Whether the clause's verb says something a place does or has done to it, when the place is its subject."""
    return not (slot.role == "subject" and slot.kind == "place") or clause.lemma in (
        PLACE_PASSIVE if clause.passive else PLACE_VERBS)


def _before_any_name(predicate: list[Word] | tuple[Word, ...], pronouns: set[str]) -> bool:
    """Whether the first of these possessives in the predicate comes before any name it could belong to."""
    for n, w in enumerate(predicate):
        if w.text.lower() in pronouns:
            return not any(p.named for p in predicate[:n])
    return False


def points_back(text: str) -> bool:
    """Whether the text refers back with "the band", "the event" (no name after it), or to what was just said ("a
    similar experience", "the same one")."""
    return bool(_POINTS_BACK.search(text) or _LIKE_BEFORE.search(text))


def _dangling(rest: str) -> bool:
    last = rest.split()[-1].lower() if rest.split() else ""
    return last in DANGLING_PREPS


def _identifies(text: str, clause: Clause, slot: Slot) -> bool:
    """Whether a description picks out one thing: it keeps a name or a year ("the band who supported Ozzy
    Osbourne"), not only common words ("the duo that had one more album" could be any duo)."""
    if slot.role != "subject" or _YEAR.search(text):
        return True  # (the clause's subject, a name, is in it)
    return any(w.named for w in clause.predicate_without(slot))


def describe(clause: Clause, slot: Slot, written: str | None = None) -> str | None:
    """A noun phrase that names the slot's answer by this clause: "the person who directed X" (X as `written`, when
    given: a qualified title)."""
    subject = written or clause.subject
    noun = _noun(slot)
    if noun[:5] == clause.lemma[:5]:  # not "the director who directed X"
        noun = KIND_NOUNS.get(slot.kind, "")
    if not noun or slot.kind in {"date", "number"}:
        return None
    # (a bridge keeps the kind word though no noun says it: of hotpotqa_100's seed-0 bridges through one, readers
    # judged 5 right and 1 wrongly kinded, "the place that bordered Guarani"; "the one that …" does not read)
    rest = words(clause.predicate_without(slot))
    if points_back(rest):
        return None  # "the singer who recorded a version of the song": which song?
    verb = " ".join([*clause.aux, clause.verb])
    who = "who" if slot.kind == "person" else "that"
    if not _place_can(clause, slot):
        return None  # "the place that played for 10 seasons", "was killed": not said of a place; the kind is wrong
    if slot.role == "subject" and slot.kind == "person" and clause.passive and clause.lemma in NOT_DONE_TO_PERSON:
        return None  # "the person who was founded ...": the name is a company's too, and this is the company
    if clause.lemma == "be":
        return clause.description if slot.role == "subject" and clause.description else None
    agent = AGENT_NOUNS.get(clause.lemma) if slot.kind in {"person", "organisation"} else None
    if agent and slot.role == "agent" and not rest:
        return f"the {agent} of {subject}"  # "X was directed by Y": Y is "the director of X"
    if agent and slot.role == "subject" and len(clause.names) == 1 and rest == clause.names[0]:
        return f"the {agent} of {rest}"  # "Y directed X": Y is "the director of X"
    if slot.role == "subject":
        text = f"the {noun} {who} {_subject_verb(clause) or verb} {rest}"
    elif slot.role == "object":
        text = f"the {noun} that {subject} {verb} {rest}"
    elif slot.role == "agent":
        tense = _active_tense(clause)
        if not tense:
            return None
        text = f"the {noun} {who} {inflect(clause.lemma, tense)} {subject} {rest}"
    elif slot.kind == "place" and slot.prep in WHERE_PREPS:
        text = f"the {noun} where {subject} {verb} {rest}"
    else:
        return None  # "the place X abandoned the base to" does not read
    text = _SPACES.sub(" ", text).strip()
    if _dangling(text) or not _identifies(text, clause, slot):
        return None
    if slot.kind == "person" and re.search(r"\bits\b", text, re.IGNORECASE):
        return None  # "the person who ordered its construction": "its" named something left behind
    return text


def year_of(answer: str) -> int | None:
    """The year a date answer names (one year, no range), else None."""
    years = _YEAR.findall(answer)
    return int(years[0]) if len(set(years)) == 1 else None


def compare(first: Clause, second: Clause, earlier: bool, written: tuple[str, str] | None = None) -> str | None:
    """"Who was born first, A or B?" for two clauses with one verb; `earlier` chooses first or later; `written`:
    the two subjects as the question writes them (qualified titles)."""
    if first.lemma != second.lemma or first.passive != second.passive or first.subject_kind != second.subject_kind:
        return None
    person = first.subject_kind == "person"
    once = (({"bear"} if person else ONCE_PASSIVE) if first.passive else
            (PERSON_ONCE if person else ONCE_ACTIVE))
    if first.lemma not in once:
        return None  # a person is born once but founds many things; a band forms once
    which = "Who" if person else "Which"
    if first.passive:
        verb = f"was {first.verb}"  # what happened once to each: past, whatever tense the sentence used
    else:
        verb = inflect(first.lemma, "VBD")
    when = "first" if earlier else "later"
    a, b = written or (first.subject, second.subject)
    return _tidy(f"{which} {verb} {when}, {a} or {b}?")
