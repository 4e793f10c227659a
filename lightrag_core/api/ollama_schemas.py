"""Bodies of the Ollama-compatible API (as LightRAG 1.5.7 serves it), and the chat's mode prefix."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

from lightrag_core.query.modes import Mode

MODEL_NAME = "lightrag:latest"  # what Ollama clients pick, as LightRAG names its emulated model
OLLAMA_VERSION = "0.9.3"  # the Ollama version LightRAG 1.5.7 reports
MAX_MESSAGES = 200
MAX_MESSAGE_CHARS = 20_000


class OllamaMessage(BaseModel):
    role: str = Field(max_length=50)
    content: str = Field(max_length=MAX_MESSAGE_CHARS)
    images: list[str] | None = Field(default=None, max_length=0, description="not supported: text only")


class OllamaChatRequest(BaseModel):
    model: str = Field(max_length=200)
    messages: list[OllamaMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    stream: bool = True
    options: dict[str, Any] | None = Field(default=None, max_length=50)
    system: str | None = Field(default=None, max_length=MAX_MESSAGE_CHARS)


class OllamaGenerateRequest(BaseModel):
    model: str = Field(max_length=200)
    prompt: str = Field(max_length=MAX_MESSAGE_CHARS)
    system: str | None = Field(default=None, max_length=MAX_MESSAGE_CHARS)
    stream: bool = False
    options: dict[str, Any] | None = Field(default=None, max_length=50)


@dataclass(frozen=True)
class ChatQuery:
    """What a chat message asks: the question, its mode, and the flags its prefix sets."""

    query: str
    mode: Mode
    only_need_context: bool = False
    user_prompt: str | None = None


# "/local[answer in a table] question": a mode (or none), an optional bracketed instruction, the question.
_PREFIX = re.compile(r"^/([a-z]*)(?:\[([^\]\n]{0,2000})\])?(?=\s|$|\[)")
_MODES = {m.value: m for m in Mode}
# Open WebUI asks the model for chat titles and tags with the history in this form: LightRAG sends those
# to the LLM alone, and so does this server.
OPEN_WEBUI_TASK = re.compile(r"\n<chat_history>\nUSER:")


def parse_chat_query(text: str) -> ChatQuery:
    """The mode a message's prefix picks, as LightRAG reads it (`/local `, `/mixcontext`, `/[hint] ...`),
    plus this project's `/multihop`; no prefix, or one naming no mode, is a mix query as written."""
    match = _PREFIX.match(text)
    if match is None:
        return ChatQuery(text, Mode.BYPASS if OPEN_WEBUI_TASK.search(text) else Mode.MIX)
    word, hint = match.group(1), match.group(2)
    rest = text[match.end():].lstrip()
    context = word.endswith("context")
    name = word.removesuffix("context") if context else word
    if name and name not in _MODES:
        return ChatQuery(text, Mode.MIX)  # "/etc/hosts is ..." is a question, not a prefix
    if word == "" and hint is None:
        return ChatQuery(text, Mode.MIX)
    mode = _MODES.get(name or "mix", Mode.MIX)
    if OPEN_WEBUI_TASK.search(rest):
        mode = Mode.BYPASS
    return ChatQuery(rest, mode, context and mode is not Mode.BYPASS, hint)
