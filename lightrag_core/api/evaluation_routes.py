"""Judging modes on the workspace's own documents: question sets (generated, imported, exported), runs of
them through the modes, and the before/after of an expert's review.

Generating and running are background jobs with a track id (`GET /evaluation/jobs/{track_id}`), as
indexing is. Making or removing a set needs `make_questions` (admin); reading and running need a viewer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Query
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from lightrag_core.accounts import Principal
from lightrag_core.api.eval_jobs import EvalJobs, JobsFull, Progress, Work
from lightrag_core.api.workspace_scope import resolved
from lightrag_core.engine import Engine
from lightrag_core.models import LightRAGError
from lightrag_core.query.modes import RETRIEVAL_MODES
from lightrag_core.workbench.testset import build, runs, sets

MODES = list(RETRIEVAL_MODES)


class GenerateRequest(BaseModel):
    name: str = Field(default="generated", min_length=1, max_length=sets.MAX_NAME_CHARS)
    count: int = Field(default=build.DEFAULT_COUNT, ge=1, le=build.MAX_COUNT)
    seed: int = Field(default=0, ge=0, le=2**31)
    max_chunks: int = Field(default=build.DEFAULT_MAX_CHUNKS, ge=1, le=50_000)
    use_llm: bool | None = Field(default=None, description="None: the LLM when one is configured")


class ImportRequest(BaseModel):
    name: str = Field(min_length=1, max_length=sets.MAX_NAME_CHARS)
    jsonl: str = Field(min_length=1, description="the questions, one JSON object per line")
    source: str = Field(default="upload.jsonl", max_length=200)


class RunRequest(BaseModel):
    set: str = Field(min_length=1, max_length=200, description="a set's id, or its name (newest version)")
    modes: list[str] = Field(default_factory=lambda: list(MODES), min_length=1, max_length=len(MODES))
    ks: list[int] = Field(default_factory=lambda: list(runs.DEFAULT_KS), min_length=1, max_length=6)
    answers: bool = False


def _run_summary(run: runs.Run) -> dict[str, Any]:
    return {k: v for k, v in run.to_record().items() if k != "judgements"}


def evaluation_router(engine: Engine, jobs: EvalJobs, reader: Callable[..., Principal],
                      maker: Callable[..., Principal]) -> APIRouter:
    router = APIRouter(prefix="/evaluation", tags=["evaluation"])

    def queued(kind: str, work: Work) -> dict[str, Any]:
        try:
            return {"status": "queued", "track_id": jobs.submit(kind, work).track_id}
        except JobsFull as exc:
            raise HTTPException(status_code=429, detail=str(exc), headers={"Retry-After": "60"}) from exc

    def found(key: str) -> sets.QuestionSet:
        try:
            return sets.find_set(engine.store, key)
        except LightRAGError as exc:
            raise HTTPException(status_code=404, detail=str(exc)) from exc

    @router.get("/sets")
    def list_sets(_: Principal = Depends(reader)) -> list[dict[str, Any]]:
        return [s.summary() for s in sets.list_sets(engine.store)]

    @router.get("/sets/{set_id}")
    def get_set(set_id: str, _: Principal = Depends(reader)) -> dict[str, Any]:
        return found(set_id).to_record()

    @router.get("/sets/{set_id}/export", response_class=PlainTextResponse)
    def export(set_id: str, _: Principal = Depends(reader)) -> PlainTextResponse:
        qset = found(set_id)
        return PlainTextResponse(sets.export_set(qset), media_type="application/x-ndjson",
                                 headers={"Content-Disposition": f'attachment; filename="questions-{qset.id}.jsonl"'})

    @router.post("/sets/generate")
    def generate(req: GenerateRequest, caller: Principal = Depends(maker)) -> dict[str, Any]:
        sets.check_name(req.name)
        eng = resolved(engine)  # the work runs on the worker thread, outside this request

        def work(progress: Progress) -> dict[str, Any]:
            qset, generated = build.generate_set(eng, req.name, req.count, req.seed, req.max_chunks,
                                                 req.use_llm, caller.name, progress)
            return {"set": qset.summary(), "dropped": dict(generated.dropped),
                    "message": f"saved {qset.label}"}

        return queued("generate", work)

    @router.post("/sets/import")
    def import_set(req: ImportRequest, caller: Principal = Depends(maker)) -> dict[str, Any]:
        return sets.import_set(engine.store, req.jsonl, req.name, req.source, caller.name).summary()

    @router.delete("/sets/{set_id}")
    def delete_set(set_id: str, _: Principal = Depends(maker)) -> dict[str, Any]:
        qset = found(set_id)
        sets.delete_set(engine.store, qset.id)
        return {"status": "success", "message": f"deleted {qset.label} and its runs"}

    @router.post("/runs")
    def run(req: RunRequest, caller: Principal = Depends(reader)) -> dict[str, Any]:
        qset = found(req.set)
        runs.check_modes(req.modes)
        eng = resolved(engine)

        def work(progress: Progress) -> dict[str, Any]:
            made = runs.run_set(eng, qset, req.modes, req.ks, req.answers, run_by=caller.name,
                                progress=lambda done, total: progress("running", done, total))
            return {"run": _run_summary(made), "message": f"judged {len(qset.questions)} questions in "
                    f"{len(req.modes)} modes"}

        return queued("run", work)

    @router.get("/runs")
    def list_runs(set_id: str | None = Query(None, max_length=200), _: Principal = Depends(reader)
                  ) -> list[dict[str, Any]]:
        wanted = found(set_id).id if set_id else None
        return [_run_summary(r) for r in runs.list_runs(engine.store, wanted)]

    @router.get("/runs/{run_id}")
    def get_run(run_id: str, _: Principal = Depends(reader)) -> dict[str, Any]:
        try:
            return runs.find_run(engine.store, run_id).to_record()
        except LightRAGError as exc:
            raise HTTPException(status_code=404, detail=str(exc)) from exc

    @router.get("/impact")
    def impact(set_id: str = Query(..., max_length=200), _: Principal = Depends(reader)) -> dict[str, Any]:
        qset = found(set_id)
        result = runs.impact(engine.store, qset)
        if result is None:
            return {"status": "not enough runs", "message": "run the set before and after review decisions that "
                    "change the graph: the newest run is compared with the newest run on another graph version"}
        return {"status": "success", "before": _run_summary(result.before), "after": _run_summary(result.after),
                "k": result.k, "modes": result.modes, "decisions": result.decisions, "changed": result.changed}

    @router.get("/jobs/{track_id}")
    def job(track_id: str, _: Principal = Depends(reader)) -> dict[str, Any]:
        found_job = jobs.get(track_id)
        if found_job is None:
            raise HTTPException(status_code=404, detail=f"no evaluation job with track id {track_id!r}")
        return found_job.to_dict()

    return router
