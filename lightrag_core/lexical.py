"""Query text -> the terms a BM25 index is asked for, safe for both FTS5 and Lucene syntax.

Terms are runs of word characters only, so quoting one (`"term"`) can never
break out of the quotes or smuggle in an operator, whatever the user typed.
"""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"\w+", re.UNICODE)
MAX_TERMS = 32


@lru_cache(maxsize=1)
def stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def words(text: str) -> list[str]:
    """Lower-cased word tokens, in order, duplicates kept."""
    return [w.lower() for w in _WORD.findall(text)]


def terms(text: str, limit: int = MAX_TERMS) -> list[str]:
    """Distinct content words of a query (stop words dropped unless nothing else is left)."""
    tokens = list(dict.fromkeys(words(text)))
    content = [t for t in tokens if t not in stop_words()]
    return (content or tokens)[:limit]


def any_of(items: list[str]) -> str:
    """`"a" OR "b"`: the same string is a valid FTS5 and Lucene query."""
    return " OR ".join(f'"{t}"' for t in items)


def all_of(items: list[str]) -> str:
    return " AND ".join(f'"{t}"' for t in items)


def _plain(text: str) -> str:
    """Lower-case letters and digits of any script, accents dropped, every other run of characters one space."""
    import unicodedata

    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return " " + re.sub(r"[\W_]+", " ", folded).strip() + " "


def support(name: str, text: str) -> str:
    """'exact' if the name is in the text (after normalising), 'near' if all its words are, else 'none'."""
    plain_name, plain_text = _plain(name), _plain(text)
    bare = plain_name.strip()
    # Scripts written without spaces (Chinese, Japanese) cannot be matched at word boundaries.
    unspaced = any(ord(c) > 0x2E7F for c in bare)
    if bare and (plain_name in plain_text or (unspaced and bare in plain_text)):
        return "exact"
    words = plain_name.split()
    return "near" if words and all(f" {w} " in plain_text for w in words) else "none"
