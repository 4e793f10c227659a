"""Settings, in one place, from one route: `Settings.from_env`.

Every variable the project understands is read here (and listed in
`.env.example`); no other module reads `os.environ`. The sources, strongest
first: keyword overrides (the CLI's --workdir, tests), the real environment,
the app's `st.secrets` (passed in by the pages), then a `.env` file in the
working directory. Secrets (API keys, the Neo4j password) are kept out of
`repr` so they never reach logs or pages by accident.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

DEFAULT_WORKDIR = "./lightrag_data"
SECRET_FIELDS = frozenset({"openai_api_key", "embedding_api_key", "neo4j_password", "api_key", "rerank_api_key",
                           "auth_accounts", "token_secret", "neo4j_console_password"})


_KEY_LIKE = re.compile(r"\b(sk|pk|rk|key|token)[-_][A-Za-z0-9*_\-]{6,}", re.IGNORECASE)


def redact(text: str, *secrets: str) -> str:
    """The text with the given secrets, and anything shaped like an API key, masked."""
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "[redacted]")
    return _KEY_LIKE.sub("[redacted]", text)


_SECRET_PARAMS = frozenset({"api_key", "apikey", "key", "token", "access_token", "auth", "password", "secret",
                            "sig", "signature"})


def redact_url(url: str) -> str:
    """The URL without credentials: no `user:pass@`, and secret-named query parameters dropped."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port
    except ValueError:  # not a URL we can take apart: show none of it rather than leak
        return "[unparseable URL]"
    if not parts.scheme or not host:
        return redact(url)
    netloc = (f"[{host}]" if ":" in host else host) + (f":{port}" if port else "")
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
                       if k.lower() not in _SECRET_PARAMS])
    return redact(urlunsplit((parts.scheme, netloc, parts.path, query, "")))


# A workspace's name is a folder name (embedded) and a property value (Neo4j): letters, digits, '_' and '-'.
WORKSPACE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def valid_workspace_name(name: str) -> bool:
    return WORKSPACE_NAME.fullmatch(name) is not None


class _Source:
    """The merged view of the environment, the app's secrets and a .env file (strongest first)."""

    def __init__(self, *layers: Mapping[str, object]) -> None:
        self.layers = layers

    def get(self, name: str, default: str = "") -> str:
        for layer in self.layers:
            value = layer.get(name)
            if value is not None and str(value).strip() != "":
                return str(value).strip()
        return default

    def int(self, name: str, default: int) -> int:
        return int(self._parsed(name, default, int, "a whole number"))

    def number(self, name: str, default: float) -> float:
        return float(self._parsed(name, default, float, "a number"))

    def _parsed(self, name: str, default: float, parse: type, what: str) -> float:
        raw = self.get(name)
        if not raw:
            return default
        try:
            return parse(raw)
        except ValueError as exc:
            raise ValueError(f"{name} must be {what}, got {raw!r}") from exc


def read_env_file(path: str | Path | None) -> dict[str, str]:
    """KEY=VALUE pairs of a .env file, without touching os.environ; {} when there is none."""
    if path is None or not Path(path).is_file():
        return {}
    from dotenv import dotenv_values

    return {k: v for k, v in dotenv_values(path).items() if v is not None}


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
    # Reply caps per kind of call, so a model that loops stops (answers: see answer_max_tokens).
    llm_max_tokens_extraction: int = 2048
    llm_max_tokens_keywords: int = 256
    llm_max_tokens_summary: int = 512
    llm_max_tokens_answer: int = 2048
    # The model's context window in tokens; 0 = unknown (no cap). Set from the server for a local model.
    llm_context_tokens: int = 0
    # A GGUF model served in-process by llama.cpp (requirements-local-llm.txt); wins over LLM_MODEL.
    llm_local_gguf: str = ""
    llm_local_ctx: int = 4096
    llm_local_threads: int = 0  # 0 = every core
    # Embeddings (OpenAI-compatible). Empty model -> offline MiniLM.
    embedding_model: str = ""
    embedding_base_url: str = ""
    embedding_api_key: str = field(default="", repr=False)
    embedding_dim: int = 0
    # The offline MiniLM's arithmetic for a new workspace: "int8" (int8_model.py; about half the time)
    # or "float" (the shipped model as it is). A workspace keeps the one it was indexed with.
    offline_embedding: str = "int8"
    # Where the int8 copy of the model is kept; None = the user's cache folder (~/.cache/lightrag-workbench).
    model_cache_dir: Path | None = None
    # Questions retrieved at once (admission.py); the rest wait their turn in arrival order. 0 = by where
    # retrieval computes (admission.default_slots).
    query_slots: int = 0
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
    # The Cypher console's own login (a read-only user with LOAD denied); empty = the store's login.
    neo4j_console_user: str = ""
    neo4j_console_password: str = field(default="", repr=False)
    # Rows per UNWIND statement when the Neo4j store writes a document (chunks, entities, relations, vectors).
    neo4j_write_batch: int = 500
    workspace: str = "default"
    # How many workspaces one server keeps open at once (engines, workers); the least recently used idle one
    # is closed to open another.
    max_open_workspaces: int = 4
    # HTTP API.
    api_key: str = field(default="", repr=False)
    # Accounts (user:password:role,...; see accounts.py) and the key that signs their tokens.
    auth_accounts: str = field(default="", repr=False)
    token_secret: str = field(default="", repr=False)
    token_expire_hours: float = 48.0
    # Reranker on a Jina/Cohere-style /rerank endpoint (vLLM, llama.cpp server, TEI). Empty model -> off.
    rerank_model: str = ""
    rerank_base_url: str = ""
    rerank_api_key: str = field(default="", repr=False)
    rerank_timeout: int = 30
    # Files larger than this are refused: offline indexing of them takes hours.
    max_file_mb: float = 20.0
    # What reading one file may cost (indexing/file_limits.py): the text a document holds (millions of
    # characters), a .docx's parts unpacked (MB) and how much more than packed, a PDF's pages and seconds.
    max_text_mb: float = 20.0
    max_docx_mb: float = 50.0
    max_docx_ratio: int = 200
    max_pdf_pages: int = 2000
    pdf_seconds: float = 120.0
    # Origins allowed to call the HTTP API from a browser; empty = CORS off.
    cors_origins: tuple[str, ...] = ()
    # Host names the HTTP API answers besides loopback ones (DNS rebinding gets 400).
    allowed_hosts: tuple[str, ...] = ()
    # Request bodies above this are refused (413) before they are read; 0 = the file limit plus 1 MB.
    max_request_mb: float = 0.0
    # The sample book ("Index the sample"): a local copy to read, else where to fetch it once.
    sample_path: Path | None = None
    sample_url: str = "https://www.gutenberg.org/cache/epub/46/pg46.txt"
    # The folder POST /documents/scan indexes (LightRAG's INPUT_DIR); empty = <workdir>/inputs.
    input_dir: Path | None = None
    # The embedded store searches a namespace (entities, relations, chunks) with this many vectors or
    # more through an approximate index (faiss IVF, rescored exactly); below it, exactly.
    ann_min_vectors: int = 200_000

    @property
    def max_file_bytes(self) -> int:
        return int(self.max_file_mb * 2**20)

    @property
    def scan_dir(self) -> Path:
        return self.input_dir or self.workdir / "inputs"

    @property
    def max_request_bytes(self) -> int:
        return int((self.max_request_mb or self.max_file_mb + 1) * 2**20)

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_local_gguf or (self.llm_model and (self.openai_api_key or self.openai_base_url)))

    @property
    def store_kind(self) -> str:
        return "neo4j" if self.neo4j_uri else "embedded"

    def public_view(self) -> dict[str, object]:
        """Settings safe to show a user: secrets become 'set'/'not set', URLs lose credentials."""
        out: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in SECRET_FIELDS:
                out[f.name] = "set" if value else "not set"
            elif value and (f.name.endswith("_base_url") or f.name == "neo4j_uri"):
                out[f.name] = redact_url(value)
            else:
                out[f.name] = str(value) if isinstance(value, Path) else value
        return out

    @classmethod
    def from_env(
        cls,
        workdir: str | Path | None = None,
        *,
        env_file: str | Path | None = ".env",
        secrets: Mapping[str, object] | None = None,
        environ: Mapping[str, str] | None = None,
        **overrides: object,
    ) -> Settings:
        """Settings from `environ` (default os.environ), then `secrets`, then `env_file`; overrides win."""
        env = _Source(os.environ if environ is None else environ, secrets or {}, read_env_file(env_file))
        types = env.get("ENTITY_TYPES")
        origins = env.get("LIGHTRAG_CORS_ORIGINS")
        hosts = env.get("LIGHTRAG_ALLOWED_HOSTS")
        # A local model is one slot on this machine's cores: calls queue behind each other and a long
        # extraction reply takes minutes, so its defaults differ (each still overridable).
        local = bool(env.get("LLM_LOCAL_GGUF") or overrides.get("llm_local_gguf"))
        values: dict[str, object] = dict(
            workdir=Path(workdir or env.get("LIGHTRAG_WORKDIR") or DEFAULT_WORKDIR),
            openai_api_key=env.get("OPENAI_API_KEY"),
            openai_base_url=env.get("OPENAI_BASE_URL"),
            llm_model=env.get("LLM_MODEL"),
            llm_timeout=env.int("LLM_TIMEOUT", 900 if local else 120),
            llm_max_retries=env.int("LLM_MAX_RETRIES", 4),
            llm_concurrency=env.int("LLM_CONCURRENCY", 1 if local else 4),
            llm_max_tokens_extraction=env.int("LLM_MAX_TOKENS_EXTRACTION", 2048),
            llm_max_tokens_keywords=env.int("LLM_MAX_TOKENS_KEYWORDS", 256),
            llm_max_tokens_summary=env.int("LLM_MAX_TOKENS_SUMMARY", 512),
            llm_max_tokens_answer=env.int("LLM_MAX_TOKENS_ANSWER", 1024 if local else 2048),
            llm_context_tokens=env.int("LLM_CONTEXT_TOKENS", 0),
            llm_local_gguf=env.get("LLM_LOCAL_GGUF"),
            llm_local_ctx=env.int("LLM_LOCAL_CTX", 4096),
            llm_local_threads=env.int("LLM_LOCAL_THREADS", 0),
            embedding_model=env.get("EMBEDDING_MODEL"),
            embedding_base_url=env.get("EMBEDDING_BASE_URL") or env.get("OPENAI_BASE_URL"),
            embedding_api_key=env.get("EMBEDDING_API_KEY") or env.get("OPENAI_API_KEY"),
            embedding_dim=env.int("EMBEDDING_DIM", 0),
            offline_embedding=env.get("LIGHTRAG_OFFLINE_EMBEDDING", "int8").strip().lower(),
            model_cache_dir=Path(env.get("LIGHTRAG_MODEL_CACHE")) if env.get("LIGHTRAG_MODEL_CACHE") else None,
            query_slots=env.int("LIGHTRAG_QUERY_SLOTS", 0),
            chunk_tokens=env.int("CHUNK_TOKENS", 1200),
            chunk_overlap=env.int("CHUNK_OVERLAP", 100),
            max_gleaning=env.int("MAX_GLEANING", 0 if local else 1),
            summary_max_tokens=env.int("SUMMARY_MAX_TOKENS", 500),
            neo4j_uri=env.get("NEO4J_URI"),
            neo4j_username=env.get("NEO4J_USERNAME", "neo4j"),
            neo4j_password=env.get("NEO4J_PASSWORD"),
            neo4j_database=env.get("NEO4J_DATABASE", "neo4j"),
            neo4j_console_user=env.get("NEO4J_CONSOLE_USER"),
            neo4j_console_password=env.get("NEO4J_CONSOLE_PASSWORD"),
            neo4j_write_batch=max(env.int("NEO4J_WRITE_BATCH", 500), 1),
            workspace=env.get("LIGHTRAG_WORKSPACE", "default"),
            max_open_workspaces=max(env.int("LIGHTRAG_MAX_OPEN_WORKSPACES", 4), 1),
            api_key=env.get("LIGHTRAG_API_KEY"),
            auth_accounts=env.get("LIGHTRAG_AUTH_ACCOUNTS"),
            token_secret=env.get("LIGHTRAG_TOKEN_SECRET"),
            token_expire_hours=env.number("LIGHTRAG_TOKEN_EXPIRE_HOURS", 48.0),
            rerank_model=env.get("RERANK_MODEL"),
            rerank_base_url=env.get("RERANK_BASE_URL"),
            rerank_api_key=env.get("RERANK_API_KEY"),
            rerank_timeout=env.int("RERANK_TIMEOUT", 30),
            max_file_mb=env.number("LIGHTRAG_MAX_FILE_MB", 20.0),
            max_text_mb=env.number("LIGHTRAG_MAX_TEXT_MB", 20.0),
            max_docx_mb=env.number("LIGHTRAG_MAX_DOCX_MB", 50.0),
            max_docx_ratio=env.int("LIGHTRAG_MAX_DOCX_RATIO", 200),
            max_pdf_pages=env.int("LIGHTRAG_MAX_PDF_PAGES", 2000),
            pdf_seconds=env.number("LIGHTRAG_PDF_SECONDS", 120.0),
            cors_origins=tuple(o.strip() for o in origins.split(",") if o.strip()),
            allowed_hosts=tuple(h.strip().lower() for h in hosts.split(",") if h.strip()),
            max_request_mb=env.number("LIGHTRAG_MAX_REQUEST_MB", 0.0),
            input_dir=Path(env.get("INPUT_DIR")) if env.get("INPUT_DIR") else None,
            sample_path=Path(env.get("LIGHTRAG_SAMPLE_PATH")) if env.get("LIGHTRAG_SAMPLE_PATH") else None,
            sample_url=env.get("LIGHTRAG_SAMPLE_URL", "https://www.gutenberg.org/cache/epub/46/pg46.txt"),
            ann_min_vectors=env.int("LIGHTRAG_ANN_MIN_VECTORS", 200_000),
        )
        if types:
            values["entity_types"] = tuple(t.strip() for t in types.split(",") if t.strip())
        values.update(overrides)
        settings = cls(**values)  # type: ignore[arg-type]
        if not valid_workspace_name(settings.workspace):
            raise ValueError("LIGHTRAG_WORKSPACE must be 1 to 64 letters, digits, '_' or '-' (starting with a "
                             "letter or digit)")
        if settings.chunk_overlap >= settings.chunk_tokens:
            raise ValueError("CHUNK_OVERLAP must be smaller than CHUNK_TOKENS")
        for name, value in (("LIGHTRAG_MAX_FILE_MB", settings.max_file_mb),
                            ("LIGHTRAG_MAX_TEXT_MB", settings.max_text_mb),
                            ("LIGHTRAG_MAX_DOCX_MB", settings.max_docx_mb),
                            ("LIGHTRAG_MAX_DOCX_RATIO", settings.max_docx_ratio),
                            ("LIGHTRAG_MAX_PDF_PAGES", settings.max_pdf_pages),
                            ("LIGHTRAG_PDF_SECONDS", settings.pdf_seconds)):
            if value <= 0:
                raise ValueError(f"{name} must be above 0")
        if settings.query_slots < 0:
            raise ValueError("LIGHTRAG_QUERY_SLOTS must be 0 (by where retrieval computes) or more")
        if settings.offline_embedding not in ("int8", "float"):
            raise ValueError("LIGHTRAG_OFFLINE_EMBEDDING must be int8 or float")
        if settings.max_request_mb < 0:
            raise ValueError("LIGHTRAG_MAX_REQUEST_MB must be 0 (the file limit plus 1 MB) or above")
        return settings
