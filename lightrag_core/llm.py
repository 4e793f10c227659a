"""The chat model: any OpenAI-compatible endpoint through langchain-openai.

Responses are cached on disk, keyed by a hash of the model and the messages,
so re-running extraction over unchanged text costs no calls. Every call is
bounded: a reply cap per kind of call (`LLM_MAX_TOKENS_*`), one semaphore for
every caller (`LLM_CONCURRENCY`, so a one-slot server is not queued against
the timeout), and retries only where repeating can help: an overloaded or
unreachable server is retried with backoff; a call that timed out is retried
once at a higher temperature (a deterministic call that looped would loop
again). Failures are `UpstreamError`s carrying the HTTP status the API answers.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from lightrag_core.config import Settings, redact, redact_url
from lightrag_core.models import LightRAGError
from lightrag_core.tokens import count

log = logging.getLogger(__name__)
Message = tuple[str, str]  # (role, content)
KINDS = ("extraction", "keywords", "summary", "answer")
RETRY_TEMPERATURE = 0.7


class UpstreamError(LightRAGError):
    """The model endpoint failed, not the user's input: 502 unreachable or bad reply, 503 overloaded,
    504 timed out."""

    def __init__(self, message: str, status: int, retry: bool) -> None:
        super().__init__(message)
        self.status = status
        self.retry = retry


def upstream_error(exc: Exception, model: str, secret: str = "") -> UpstreamError:
    import openai

    reason = _reason(exc, secret)
    code = getattr(exc, "status_code", 0) or 0
    if isinstance(exc, openai.APITimeoutError):
        return UpstreamError(f"LLM call to {model!r} timed out ({reason}); raise LLM_TIMEOUT or lower "
                             "LLM_CONCURRENCY", 504, True)
    if isinstance(exc, openai.RateLimitError) or code in (429, 503):
        return UpstreamError(f"LLM {model!r} is overloaded ({reason})", 503, True)
    if isinstance(exc, openai.APIConnectionError):
        return UpstreamError(f"LLM {model!r} could not be reached ({reason}); check OPENAI_BASE_URL", 502, True)
    return UpstreamError(f"LLM call to {model!r} failed: {reason}", 502, code >= 500)


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

    def clear(self) -> int:
        """Forget every cached response; how many there were."""
        with self._lock, self._conn:
            return self._conn.execute("DELETE FROM llm_cache").rowcount

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
            max_retries=0,  # retried here, where a retry can change what is sent
            temperature=0,
        )
        if settings.openai_base_url:
            kwargs["base_url"] = settings.openai_base_url
        self.model = settings.llm_model
        self.endpoint = redact_url(settings.openai_base_url or "https://api.openai.com/v1")  # shown and logged
        self.client = ChatOpenAI(**kwargs)
        self._secret = settings.openai_api_key
        self.cache = cache
        self._slots = threading.Semaphore(max(1, settings.llm_concurrency))
        self.max_retries = max(0, settings.llm_max_retries)
        self.max_tokens = {"extraction": settings.llm_max_tokens_extraction,
                           "keywords": settings.llm_max_tokens_keywords,
                           "summary": settings.llm_max_tokens_summary, "answer": settings.llm_max_tokens_answer}
        self.backoff = 0.5  # seconds before the first retry, doubling
        self.context_tokens = settings.llm_context_tokens  # 0 = unknown

    def reply_cap(self, messages: list[Message], cap: int) -> int:
        """The reply cap, lowered so prompt + reply fit the model's window (a server refuses more)."""
        if not self.context_tokens:
            return cap
        # tiktoken's count is close to, not equal to, the model's own: keep a tenth in hand.
        prompt = int(sum(count(text) + 8 for _, text in messages) * 1.1) + 16
        room = self.context_tokens - prompt
        if room < 32:
            raise UpstreamError(f"the prompt (~{prompt} tokens) does not fit {self.model!r}'s "
                                f"{self.context_tokens}-token window; lower CHUNK_TOKENS or raise LLM_LOCAL_CTX",
                                502, False)
        return min(cap, room)

    def complete(self, messages: list[Message], use_cache: bool = True, kind: str = "answer") -> str:
        return self.complete_reply(messages, use_cache, kind)[0]

    def complete_reply(self, messages: list[Message], use_cache: bool = True, kind: str = "answer",
                       give_up: Callable[[str], bool] | None = None) -> tuple[str, str]:
        """The reply's text and how it ended: "stop", "length" (at the kind's token cap, so it may end
        mid-record) or "cut" (`give_up` said the text so far has gone wrong, e.g. a model repeating
        itself; the reply is streamed so that closing it stops the server generating)."""
        key = ResponseCache.key(self.model, messages)
        if use_cache and self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                return hit, "stop"
        options: dict = {"max_tokens": self.reply_cap(messages, self.max_tokens[kind])}
        for attempt in range(self.max_retries + 1):
            try:
                with self._slots:  # the timeout runs inside: it measures the call, not the wait for a slot
                    text, ending = self._call(messages, options, give_up)
                break
            except Exception as exc:  # the client raises many types; the user needs the reason
                error = upstream_error(exc, self.model, self._secret)
                if not error.retry or attempt == self.max_retries:
                    raise error from exc
                if error.status == 504:
                    options["temperature"] = RETRY_TEMPERATURE
                log.warning("%s; retry %d of %d", error, attempt + 1, self.max_retries)
                time.sleep(self.backoff * 2**attempt)
        if use_cache and self.cache is not None and text.strip() and ending == "stop":
            self.cache.put(key, text)
        return text, ending

    def _call(self, messages: list[Message], options: dict,
              give_up: Callable[[str], bool] | None) -> tuple[str, str]:
        if give_up is None:
            reply = self.client.invoke(messages, **options)
            text = reply.content if isinstance(reply.content, str) else str(reply.content)
            return text, (reply.response_metadata or {}).get("finish_reason") or "stop"
        text, ending = "", "stop"
        parts = self.client.stream(messages, **options)
        try:
            for part in parts:
                text += part.content if isinstance(part.content, str) else str(part.content)
                ending = (part.response_metadata or {}).get("finish_reason") or ending
                if give_up(text):
                    return text, "cut"
        finally:
            close = getattr(parts, "close", None)  # a generator: closing it closes the connection,
            if close is not None:  # and llama.cpp and vLLM stop generating for a closed one
                close()
        return text, ending

    def stream(self, messages: list[Message], max_tokens: int | None = None) -> Iterator[str]:
        cap = self.reply_cap(messages, max_tokens or self.max_tokens["answer"])  # its error is already ours
        with self._slots:
            try:
                for part in self.client.stream(messages, max_tokens=cap):
                    if part.content:
                        yield part.content if isinstance(part.content, str) else str(part.content)
            except Exception as exc:
                raise upstream_error(exc, self.model, self._secret) from exc


def _reason(exc: Exception, secret: str = "") -> str:
    # The exception's class and message only, with keys masked: providers echo them in auth errors.
    return redact(f"{type(exc).__name__}: {str(exc)[:300]}", secret)


def make_llm(settings: Settings) -> ChatLLM | None:
    if not settings.llm_configured:
        return None
    return ChatLLM(settings, ResponseCache(settings.workdir / "llm_cache.sqlite"))
