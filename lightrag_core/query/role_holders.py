"""Who holds a role for something, read from the sentences about it: the name nearest the role's cue
word ("directed by Sergio Leone"), the name the passages call what the question calls it ("the label
that released X": the one called a label), the passage's subject when a pronoun does the verb ("It awards
the Halloran Medal"), and a kinship tie read from either side ("she married X", "the son of A and B").

`roles.py` reads the role phrase from the question; this module finds its holder among the names
`holder_names.py` reads in each sentence.
"""

from __future__ import annotations

import re
from typing import Any

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_type import PERSON, noun_kind
from lightrag_core.query.countries import country_of_word
from lightrag_core.query.described import opening_words, passage_subject
from lightrag_core.query.holder_names import bare_name, is_called, lone_other_sex, maker, names_of, of_other_sex
from lightrag_core.query.kin_ties import (
    CHILD_WORDS,
    MUTUAL,
    PARENT_PRONOUN,
    SPOUSES,
    TIES,
    parent_by_pronoun,
    parents,
    points_at,
    second_parent,
    spouse_by_pronoun,
)
from lightrag_core.query.name_forms import GENERATION_WORDS
from lightrag_core.query.referents import about_name, sentence_subject
from lightrag_core.query.role_words import BOOK_BY, KIN_STEPS, ROLE_WORDS, SOURCE_AUTHOR, VERB_CUES
from lightrag_core.query.sentences import Sentence, stems


def chain_holder(subject: str, role: str, sentences: list[Sentence], qualifier: str = "", noun: str = "",
                 besides: tuple[str, ...] = ()) -> tuple[list[str], list[Sentence]] | None:
    """The holder of a role, through the middle holder when the role is a chain ("paternal grandfather"):
    the names along the way and the sentences that say each tie. None when a tie is not stated."""
    steps = KIN_STEPS.get(f"{qualifier} {role}") or KIN_STEPS.get(role)
    if steps is None:
        found = holder(subject, role, sentences, qualifier, noun, besides)
        return ([found[0]], [found[1]]) if found else None
    names: list[str] = []
    said: list[Sentence] = []
    for step in steps:
        found = holder(names[-1] if names else subject, step, sentences)
        if found is None:
            return None
        names.append(found[0])
        said.append(found[1])
    return names, said


# "He is best known as the …", "Marsh was the …": the cue is what the sentence's subject is
_IS_THE = re.compile(r"(?:he|she|[a-z][\w.'-]*(?:\s+[a-z][\w.'-]*){0,3})\s+(?:is|was)\s+"
                     r"(?:(?:also|best|perhaps|widely|mainly|now|still)\s+)*(?:known\s+as\s+)?(?:the|a|an)\s+"
                     r"(?:[\w-]+\s+){0,2}")


def _predicated(said: Sentence, text: str, cue: int, subject: str) -> bool:
    """The sentence says its subject is the role "of" ours: "He is best known as the drummer and co-founder
    of the American heavy metal band Ironclad". Ours is the whole name there: not "Jaws" in "the director
    of Jaws 2", nor "Black Sun" in "founder of Black Sun Records"; "of" is the role's own ("the director of
    photography of X" is someone else)."""
    start = said.lead + 1 if said.lead else 0
    if not _IS_THE.fullmatch(text, start, cue):
        return False
    of = _ROLE_OF.match(text, cue)
    if of is None:
        return False
    at = text.find(subject, of.end(), of.end() + 60)
    # a few describing words between ("the American heavy metal band"), no second "of", and the name ends there
    return at >= 0 and len(text[of.end():at].split()) <= 6 and " of " not in f" {text[of.end():at]} " \
        and _NAME_GOES_ON.match(said.text, at + len(subject)) is None


_ROLE_OF = re.compile(r"[\w-]+(?:\s+and\s+[\w-]+)?\s+of\s+")  # "drummer and co-founder of "
_NAME_GOES_ON = re.compile(r"[\w'’-]|\s+[A-Z0-9]")  # "Jaws 2", "Black Sun Records"


_PLAYED = {"play", "voic"}  # a part played or voiced: "his role as X", "the voice of X"


def _plays(text: str, cue: int, subject: str) -> bool:
    """The cue is "playing <subject>", "his role as <subject>", "played the role of <subject>": what is
    played follows it within a few words, with no "by" before (whoever "played by" names plays it)."""
    at = text.find(subject, cue, cue + 40 + len(subject))
    between = text[cue:at] if at > cue else ""
    return bool(between) and len(between.split()) <= 6 and " by " not in f" {between} "


def _appositive_cue(said: Sentence, lowered: str, subject: str, role: str, cues: tuple[str, ...]
                    ) -> tuple[int, str] | None:
    """A cue in apposition right after the subject, named mid-sentence, which says the subject's own tie
    rather than the sentence subject's: ", daughter of …" for a parent, ", directed by …". Not ", father
    of …" or ", director of …": there the subject holds the role for someone else."""
    cues = tuple(c for c in cues if c.endswith(" by") or (role in {"father", "mother"} and _CHILD_OF.fullmatch(c)))
    where = lowered.find(subject.lower(), said.lead + 1)
    if where <= said.lead + 1:
        return None
    tail = where + len(subject)
    near = [(i, c) for c in cues if 0 <= (i := find_cue(said.text, c, said.lead, tail)) - tail <= 40
            and _APPOSED.fullmatch(lowered, tail, i)]
    return min(near, key=lambda ic: (ic[0], -len(ic[1]))) if near else None


# ", daughter of …", " (daughter of …)", ", who was the second son of …"
_APPOSED = re.compile(rf"(?:,|\s*\()\s*(?:who\s+(?:was|is)\s+)?(?:the\s+|a\s+|an\s+)?{CHILD_WORDS}{{0,2}}")
_SOURCE = re.compile(r"\b(?:based\s+on|adapted\s+from|adaptation\s+of|inspired\s+by)\s+"
                     r"(?:an?\s+|the\s+|his\s+|her\s+)?(?:[\w-]+\s+){0,2}$")
_CHILD_OF = re.compile(r"(?:son|daughter|child|heir) of")


def holder(subject: str, role: str, sentences: list[Sentence], qualifier: str = "", noun: str = "",
           besides: tuple[str, ...] = ()) -> tuple[str, Sentence] | None:
    """Who holds `role` for `subject`, and the sentence that says so: the name nearest the role's cue
    word in a sentence about the subject (never a name made only of the subject's words). With a
    qualifier ("youngest"), sentences that say "youngest son" are read first. With a noun ("the label
    that released X"), a name the passages call that comes first ("the Toronto label Birchwood Music";
    "Quillfeather Records is an independent record label"), before a nearer name called nothing or
    something else (the singer in "an album by Lena Royce, released through Quillfeather Records").
    `besides`: names that took part beside the holder ("starred in X alongside A"), none of them it."""
    cues = ROLE_WORDS.get(role) or VERB_CUES.get(role) or (role,)
    # Sentences with the subject's whole name first: "Bremia" alone names every king of Bremia.
    full = stems(subject)
    # (in the subject's own passage, not one that names another "… Records": `about_name`)
    about = sorted((s for _, s in about_name(subject, sentences)), key=lambda s: not full <= s.name_stems)
    if qualifier:
        qualified = [s for s in about if f"{qualifier} {role}" in s.text.lower()]
        about = qualified + [s for s in about if s not in qualified]
    stating = [s for s in about if any(find_cue(s.text, c, s.lead) >= 0 for c in cues)][:6]
    subject_words = _words(subject)
    besides_words = [_words(b) for b in besides]
    openings = opening_words(sentences) if noun else {}
    # the best so far, ranked by (not called what the noun says, said only by a pronoun)
    best: tuple[tuple[bool, bool], str, Sentence] | None = None
    for said, doc in zip(stating, nlp().pipe([s.text for s in stating])):
        lowered = said.text.lower()
        # the longest cue where several start ("played by" over "played ")
        # "a 1980 film based on a novel by Stephen Kane": the novel's author, not the film's writer
        found_cues = [(i, -len(c), c) for c in cues if (i := find_cue(said.text, c, said.lead)) >= 0
                      and not (c in BOOK_BY and role != SOURCE_AUTHOR and _SOURCE.search(lowered[max(0, i - 40):i]))]
        if not found_cues:
            continue
        cue, _, matched = min(found_cues)
        if (word := re.match(r"[\w-]+", lowered[cue:])) and word.group(0) in {role + "s", role + "es"} \
                and any(t.idx == cue and t.tag_ == "NNS" for t in doc):  # (a plural noun, not "it stars X")
            continue  # "listen to the two apprentices", "beat her sisters": many hold it, this names none of them
        if re.match(rf"{re.escape(role)}s?\b(?!\s+of\b)", lowered[cue:]) \
                and _SOME.search(said.text, max(0, cue - 40), cue):
            continue  # "shot with a Japanese director and film crew": the role of no one named
        if (appositive := _appositive_cue(said, lowered, subject, role, cues)) is not None:
            cue, matched = appositive  # "… and Lady Anne Stanley, daughter of Edward Stanley": her father
        if role in _PLAYED and _plays(lowered, cue, subject.lower()):
            # "He is known for his role as Constable Benton Fraser": the sentence's own subject plays it (when
            # it names none, "The role of X was played by Y", the name after the cue does)
            other = sentence_subject(said, doc, sentences)
            if other and not _within(_words(other), subject_words):
                return other, said
        if role in ROLE_WORDS and role not in TIES | MUTUAL and _predicated(said, lowered, cue, subject.lower()):
            # "He is best known as the drummer and co-founder of … Ironclad": the sentence's subject holds it
            other = sentence_subject(said, doc, sentences)
            if other and not _within(_words(other), subject_words):
                return other, said
        if role in TIES | MUTUAL and points_at(lowered, cue, subject.lower()):
            # "Louis of France was the son of Louis, Grand Dauphin" names Louis of France's father; "she
            # married <subject>", "Keane is the daughter of <subject>": the sentence's own subject holds it
            # ("… known for being the first wife of A and the mother of <subject>": she is the mother)
            parent_of = matched == role and lowered.startswith(" of ", cue + len(matched)) \
                and _PREDICATE.search(lowered[:cue]) is not None
            other = sentence_subject(said, doc, sentences) if role in MUTUAL or parent_of else ""
            if other and not _within(_words(other), subject_words):
                return other, said
            if role in TIES:
                continue  # else the name nearest the cue: "Tim Cratchit, a cripple, youngest son of Bob Cratchit"
        if role in SPOUSES and (joined := re.search(r",?\s+and (?:his|her) $", lowered[:cue])) \
                and not _ends_with_name(lowered[:joined.start()], subject_words):
            continue  # "the daughter of Henry and his wife Beatrice": Henry's wife ("… Bach, and his wife": Bach's)
        names = names_of(said, doc, role)
        if lone_other_sex(role, said.text, cue + len(matched), names, doc):
            continue  # "the second son of Martha Peter of Tudor Place", asked his father: none named
        if role == "mother" and parents(lowered, cue) >= 0:
            # "the son of A and B": the mother is B, never A, the name nearest the cue
            if second := second_parent(lowered, cue, names):
                return second, said
            continue
        # "… founded in 1972 by Ruth Ambler", "It is published by Orvell Press": the subject did it, so the
        # holder ("the company founded by X") is what it was done to, named before the cue
        done_by_subject = role not in ROLE_WORDS and re.search(
            rf"\bby\s+(?:the\s+)?{re.escape(subject.lower())}", lowered[cue:cue + 80]) is not None
        doer = ""
        said_by = (_PASSIVE_PRONOUN if done_by_subject else _PRONOUN_DOER).search(lowered[:cue]) or (
            _BEFORE_DOING.fullmatch(lowered[:cue]) and re.search(r"\b(?:he|she|it)\b", lowered[cue:]))
        if said_by:
            pronoun = said_by.group(0)
        else:  # "It rises in the hills and flows past X": the pronoun does the verb joined to its own
            pronoun = "" if done_by_subject else _joined_pronoun(doc, cue)
        if role not in TIES | MUTUAL and pronoun:
            # "It awards the Halloran Medal", "She founded Orvell Press": the passage's subject does it
            doer = passage_subject(said, sentences, person="it" not in pronoun.split())
            if doer and not _within(_words(doer), subject_words):
                names[doer] = cue
            else:
                doer = ""  # "Born in Whitby, she studied at Girton College": she is the subject; the holder follows
        # "daughter of X", "directed by X": the holder comes after such a cue, as after a verb's "by"
        # ("the label that released X": "X … released in 1996 by Lumen Records", "… through Quillfeather")
        # ("starring Mira Lent, directed by Ada Roan": the director is after "directed by", not the nearest name)
        after_only = not done_by_subject and (matched.endswith((" of", " by", " after", " for"))
                                              or _BY.match(lowered, cue) is not None or (
            role not in ROLE_WORDS and re.search(r"\b(?:by|through)\b", lowered[cue:cue + 60]) is not None))
        for name in _holders_near(lowered, names, cue, before=done_by_subject, after=after_only):
            # A relative shares the family name ("Tim Cratchit, son of Bob Cratchit"); a part of the
            # subject's own name ("America" in "Once Upon a Time in America"), or its fuller form
            # ("Ebenezer Scrooge" for "Scrooge"), is not its holder.
            # A nationality the tagger calls an organisation ("the Welsh author Gwen Harries") holds nothing.
            if name != doer and names[name] < cue + len(matched.strip()) + (matched[:1] == " ") \
                    and cue < names[name] + len(name):
                continue  # the cue's own words ("Head Coach" in "was Head Coach of …") name no holder
            words = _words(name)
            # (unless the cue names it outright: "The Armando Iannucci Shows … directed by Armando Iannucci")
            if ((_within(words, subject_words) or _within(subject_words, words))
                    and not (words < subject_words and _BY.fullmatch(lowered, cue, names[name]))) \
                    or country_of_word(name) or of_other_sex(role, name, names[name], doc) \
                    or any(_within(words, b) for b in besides_words):
                continue
            if _describes_next(said.text, name, names):
                continue  # "Outkast member Big Boi", "Pink Floyd keyboardist Rick Wright": the person after it
            called = not noun or is_called(name, names[name], doc, noun, openings)
            if doer and name != doer and not (noun and called):
                continue  # beside a pronoun's doer, another name holds nothing ("he played bass in Les Marées")
            rank = (not called, name == doer)
            if best is None or rank < best[0]:
                best = rank, bare_name(name), said
            if rank == (False, False):
                break
        if best is not None and best[0] == (False, False):
            break  # a name called what is asked, said outright: a pronoun elsewhere says no more
    if best is None and (made := maker(role, about[:6], subject_words)):
        return made
    if best is None and role in PARENT_PRONOUN and (parent := parent_by_pronoun(subject, role, about[:6], sentences)):
        return parent
    if best is None and role in SPOUSES and (spouse := spouse_by_pronoun(subject, about[:6], sentences)):
        return spouse
    if best is None and noun:
        return _only_called(about[:6], noun, subject_words, openings)
    return (best[1], best[2]) if best else None


# The parent word is said of the sentence's subject: "She is the mother of …", "… known for being the first
# wife of A and the mother of …"; not "He married Rose Quinn, the mother of …" (an apposition to a name)
_PREDICATE = re.compile(r"\b(?:is|was|being|became|been)\s+(?:also\s+)?(?:(?:the|a|an)\b[^;]*\band\s+)?the\s+$")


# "a Japanese ", right before the role's noun (not "Serie A club")
_SOME = re.compile(r"\b(?:a|an)\s+(?:[A-Za-z-]+\s+){0,2}$")


def _within(words: set[str], subject_words: set[str]) -> bool:
    """A name's words are all the subject's, and it is the same person: "Hal Wade" is not "Hal Wade, Jr."."""
    return words <= subject_words and not (subject_words - words) & GENERATION_WORDS


def _words(name: str) -> set[str]:
    """A name's words, lower-case, without the stops and commas around them ("Hank Williams, Jr.")."""
    return {w.lower().strip(".,") for w in name.split()}


def _describes_next(text: str, name: str, names: dict[str, int]) -> bool:
    """The name only says what the next name is: one or two lower-case words after it, ending in a person's
    noun, and another name right after them."""
    after = _PERSON_NOUN_AFTER.match(text, names[name] + len(name))
    return after is not None and noun_kind(after["noun"]) == PERSON and after.end() in names.values()


_PERSON_NOUN_AFTER = re.compile(r"\s+(?:[a-z-]+\s+)?(?P<noun>[a-z-]+)\s+")


def _ends_with_name(text: str, subject_words: set[str]) -> bool:
    """The text (lower-case) ends with the subject's name set off as the sentence's own subject: "the
    real-life author, Bach" or "Bach" opening it; not "the son of John Kennedy", nor "her sister Mary Lee"
    (another of the family, who shares the name)."""
    last = re.search(r"(?:^|,\s*)((?:[\w.'-]+\s+){0,3}[\w.'-]+)\s*,?$", text)
    return last is not None and bool(words := last.group(1).split()) and {w.strip(".,") for w in words} <= subject_words


def _only_called(about: list[Sentence], noun: str, subject_words: set[str],
                 openings: dict[str, tuple[str, ...]]) -> tuple[str, Sentence] | None:
    """With no sentence stating the role, the one name the sentences about the subject call what the
    question calls the holder and tie the subject to by "of" ("the college that publishes The Collegian": "…
    the student newspaper of Wrenfield College"; not "produced by Stellan Productions" for its distributor);
    None when they name none, or several, that way."""
    found: dict[str, Sentence] = {}
    for said, doc in zip(about, nlp().pipe([s.text for s in about])):
        for name, start in names_of(said, doc, "").items():
            tied = _OF_BEFORE.search(said.text[max(0, start - 9):start]) is not None
            if tied and not _within(_words(name), subject_words) \
                    and is_called(name, start, doc, noun, openings):
                found.setdefault(bare_name(name), said)
    return next(iter(found.items())) if len(found) == 1 else None


def find_cue(text: str, cue: str, lead: int = 0, start: int = 0) -> int:
    """Where a role's cue first stands in `text` (-1 if nowhere), not inside a name: neither within a
    capitalised word ("Jackson of" holds no "son of") nor as a capitalised word after another one ("the
    Holloway Brothers"), unless "of" follows ("Head Coach of the Dallas Cowboys", "Editor of The Guardian").
    A sentence's first word may be one, after its title line (`lead`) too: "Redwing Records Founded in …"."""
    lowered = text.lower()
    at = lowered.find(cue, start)
    while at >= 0:
        word = at
        while word > 0 and (text[word - 1].isalnum() or text[word - 1] in "-'"):
            word -= 1
        end = at
        while end < len(text) and (text[end].isalnum() or text[end] in "-'"):
            end += 1
        if text[word:at].lower().endswith("great-") and not cue.startswith("great-"):
            at = lowered.find(cue, end)  # "great-grandson of" is no "grandson of"
            continue
        if at > 0 and text[at - 1].isalpha() and cue.split()[0] in KIN_WORDS:
            at = lowered.find(cue, at + 1)  # "granddaughter of" is no "daughter of", "stepmother" no "mother"
            continue
        if not text[word].isupper() or word == 0 or (lead and word == lead + 1):
            return at
        if word == at and (not _IN_NAME.search(text[:word]) or _OF_AFTER.match(text, end)):
            return at
        at = lowered.find(cue, end)  # past the word: each word is read once
    return -1


# Kin words a cue may open with, which another word never ends with as that kin ("person of", "grandfather")
KIN_WORDS = {"son", "daughter", "child", "father", "mother", "brother", "sister", "sibling", "wife", "husband",
              "spouse", "heir", "nephew", "niece", "uncle", "aunt", "grandson", "granddaughter", "grandfather"}
# from a cue to the name it names: "directed by ", "directed and produced by ", "written, directed and produced by "
_BY = re.compile(r"[a-z]*(?:,?\s+(?:and\s+)?[a-z]+ed){0,2}\s+by\s+")
_IN_NAME = re.compile(r"[A-Z][\w.'-]*\s+$")  # a capitalised word just before
_OF_AFTER = re.compile(r"\s+of\b")
_OF_BEFORE = re.compile(r"\bof\s+(?:the\s+)?$")


def _joined_pronoun(doc: Any, cue: int) -> str:
    """"It rises in the Marrow Hills and flows past Harlow Falls": "it", the subject of the verb the cue
    stands in, or of the verb that one is joined to by "and"; "" when that subject is no pronoun."""
    verb = next((t for t in doc if t.idx <= cue < t.idx + len(t)), None)
    if verb is None or verb.pos_ != "VERB":
        return ""
    for _ in range(4):
        if verb.dep_ != "conj" or any(c.dep_.startswith("nsubj") for c in verb.children):
            break
        verb = verb.head
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    return subject.lower_ if subject is not None and subject.lower_ in {"it", "he", "she"} else ""


def _holders_near(text: str, names: dict[str, int], cue: int, before: bool, after: bool) -> list[str]:
    """`_nearest` the cue; for a cue in a bracket that names no one ("Lars Ulrich (drums), Kirk Hammett (lead
    guitar)"), the names before the bracket first: the bracket says what that name did."""
    opened = text.rfind("(", 0, cue)
    closed = text.find(")", cue)
    if opened > text.rfind(")", 0, cue) and closed > 0 and not any(opened < at < closed for at in names.values()):
        return _nearest(names, opened, before=True, after=False)
    return _nearest(names, cue, before, after)


def _nearest(names: dict[str, int], cue: int, before: bool, after: bool) -> list[str]:
    """The names by their distance from the cue, those on the wrong side of it last when the holder
    must come before it (`before`) or after it (`after`)."""
    def distance(name: str) -> int:
        wrong_side = names[name] > cue if before else after and names[name] < cue
        return abs(names[name] - cue) + (1000 if wrong_side else 0)
    return sorted(names, key=distance)


# A pronoun doing the cue's verb, as the sentence's subject: "It awards …", "She later founded …", "Born in
# Tulsa, he died …"
_PRONOUN_DOER = re.compile(r"(?:^|,\s)(?:it|he|she)\s+(?:(?:also|later|then|now|still|[a-z]+ly)\s+)?$")
# "Before founding Lumen Records he played …": the clause's doer is the sentence's subject
_BEFORE_DOING = re.compile(r"(?:before|after|since|while|upon|on|by)\s+")
# The same pronoun as what was done to: "It is published by …", "It was later bought by …"
_PASSIVE_PRONOUN = re.compile(r"(?:^|,\s)(?:it|he|she)\s+(?:is|was|were|are|has\s+been|had\s+been)\s+"
                              r"(?:(?:also|later|then|now|still|first|[a-z]+ly)\s+)?$")
