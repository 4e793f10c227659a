"""What answers the questions and what embeds the text, in words a reader knows; the exact model ids kept beside.

`Engine.describe()` names models by their ids ("all-MiniLM-L6-v2-int8-onnx+int8-matmul-long-texts",
"qwen2.5-coder-1.5b-instruct-q4_k_m (local GGUF, …) at http://…"): right for the API and the command line,
but on a page the headline is what the thing is and where it runs; the id goes in a caption under it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from lightrag_core.config import redact_url
from lightrag_core.engine import Engine
from lightrag_core.local_model_fetch import DEFAULT_OUT
from lightrag_core.nlp import SPACY_MODEL

# GGUF files whose names say little to a reader: the packaged model (`lightrag-workbench local-model`).
_KNOWN_GGUF = {DEFAULT_OUT.stem.lower(): "Qwen2.5 Coder 1.5B Instruct"}


@dataclass(frozen=True)
class ModelLabel:
    """One model as a page shows it: `label` is the headline, `exact` the id as configured."""

    label: str
    exact: str


def _host(url: str) -> str:
    """The host (and port) of a URL, credentials never included; the URL itself when it has none."""
    shown = redact_url(url)
    return urlsplit(shown).netloc or shown


def answers(engine: Engine, info: dict[str, Any]) -> ModelLabel:
    """What writes the answers (and, the same model, extracts the graph); `info` is `engine.describe()`."""
    settings, exact = engine.settings, str(info["llm"])
    if engine.llm is None:
        return ModelLabel("sentences quoted from your documents (no language model; works offline)",
                          f"no language model (extractive answers); the graph by spaCy {SPACY_MODEL}")
    if settings.llm_local_gguf:
        name = _KNOWN_GGUF.get(settings.llm_model.lower(), "a local language model")
        window = f", {settings.llm_context_tokens:,}-token window" if settings.llm_context_tokens else ""
        return ModelLabel(f"{name}, running on this computer{window}", exact)
    host = _host(settings.openai_base_url or "https://api.openai.com/v1")
    return ModelLabel(f"a language model at {host}", exact)


def embeddings(engine: Engine, info: dict[str, Any]) -> ModelLabel:
    """What turns text into vectors for search (the workspace's own model); `info` is `engine.describe()`."""
    settings = engine.settings
    model, dim = str(info["embedding_model"]), info["embedding_dim"]
    exact = f"{model}, {dim} dimensions"
    if not settings.embedding_model:  # (the embedder's own rule: an endpoint whenever a model is configured)
        return ModelLabel("built-in MiniLM sentence model (works offline)", exact)
    # the embedder's endpoint: its own base URL, else OpenAI's (never the chat model's, which may be in-process)
    where = settings.embedding_base_url or "https://api.openai.com/v1"
    return ModelLabel(f"an embedding model at {_host(where)}", f"{exact} at {redact_url(where)}")
