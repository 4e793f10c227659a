"""A GGUF chat model served in-process by llama.cpp, for demos without an API key or a server.

`LLM_LOCAL_GGUF=/path/model.gguf` starts llama.cpp's OpenAI-compatible
server (the `xllamacpp` wheel, `requirements-local-llm.txt`) inside this
process on a free loopback port, and the settings are pointed at it: the
existing `ChatLLM` talks to it like any other endpoint. One server per
process and model file, kept for the life of the process (Streamlit reruns
and new engines reuse it). The model's context window (`n_ctx`, read back
from the server) becomes `llm_context_tokens`, which caps the query context.
"""

from __future__ import annotations

import dataclasses
import json
import os
import socket
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lightrag_core.config import Settings
from lightrag_core.models import LightRAGError

GGUF_MAGIC = b"GGUF"
INSTALL_HINT = "pip install -r requirements-local-llm.txt"


@dataclass(frozen=True)
class LocalServer:
    base_url: str  # http://127.0.0.1:PORT/v1
    model_path: Path
    n_ctx: int
    threads: int
    handle: Any  # the xllamacpp.Server; the server stops when it is garbage-collected

    @property
    def model_name(self) -> str:
        return self.model_path.stem


_servers: dict[tuple[str, int, int], LocalServer] = {}
_lock = threading.Lock()


def check_model_file(path: Path) -> None:
    """A clear error before llama.cpp gets a file it cannot load (it only says 'failed to init')."""
    if not path.is_file():
        raise LightRAGError(f"LLM_LOCAL_GGUF: no file at {path}")
    with path.open("rb") as f:
        if f.read(4) != GGUF_MAGIC:
            raise LightRAGError(f"LLM_LOCAL_GGUF: {path} is not a GGUF model file (it does not start with 'GGUF')")


def serve(path: str | Path, n_ctx: int, threads: int = 0) -> LocalServer:
    """The running server for this model file and context size, started on first use."""
    model = Path(path).expanduser().resolve()
    threads = threads or os.cpu_count() or 1
    key = (str(model), n_ctx, threads)
    with _lock:
        if key not in _servers:
            _servers[key] = _start(model, n_ctx, threads)
        return _servers[key]


def _start(model: Path, n_ctx: int, threads: int) -> LocalServer:
    check_model_file(model)
    try:
        import xllamacpp
    except ImportError as exc:
        raise LightRAGError(f"LLM_LOCAL_GGUF is set but llama.cpp's Python server is not installed: {INSTALL_HINT}"
                            ) from exc
    params = xllamacpp.CommonParams()
    params.model.path = str(model)
    params.n_ctx = n_ctx
    params.n_parallel = 1  # one slot: the whole window for one call; LLM_CONCURRENCY defaults to 1 with it
    params.cpuparams.n_threads = threads
    params.cpuparams_batch.n_threads = threads
    params.port = _free_port()
    params.verbosity = -1  # llama.cpp logs every token timing to stderr otherwise
    try:
        handle = xllamacpp.Server(params)
    except RuntimeError as exc:
        raise LightRAGError(f"llama.cpp could not load {model} with n_ctx={n_ctx}: {exc}") from exc
    address = handle.listening_address.rstrip("/")
    props = _wait_ready(address)
    window = int(props.get("default_generation_settings", {}).get("n_ctx") or n_ctx)
    return LocalServer(f"{address}/v1", model, window, threads, handle)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_ready(address: str, seconds: float = 120.0) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(f"{address}/props", timeout=5) as reply:
                return json.loads(reply.read())
        except OSError as exc:
            if time.monotonic() > deadline:
                raise LightRAGError(f"the local llama.cpp server at {address} did not answer: {exc}") from exc
            time.sleep(0.2)


def with_local_llm(settings: Settings) -> Settings:
    """The settings pointed at the in-process server when LLM_LOCAL_GGUF is set; unchanged otherwise."""
    if not settings.llm_local_gguf:
        return settings
    server = serve(settings.llm_local_gguf, settings.llm_local_ctx, settings.llm_local_threads)
    return dataclasses.replace(
        settings,
        openai_base_url=server.base_url,
        openai_api_key="local",  # the server checks no key; the client insists on one
        llm_model=server.model_name,
        llm_context_tokens=server.n_ctx,
    )
