"""The FastAPI application: LightRAG-compatible query endpoints, documents, health."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from fastapi import Depends, FastAPI, File, Form, HTTPException, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, StreamingResponse

from lightrag_core.accounts import Accounts, Action, Principal, Role
from lightrag_core.admission import Busy
from lightrag_core.api import auth
from lightrag_core.api.document_routes import document_router
from lightrag_core.api.evaluation_routes import evaluation_router
from lightrag_core.api.graph_routes import graph_router
from lightrag_core.api.guards import RequestGuards, invalid_request, route_body_kinds
from lightrag_core.api.health import health_body
from lightrag_core.api.label_routes import label_router
from lightrag_core.api.ollama_routes import ollama_router
from lightrag_core.api.schemas import (
    DeleteResponse,
    DocumentsResponse,
    DocumentStatus,
    InsertResponse,
    InsertTextRequest,
    QueryDataResponse,
    QueryRequest,
    QueryResponse,
    TrackStatusResponse,
)
from lightrag_core.api.workspace_scope import (
    WorkspacePool,
    WorkspaceScope,
    engine_of_request,
    eval_jobs_of_request,
    jobs_of_request,
)
from lightrag_core.engine import Engine
from lightrag_core.indexing.file_limits import ReadLimits
from lightrag_core.indexing.loaders import SUPPORTED, LoadFailure, document_from_bytes, load_upload
from lightrag_core.llm import UpstreamError
from lightrag_core.models import Document, DocumentInfo, LightRAGError
from lightrag_core.query.result import QueryResult

MAX_UPLOAD_BYTES = 50 * 1024 * 1024


def _doc_status(info: DocumentInfo, summary: str = "") -> DocumentStatus:
    return DocumentStatus(id=info.id, status=info.status, file_path=info.file_path, content_summary=summary,
                          chunks_count=info.chunk_count, entity_count=info.entity_count,
                          relation_count=info.relation_count, error_msg=info.error,
                          created_at=info.created_at, updated_at=info.updated_at)


def _references(result: QueryResult, include_content: bool) -> list[dict[str, Any]]:
    refs = []
    for ref in result.references:
        item = {"reference_id": ref["reference_id"], "file_path": ref["file_path"],
                "document_id": ref["document_id"]}
        if include_content:
            item["content"] = [c["content"] for c in result.chunks if c["reference_id"] == ref["reference_id"]]
        refs.append(item)
    return refs


def create_app(engine: Engine, api_key: str = "", cors_origins: list[str] | None = None,
               accounts: Accounts | None = None) -> FastAPI:
    """The API over `engine` (the default workspace; others, named by LIGHTRAG-WORKSPACE, are opened on demand
    beside it); accounts default to the engine's settings (LIGHTRAG_AUTH_ACCOUNTS)."""
    pool = WorkspacePool(engine, engine.settings.max_open_workspaces)
    engine.start_warmup()  # requests are served meanwhile; /health says "warming" until it is done

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        pool.close()

    app = FastAPI(title="Graph RAG workbench API", version="1.0", lifespan=lifespan,
                  description="LightRAG-compatible retrieval endpoints over the workbench engine.")
    app.state.engine, app.state.jobs, app.state.eval_jobs = engine, pool.default.jobs, pool.default.eval_jobs
    app.state.workspaces = pool
    auth.install(app, Accounts.from_settings(engine.settings) if accounts is None else accounts, api_key)
    viewer, admin = [Depends(auth.require(Role.VIEWER))], [Depends(auth.require(Role.ADMIN))]
    creator = [Depends(auth.require(Role.ADMIN, creates=True))]  # adding documents may make a new workspace
    default_engine, default_jobs = engine, pool.default.jobs
    # Every route below acts on the workspace its request names (workspace_scope).
    engine, jobs, eval_jobs = engine_of_request(), jobs_of_request(), eval_jobs_of_request()

    def editor(caller: Principal = Depends(auth.require(Role.REVIEWER))) -> str:
        """Who edits the graph, as the history records it: the signed-in name ("api-key" for the key, "" open)."""
        return caller.name

    app.include_router(graph_router(engine, reader=auth.require(Role.VIEWER), editor=editor))

    # Before DELETE /documents/{doc_id}, so that /documents/delete_document reaches its own route.
    app.include_router(document_router(engine, jobs, reader=auth.require(Role.VIEWER),
                                       writer=auth.require(Role.ADMIN),
                                       creator=auth.require(Role.ADMIN, creates=True)))
    app.include_router(ollama_router(engine, auth.require(Role.VIEWER)))
    app.include_router(label_router(engine, auth.require(Role.VIEWER)))
    app.include_router(evaluation_router(engine, eval_jobs, reader=auth.require(Action.EVALUATE),
                                         maker=auth.require(Action.MAKE_QUESTIONS)))

    app.add_exception_handler(RequestValidationError, invalid_request)  # a 422 even for NaN in a body

    @app.exception_handler(LightRAGError)
    async def _user_error(_: Request, exc: LightRAGError) -> JSONResponse:
        # The model endpoint's failures are not the client's: 502/503/504 with the reason.
        # A query that found no free slot in time is the server's load, not the client's input: 503.
        status = exc.status if isinstance(exc, UpstreamError) else 503 if isinstance(exc, Busy) else 400
        return JSONResponse(status_code=status, content={"detail": str(exc)})

    def _run(req: QueryRequest, stream: bool) -> tuple[QueryResult, Iterator[str], bool]:
        """The engine's query contract; streams only on /query/stream, unless the request says stream=false."""
        param = req.to_param()
        param.stream = stream and req.stream is not False and not (param.only_need_context or param.only_need_prompt)
        result, parts = engine.query(req.query, param)
        return result, parts, param.stream

    @app.post("/query", response_model=QueryResponse, dependencies=viewer)
    def query(req: QueryRequest) -> dict[str, Any]:
        started = time.monotonic()
        result, parts, _ = _run(req, stream=False)
        text = "".join(parts)
        generated = engine.llm is not None and not (req.only_need_context or req.only_need_prompt)
        return {"response": text, "response_time": round(time.monotonic() - started, 3), "llm_generated": generated,
                "references": _references(result, req.include_chunk_content) if req.include_references else None}

    @app.post("/query/stream", dependencies=viewer,
              responses={200: {"content": {"application/x-ndjson": {}}}})
    def query_stream(req: QueryRequest) -> StreamingResponse:
        result, parts, streaming = _run(req, stream=True)
        refs = _references(result, req.include_chunk_content) if req.include_references else None

        def lines() -> Iterator[str]:
            if not streaming:
                try:
                    text = "".join(parts)
                except LightRAGError as exc:
                    yield json.dumps({"error": str(exc)}) + "\n"
                    return
                body: dict[str, Any] = {"response": text}
                if refs is not None:
                    body["references"] = refs
                yield json.dumps(body, ensure_ascii=False) + "\n"
                return
            if refs is not None:
                yield json.dumps({"references": refs}, ensure_ascii=False) + "\n"
            try:
                for part in parts:
                    yield json.dumps({"response": part}, ensure_ascii=False) + "\n"
            except Exception as exc:  # a failure mid-answer becomes the stream's last line
                yield json.dumps({"error": str(exc)}) + "\n"

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    @app.post("/query/data", response_model=QueryDataResponse, dependencies=viewer)
    def query_data(req: QueryRequest) -> dict[str, Any]:
        return engine.query_data(req.query, req.to_param()).to_data()

    @app.post("/documents/text", response_model=InsertResponse, dependencies=creator)
    def insert_text(req: InsertTextRequest) -> dict[str, Any]:
        if not req.text.strip():
            raise HTTPException(status_code=422, detail="text is empty")
        doc = document_from_bytes(req.text.encode("utf-8"), req.file_source or "text.txt",
                                  limits=ReadLimits.from_settings(engine.settings))
        doc.file_path = req.file_source or "text input"
        return _submit([doc])

    @app.post("/documents/upload", response_model=InsertResponse, dependencies=creator)
    def upload(file: UploadFile = File(...), doc_id: str | None = Form(None, max_length=200)) -> dict[str, Any]:
        name = file.filename or "upload"
        if not any(name.lower().endswith(s) for s in SUPPORTED - {".jsonl"}):
            raise HTTPException(status_code=400, detail=f"{name}: unsupported file type; use one of "
                                + ", ".join(sorted(SUPPORTED - {".jsonl"})))
        limit = min(MAX_UPLOAD_BYTES, engine.settings.max_file_bytes)
        data = file.file.read(limit + 1)
        if len(data) > limit:
            raise HTTPException(status_code=413, detail=f"{name}: larger than the {limit / 2**20:.0f} MB upload "
                                "limit (LIGHTRAG_MAX_FILE_MB)")
        item = load_upload(data, name, doc_id, replace(ReadLimits.from_settings(engine.settings), max_bytes=limit))
        if isinstance(item, LoadFailure):
            engine.index_documents([item])  # a failed row with the reason, listed by GET /documents
            raise LightRAGError(item.error)
        return _submit([item], prefix="upload")

    def _submit(docs: list[Document], prefix: str = "insert") -> dict[str, Any]:
        known = engine.store.get_document(docs[0].id)
        if known and known.status == "processed" and known.content_hash == docs[0].hash:
            return {"status": "duplicated", "message": f"{docs[0].id} is already indexed with this content",
                    "track_id": jobs.submit([], prefix).track_id}
        job = jobs.submit(docs, prefix)  # stored as pending rows before this answers: a crash loses nothing
        return {"status": "success", "message": f"{len(docs)} document(s) stored and queued for indexing",
                "track_id": job.track_id}

    @app.get("/documents/track_status/{track_id}", response_model=TrackStatusResponse,
             dependencies=viewer)
    def track_status(track_id: str) -> dict[str, Any]:
        job = jobs.get(track_id)
        if job is None:
            raise HTTPException(status_code=404, detail=f"no job with track id {track_id!r}")
        docs = []
        for d in job.documents:
            info = engine.store.get_document(d.id)
            status = (_doc_status(info, d.summary) if info else
                      DocumentStatus(id=d.id, status="pending", file_path=d.file_path, content_summary=d.summary))
            outcome = job.outcomes.get(d.id)
            if outcome is not None:
                status.records_kept = outcome.entities + outcome.relations
                status.records_dropped = dict(outcome.notes.dropped)
                status.warning = outcome.warning()
            docs.append(status)
        summary: dict[str, int] = {}
        for row in docs:
            summary[row.status] = summary.get(row.status, 0) + 1
        return {"track_id": track_id, "status": job.status, "documents": docs, "total_count": len(docs),
                "status_summary": summary, "message": job.message}

    @app.get("/documents", response_model=DocumentsResponse, dependencies=viewer)
    def documents() -> dict[str, Any]:
        grouped: dict[str, list[DocumentStatus]] = {}
        for info in engine.documents():
            grouped.setdefault(info.status, []).append(_doc_status(info))
        return {"statuses": grouped}

    @app.delete("/documents/{doc_id}", response_model=DeleteResponse, dependencies=admin)
    def delete(doc_id: str) -> dict[str, Any]:
        if engine.store.get_document(doc_id) is None:
            raise HTTPException(status_code=404, detail=f"no document with id {doc_id!r}")
        engine.delete_document(doc_id)
        return {"status": "success", "message": f"deleted {doc_id} and what only it supported", "doc_id": doc_id}

    @app.get("/health")
    def health(request: Request, caller: Principal | None = Depends(auth.optional_caller)) -> dict[str, Any]:
        # The server's health, told through its default workspace. With a key or accounts set, a caller
        # without credentials learns only that the server is up.
        return health_body(default_engine, default_jobs.pipeline().busy, not request.app.state.auth.open,
                           caller is not None)

    @app.get("/workspaces")
    def workspaces(caller: Principal = Depends(auth.signed_in_anywhere)) -> dict[str, Any]:
        """The workspaces the caller may open, each with the caller's role there (beyond LightRAG)."""
        mine = [{"name": n, "role": caller.role_in(n)} for n in pool.names() if caller.may_open(n)]
        return {"default": pool.default_name, "workspaces": mine}

    # Inner first: the guards see every request before a route reads its body; CORS, outside them,
    # answers listed origins' preflights and adds its headers to the guards' refusals too.
    settings = default_engine.settings
    app.add_middleware(WorkspaceScope, pool=pool)
    app.add_middleware(RequestGuards, body_kind=route_body_kinds(lambda: app.router.routes),
                       max_body_bytes=settings.max_request_bytes, allowed_hosts=settings.allowed_hosts,
                       cors_origins=cors_origins or ())
    if cors_origins:
        from fastapi.middleware.cors import CORSMiddleware

        app.add_middleware(CORSMiddleware, allow_origins=cors_origins, allow_methods=["*"], allow_headers=["*"])
    return app
