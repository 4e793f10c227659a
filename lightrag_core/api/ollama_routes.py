"""The Ollama-compatible API under /api, as LightRAG 1.5.7 serves it: chat front ends (Open WebUI, the
`ollama` client) talk to the graph as if it were a model.

/api/chat answers the last message from the graph (the mode from its prefix, the earlier messages passed on
as history) and ends with the references it cites; /api/generate forwards the prompt to the LLM alone.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import StreamingResponse

from lightrag_core.api.ollama_schemas import (
    MODEL_NAME,
    OLLAMA_VERSION,
    OllamaChatRequest,
    OllamaGenerateRequest,
    parse_chat_query,
)
from lightrag_core.engine import Engine
from lightrag_core.llm import Message
from lightrag_core.models import LightRAGError
from lightrag_core.query.params import QueryParam
from lightrag_core.query.result import QueryResult
from lightrag_core.tokens import count

HISTORY_ROLES = frozenset({"user", "assistant", "system"})
_CREATED = "2024-01-15T00:00:00Z"
_DETAILS = {"parent_model": "", "format": "gguf", "family": "lightrag", "families": ["lightrag"],
            "parameter_size": "13B", "quantization_level": "Q4_0"}
_SIZE, _DIGEST = 7_365_960_935, "sha256:lightrag-workbench"


def _now() -> str:
    return datetime.now(UTC).isoformat().replace("+00:00", "Z")


def references_block(answer: str, result: QueryResult) -> str:
    """The references the answer cites, as LightRAG's prompt asks a model to list them; empty when the
    answer lists them itself or cites none, so a chat client that only sees text still sees its sources."""
    if "### References" in answer or not result.references:
        return ""
    cited = [r for r in result.references if f"[{r['reference_id']}]" in answer] or result.references
    return "\n\n### References\n\n" + "".join(f"- [{r['reference_id']}] {r['file_path']}\n" for r in cited)


def _stats(start: int, prompt: str, answer: str) -> dict[str, Any]:
    spent = time.time_ns() - start
    return {"done_reason": "stop", "total_duration": spent, "load_duration": 0, "prompt_eval_count": count(prompt),
            "prompt_eval_duration": 0, "eval_count": count(answer), "eval_duration": spent}


def _line(body: dict[str, Any]) -> str:
    return json.dumps(body, ensure_ascii=False) + "\n"


def ollama_router(engine: Engine, auth: Callable[..., Any]) -> APIRouter:
    router = APIRouter(prefix="/api", tags=["ollama"], dependencies=[Depends(auth)])

    @router.get("/version")
    def version() -> dict[str, Any]:
        return {"version": OLLAMA_VERSION}

    @router.get("/tags")
    def tags() -> dict[str, Any]:
        return {"models": [{"name": MODEL_NAME, "model": MODEL_NAME, "modified_at": _CREATED, "size": _SIZE,
                            "digest": _DIGEST, "details": _DETAILS}]}

    @router.get("/ps")
    def ps() -> dict[str, Any]:
        return {"models": [{"name": MODEL_NAME, "model": MODEL_NAME, "size": _SIZE, "digest": _DIGEST,
                            "details": _DETAILS, "expires_at": "2050-12-31T00:00:00Z", "size_vram": 0}]}

    def chat_parts(req: OllamaChatRequest) -> tuple[QueryResult, Iterator[str], str]:
        asked = parse_chat_query(req.messages[-1].content)
        if not asked.query.strip():
            raise HTTPException(status_code=400, detail="the last message holds no question after its prefix")
        param = QueryParam(mode=asked.mode)
        param.conversation_history = [{"role": m.role, "content": m.content} for m in req.messages[:-1]
                                      if m.role in HISTORY_ROLES]
        param.only_need_context = asked.only_need_context
        if asked.user_prompt:
            param.user_prompt = asked.user_prompt
        param.stream = req.stream and not asked.only_need_context
        result, parts = engine.query(asked.query, param)
        return result, parts, asked.query

    @router.post("/chat")
    def chat(req: OllamaChatRequest) -> Any:
        start = time.time_ns()
        result, parts, query = chat_parts(req)
        if not req.stream:
            answer = "".join(parts)
            answer += references_block(answer, result)
            return {"model": req.model or MODEL_NAME, "created_at": _now(), "done": True,
                    "message": {"role": "assistant", "content": answer, "images": None},
                    **_stats(start, query, answer)}

        def lines() -> Iterator[str]:
            answer = ""
            head = {"model": req.model or MODEL_NAME}
            try:
                for part in parts:
                    answer += part
                    yield _line({**head, "created_at": _now(), "done": False,
                                 "message": {"role": "assistant", "content": part, "images": None}})
                tail = references_block(answer, result)
                if tail:
                    yield _line({**head, "created_at": _now(), "done": False,
                                 "message": {"role": "assistant", "content": tail, "images": None}})
            except LightRAGError as exc:  # a failure mid-answer: said in the stream, which still ends
                yield _line({**head, "created_at": _now(), "done": False, "error": str(exc),
                             "message": {"role": "assistant", "content": f"\n\nError: {exc}", "images": None}})
            yield _line({**head, "created_at": _now(), "done": True,
                         "message": {"role": "assistant", "content": "", "images": None},
                         **_stats(start, query, answer)})

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    @router.post("/generate")
    def generate(req: OllamaGenerateRequest) -> Any:
        llm = engine.llm
        if llm is None:
            raise LightRAGError("no LLM is configured: /api/generate sends the prompt to the LLM alone "
                                "(set LLM_MODEL); /api/chat answers from the graph without one")
        if not req.prompt.strip():
            raise HTTPException(status_code=400, detail="prompt is empty")
        start = time.time_ns()
        messages: list[Message] = ([("system", req.system)] if req.system else []) + [("user", req.prompt)]
        head = {"model": req.model or MODEL_NAME}
        if not req.stream:
            text = llm.complete(messages, use_cache=False)
            return {**head, "created_at": _now(), "response": text, "done": True, "context": [],
                    **_stats(start, req.prompt, text)}

        def lines() -> Iterator[str]:
            text = ""
            try:
                for part in llm.stream(messages):
                    text += part
                    yield _line({**head, "created_at": _now(), "response": part, "done": False})
            except LightRAGError as exc:
                yield _line({**head, "created_at": _now(), "response": f"\n\nError: {exc}", "error": str(exc),
                             "done": False})
            yield _line({**head, "created_at": _now(), "response": "", "done": True, "context": [],
                         **_stats(start, req.prompt, text)})

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    return router
