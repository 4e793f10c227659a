"""Who wrote a book, read off its byline: "A CHRISTMAS CAROL BY CHARLES DICKENS" on the title page.

A book's title page names its author after "by", often in capitals, where the small model finds no person;
"Who wrote A Christmas Carol?" is then answered by no sentence of the story. A byline is the asked title
itself followed by "by" and a name of two to four words: the title's own words keep it from being any
other "by" ("illustrated by Arthur Rackham"), and only one name may be given that way.
"""

from __future__ import annotations

import re

from lightrag_core.query.answer_support import ShortAnswer
from lightrag_core.query.sentences import Sentence

_ASKED = re.compile(r"^\W*who\s+(?:wrote|authored|penned|(?:is|was)\s+the\s+(?:author|writer)\s+of)\s+"
                    r"(?P<title>[^?]{2,120}?)\s*\??\s*$", re.IGNORECASE)
# a name's word: capitalised ("Charles") or in capitals ("DICKENS"), an initial ("C.") too
_WORD = r"(?:[A-Z][a-z'’-]+|[A-Z]{2,}|[A-Z]\.)"
_NAME = rf"(?P<name>{_WORD}(?:\s+{_WORD}){{1,3}})"
# words a title page sets in capitals after the author's name ("… DICKENS ILLUSTRATED BY ARTHUR RACKHAM")
_PAGE_WORDS = {"illustrated", "illustrations", "edited", "translated", "with", "and", "by", "introduction",
               "preface", "published", "first", "reprinted", "printed", "copyright", "company", "press", "the",
               "of", "in", "a", "an", "author", "volume", "chapter", "contents", "new", "york", "london"}


def byline_answer(query: str, sentences: list[Sentence]) -> ShortAnswer | None:
    """The one author a byline of the asked title names; None for another question, when no sentence gives
    the title's byline, or when bylines name different people."""
    asked = _ASKED.match(query.strip())
    if asked is None:
        return None
    title = re.sub(r"^(?:the\s+(?:book|novel|story|poem|play)\s+)", "", asked["title"].strip(" \"'“”"),
                   flags=re.IGNORECASE)
    byline = re.compile(rf"(?<!\w)(?i:{re.escape(title)})[\"'”’]?\s*,?\s+(?i:by)\s+{_NAME}")
    found: dict[str, tuple[str, Sentence]] = {}
    for sentence in sentences:
        for match in byline.finditer(sentence.text):
            # a title page's byline: in capitals, or where a sentence (a line) starts; not '"Hallelujah" by Jeff
            # Buckley' inside a sentence, a performer's
            if not (match.start() == 0 or match.group(0).isupper()):
                continue
            said = match["name"]
            if match.start("name") < sentence.lead < match.end("name"):  # (the title line ends the name)
                said = sentence.text[match.start("name"):sentence.lead]
            name = _name(said)
            if name:
                found.setdefault(name.lower(), (name, sentence))
    if len(found) != 1:
        return None
    name, sentence = next(iter(found.values()))
    return ShortAnswer(name, [sentence], [title, name], 1.0)


def _name(said: str) -> str:
    """The name's words up to the first a title page adds; in capitals, written as a name ("Charles Dickens")."""
    words: list[str] = []
    for word in said.split():
        if word.lower().strip(".") in _PAGE_WORDS:
            break
        words.append(word)
    if len(words) < 2:
        return ""
    return " ".join(w.capitalize() if w.isupper() and len(w) > 2 else w for w in words)
