"""A part of a person's name, read off the name as the text writes it in full.

"What is Scrooge's first name?" asks for a word the question cannot give: the book calls him
"Scrooge" a thousand times and "Ebenezer Scrooge" a few. Typed span scoring finds no answer (the
sentences that say "Ebenezer Scrooge" say nothing else of the question), so the name is read
directly: the capitalised words written next to the asked name, without a title ("Mr.", "Old"), in
the context's sentences. A word taken as part of a name must also be written capitalised inside a
sentence somewhere ("Then Scrooge" at a sentence's start is no first name), and the texts must agree:
the most written form wins only by a clear lead, else there is no answer.
"""

from __future__ import annotations

import re
from collections import Counter

from lightrag_core import lexical
from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.name_forms import STYLES
from lightrag_core.query.sentences import Sentence

_PART = r"(?P<part>first|given|christian|fore|last|family|sur|middle|full)\s*name"
_OF = re.compile(rf"^\W*(?:what|which)\s+(?:is|was|were)\s+(?:the\s+)?{_PART}\s+of\s+(?P<name>[^?]{{1,60}}?)\s*\??\s*$",
                 re.IGNORECASE)
_OWNED = re.compile(rf"^\W*(?:what|which)\s+(?:is|was)\s+(?P<name>[^?]{{1,60}}?)['’]s?\s+{_PART}\s*\??\s*$",
                    re.IGNORECASE)
FIRST, LAST, MIDDLE, FULL = "first", "last", "middle", "full"
_PARTS = {"first": FIRST, "given": FIRST, "christian": FIRST, "fore": FIRST, "last": LAST, "family": LAST,
          "sur": LAST, "middle": MIDDLE, "full": FULL}
# written before a name but no part of it: the styles names take anywhere, and a story's words of address
_TITLES = STYLES | frozenset("""master madam madame mister capt prof old young uncle aunt poor little dear father mother
brother sister cousin""".split())
_WORD = re.compile(r"[A-Za-z][\w'’]*(?:-[\w'’]+)*\.?")  # one hyphen joins ("Song-hwa"), a dash ("--") does not
_OPENS = re.compile(r"[.!?:;'\"‘“]\s*$")  # what opens a sentence or a quotation, just before a word
MAX_SIDE = 3  # words a name adds on either side of the asked one
LEAD = 2  # the most written form must be written this many times as often as the next


def asked_part(query: str) -> tuple[str, str] | None:
    """(part, name) for "What is X's first name?" / "What was the surname of X?"; None for another question."""
    found = _OF.match(query.strip()) or _OWNED.match(query.strip())
    if found is None:
        return None
    name = " ".join(found["name"].strip(" \"'“”‘’").split())
    if name.lower().startswith("the "):
        name = name[4:]
    words = name.split()
    if not words or len(words) > 3 or not all(w[0].isupper() for w in words):
        return None  # "the author of Walking on Glass": a description, not a name the texts write out
    return _PARTS[found["part"].lower()], name


def name_part_answer(query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    """The asked part of the name as the sentences write it in full; None when the question asks something
    else, no sentence writes the name out, or the sentences write it out differently."""
    asked = asked_part(query)
    if asked is None:
        return None
    part, name = asked
    inside = _written_inside(sentences)
    forms: Counter[tuple[str, ...]] = Counter()
    where: dict[tuple[str, ...], Sentence] = {}
    for sentence in sentences:
        for form in _full_forms(name.split(), sentence.text, inside):
            forms[form] += 1
            where.setdefault(form, sentence)
    said = Counter[str]()
    for form, n in forms.items():
        if (answer := _part_of(part, form, name.split())):
            said[answer] += n
    ranked = said.most_common(2)
    if not ranked or (len(ranked) > 1 and ranked[0][1] < LEAD * ranked[1][1]):
        return None
    answer = ranked[0][0]
    evidence = next(where[f] for f in sorted(forms, key=lambda f: -forms[f])
                    if _part_of(part, f, name.split()) == answer)
    return ShortAnswer(answer, [evidence], [name, answer], 1.0)


def _part_of(part: str, form: tuple[str, ...], asked: list[str]) -> str:
    """The asked part of one written form ("Ebenezer Scrooge": first "Ebenezer"), "" when it has none."""
    at = next(i for i in range(len(form)) if list(form[i:i + len(asked)]) == asked)
    before, after = form[:at], form[at + len(asked):]
    if part == FIRST:  # (a middle name between is not the first: "Martha Jane Greel")
        return before[0] if before and not after else ""
    if part == LAST:
        return after[-1] if after and not before else ""
    if part == MIDDLE:
        return " ".join(form[1:-1]) if len(form) >= 3 else ""
    return " ".join(form) if before or after else ""


def _full_forms(asked: list[str], text: str, inside: set[str]) -> list[tuple[str, ...]]:
    """Every place the text writes the asked name with capitalised words beside it, as the whole name."""
    tokens = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    words = [_bare(t.rstrip(".")) for t, _, _ in tokens]
    out = []
    for i in range(len(words) - len(asked) + 1):
        if words[i:i + len(asked)] != asked:
            continue
        start, end = i, i + len(asked)
        while start > max(0, i - MAX_SIDE) and _adds(tokens, words, start - 1, start, start - 1, asked, inside, text):
            start -= 1
        while end < min(len(tokens), i + len(asked) + MAX_SIDE) \
                and _adds(tokens, words, end - 1, end, end, asked, inside, text):
            end += 1
        if (start, end) != (i, i + len(asked)):
            out.append(tuple(words[start:end]))
    return out


def _bare(token: str) -> str:
    return token[:-2] if token.endswith(("'s", "’s")) else token


def _adds(tokens: list[tuple[str, int, int]], words: list[str], left: int, right: int, new: int,
          asked: list[str], inside: set[str], text: str) -> bool:
    """Word `new` (`left` or `right` of the pair) belongs to the name: only spaces between the two (a comma,
    a full stop or a possessive ends a name), written as a name, not the asked name again ("called Scrooge
    Scrooge")."""
    between = text[tokens[left][2]:tokens[right][1]]
    return not between.strip() and not tokens[left][0].endswith((".", "'s", "’s")) and words[new] not in asked \
        and _name_word(words[new], inside)


def _name_word(word: str, inside: set[str]) -> bool:
    return word[0].isupper() and word in inside and word.lower() not in _TITLES \
        and word.lower() not in lexical.stop_words() and not word.isupper()


def _written_inside(sentences: list[Sentence]) -> set[str]:
    """Capitalised words the sentences write somewhere other than at their start: names, not a first word."""
    out: set[str] = set()
    for sentence in sentences:
        for match in _WORD.finditer(sentence.text):
            # (what stands just before it: a sentence's or a quotation's start; a few characters are read, not all)
            if match.start() > 0 and match.group()[0].isupper() \
                    and not _OPENS.search(sentence.text, max(0, match.start() - 4), match.start()):
                out.add(_bare(match.group().rstrip(".")))
    return out
