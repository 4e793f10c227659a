"""The chat model: any OpenAI-compatible endpoint through langchain-openai.

Responses are cached on disk, keyed by a hash of the model and the messages,
so re-running extraction over unchanged text costs no calls. Retries with
backoff on 429 and 5xx come from the OpenAI client (`max_retries`), and a
semaphore caps how many calls run at once.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

from lightrag_core.config import Settings, redact
from lightrag_core.models import LightRAGError

log = logging.getLogger(__name__)
Message = tuple[str, str]  # (role, content)


class ResponseCache:
    """A small SQLite table of prompt-hash -> response text."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("CREATE TABLE IF NOT EXISTS llm_cache (key TEXT PRIMARY KEY, response TEXT)")
        self._lock = threading.Lock()

    @staticmethod
    def key(model: str, messages: list[Message]) -> str:
        return hashlib.sha256(json.dumps([model, messages], ensure_ascii=False).encode()).hexdigest()

    def get(self, key: str) -> str | None:
        with self._lock:
            row = self._conn.execute("SELECT response FROM llm_cache WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def put(self, key: str, response: str) -> None:
        with self._lock, self._conn:
            self._conn.execute("INSERT OR REPLACE INTO llm_cache VALUES (?, ?)", (key, response))


class ChatLLM:
    """A configured chat model with a response cache."""

    def __init__(self, settings: Settings, cache: ResponseCache | None = None) -> None:
        from langchain_openai import ChatOpenAI

        if not settings.llm_configured:
            raise LightRAGError("no LLM configured: set LLM_MODEL and OPENAI_API_KEY or OPENAI_BASE_URL")
        kwargs: dict = dict(
            model=settings.llm_model,
            api_key=settings.openai_api_key or "none",
            timeout=settings.llm_timeout,
            max_retries=settings.llm_max_retries,
            temperature=0,
        )
        if settings.openai_base_url:
            kwargs["base_url"] = settings.openai_base_url
        self.model = settings.llm_model
        self.endpoint = settings.openai_base_url or "https://api.openai.com/v1"
        self.client = ChatOpenAI(**kwargs)
        self._secret = settings.openai_api_key
        self.cache = cache
        self._slots = threading.Semaphore(max(1, settings.llm_concurrency))

    def complete(self, messages: list[Message], use_cache: bool = True) -> str:
        key = ResponseCache.key(self.model, messages)
        if use_cache and self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                return hit
        with self._slots:
            try:
                reply = self.client.invoke(messages)
            except Exception as exc:  # the client raises many types; the user needs the reason
                raise LightRAGError(f"LLM call to {self.model!r} failed: {_reason(exc, self._secret)}") from exc
        text = reply.content if isinstance(reply.content, str) else str(reply.content)
        if use_cache and self.cache is not None and text.strip():
            self.cache.put(key, text)
        return text

    def stream(self, messages: list[Message]) -> Iterator[str]:
        with self._slots:
            try:
                for part in self.client.stream(messages):
                    if part.content:
                        yield part.content if isinstance(part.content, str) else str(part.content)
            except Exception as exc:
                raise LightRAGError(f"LLM stream from {self.model!r} failed: {_reason(exc, self._secret)}") from exc


def _reason(exc: Exception, secret: str = "") -> str:
    # The exception's class and message only, with keys masked: providers echo them in auth errors.
    return redact(f"{type(exc).__name__}: {str(exc)[:300]}", secret)


def make_llm(settings: Settings) -> ChatLLM | None:
    if not settings.llm_configured:
        return None
    return ChatLLM(settings, ResponseCache(settings.workdir / "llm_cache.sqlite"))
