"""What a sentence calls "it" or "the film": the subject of its passage, named by the passage's first sentence.

"What song debuted in an episode of South Park?" is stated by "It was released as the first single …,
debuting in an episode of … South Park", and "In what film did X play …?" by "The film features the voices
of … X". Neither sentence names the answer; the first sentence of its passage does: ""Falling Away from Me"
is a song by American band Korn", "The Aristocats is a 1970 … film". The answer is that sentence's
subject, when it calls its subject by a noun of the question's noun's family.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lightrag_core.nlp import nlp
from lightrag_core.query.answer_spans import ParsedSentence, Span
from lightrag_core.query.answer_type import ORG, PERSON, PLACE, WORK_HEADS, noun_kind
from lightrag_core.query.described import (
    FAMILIES,
    NEAR,
    OPENS,
    description,
    family,
    head_noun,
    opening_name,
    opening_words,
    passage_opening,
    passage_subject,
)
from lightrag_core.query.holder_names import FIRST_NAME_SHORT, NAME_TITLES
from lightrag_core.query.life_events import bracket_owner, in_first_bracket, lived_bracket_at
from lightrag_core.query.name_forms import FATHER_TAIL
from lightrag_core.query.sentences import Sentence, named_in, stem, stems

_VERB = (r"(?:is|was|has|had|became|went|features|stars|starred|received|won|tells|follows|reached|peaked|sold|marks|"
         r"premiered|debuted|[a-z]+ed)\b")


def refers_to_subject(sentence: Sentence, head: str) -> bool:
    """The sentence speaks of its passage's subject as "it" or "the <noun>", with a noun of the asked
    noun's family: "It was released …" or "The film features …" for "what film …?". Not a passage's
    first sentence, which names its subject itself."""
    near = family(head)
    if not near or sentence.offset == 0:
        return False
    nouns = "|".join(sorted(near))
    # the subject of a verb: "the film is based on …", not "the Indian film industry"
    return re.search(rf"(?:^It|\b[Tt]he\s+(?:{nouns}))\s+{_VERB}", sentence.text) is not None


_ANY_FAMILY = "|".join(sorted(set().union(*FAMILIES)))
# "It starred …", "The show starred …", "This episode marks …": a sentence about its passage's subject.
_ABOUT_SUBJECT = re.compile(rf"^(?:It|(?:The|This)\s+(?:{_ANY_FAMILY}))\s+{_VERB}")


def about_other_subject(sentence: Sentence, sentences: list[Sentence], names: list[str]) -> bool:
    """The sentence speaks of its passage's subject ("The show starred movie actor Orlando Bloom"), and
    neither it nor the passage's first sentence names anything the question names: it states its fact
    of something else than what is asked about."""
    if sentence.offset == 0 or not _ABOUT_SUBJECT.match(sentence.text):
        return False
    opening = passage_opening(sentence, sentences)
    return opening is not None and not any(named_in(n, opening.name_stems) or named_in(n, sentence.name_stems)
                                           for n in names)


def surname_of_another(name: str, sentence: Sentence, sentences: list[Sentence]) -> bool:
    """The sentence names `name` by its last word alone, in the passage of someone else of that name:
    "White died in 1997" in Joel White's passage is Joel's death, though the passage opened by naming his
    father E. B. White."""
    full, words = stems(name), _UNBRACKETED.sub("", name).split()
    if len(words) < 2 or full <= sentence.name_stems:
        return False
    opening = sentence if sentence.offset == 0 else passage_opening(sentence, sentences)
    return opening is not None and _rival(full, words, _subject_name(opening))


def opens_with(sentence: Sentence, names: list[str]) -> bool:
    """The sentence opens a passage whose subject is one of the names (by its title or leading name), as the
    same person: "William Tanner" for "Bill Tanner", not "The Garnet Sisters" for "Jean Garnet"."""
    subject = _UNBRACKETED.sub("", _subject_name(sentence)) if sentence.offset == 0 else ""
    return bool(subject) and any(_same_person(stems(n), _UNBRACKETED.sub("", n).split(), subject) for n in names)


def _rival(full: frozenset[str], words: list[str], other: str) -> bool:
    """`other` is another person of the same last word: "Joel White" for "E. B. White" (not "White", "Alex
    Ferguson" for "Sir Alex Ferguson", "Edward Wood" for "Ed Wood", "Simon & Garfield" or "Pike Motor
    Company" for Henry Pike), or his son "Hank Banks Jr."."""
    other_words = _UNBRACKETED.sub("", other).split()
    if len(other_words) < 2 or not all(w[:1].isupper() for w in other_words):
        return False
    if _JUNIOR.fullmatch(other_words[-1]) and not _JUNIOR.fullmatch(words[-1]):
        return stem(other_words[-2].lower().strip(",")) == stem(words[-1].lower())
    return stem(other_words[-1].lower()) == stem(words[-1].lower()) and not _same_person(full, words, other)


def _same_person(full: frozenset[str], words: list[str], other: str) -> bool:
    """One name holds the other's words, or the two share a last word and their first names agree: one the
    other's start ("Ed", "Edward"), a usual short form ("Bill", "William"), or a title ("Lord Byron")."""
    others, other_words = stems(other), other.split()
    if full <= others or others <= full:
        return True
    if len(words) < 2 or len(other_words) < 2 or stem(other_words[-1].lower()) != stem(words[-1].lower()):
        return False
    mine, theirs = words[0].lower().strip("."), other_words[0].lower().strip(".")
    return (mine.startswith(theirs) or theirs.startswith(mine) or FIRST_NAME_SHORT.get(mine) == theirs
            or FIRST_NAME_SHORT.get(theirs) == mine or bool({mine, theirs} & NAME_TITLES))




_JUNIOR = re.compile(r"(?:Jr|Jnr)\.?|I{2,3}|IV")


_UNBRACKETED = re.compile(r"\s*\([^()]*\)\s*$")  # "Richard Wright (author)": the name is "Richard Wright"
_NAME_RUN = re.compile(r"(?:[A-Z][\w.'’-]*,?\s+){0,7}(?:[A-Z][\w.'’-]*|I{2,3}|IV)")  # "Hank Banks, Jr."


def names_person(name: str, text: str) -> bool:
    """`text` names `name`, and not only by the last word of another name it holds ("Joel White (1930–1997)"
    does not name E. B. White)."""
    full, words = stems(name), _UNBRACKETED.sub("", name).split()
    if not named_in(name, stems(text)):
        return False
    if len(words) < 2:
        return True
    runs = _NAME_RUN.findall(text)
    if not any(_rival(full, words, run) for run in runs):
        return True
    # "Joel White, son of E. B. White" names him; "his son Hank Banks Jr." does not name Hank Banks
    return any(full <= stems(run) and not _rival(full, words, run) for run in runs)


# "Joel White (1930–1997), the son of …": the capitalised words a passage opens with, before its bracket,
# comma or verb
_LEADING_NAME = re.compile(r"[\"“]?((?:[A-Z][\w.'’-]*\s+){0,4}[A-Z][\w.'’-]*)(?=\s*[(,]|\s+(?:is|was)\b)")


def _subject_name(opening: Sentence) -> str:
    """Whom a passage is about: its title line, the name before its "is a", or the name it opens with."""
    if opening.lead:
        return opening.text[:opening.lead]
    if found := OPENS.match(opening.text):
        return opening_name(opening, found)
    return found[1] if (found := _LEADING_NAME.match(opening.text)) else ""


def subject_called(opening: Sentence, head: str) -> Span | None:
    """The subject of a passage's first sentence, when that sentence calls it by the asked noun's family
    ("The Aristocats is a 1970 American animated … film"): its title line if it has one, else the words
    before "is a"."""
    found = OPENS.match(opening.text, opening.lead)
    near = family(head)
    # (what it is, before what it is of or by: "the second album by heavy metal band Annihilator" is an album,
    # whose band, asked "which band's album …?", is the name the opening calls a band)
    if found is not None and near & {"band", "company", "label"} and not near & set(description(found)):
        by = re.search(rf"\b(?:{'|'.join(sorted(near))})\s+((?:[A-Z][\w'&.-]*\s?)+)", found["called"])
        return Span(by.group(1).strip(" ."), "ORG", 0, 0) if by else None
    if found is None or not near & set(description(found)):
        return None
    name = opening_name(opening, found)
    label = "ORG" if near & {"band", "company"} else "WORK_OF_ART"
    return Span(name, label, 0, 0) if name else None


WORK = "work"  # what a passage calls a film, an album or a book: no answer to "who", "which company" or "where"


def subject_kinds(sentences: list[Sentence]) -> dict[str, str]:
    """What each passage's first sentence says its subject is, as a kind of answer: "Metallica is an
    American heavy metal band" → {"metallica": organisation}; "Lyon is a city in France" → place. A
    name its own passage calls a band is no answer to "which city?"."""
    out: dict[str, str] = {}
    for name, words in opening_words(sentences).items():
        if (head := head_noun(words)) in WORK_HEADS and not noun_kind(head):  # (a magazine is a publisher too)
            out[name] = WORK  # "… the sixth studio album by …": no one, no company, no place
        elif kinds := [k for w in words if (k := noun_kind(w)) in {PERSON, ORG, PLACE}]:
            out[name] = kinds[-1]
    return out


_POSSESSIVE_S = re.compile(r"['’]s\b")
# A sentence's subject, first or after a short opener: "Since 2004 it has been owned …", "In 2012 the label
# was …" (not "Dufresne, who married the singer Tess Ferrand, …")
_LEADING = r"^(?:(?:in|on|by|since|after|before|from|during|until|at|later|then|also)\b[^,]{0,25}?,?\s+)?"
_PRONOUN_LEAD = re.compile(_LEADING + r"(?P<pronoun>it|its|he|his|she|her|they|their)\b", re.IGNORECASE)
_PERSONAL, _IMPERSONAL = {"he", "his", "she", "her"}, {"it", "its"}
# A sentence led by what a passage calls its own subject ("The company …", "The band …") is about that subject
_DEFINITE_LEAD = re.compile(_LEADING + r"the\s+(?P<noun>company|firm|corporation|chain|band|group|film|album|song|"
                            r"single|club|team|show|series|label|book|novel|school|university|college|magazine|"
                            r"newspaper)\b",
                            re.IGNORECASE)
# A place's property with no owner written is its passage subject's: "The capital and largest city is Harare."
# in Zimbabwe's passage ("The capital of Ostia …" names its own owner)
_OWN_PROPERTY = re.compile(_LEADING + r"the\s+(?:capital|population|seat|currency|official\s+language)\b"
                           r"(?!\s+of\b)", re.IGNORECASE)


def about_name(name: str, sentences: list[Sentence], asked: str = "") -> list[tuple[int, Sentence]]:
    """The sentences about a name a hop found, each with its position in `sentences`: those that name it
    (by its last word alone, "Marsh" or "Records", only in a document that names it in full: Larkhill
    Records' passage is not about Redwing Records), and those of a passage that opens with it whose
    subject is a pronoun or what that passage calls it ("Since 2004 it has been owned by …", "In 2012 the
    label was acquired by …"), given the name as a sentence after "It …" is. `asked`: what is asked of the
    name, whose nouns a sentence led by "The <noun>" in another passage may be about ("the film starring X").
    """
    name = FATHER_TAIL.sub("", name)  # "Hank Williams, Sr": his passage is "Hank Williams"
    full = stems(_POSSESSIVE_S.sub("", name))  # "Lena Royce's second album": its words, not an "s"
    words = name.split()
    whole = {s.ref for s in sentences if full <= s.name_stems}
    passages = _passages(sentences)
    openings = {id(opening[0]): opening for opening in passages.values()}  # each passage once
    named = {key: stems(opening_name(*opening)) for key, opening in openings.items()}  # its subject's words
    # each chunk's title line, for a passage whose opening sentence says nothing the openings read
    titles = {(t.ref, t.rank): stems(t.text[: t.lead]) for t in sentences if t.offset == 0 and t.lead}

    def subject(s: Sentence) -> frozenset[str] | None:
        opening = passages.get(id(s))
        return named[id(opening[0])] if opening else None

    def same(opened: frozenset[str]) -> bool:  # "Harlow Falls, Tennessee"; "Alex Ferguson" for "Sir Alex Ferguson"
        return full <= opened or opened <= full

    # whether the name's own passage calls it a person: "She …" is not about a record label, "It …" not a singer
    # (by the head noun: "the student newspaper" is no person; a noun of no known kind says neither)
    kinds = [kind for key, (_, found) in openings.items()
             if same(named[key]) and (called := description(found)) and (kind := noun_kind(called[-1]))]
    person = (kinds[0] == PERSON) if kinds else None
    place = bool(kinds) and kinds[0] == PLACE  # a country's or a city's passage: "The capital … is Harare"

    def written(s: Sentence) -> bool:  # by its words, not through a pronoun ("Marsh", not the noun "county")
        return full <= s.stems or bool(words and re.search(rf"\b{re.escape(words[-1])}\b", s.text))

    def elsewhere(s: Sentence) -> bool:
        """Reached only through the sentence before it, by a pronoun that is someone or something else:
        "Its county seat is Easton Mills" after "Talbot County … borders Brenner County" (the pronoun is
        the passage's own subject, of the name's kind), "Her younger brother is …" after "she signed with
        Redwing Records" (a label is no "her")."""
        if written(s):
            return False
        opened = subject(s)
        if opened and words and stem(words[-1].lower()) in opened and not same(opened):
            return True
        titled = opened or titles.get((s.ref, s.rank))
        definite = _DEFINITE_LEAD.search(s.text)
        noun = definite["noun"].lower() if definite else ""
        if asked and titled and definite and not same(titled) and noun not in asked.lower() \
                and (not kinds or noun_kind(noun) == kinds[0]):
            # "The company was founded in 1959" in Little Caesars' passage, after it named Pizza Hut (a firm, or
            # of no known kind); not "The film premiered on Showtime" for "the 2014 film starring X"
            return True
        lead = _PRONOUN_LEAD.search(s.text)
        pronoun = lead["pronoun"].lower() if lead else ""
        return person is not None and pronoun in (_IMPERSONAL if person else _PERSONAL)

    def refers(s: Sentence) -> bool:
        opening = passages.get(id(s))
        opened = named[id(opening[0])] if opening else frozenset()
        if opening is None or not opened or not same(opened) or s.offset - opening[0].offset > NEAR:
            return False
        head = description(opening[1])[-1:]  # "label" of "an American independent record label"
        return bool(_PRONOUN_LEAD.search(s.text) or (place and _OWN_PROPERTY.search(s.text))
                    or (head and re.search(_LEADING + rf"the\s+{re.escape(head[0])}\b", s.text, re.IGNORECASE)))

    about = []
    for i, s in enumerate(sentences):
        if named_in(name, s.name_stems) and (s.ref in whole or full <= s.name_stems):
            if not elsewhere(s) and not surname_of_another(name, s, sentences):
                about.append((i, s))
        elif refers(s):
            about.append((i, replace(s, context_stems=s.context_stems | full)))
    return about


def _passages(sentences: list[Sentence]) -> dict[int, tuple[Sentence, re.Match[str]]]:
    """Each sentence's passage (by id): the opening sentence before it in its chunk, with its `OPENS` match
    (a chunk may hold several passages, each opening with its title line)."""
    chunks: dict[tuple[str, int], list[Sentence]] = {}
    for s in sentences:
        chunks.setdefault((s.ref, s.rank), []).append(s)
    out: dict[int, tuple[Sentence, re.Match[str]]] = {}
    for chunk in chunks.values():
        current: tuple[Sentence, re.Match[str]] | None = None
        for s in sorted(chunk, key=lambda s: s.offset):
            if s.offset == 0 or s.lead:
                found = OPENS.match(s.text, s.lead)
                current = (s, found) if found else None if s.offset == 0 else current
            if current is not None:
                out[id(s)] = current
    return out


_LEAD_NAME = re.compile(r"\s*(?:[A-Z][\w.'’\"-]*,?\s+){0,6}")  # capitalised words, up to a bracket
# a person's life bracket: "(born 1965)", "(18 September 1863 – 2 May 1927)"; not a work's "(1942)"
_OTHER_CLAUSE = {"conj", "relcl", "advcl", "ccomp", "xcomp", "acl", "pcomp"}


def _clause(parsed: ParsedSentence, verb: int) -> list[str]:
    """The words of the verb's own clause: those whose heads lead to it without passing into another
    clause ("He founded the Holm Laboratory and later joined the Zeta Institute": not the institute)."""
    words = []
    for i, word in enumerate(parsed.tokens):
        node, steps = i, 0
        while node != verb and parsed.heads[node] != node and parsed.deps[node] not in _OTHER_CLAUSE and steps < 8:
            node, steps = parsed.heads[node], steps + 1
        if node == verb:
            words.append(word)
    return words


def person_doing(parsed: ParsedSentence, did: tuple[str, str, frozenset[str]], sentences: list[Sentence]
                 ) -> tuple[str, Sentence] | None:
    """Who "he" or "she" is in a sentence that says the pronoun did the question's verb, to what the question
    says it was done ("Surprisingly, he was elected Mayor of Christchurch in 1892" for "Who was elected
    mayor …?", not "He was elected a Fellow …"): the person its passage opens with (a name with a life
    bracket, or one the opening calls a person), with that opening sentence; never when the passage calls
    its subject by the other pronoun ("She …" before "He wrote …": he is someone else). The pronoun holds
    "who"'s place in the same voice ("he was replaced by X" does not answer "Who replaced …?"), and the
    verb's own clause holds all the question says of the deed, its year too."""
    verb, voice, done = did
    at = next((i for i, t in enumerate(parsed.tokens) if t in {"he", "she"}
               and parsed.deps[i] == voice and parsed.lemmas[parsed.heads[i]] == verb), -1)
    if not verb or at < 0 or not done <= stems(" ".join(_clause(parsed, parsed.heads[at]))):
        return None
    pronoun = parsed.tokens[at]
    opening = passage_opening(parsed.sentence, sentences)
    other = {"he": r"(?:she|her)\b", "she": r"(?:he|his)\b"}[pronoun]
    if opening is not None and any(s.ref == opening.ref and s.rank == opening.rank
                                   and re.match(other, s.text, re.IGNORECASE) for s in sentences):
        return None
    name = _subject_name(opening) if opening is not None else ""
    if opening is None or not name:
        return None
    found = OPENS.match(opening.text, opening.lead)
    # a life bracket right after the name the passage opens with ("Eden George Ernest Eden George (18
    # September 1863 – …)"), not one after a founder a label's passage names
    lead = _LEAD_NAME.match(opening.text, opening.lead)
    person = (lead is not None and lived_bracket_at(opening.text, lead.end())) or (
        found is not None and any(noun_kind(w) == PERSON for w in description(found)))
    return (name, opening) if person else None


def sentence_subject(said: Sentence, doc: Any, sentences: list[Sentence]) -> str:
    """Who the sentence is about: its subject's name, or, for "she" or a surname alone ("Keane is the
    daughter of …"), the person its passage's first sentence names (a Wikipedia paragraph opens with
    its subject). "" when the subject is something else."""
    subject = next((t for t in doc if t.dep_ in {"nsubj", "nsubjpass"} and t.head.dep_ == "ROOT"), None)
    if subject is None or not (subject.pos_ == "PROPN" or subject.lower_ in {"he", "she"}):
        return ""
    entity = next((e for e in doc.ents if e.start <= subject.i < e.end), None) if subject.pos_ == "PROPN" else None
    own = (entity.text if entity is not None else subject.text) if subject.pos_ == "PROPN" else ""
    if entity is not None and entity.start_char < said.lead < entity.end_char - 1:
        # "Audra Wade Audra Mae Shepp Wade": the tagger ran the title line into the name; the sentence's own
        # is the fuller (the title alone, "Audra Wade", would be read in her husband's passage too)
        return said.text[said.lead:entity.end_char].strip()
    if len(own.split()) > 1:
        return own
    first = min((s for s in sentences if s.ref == said.ref), key=lambda s: s.offset)
    if own:  # "Aoife Keane (born 1965) is …": the surname with the names before it, as the passage opens
        opening = re.search(rf"((?:(?!{re.escape(own)}\b)[A-Z][\w'.-]*\s+){{1,2}}){re.escape(own)}\s*(?:\(|is\b|was\b)",
                            first.text)
        return opening.group(1) + own if opening else own
    if opened := passage_subject(said, sentences, person=True):
        # the passage's opening calls its subject a person ("Ferner Nuhn (1903–1989) was an author"), maybe
        # after its title on the same line ("Odile Ferrand Odile Ferrand (1920–2001) was …")
        words = opened.split()
        half = len(words) // 2
        return " ".join(words[half:]) if half and words[:half] == words[half:2 * half] else opened
    person = next((e for e in nlp()(first.text).ents if e.label_ == "PERSON"), None)
    if person is not None and person.start_char < first.lead < person.end_char - 1:
        return first.text[:first.lead].strip()  # "Paul Gross Paul Michael Gross, OC (born …": the title line
    return person.text if person is not None else ""


def life_of_bridge(said: Sentence, start: int, bridge: str) -> bool:
    """The birth or death at `start` is the bridge's own: in its bracket, or said by a sentence that opens with
    its name or a pronoun ("Marsh died …"; not "His wife died …", which may be the question's own name's)."""
    last = re.escape(bridge.split()[-1]) if bridge.split() else ""
    return names_person(bridge, bracket_owner(said.text, start)) or bool(
        re.match(rf"(?:{last}|[Hh]e|[Ss]he)\b", said.text) if last else False)


def in_own_bracket(said: Sentence, start: int, names: list[str]) -> bool:
    """`start` is in the bracket of one of the names, or the first one of its own passage's opening."""
    return any(names_person(n, bracket_owner(said.text, start)) for n in names) or (
        in_first_bracket(said.text, start) and opens_with(said, names))
