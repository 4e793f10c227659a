"""The Python reading of ASCII text gives the words SQLite's FTS5 tokeniser gives, so both stores agree."""

from __future__ import annotations

import json
import random

from lightrag_core import lexical
from tests.conftest import HOTPOT


def test_ascii_text_splits_as_fts5_splits_it_on_every_character():
    rng = random.Random(7)
    alphabet = "".join(chr(c) for c in range(128))  # controls, punctuation, digits, both cases
    samples = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60))) for _ in range(2000)]
    samples += ["O'Brien's 3.5 U.S. e-mail snake_case CamelCase x86_64 (film) #1 a/b\\c", "   ", "..."]
    for text in samples:
        assert lexical.words(text) == lexical.fts5_words(text), repr(text)


def test_real_passages_split_the_same_both_ways():
    rows = [json.loads(line) for line in HOTPOT.joinpath("corpus.jsonl").read_text().splitlines()[:400]]
    texts = [f"{r['title']}\n{r['text']}" for r in rows]
    ascii_texts = [t for t in texts if t.isascii()]
    assert len(ascii_texts) > 200  # most passages take the Python path
    for text in ascii_texts:
        assert lexical.words(text) == lexical.fts5_words(text)
    accented = next(t for t in texts if not t.isascii())
    assert lexical.words(accented) == lexical.fts5_words(accented)  # the rest go through SQLite
    assert lexical.words("Alû O'Brien") == ["alu", "o", "brien"]
