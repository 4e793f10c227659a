"""LightRAG 1.5.7's document routes beyond insert and upload: listing, counts, pipeline, scan, delete, cache.

Request and response bodies carry LightRAG's names (`document_schemas`), so its WebUI and scripts
work unchanged; fields this project adds come after LightRAG's and never replace one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Body, Depends, HTTPException

from lightrag_core.accounts import Principal
from lightrag_core.api.document_schemas import (
    CancelPipelineResponse,
    ClearCacheRequest,
    ClearCacheResponse,
    ClearDocumentsResponse,
    DeleteDocByIdResponse,
    DeleteDocRequest,
    DocStatusResponse,
    DocumentsRequest,
    InsertTextsRequest,
    PaginatedDocsResponse,
    PipelineStatusResponse,
    ReprocessResponse,
    ScanResponse,
    StatusCountsResponse,
    SupportedFileTypesResponse,
)
from lightrag_core.api.jobs import IndexJobs
from lightrag_core.api.schemas import InsertResponse
from lightrag_core.engine import Engine
from lightrag_core.indexing import pending
from lightrag_core.indexing.file_limits import ReadLimits
from lightrag_core.indexing.loaders import SUPPORTED, LoadFailure, document_from_bytes, load_within
from lightrag_core.models import FAILED, Document, DocumentInfo

SUMMARY_CHARS = 100
MAX_SCAN_FILES = 1000  # one scan queues at most this many new or changed files; scan again for the rest


def iso(ts: float | None) -> str:
    return datetime.fromtimestamp(ts or 0.0, UTC).isoformat()


def status_counts(infos: list[DocumentInfo]) -> dict[str, int]:
    """Documents by status, plus "all", as LightRAG's doc-status storage counts them."""
    counts = dict(Counter(i.status for i in infos))
    counts["all"] = len(infos)
    return counts


def document_router(engine: Engine, jobs: IndexJobs, reader: Callable[..., Any], writer: Callable[..., Any],
                    creator: Callable[..., Any] | None = None) -> APIRouter:
    """The routes: listings need `reader`'s role, anything that changes what is stored `writer`'s, and adding
    documents `creator`'s (the writer's role, allowed to make a workspace that does not exist yet)."""
    router = APIRouter(prefix="/documents", tags=["documents"])
    reads, writes, adds = [Depends(reader)], [Depends(writer)], [Depends(creator or writer)]

    def doc_status(info: DocumentInfo, head: tuple[str, int] | None) -> DocStatusResponse:
        summary, length = head or ("", 0)
        return DocStatusResponse(id=info.id, content_summary=summary[:SUMMARY_CHARS],
                                 content_length=length, status=info.status, created_at=iso(info.created_at),
                                 updated_at=iso(info.updated_at), chunks_count=info.chunk_count,
                                 error_msg=info.error or None, file_path=info.file_path,
                                 entity_count=info.entity_count, relation_count=info.relation_count)

    @router.post("/paginated", response_model=PaginatedDocsResponse, dependencies=reads)
    def paginated(req: DocumentsRequest) -> dict[str, Any]:
        infos = engine.documents()
        wanted = set(req.status_filters or ([req.status_filter] if req.status_filter else []))
        rows = [i for i in infos if not wanted or i.status in wanted]
        rows.sort(key=lambda i: getattr(i, req.sort_field) or 0 if req.sort_field.endswith("_at")
                  else getattr(i, req.sort_field), reverse=req.sort_direction == "desc")
        total = len(rows)
        start = (req.page - 1) * req.page_size
        page = rows[start:start + req.page_size]
        pages = (total + req.page_size - 1) // req.page_size
        # Only the first characters and the length: a page of 200 large books read whole held hundreds of MB.
        heads = engine.store.document_heads([i.id for i in page], SUMMARY_CHARS)
        return {"documents": [doc_status(i, heads.get(i.id)) for i in page],
                "pagination": {"page": req.page, "page_size": req.page_size, "total_count": total,
                               "total_pages": pages, "has_next": req.page < pages, "has_prev": req.page > 1},
                "status_counts": status_counts(infos)}

    @router.get("/status_counts", response_model=StatusCountsResponse, dependencies=reads)
    def counts() -> dict[str, Any]:
        return {"status_counts": status_counts(engine.documents())}

    @router.get("/supported_file_types", response_model=SupportedFileTypesResponse, dependencies=reads)
    def supported_file_types() -> dict[str, Any]:
        suffixes = sorted(SUPPORTED - {".jsonl"})  # uploads and scans; JSON Lines corpora go through the CLI
        return {"supported_extensions": suffixes, "engines": {"native": suffixes}}

    @router.get("/pipeline_status", response_model=PipelineStatusResponse, dependencies=reads)
    def pipeline_status() -> dict[str, Any]:
        state = jobs.pipeline()
        return {"busy": state.busy, "job_name": state.job_name,
                "job_start": iso(state.job_start) if state.job_start else None, "docs": state.docs,
                "batchs": 1 if state.busy else 0, "cur_batch": 1 if state.busy else 0,
                "latest_message": state.latest_message, "history_messages": state.history_messages,
                "queued_jobs": state.queued_jobs, "cancellation_requested": state.cancellation_requested}

    @router.post("/texts", response_model=InsertResponse, dependencies=adds)
    def insert_texts(req: InsertTextsRequest) -> dict[str, Any]:
        sources = req.file_sources or []
        if sources and len(sources) != len(req.texts):
            raise HTTPException(status_code=422, detail=f"{len(sources)} file_sources for {len(req.texts)} texts: "
                                "give one per text, or none")
        docs: list[Document] = []
        for n, text in enumerate(req.texts):
            if not text.strip():
                raise HTTPException(status_code=422, detail=f"texts[{n}] is empty")
            name = sources[n] if sources else ""
            doc = document_from_bytes(text.encode("utf-8"), name or "text.txt",
                                      limits=ReadLimits.from_settings(engine.settings))
            doc.file_path = name or "text input"
            docs.append(doc)
        fresh = [d for d in docs if not _unchanged(d)]
        job = jobs.submit(fresh, "insert")
        if not fresh:
            return {"status": "duplicated", "message": "every text is already indexed with this content",
                    "track_id": job.track_id}
        return {"status": "success", "message": f"{len(fresh)} text(s) stored and queued for indexing "
                f"({len(docs) - len(fresh)} already indexed)", "track_id": job.track_id}

    def _unchanged(doc: Document) -> bool:
        known = engine.store.get_document(doc.id)
        return bool(known and known.status == "processed" and known.content_hash == doc.hash)

    @router.post("/scan", response_model=ScanResponse, dependencies=adds)
    def scan() -> dict[str, Any]:
        folder = engine.settings.scan_dir
        if not folder.is_dir():
            raise HTTPException(status_code=400, detail=f"input folder {folder} does not exist: create it or set "
                                "INPUT_DIR")
        docs: list[Document] = []
        failures: list[LoadFailure] = []
        for item in load_within(folder, ReadLimits.from_settings(engine.settings)):  # no link out of it
            if isinstance(item, LoadFailure):
                failures.append(item)
            elif not _unchanged(item):  # only new or changed files count against the cap (and stay in memory)
                docs.append(item)
            if len(docs) >= MAX_SCAN_FILES:
                break  # the next scan goes on past these: they are stored by then
        if failures:
            engine.index_documents(failures)  # failed rows with their reasons, listed like any document
        job = jobs.submit(docs, "scan")
        return {"status": "scanning_started", "track_id": job.track_id,
                "message": f"{len(job.documents)} new or changed file(s) in {folder.name} queued; "
                f"{len(failures)} could not be read"}

    @router.delete("/delete_document", response_model=DeleteDocByIdResponse, dependencies=writes)
    def delete_document(req: DeleteDocRequest) -> dict[str, Any]:
        ids = list(dict.fromkeys(req.doc_ids))
        missing = [i for i in ids if engine.store.get_document(i) is None]
        if missing:  # nothing is deleted when one id is wrong
            raise HTTPException(status_code=404, detail=f"no document with id {', '.join(map(repr, missing[:20]))}")
        if jobs.pipeline().busy:
            return {"status": "busy", "message": "indexing is running; delete when the pipeline is idle",
                    "doc_id": ", ".join(ids)}
        for doc_id in ids:  # each in its own transaction, rebuilding what it shared
            engine.delete_document(doc_id)
        return {"status": "deletion_started", "doc_id": ", ".join(ids),
                "message": f"deleted {len(ids)} document(s) and what only they supported"}

    @router.post("/clear_cache", response_model=ClearCacheResponse, dependencies=writes)
    def clear_cache(_: ClearCacheRequest | None = Body(default=None)) -> dict[str, Any]:
        cache = getattr(engine.llm, "cache", None)
        if cache is None:
            return {"status": "success", "message": "no LLM response cache to clear (no LLM configured)"}
        return {"status": "success", "message": f"Successfully cleared all cache ({cache.clear()} responses)"}

    @router.post("/cancel_pipeline", response_model=CancelPipelineResponse, dependencies=writes)
    def cancel_pipeline() -> dict[str, Any]:
        if not jobs.cancel():
            return {"status": "not_busy", "message": "Pipeline is not currently running. No cancellation needed."}
        return {"status": "cancellation_requested",
                "message": "Pipeline cancellation has been requested. Documents already read finish; the rest "
                "stay pending (POST /documents/reprocess_failed indexes them)."}

    @router.delete("", response_model=ClearDocumentsResponse, dependencies=writes)
    def clear_documents(clear_curation: bool = False,
                        who: Principal = Depends(writer)) -> dict[str, Any]:
        """Every document and the whole graph go, in one transaction; accounts, question sets and the
        review history stay, and so do the expert's rules unless `clear_curation=true`."""
        if jobs.pipeline().busy:
            return {"status": "busy", "message": "indexing is running: cancel it (POST /documents/cancel_pipeline) "
                    "or wait until the pipeline is idle"}
        removed = engine.clear_documents(undo_rules=clear_curation, who=who.name)
        kept = "review rules undone" if clear_curation else "review rules kept"
        return {"status": "success", "message": f"All documents cleared successfully. Deleted {removed} "
                f"document(s) and the graph; {kept}."}

    @router.post("/reprocess_failed", response_model=ReprocessResponse, dependencies=writes)
    def reprocess_failed() -> dict[str, Any]:
        # As LightRAG's: failed rows, and pending or interrupted ones (a cancelled batch's) no job holds.
        busy = jobs.active_ids()
        again = [i for i in engine.documents() if i.id not in busy and (
            i.status in pending.UNFINISHED or i.status == FAILED) and engine.store.get_document_text(i.id)]
        job = jobs.requeue([i.id for i in again], "reprocess")
        return {"status": "reprocessing_started", "track_id": job.track_id,
                "message": f"{len(again)} failed or pending document(s) queued again"
                + ("" if again else " (a failed file with no stored text must be uploaded or scanned again)")}

    return router
