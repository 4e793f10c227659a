"""Bodies of LightRAG 1.5.7's document routes (paginated listing, counts, pipeline, scan, delete, cache)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StringConstraints

DocState = Literal["pending", "parsing", "analyzing", "processing", "preprocessed", "processed", "failed"]
DocId = Annotated[str, StringConstraints(min_length=1, max_length=200, strip_whitespace=True)]
MAX_TEXTS = 1000


class DocumentsRequest(BaseModel):
    status_filter: DocState | None = None
    status_filters: list[DocState] | None = Field(default=None, max_length=10)
    page: int = Field(default=1, ge=1, le=1_000_000)
    page_size: int = Field(default=50, ge=10, le=200)
    sort_field: Literal["created_at", "updated_at", "id", "file_path"] = "updated_at"
    sort_direction: Literal["asc", "desc"] = "desc"


class DocStatusResponse(BaseModel):
    id: str
    content_summary: str
    content_length: int
    status: str
    created_at: str
    updated_at: str
    track_id: str | None = None
    chunks_count: int | None = None
    error_msg: str | None = None
    metadata: dict[str, Any] | None = None
    file_path: str
    # Beyond LightRAG: what the document put in the graph.
    entity_count: int = 0
    relation_count: int = 0


class PaginationInfo(BaseModel):
    page: int
    page_size: int
    total_count: int
    total_pages: int
    has_next: bool
    has_prev: bool


class PaginatedDocsResponse(BaseModel):
    documents: list[DocStatusResponse]
    pagination: PaginationInfo
    status_counts: dict[str, int]


class StatusCountsResponse(BaseModel):
    status_counts: dict[str, int]


class SupportedFileTypesResponse(BaseModel):
    supported_extensions: list[str]
    engines: dict[str, list[str]]


class PipelineStatusResponse(BaseModel):
    busy: bool = False
    job_name: str = "Default Job"
    job_start: str | None = None
    docs: int = 0
    batchs: int = 0
    cur_batch: int = 0
    latest_message: str = ""
    history_messages: list[str] | None = None
    update_status: dict[str, Any] | None = None
    recovery_required: bool = False
    recovery_kind: str | None = None
    recovery_message: str | None = None
    queued_jobs: int = Field(default=0, description="jobs waiting behind the current one (beyond LightRAG)")
    cancellation_requested: bool = False


class CancelPipelineResponse(BaseModel):
    status: Literal["cancellation_requested", "not_busy"]
    message: str


class ClearDocumentsResponse(BaseModel):
    status: Literal["success", "partial_success", "busy", "fail"]
    message: str


class InsertTextsRequest(BaseModel):
    texts: list[Annotated[str, StringConstraints(min_length=1, max_length=50_000_000)]] = Field(
        min_length=1, max_length=MAX_TEXTS)
    file_sources: list[Annotated[str, StringConstraints(max_length=1000)]] | None = Field(
        default=None, max_length=MAX_TEXTS)


class DeleteDocRequest(BaseModel):
    doc_ids: list[DocId] = Field(min_length=1, max_length=1000)
    delete_file: bool = False
    delete_llm_cache: bool = False


class DeleteDocByIdResponse(BaseModel):
    status: Literal["deletion_started", "busy", "not_allowed"]
    message: str
    doc_id: str


class ClearCacheRequest(BaseModel):
    """Kept for LightRAG's callers: the body is accepted and ignored (every cached response goes)."""


class ClearCacheResponse(BaseModel):
    status: Literal["success", "fail"]
    message: str


class ScanResponse(BaseModel):
    status: Literal["scanning_started", "scanning_skipped_pipeline_busy"]
    message: str | None = None
    track_id: str


class ReprocessResponse(BaseModel):
    status: Literal["reprocessing_started"]
    message: str
    track_id: str
