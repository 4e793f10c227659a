"""One server, several workspaces: each request names one (LightRAG's `LIGHTRAG-WORKSPACE` header), and the
routes act on that workspace's engine and jobs.

`WorkspacePool` opens a workspace's engine and workers on first use and keeps at most
`LIGHTRAG_MAX_OPEN_WORKSPACES` of them open (the default one always), closing the least recently used
idle one. `WorkspaceScope`, a pure ASGI middleware, reads the header (absent = the configured workspace),
refuses a malformed name with 400 before anything runs, and holds the request's lease on its workspace
until the response (a stream included) is sent, so a workspace in use is never closed under a request.

The routers are written against one engine; they are given `engine_of_request()` and friends, which
forward each attribute read to the engine of the workspace the current request names. Roles are checked
per workspace in `auth.require`, before a route runs and before any workspace is opened.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, cast

from lightrag_core.api.eval_jobs import EvalJobs
from lightrag_core.api.jobs import IndexJobs
from lightrag_core.config import valid_workspace_name
from lightrag_core.engine import Engine
from lightrag_core.models import LightRAGError
from lightrag_core.workbench.workspaces import ListsWorkspaces, Workspaces

HEADER = "lightrag-workspace"
_EXISTS_SECONDS = 2.0  # how long a workspace listing is trusted (a new one appears within this)


@dataclass
class Runtime:
    """An open workspace: its engine and its background workers."""

    name: str
    engine: Engine
    jobs: IndexJobs
    eval_jobs: EvalJobs
    in_flight: int = 0
    last_used: float = field(default_factory=time.monotonic)

    def idle(self) -> bool:
        return self.in_flight == 0 and not self.jobs.pipeline().busy and not self.eval_jobs.busy()

    def close(self) -> None:
        self.jobs.close()
        self.eval_jobs.close()
        self.engine.close()


class WorkspacePool:
    """The open workspaces of one server; the default one is opened by the caller and never closed here."""

    def __init__(self, default: Engine, max_open: int = 4, store_kind: str | None = None) -> None:
        self.workspaces = Workspaces(default.settings)
        self.max_open = max(1, max_open)
        self._store_kind = store_kind or default.store.kind
        self._lock = threading.Lock()
        self._opening: dict[str, threading.Lock] = {}
        self._open: dict[str, Runtime] = {}
        self._listed: tuple[float, list[str]] = (0.0, [])
        self.default = self._runtime(self.workspaces.default, default)

    @property
    def default_name(self) -> str:
        return self.workspaces.default

    def _runtime(self, name: str, engine: Engine) -> Runtime:
        runtime = Runtime(name, engine, IndexJobs(engine), EvalJobs())
        self._open[name] = runtime
        return runtime

    def names(self) -> list[str]:
        """The workspaces that exist (briefly cached: every request checks its workspace against them)."""
        at, names = self._listed
        if time.monotonic() - at > _EXISTS_SECONDS:
            store = self.default.engine.store
            names = self.workspaces.names(store if isinstance(store, ListsWorkspaces) else None)
            with self._lock:
                names = sorted(set(names) | set(self._open), key=lambda n: (n != self.default_name, n))
            self._listed = (time.monotonic(), names)
        return names

    def exists(self, name: str) -> bool:
        return name in self._open or name in self.names()

    def acquire(self, name: str) -> Runtime:
        """The workspace's runtime, opened on first use (one opening per name however many ask), counted in use."""
        with self._lock:
            runtime = self._open.get(name)
            if runtime is not None:
                runtime.in_flight += 1
                return runtime
            gate = self._opening.setdefault(name, threading.Lock())
        with gate:  # single-flight: the others wait for this opening and then find it open
            with self._lock:
                runtime = self._open.get(name)
                if runtime is not None:
                    runtime.in_flight += 1
                    return runtime
            engine = Engine(self.workspaces.settings_for(name), store_kind=self._store_kind)
            engine.start_warmup()
            with self._lock:
                runtime = self._runtime(name, engine)
                runtime.in_flight += 1
                self._opening.pop(name, None)
                self._listed = (0.0, [])
            runtime.jobs.resume_unfinished()  # documents a crash left stored but not indexed
        return runtime

    def release(self, runtime: Runtime) -> None:
        closing: list[Runtime] = []
        with self._lock:
            runtime.in_flight -= 1
            runtime.last_used = time.monotonic()
            spare = sorted((r for r in self._open.values() if r is not self.default and r.idle()),
                           key=lambda r: r.last_used)
            while len(self._open) > self.max_open and spare:
                oldest = spare.pop(0)
                del self._open[oldest.name]
                closing.append(oldest)
        for old in closing:  # outside the lock: joining workers may take a moment
            old.close()

    def close(self) -> None:
        with self._lock:
            others = [r for r in self._open.values() if r is not self.default]
            self._open = {self.default_name: self.default}
        for runtime in others:
            runtime.close()
        self.default.jobs.close()
        self.default.eval_jobs.close()


class RequestWorkspace:
    """The workspace one request names; its runtime is leased on first use and released with the response."""

    def __init__(self, pool: WorkspacePool, name: str) -> None:
        self.pool, self.name = pool, name
        self._runtime: Runtime | None = None
        self._lock = threading.Lock()

    def runtime(self) -> Runtime:
        with self._lock:
            if self._runtime is None:
                self._runtime = self.pool.acquire(self.name)
            return self._runtime

    def release(self) -> None:
        with self._lock:
            runtime, self._runtime = self._runtime, None
        if runtime is not None:
            self.pool.release(runtime)


_CURRENT: ContextVar[RequestWorkspace | None] = ContextVar("lightrag_request_workspace", default=None)


def current_or_none() -> RequestWorkspace | None:
    return _CURRENT.get()


def current() -> RequestWorkspace:
    found = _CURRENT.get()
    if found is None:
        raise LightRAGError("no workspace: this runs only inside a request that WorkspaceScope admitted")
    return found


class _OfRequest:
    """Forwards attribute reads to an object of the current request's workspace."""

    def __init__(self, pick: Callable[[Runtime], Any]) -> None:
        self._pick = pick

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pick(current().runtime()), name)


def engine_of_request() -> Engine:
    return cast(Engine, _OfRequest(lambda r: r.engine))


def jobs_of_request() -> IndexJobs:
    return cast(IndexJobs, _OfRequest(lambda r: r.jobs))


def eval_jobs_of_request() -> EvalJobs:
    return cast(EvalJobs, _OfRequest(lambda r: r.eval_jobs))


def resolved(engine: Engine) -> Engine:
    """The real engine behind `engine_of_request()` (for work handed to a background thread)."""
    return current().runtime().engine if isinstance(engine, _OfRequest) else engine


class WorkspaceScope:
    """ASGI middleware: the request's workspace from its header, held for the whole response."""

    def __init__(self, app: Any, pool: WorkspacePool) -> None:
        self.app, self.pool = app, pool

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        raw = next((v for k, v in scope.get("headers", []) if k == HEADER.encode()), b"")
        name = raw.decode("latin-1").strip() or self.pool.default_name
        if not valid_workspace_name(name):
            body = json.dumps({"detail": "LIGHTRAG-WORKSPACE: a workspace name is 1 to 64 letters, digits, '_' "
                               "or '-'"}).encode()
            await send({"type": "http.response.start", "status": 400,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        request_workspace = RequestWorkspace(self.pool, name)
        token = _CURRENT.set(request_workspace)
        try:
            await self.app(scope, receive, send)
        finally:
            _CURRENT.reset(token)
            request_workspace.release()
