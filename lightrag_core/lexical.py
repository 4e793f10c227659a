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
