"""Request guards in front of the API: Host, Origin, content type and body size, checked before any body is read.

With no API key (the default) the API still must not take writes from other web pages: a page can
post a form or a `text/plain` body to any URL, and DNS rebinding makes a foreign name point at the
loopback server. So, key or no key:
- `Host` must be a loopback name or listed in LIGHTRAG_ALLOWED_HOSTS (else 400);
- an `Origin` other than the server's own and not in LIGHTRAG_CORS_ORIGINS gets 403 (no Origin, as
  curl and scripts send, is allowed); a write a browser marks `Sec-Fetch-Site: cross-site` or
  `same-site` without an Origin gets 403 too;
- JSON routes take only `application/json`, form routes only multipart or url-encoded forms (415);
- a body over the limit gets 413, from Content-Length before reading, or while the body streams
  in (chunked bodies have no length), before FastAPI or the multipart parser holds it; a body that
  stalls for BODY_IDLE_SECONDS gets 408, so a slow sender cannot hold a worker.

A pure ASGI middleware, so the limit applies to the stream itself rather than to a body already read.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Literal
from urllib.parse import urlsplit

from fastapi import Request, params
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.datastructures import Headers
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

BodyKind = Literal["json", "form"]
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
FORM_TYPES = frozenset({"multipart/form-data", "application/x-www-form-urlencoded"})
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
BODY_IDLE_SECONDS = 60.0


class _BodyRefused(Exception):
    """Raised from the wrapped `receive` once the body passes the limit or stalls."""


def _api_routes(routes: Iterable[BaseRoute]) -> Iterator[Any]:
    """The API routes in order, those of included routers among them: FastAPI keeps an included router as one
    entry whose routes it lists through `effective_route_contexts()` (each with `matches` and `body_field`)."""
    for route in routes:
        contexts = getattr(route, "effective_route_contexts", None)
        if callable(contexts):
            yield from contexts()
        elif isinstance(route, APIRoute):
            yield route


def route_body_kinds(routes: Callable[[], Iterable[BaseRoute]]) -> Callable[[Scope], BodyKind | None]:
    """For a request: what body its route takes ("json", "form"), or None for no body or no route.

    Looks the routes up per request, so routes added after the middleware (e.g. a login form) count.
    """

    def kind(scope: Scope) -> BodyKind | None:
        for route in _api_routes(routes()):
            if route.matches(scope)[0] == Match.FULL:
                body = route.body_field
                if body is None:
                    return None
                return "form" if isinstance(body.field_info, params.Form) else "json"
        return None

    return kind


def _host_name(host: str) -> str:
    """`Host` without its port, lower case, no trailing dot; '[::1]:8000' -> '::1'."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0].rstrip(".") if host.count(":") == 1 else host.rstrip(".")


def is_loopback(name: str) -> bool:
    if name == "localhost" or name.endswith(".localhost"):  # browsers resolve these to loopback themselves
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def _origin_key(scheme: str, host: str, port: int | None) -> tuple[str, str, int | None]:
    return scheme, host, port or _DEFAULT_PORTS.get(scheme)


def _parse_origin(origin: str) -> tuple[str, str, int | None] | None:
    try:
        parts = urlsplit(origin)
        return _origin_key(parts.scheme.lower(), (parts.hostname or "").lower(), parts.port)
    except ValueError:
        return None


def _own_origin(scope: Scope, host: str) -> tuple[str, str, int | None] | None:
    return _parse_origin(f"{scope.get('scheme', 'http')}://{host}")


class RequestGuards:
    """The ASGI middleware; see the module's docstring for what it refuses."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        body_kind: Callable[[Scope], BodyKind | None],
        max_body_bytes: int,
        allowed_hosts: Iterable[str] = (),
        cors_origins: Iterable[str] = (),
    ) -> None:
        self.app = app
        self.body_kind = body_kind
        self.max_body = max_body_bytes
        self.allowed_hosts = {_host_name(h) if h != "*" else "*" for h in allowed_hosts}
        self.cors_origins = {o.rstrip("/") for o in cors_origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope, Headers(scope=scope))
        if refusal is not None:
            await _respond(send, *refusal)
            return
        await self._limited(scope, receive, send)

    def refusal(self, scope: Scope, headers: Headers) -> tuple[int, str] | None:
        """(status, reason) when the request is refused before its body is read, else None."""
        host = headers.get("host", "")
        name = _host_name(host)
        if not name or not (is_loopback(name) or name in self.allowed_hosts or "*" in self.allowed_hosts):
            return 400, (f"host {name or '(none)'!r} is not served here: use a loopback address or add the name "
                         "to LIGHTRAG_ALLOWED_HOSTS")
        method = scope["method"].upper()
        origin = headers.get("origin")
        if origin is not None:
            if not (_parse_origin(origin) == _own_origin(scope, host) or origin.rstrip("/") in self.cors_origins
                    or "*" in self.cors_origins):
                return 403, (f"cross-origin request from {origin[:200]!r} refused: not this server's origin and "
                             "not in LIGHTRAG_CORS_ORIGINS")
        elif method not in SAFE_METHODS and headers.get("sec-fetch-site", "").lower() in {"cross-site", "same-site"}:
            return 403, "cross-site request refused (Sec-Fetch-Site): send it from this server's own origin"
        length = headers.get("content-length")
        if length is not None:
            if not length.strip().isdigit():
                return 400, "Content-Length is not a number"
            if int(length) > self.max_body:
                return 413, self._too_large()
        if method in SAFE_METHODS:
            return None
        kind = self.body_kind(scope)
        media = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if kind == "json" and media != "application/json":
            return 415, f"this endpoint takes Content-Type application/json, not {media or '(none)'!r}"
        if kind == "form" and media not in FORM_TYPES:
            return 415, (f"this endpoint takes a form (multipart/form-data or application/x-www-form-urlencoded), "
                         f"not {media or '(none)'!r}")
        return None

    def _too_large(self) -> str:
        return f"request body larger than the {self.max_body / 2**20:.1f} MB limit (LIGHTRAG_MAX_REQUEST_MB)"

    async def _limited(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Run the app with the body counted as it arrives; past the limit (or stalled), the answer is 413 (408)."""
        received = 0
        body_done = started = False
        refusal: tuple[int, str] | None = None

        async def counted() -> Message:
            nonlocal received, body_done, refusal
            if body_done:  # after the body, receive() only waits for a disconnect (e.g. under a stream)
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), BODY_IDLE_SECONDS)
            except TimeoutError:
                refusal = 408, f"the request body stalled for {BODY_IDLE_SECONDS:g} s"
                raise _BodyRefused() from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                body_done = not message.get("more_body", False)
                if received > self.max_body:
                    refusal = 413, self._too_large()
                    raise _BodyRefused()
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refusal is not None and not started:
                return  # whatever the app makes of a cut-off body, the answer is the refusal
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, guarded_send)
        except Exception:
            if refusal is None:
                raise
        if refusal is not None and not started:
            await _respond(send, *refusal)


async def _respond(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def _json_safe(value: Any) -> Any:
    """`value` with NaN and infinities as text (JSON has no such numbers) and lone surrogates escaped (a JSON
    string may spell one, `"\\ud800"`, but UTF-8 cannot carry it)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_json_safe(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_safe(v) for v in value]
    return value


async def invalid_request(_: Request, exc: Exception) -> JSONResponse:
    """FastAPI's 422 answer, which quotes the refused input: Python's JSON parser takes NaN, Infinity and lone
    surrogates in a body, and quoting one back failed (a 500 with a traceback in the log, for any route and any
    caller)."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else [{"msg": str(exc)}]
    return JSONResponse(status_code=422, content={"detail": _json_safe(jsonable_encoder(errors))})
