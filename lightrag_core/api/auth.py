"""Who is calling the API, and whether their role may: `require(role)`, `POST /login`, `GET /auth-status`.

A caller proves who they are with `Authorization: Bearer <token>` (from /login) or `X-API-Key`
(acts as admin). Without accounts and without a key the API is open, as for one person on this
machine: every caller from it is the anonymous admin, one from another machine gets 401. 401 (with
`WWW-Authenticate: Bearer`) means no or bad credentials, 403 a role that may not.
"""

from __future__ import annotations

import hmac
import ipaddress
import math
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request
from fastapi.security import APIKeyHeader, OAuth2PasswordBearer, OAuth2PasswordRequestForm

from lightrag_core.accounts import (
    ANONYMOUS,
    API_KEY_PRINCIPAL,
    Accounts,
    Action,
    Principal,
    Role,
    SignInBusy,
    needed_role,
)
from lightrag_core.api import workspace_scope

TITLE = "Graph RAG workbench"
_bearer = OAuth2PasswordBearer(tokenUrl="login", auto_error=False)
_key_header = APIKeyHeader(name="X-API-Key", auto_error=False)


@dataclass
class ApiAuth:
    """The app's accounts and API key (kept on `app.state.auth`)."""

    accounts: Accounts
    api_key: str = ""

    @property
    def open(self) -> bool:
        return not self.accounts.enabled and not self.api_key

    def key_matches(self, key: str) -> bool:
        return bool(self.api_key) and hmac.compare_digest(key.encode(), self.api_key.encode())


def _unauthorized(detail: str) -> HTTPException:
    return HTTPException(status_code=401, detail=detail, headers={"WWW-Authenticate": "Bearer"})


def _same_machine(request: Request) -> bool:
    """Whether the peer is this machine. Open mode is for one person on their own machine; served on another
    address, the Host check stops browsers (DNS rebinding), not a client that sends `Host: localhost`.
    A peer that is not an IP address (a Unix socket, an in-process client) is local."""
    host = request.client.host if request.client else ""
    try:
        peer = ipaddress.ip_address(host)
    except ValueError:
        return True
    if isinstance(peer, ipaddress.IPv6Address) and peer.ipv4_mapped:  # ::ffff:127.0.0.1 on a dual-stack socket
        return peer.ipv4_mapped.is_loopback
    return peer.is_loopback


def _caller(request: Request, token: str | None, key: str | None) -> Principal | None:
    """The principal the request's credentials name; None when it brings none. Wrong ones raise 401."""
    auth: ApiAuth = request.app.state.auth
    if auth.open:
        if not _same_machine(request):
            raise _unauthorized("this API has no accounts and no key, so it answers only this machine: set "
                                "LIGHTRAG_AUTH_ACCOUNTS or LIGHTRAG_API_KEY to serve others")
        return ANONYMOUS
    if key:
        if not auth.key_matches(key):
            raise _unauthorized("wrong X-API-Key header")
        return API_KEY_PRINCIPAL
    if token:
        principal = auth.accounts.verify_token(token)
        if principal is None:
            raise _unauthorized("invalid or expired token; sign in again at POST /login")
        return principal
    return None


def request_workspace(request: Request) -> str:
    """The workspace the request names (LIGHTRAG-WORKSPACE), or the server's default one."""
    scope = workspace_scope.current_or_none()
    return scope.name if scope is not None else request.app.state.workspaces.default_name


def require(role: Role | Action, creates: bool = False) -> Callable[..., Principal]:
    """A dependency: the caller acting in the request's workspace, when their role there allows `role`
    (401 without credentials, 403 without that role there, 404 when the workspace does not exist, unless
    the route `creates` it by adding documents)."""
    needed = needed_role(role)

    def dependency(request: Request, token: str | None = Depends(_bearer),
                   key: str | None = Depends(_key_header)) -> Principal:
        principal = _caller(request, token, key)
        if principal is None:
            raise _unauthorized("sign in: send Authorization: Bearer <token from POST /login> or X-API-Key")
        workspace = request_workspace(request)
        bound = principal.in_workspace(workspace)
        # The same answer whether or not the workspace exists: a caller learns nothing of one they may not use.
        if bound is None:
            raise HTTPException(status_code=403, detail="your account has no role in the workspace this request "
                                "names (LIGHTRAG-WORKSPACE)")
        if not bound.role.allows(needed):
            raise HTTPException(status_code=403, detail=f"the {bound.role} role may not do this; "
                                f"it needs {needed} or above")
        if not creates and not request.app.state.workspaces.exists(workspace):
            raise HTTPException(status_code=404, detail="no such workspace: an admin makes one by adding documents "
                                "to it")
        return bound

    return dependency


def signed_in_anywhere(request: Request, token: str | None = Depends(_bearer),
                       key: str | None = Depends(_key_header)) -> Principal:
    """The caller, with all their grants (for routes about workspaces, not in one); 401 without credentials."""
    principal = _caller(request, token, key)
    if principal is None:
        raise _unauthorized("sign in: send Authorization: Bearer <token from POST /login> or X-API-Key")
    return principal


def optional_caller(request: Request, token: str | None = Depends(_bearer),
                    key: str | None = Depends(_key_header)) -> Principal | None:
    """The caller when they bring valid credentials (or the API is open); None otherwise, without a 401."""
    try:
        return _caller(request, token, key)
    except HTTPException:
        return None


def _versions() -> dict[str, str]:
    try:
        core = metadata.version("lightrag-workbench")
    except metadata.PackageNotFoundError:
        core = "unknown"
    return {"core_version": core, "api_version": "1.0", "webui_title": TITLE,
            "webui_description": "LightRAG-style graph RAG workbench"}


def auth_router() -> APIRouter:
    router = APIRouter(tags=["auth"])

    @router.get("/auth-status")
    def auth_status(request: Request) -> dict[str, Any]:
        auth: ApiAuth = request.app.state.auth
        if auth.accounts.enabled:
            return {"auth_configured": True, "auth_mode": "enabled", **_versions()}
        if auth.api_key:
            return {"auth_configured": False, "auth_mode": "api_key",
                    "message": "No accounts are configured; send the X-API-Key header.", **_versions()}
        # Open for one person: a guest token, which grants what no token grants here already.
        return {"auth_configured": False, "auth_mode": "disabled", "token_type": "bearer", "role": ANONYMOUS.role,
                "access_token": auth.accounts.issue_token(ANONYMOUS),
                "message": "Authentication is disabled; every caller is the one (admin) user.", **_versions()}

    @router.post("/login")
    def login(request: Request, form: OAuth2PasswordRequestForm = Depends()) -> dict[str, Any]:
        auth: ApiAuth = request.app.state.auth
        if not auth.accounts.enabled:
            if auth.api_key:
                raise _unauthorized("no accounts are configured (LIGHTRAG_AUTH_ACCOUNTS); send X-API-Key instead")
            return {"access_token": auth.accounts.issue_token(ANONYMOUS), "token_type": "bearer",
                    "role": ANONYMOUS.role, "auth_mode": "disabled", **_versions()}
        wait = auth.accounts.retry_after(form.username)
        if wait > 0:
            raise HTTPException(status_code=429, detail="too many failed sign-ins; try again later",
                                headers={"Retry-After": str(math.ceil(wait))})
        try:
            principal = auth.accounts.authenticate(form.username, form.password)
        except SignInBusy as exc:
            raise HTTPException(status_code=429, detail=str(exc), headers={"Retry-After": "1"}) from exc
        if principal is None:
            raise _unauthorized("incorrect user name or password")
        return {"access_token": auth.accounts.issue_token(principal), "token_type": "bearer",
                "role": principal.role, "auth_mode": "enabled", **_versions()}

    return router


def install(app: FastAPI, accounts: Accounts, api_key: str = "") -> None:
    """Put the app's credentials on `app.state.auth` and add /login and /auth-status."""
    app.state.auth = ApiAuth(accounts, api_key)
    app.include_router(auth_router())
