"""GET /health in LightRAG 1.5.7's shape, with this project's store, model and count fields added."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from lightrag_core.engine import Engine

# LightRAG's WebUI reads these to decide what it may show; the version is the server surface followed.
LIGHTRAG_API_VERSION = "1.5.7"


def _core_version() -> str:
    try:
        return version("lightrag-workbench")
    except PackageNotFoundError:
        return "0"


def health_body(engine: Engine, pipeline_busy: bool, protected: bool, detailed: bool) -> dict[str, Any]:
    """What /health answers; a caller without credentials on a protected server learns only that it is up."""
    body: dict[str, Any] = {"status": "healthy", "auth_mode": "enabled" if protected else "disabled",
                            "core_version": _core_version(), "api_version": LIGHTRAG_API_VERSION,
                            "webui_available": False, "api_docs_available": True, "pipeline_busy": pipeline_busy,
                            "pipeline_active": pipeline_busy, "warmup": engine.warmup.state}
    if not detailed:
        return {"status": "healthy"} if protected else body
    info = engine.describe()  # base URLs without credentials (Engine.describe redacts them)
    settings = engine.settings
    storage = "Neo4JStorage" if info["store"] == "neo4j" else "SQLiteStorage"
    body.update({
        "store": info["store"], "llm": info["llm"], "embedding_model": info["embedding_model"],
        "counts": {k: info[k] for k in ("documents", "chunks", "entities", "relations")},
        "warmup_detail": engine.warmup.describe(),
        "working_directory": str(settings.workdir), "input_directory": str(settings.scan_dir),
        "configuration": {
            "llm_binding": "openai" if engine.llm is not None else "none", "llm_model": settings.llm_model,
            "embedding_binding": "openai" if settings.embedding_base_url else "onnx",
            "embedding_model": info["embedding_model"],
            "kv_storage": storage, "doc_status_storage": storage, "graph_storage": storage,
            "vector_storage": storage, "workspace": "", "max_graph_nodes": 1000,
            "enable_rerank": bool(settings.rerank_model), "rerank_model": settings.rerank_model or None,
            "summary_max_tokens": settings.summary_max_tokens, "enable_llm_cache": True,
        },
    })
    return body
