"""Request and response bodies, field for field as LightRAG's server names them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StringConstraints

from lightrag_core.query.modes import Mode
from lightrag_core.query.params import QueryParam

# Bounds on what a query may carry, so one request cannot make the prompt (or the memory) huge: 422 beyond them.
MAX_HISTORY_TURNS = 50
MAX_TURN_CHARS = 20_000
MAX_KEYWORDS = 100
MAX_KEYWORD_CHARS = 200
Keyword = Annotated[str, StringConstraints(max_length=MAX_KEYWORD_CHARS)]


class HistoryTurn(BaseModel):
    role: Literal["user", "assistant", "system"]
    content: str = Field(max_length=MAX_TURN_CHARS)


class QueryRequest(BaseModel):
    query: str = Field(min_length=3, max_length=20000, description="The question")
    mode: Mode = Mode.MIX
    only_need_context: bool | None = None
    only_need_prompt: bool | None = None
    response_type: str | None = Field(default=None, max_length=200)
    top_k: int | None = Field(default=None, ge=1, le=1000)
    chunk_top_k: int | None = Field(default=None, ge=1, le=1000)
    max_entity_tokens: int | None = Field(default=None, ge=1, le=1_000_000)
    max_relation_tokens: int | None = Field(default=None, ge=1, le=1_000_000)
    max_total_tokens: int | None = Field(default=None, ge=1, le=2_000_000)
    hl_keywords: list[Keyword] = Field(default_factory=list, max_length=MAX_KEYWORDS)
    ll_keywords: list[Keyword] = Field(default_factory=list, max_length=MAX_KEYWORDS)
    conversation_history: list[HistoryTurn] | None = Field(default=None, max_length=MAX_HISTORY_TURNS)
    user_prompt: str | None = Field(default=None, max_length=10000)
    enable_rerank: bool | None = None
    enable_lexical: bool | None = Field(default=None, description="fuse BM25 into naive/mix vector chunks")
    include_references: bool = True
    include_chunk_content: bool = False
    stream: bool | None = None

    def to_param(self) -> QueryParam:
        param = QueryParam(mode=self.mode)
        for name in ("response_type", "top_k", "chunk_top_k", "max_entity_tokens", "max_relation_tokens",
                     "max_total_tokens", "user_prompt"):
            value = getattr(self, name)
            if value is not None:
                setattr(param, name, value)
        param.hl_keywords = [k for k in self.hl_keywords if k.strip()]
        param.ll_keywords = [k for k in self.ll_keywords if k.strip()]
        param.conversation_history = [t.model_dump() for t in self.conversation_history or []]
        param.only_need_context = bool(self.only_need_context)
        param.only_need_prompt = bool(self.only_need_prompt)
        if self.enable_rerank is not None:
            param.enable_rerank = self.enable_rerank
        if self.enable_lexical is not None:
            param.enable_lexical = self.enable_lexical
        param.include_references = self.include_references
        param.stream = bool(self.stream)
        return param


class Reference(BaseModel):
    reference_id: str
    file_path: str
    document_id: str | None = None
    content: list[str] | None = None


class QueryResponse(BaseModel):
    response: str
    references: list[Reference] | None = None
    response_time: float | None = Field(default=None, description="seconds the query took")
    llm_generated: bool = Field(default=False, description="whether an LLM wrote the response (else extractive, "
                                "the context or the prompt)")


class QueryDataResponse(BaseModel):
    status: str
    message: str
    data: dict[str, Any]
    metadata: dict[str, Any]


class InsertTextRequest(BaseModel):
    text: str = Field(min_length=1, max_length=50_000_000)
    file_source: str | None = Field(default=None, max_length=1000)


class InsertResponse(BaseModel):
    status: Literal["success", "duplicated", "failure"]
    message: str
    track_id: str


class DocumentStatus(BaseModel):
    id: str
    status: str
    file_path: str
    content_summary: str = ""
    chunks_count: int = 0
    entity_count: int = 0
    relation_count: int = 0
    error_msg: str = ""
    created_at: float = 0.0
    updated_at: float = 0.0
    records_kept: int | None = Field(default=None, description="entity + relation records extraction kept "
                                     "(track status of a finished job only)")
    records_dropped: dict[str, int] | None = Field(default=None, description="records dropped, by reason")
    warning: str = ""


class TrackStatusResponse(BaseModel):
    track_id: str
    status: Literal["queued", "processing", "done", "failed"]
    documents: list[DocumentStatus]
    total_count: int
    status_summary: dict[str, int] = Field(default_factory=dict, description="documents by status")
    message: str = ""


class DocumentsResponse(BaseModel):
    statuses: dict[str, list[DocumentStatus]]


class DeleteResponse(BaseModel):
    status: Literal["success"]
    message: str
    doc_id: str
