"""Text -> the words both stores index and are asked for, and queries safe for FTS5 and Lucene syntax.

One tokenisation serves both stores: SQLite FTS5's `unicode61 remove_diacritics 2`, run by
SQLite itself on a private in-memory table, so the embedded store's index and `words` agree by
construction. It splits at apostrophes, dots and underscores ("o'brien" -> o, brien; "3.5" ->
3, 5) and folds case and accents ("Alû" -> alu). The Neo4j store indexes these words joined by
spaces (`index_text`) under Lucene's whitespace analyzer, so it holds the same words too.
A word never holds a quote or an operator, so quoting one (`"term"`) cannot break out.
"""

from __future__ import annotations

import re
import sqlite3
import threading

from lightrag_core.once import once

MAX_TERMS = 32
# Longer text is cut before tokenising: chunks are far shorter, and a query longer than this is hostile.
MAX_CHARS = 1_000_000
_local = threading.local()


def _tokenizer() -> sqlite3.Connection:
    con = getattr(_local, "con", None)
    if con is None:  # one per thread: a connection must not be shared across threads
        con = sqlite3.connect(":memory:", isolation_level=None)
        con.execute("CREATE VIRTUAL TABLE t USING fts5(x, tokenize='unicode61 remove_diacritics 2')")
        con.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
        _local.con = con
    return con


@once
def stop_words() -> frozenset[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


# unicode61 on ASCII: a token is a run of letters and digits, folded to lower case; every other ASCII
# character separates. The same rule in Python, for the common case (queries tokenise hundreds of
# short runs each); any other text goes through SQLite itself.
_ASCII_TOKEN = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """The index's words of `text` (FTS5 unicode61, diacritics removed), in order, duplicates kept."""
    if not text:
        return []
    if text.isascii():
        return _ASCII_TOKEN.findall(text[:MAX_CHARS].lower())
    return fts5_words(text)


def fts5_words(text: str) -> list[str]:
    """`words` as SQLite's FTS5 tokeniser itself gives them, for any text."""
    con = _tokenizer()
    con.execute("BEGIN")
    try:  # the row never persists: it is rolled back once its words are read
        con.execute("INSERT INTO t(rowid, x) VALUES (1, ?)", (text[:MAX_CHARS],))
        return [r[0] for r in con.execute("SELECT term FROM v ORDER BY offset")]
    finally:
        con.execute("ROLLBACK")


def unique_words(texts: list[str]) -> list[str]:
    """The distinct words of several texts (terms or tokens as a caller gave them), in order."""
    return list(dict.fromkeys(w for t in texts for w in words(t)))


def index_text(text: str) -> str:
    """`text` as the Neo4j store indexes it: its words joined by single spaces."""
    return " ".join(words(text))


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
