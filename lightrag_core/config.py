"""Settings read from the environment, in one place.

Every variable the project understands is listed here and in `.env.example`.
Secrets (API keys, the Neo4j password) are kept out of `repr` so they never
reach logs or pages by accident.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, fields
from pathlib import Path

DEFAULT_WORKDIR = "./lightrag_data"
SECRET_FIELDS = frozenset({"openai_api_key", "embedding_api_key", "neo4j_password", "api_key", "rerank_api_key"})


_KEY_LIKE = re.compile(r"\b(sk|pk|rk|key|token)[-_][A-Za-z0-9*_\-]{6,}", re.IGNORECASE)


def redact(text: str, *secrets: str) -> str:
    """The text with the given secrets, and anything shaped like an API key, masked."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "[redacted]")
    return _KEY_LIKE.sub("[redacted]", text)


def _env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def _env_int(name: str, default: int) -> int:
    raw = _env(name)
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ValueError(f"{name} must be a whole number, got {raw!r}") from exc


@dataclass(frozen=True)
class Settings:
    """What the engine needs to know about its models and storage."""

    workdir: Path = Path(DEFAULT_WORKDIR)
    # Chat model (OpenAI-compatible). Empty model or base URL/key -> offline.
    openai_api_key: str = field(default="", repr=False)
    openai_base_url: str = ""
    llm_model: str = ""
    llm_timeout: int = 120
    llm_max_retries: int = 4
    llm_concurrency: int = 4
    # Embeddings (OpenAI-compatible). Empty model -> offline MiniLM.
    embedding_model: str = ""
    embedding_base_url: str = ""
    embedding_api_key: str = field(default="", repr=False)
    embedding_dim: int = 0
    # Chunking and extraction.
    chunk_tokens: int = 1200
    chunk_overlap: int = 100
    entity_types: tuple[str, ...] = (
        "person",
        "organization",
        "location",
        "event",
        "work",
        "product",
        "group",
        "concept",
    )
    max_gleaning: int = 1
    summary_max_tokens: int = 500
    # Neo4j.
    neo4j_uri: str = ""
    neo4j_username: str = "neo4j"
    neo4j_password: str = field(default="", repr=False)
    neo4j_database: str = "neo4j"
    workspace: str = "default"
    # HTTP API.
    api_key: str = field(default="", repr=False)
    # Reranker on a Jina/Cohere-style /rerank endpoint (vLLM, llama.cpp server, TEI). Empty model -> off.
    rerank_model: str = ""
    rerank_base_url: str = ""
    rerank_api_key: str = field(default="", repr=False)
    rerank_timeout: int = 30

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_model and (self.openai_api_key or self.openai_base_url))

    @property
    def store_kind(self) -> str:
        return "neo4j" if self.neo4j_uri else "embedded"

    def public_view(self) -> dict[str, object]:
        """Settings safe to show a user: secrets become 'set'/'not set'."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in SECRET_FIELDS:
                out[f.name] = "set" if value else "not set"
            else:
                out[f.name] = str(value) if isinstance(value, Path) else value
        return out

    @classmethod
    def from_env(cls, workdir: str | Path | None = None, **overrides: object) -> Settings:
        types = _env("ENTITY_TYPES")
        values: dict[str, object] = dict(
            workdir=Path(workdir or _env("LIGHTRAG_WORKDIR") or DEFAULT_WORKDIR),
            openai_api_key=_env("OPENAI_API_KEY"),
            openai_base_url=_env("OPENAI_BASE_URL"),
            llm_model=_env("LLM_MODEL"),
            llm_timeout=_env_int("LLM_TIMEOUT", 120),
            llm_max_retries=_env_int("LLM_MAX_RETRIES", 4),
            llm_concurrency=_env_int("LLM_CONCURRENCY", 4),
            embedding_model=_env("EMBEDDING_MODEL"),
            embedding_base_url=_env("EMBEDDING_BASE_URL") or _env("OPENAI_BASE_URL"),
            embedding_api_key=_env("EMBEDDING_API_KEY") or _env("OPENAI_API_KEY"),
            embedding_dim=_env_int("EMBEDDING_DIM", 0),
            chunk_tokens=_env_int("CHUNK_TOKENS", 1200),
            chunk_overlap=_env_int("CHUNK_OVERLAP", 100),
            max_gleaning=_env_int("MAX_GLEANING", 1),
            summary_max_tokens=_env_int("SUMMARY_MAX_TOKENS", 500),
            neo4j_uri=_env("NEO4J_URI"),
            neo4j_username=_env("NEO4J_USERNAME", "neo4j"),
            neo4j_password=_env("NEO4J_PASSWORD"),
            neo4j_database=_env("NEO4J_DATABASE", "neo4j"),
            workspace=_env("LIGHTRAG_WORKSPACE", "default"),
            api_key=_env("LIGHTRAG_API_KEY"),
            rerank_model=_env("RERANK_MODEL"),
            rerank_base_url=_env("RERANK_BASE_URL"),
            rerank_api_key=_env("RERANK_API_KEY"),
            rerank_timeout=_env_int("RERANK_TIMEOUT", 30),
        )
        if types:
            values["entity_types"] = tuple(t.strip() for t in types.split(",") if t.strip())
        values.update(overrides)
        settings = cls(**values)  # type: ignore[arg-type]
        if settings.chunk_overlap >= settings.chunk_tokens:
            raise ValueError("CHUNK_OVERLAP must be smaller than CHUNK_TOKENS")
        return settings
