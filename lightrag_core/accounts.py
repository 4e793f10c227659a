"""Who may do what: accounts from LIGHTRAG_AUTH_ACCOUNTS, their roles, and signed tokens.

One mechanism for the Streamlit app and the HTTP API. Passwords are checked with `bcrypt` (hashes
`$2a$`, `$2b$`, `$2y$`) or, for a plain password, compared in constant time; tokens are JWTs signed
with LIGHTRAG_TOKEN_SECRET (PyJWT, HS256) and expire after LIGHTRAG_TOKEN_EXPIRE_HOURS. With no
accounts the workbench is open to one person: every caller is `ANONYMOUS`, an admin.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import StrEnum

import bcrypt
import jwt

from lightrag_core import token_secret
from lightrag_core.config import Settings, valid_workspace_name
from lightrag_core.models import LightRAGError

BCRYPT_PREFIXES = ("$2a$", "$2b$", "$2y$")
# bcrypt reads at most 72 bytes; a longer password could never match a hash, and a huge one only costs time.
MAX_PASSWORD_CHARS = 1024
# bcrypt is slow on purpose: at most this many checks run at once, and a sign-in waits this long for one,
# so a flood of sign-ins (random names included: they cost a decoy check) cannot take every core.
CONCURRENT_CHECKS = 1
CHECK_WAIT_SECONDS = 3.0
MIN_SECRET_CHARS = 32
# Failed sign-ins: after this many in a row, the account waits LOCK_SECONDS before the next attempt counts.
FREE_FAILURES = 5
LOCK_SECONDS = 30.0
_ALGORITHM = "HS256"


class Role(StrEnum):
    """Roles, weakest first: each one may do everything the ones before it may."""

    VIEWER = "viewer"
    REVIEWER = "reviewer"
    ADMIN = "admin"

    @property
    def rank(self) -> int:
        return list(Role).index(self)

    def allows(self, needed: Role) -> bool:
        """Whether this role may do what `needed` may."""
        return self.rank >= Role(needed).rank


class Action(StrEnum):
    """What a user can do in the app or the API; ROLE_FOR says which role each one needs."""

    QUERY = "query"
    COMPARE = "compare"
    ANALYTICS = "analytics"
    LIST_DOCUMENTS = "list documents"
    REVIEW = "review"
    EDIT_GRAPH = "edit the graph"
    UPLOAD = "upload"
    DELETE = "delete documents"
    RERUN = "re-run documents"
    CYPHER = "Cypher console"
    CHOOSE_WORKSPACE = "choose the workspace"
    EVALUATE = "evaluate modes on a question set"
    MAKE_QUESTIONS = "generate, import or delete question sets"

    @property
    def role(self) -> Role:
        return ROLE_FOR[self]


ROLE_FOR: Mapping[Action, Role] = {
    Action.QUERY: Role.VIEWER,
    Action.COMPARE: Role.VIEWER,
    Action.ANALYTICS: Role.VIEWER,
    Action.LIST_DOCUMENTS: Role.VIEWER,
    Action.REVIEW: Role.REVIEWER,
    Action.EDIT_GRAPH: Role.REVIEWER,
    Action.UPLOAD: Role.ADMIN,
    Action.DELETE: Role.ADMIN,
    Action.RERUN: Role.ADMIN,
    Action.CYPHER: Role.ADMIN,
    Action.CHOOSE_WORKSPACE: Role.ADMIN,
    Action.EVALUATE: Role.VIEWER,
    Action.MAKE_QUESTIONS: Role.ADMIN,
}


def needed_role(what: Role | Action) -> Role:
    return what.role if isinstance(what, Action) else Role(what)


EVERY_WORKSPACE = "*"
Grants = tuple[tuple[str, Role], ...]  # (workspace or EVERY_WORKSPACE, role), sorted


def role_in(grants: Grants, workspace: str) -> Role | None:
    """The strongest role the grants give in `workspace` (a bare role counts in every workspace)."""
    found = [role for where, role in grants if where in (EVERY_WORKSPACE, workspace)]
    return max(found, key=lambda r: r.rank) if found else None


def _grants_mark(grants: Grants) -> str:
    """A short digest of an account's workspace roles: a token names the account, and is void once its
    roles change, without carrying the list of workspaces."""
    return hashlib.sha256(grants_text(grants).encode()).hexdigest()[:16]


def grants_text(grants: Grants) -> str:
    """The grants as written in LIGHTRAG_AUTH_ACCOUNTS: `admin`, or `reviewer@legal,viewer@hr`."""
    return ",".join(role.value if where == EVERY_WORKSPACE else f"{role.value}@{where}" for where, role in grants)


@dataclass(frozen=True)
class Principal:
    """Someone signed in (or the one user of an open workbench, named "").

    `role` is what they may do where they are acting: a principal from a sign-in carries its `grants` and
    its strongest role; `in_workspace(name)` gives the one bound to a workspace, whose role is the role
    there. With no grants the role holds in every workspace (the open workbench, the API key)."""

    name: str
    role: Role
    grants: Grants = ()

    @property
    def anonymous(self) -> bool:
        return self.name == ""

    def may(self, what: Role | Action) -> bool:
        return self.role.allows(needed_role(what))

    def role_in(self, workspace: str) -> Role | None:
        return role_in(self.grants, workspace) if self.grants else self.role

    def in_workspace(self, workspace: str) -> Principal | None:
        """This principal acting in `workspace`, with its role there; None when it has none there."""
        role = self.role_in(workspace)
        return None if role is None else Principal(self.name, role)

    def may_open(self, workspace: str) -> bool:
        return self.role_in(workspace) is not None

    @property
    def everywhere(self) -> Role | None:
        """The role held in every workspace (a bare role), if any: what may open a workspace by path."""
        if not self.grants:
            return self.role
        return next((role for where, role in self.grants if where == EVERY_WORKSPACE), None)


ANONYMOUS = Principal("", Role.ADMIN)
API_KEY_PRINCIPAL = Principal("api-key", Role.ADMIN)


class SignInBusy(LightRAGError):
    """Password checks are all in use: the caller should try again in a moment."""


class AccountsError(LightRAGError, ValueError):
    """LIGHTRAG_AUTH_ACCOUNTS or the token settings are wrong; the message says which entry and why."""


@dataclass(frozen=True)
class Account:
    name: str
    password: str = field(repr=False)  # a bcrypt hash or the plain password
    grants: Grants

    @property
    def hashed(self) -> bool:
        return self.password.startswith(BCRYPT_PREFIXES)

    @property
    def role(self) -> Role:
        """The strongest role the account holds anywhere (what /login reports, as LightRAG's does)."""
        return max((role for _, role in self.grants), key=lambda r: r.rank)

    def principal(self) -> Principal:
        everywhere = all(where == EVERY_WORKSPACE for where, _ in self.grants)
        return Principal(self.name, self.role, () if everywhere else self.grants)


def _grant(text: str, where: str) -> tuple[str, Role]:
    role, at, workspace = text.strip().lower().partition("@")
    if role not in {r.value for r in Role}:
        raise AccountsError(f"{where}: unknown role; use one of " + ", ".join(r.value for r in Role)
                            + " (or role@workspace)")
    workspace = text.strip().partition("@")[2].strip() if at else EVERY_WORKSPACE
    if at and not valid_workspace_name(workspace):
        raise AccountsError(f"{where}: a workspace name is 1 to 64 letters, digits, '_' or '-'")
    return workspace, Role(role)


def parse_accounts(spec: str) -> dict[str, Account]:
    """`user:password:role,...` as accounts. The password may hold colons (the role is after the last one).

    A role may name a workspace (`reviewer@legal`); entries without a colon give the account before them
    more (`bob:pw:reviewer@legal,viewer@hr`). A bare role holds in every workspace."""
    accounts: dict[str, Account] = {}
    grants: dict[str, dict[str, Role]] = {}
    last = ""
    for number, entry in enumerate(spec.split(","), start=1):
        entry = entry.strip()
        if not entry:
            continue
        if ":" not in entry and last:  # another role of the account before
            where, role = _grant(entry, f"LIGHTRAG_AUTH_ACCOUNTS entry {number} (a role of {last!r})")
            _add(grants[last], where, role)
            continue
        # Errors name the entry by number and user, never by its password.
        name, _, rest = entry.partition(":")
        password, _, role_text = rest.rpartition(":")
        name = name.strip()
        where = f"LIGHTRAG_AUTH_ACCOUNTS entry {number}" + (f" ({name!r})" if name else "")
        if not name or not rest or not password:
            raise AccountsError(f"{where}: expected user:password:role")
        workspace, role = _grant(role_text, where)
        if name in accounts:
            raise AccountsError(f"{where}: the user is listed twice")
        if password.startswith(BCRYPT_PREFIXES) and len(password) != 60:
            raise AccountsError(f"{where}: the password looks like a bcrypt hash but is not 60 characters long")
        accounts[name] = Account(name, password, ())
        grants[name] = {workspace: role}
        last = name
    return {name: Account(name, a.password, tuple(sorted(grants[name].items())))
            for name, a in accounts.items()}


def _add(grants: dict[str, Role], workspace: str, role: Role) -> None:
    known = grants.get(workspace)
    grants[workspace] = role if known is None or role.rank > known.rank else known


def signing_key(settings: Settings) -> str:
    """LIGHTRAG_TOKEN_SECRET when set; with accounts and no secret, the key kept in the work directory
    (made on first start, token_secret.py); "" in open mode, which signs only guest tokens."""
    if settings.token_secret or not settings.auth_accounts.strip():
        return settings.token_secret
    try:
        return token_secret.load_or_create(settings.workdir)
    except token_secret.TokenSecretError as exc:
        raise AccountsError(str(exc)) from exc


def _bcrypt_matches(password: bytes, stored: bytes) -> bool:
    if len(password) > 72:  # bcrypt refuses longer input; no hash of it exists
        return False
    try:
        return bcrypt.checkpw(password, stored)
    except ValueError:  # a malformed hash never matches
        return False


class _Failures:
    """Failed sign-ins per configured user (bounded: only configured names are tracked)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[str, tuple[int, float]] = {}

    def wait(self, name: str) -> float:
        """Seconds before `name` may try again (0 = now)."""
        with self._lock:
            count, last = self._counts.get(name, (0, 0.0))
        if count < FREE_FAILURES:
            return 0.0
        return max(0.0, last + LOCK_SECONDS - time.monotonic())

    def record(self, name: str, ok: bool) -> None:
        with self._lock:
            if ok:
                self._counts.pop(name, None)
            else:
                count, _ = self._counts.get(name, (0, 0.0))
                self._counts[name] = (count + 1, time.monotonic())


class Accounts:
    """The configured accounts; signs and checks tokens. `enabled` is False in single-user mode."""

    def __init__(self, accounts: Mapping[str, Account], token_secret: str = "", expire_hours: float = 48) -> None:
        self.accounts = dict(accounts)
        if self.accounts and len(token_secret) < MIN_SECRET_CHARS:
            raise AccountsError(
                f"LIGHTRAG_TOKEN_SECRET must be at least {MIN_SECRET_CHARS} characters; make one with: "
                "python -c \"import secrets; print(secrets.token_urlsafe(32))\", or leave it unset to use "
                "the key kept in the work directory")
        if expire_hours <= 0:
            raise AccountsError("LIGHTRAG_TOKEN_EXPIRE_HOURS must be above 0")
        # Open mode signs only guest tokens, which grant nothing an anonymous caller lacks: a
        # per-process random key is enough there, and nothing is derived from a missing secret.
        self._secret = token_secret if self.accounts else secrets.token_urlsafe(32)
        self.expire = timedelta(hours=expire_hours)
        self.failures = _Failures()
        # With any bcrypt account, every check runs bcrypt once at the highest cost configured (against
        # this hash for unknown names and plain passwords), so the time taken tells no name or kind apart.
        costs = [int(a.password[4:6]) for a in self.accounts.values() if a.hashed and a.password[4:6].isdigit()]
        self._decoy = secrets.token_bytes(16)
        self._dummy = bcrypt.hashpw(secrets.token_bytes(16), bcrypt.gensalt(min(max(costs), 16))) if costs else None
        self._checks = threading.BoundedSemaphore(CONCURRENT_CHECKS)

    @classmethod
    def from_settings(cls, settings: Settings) -> Accounts:
        accounts = parse_accounts(settings.auth_accounts)  # a wrong entry stops here, before any key file is made
        return cls(accounts, signing_key(settings) if accounts else "", settings.token_expire_hours)

    @property
    def enabled(self) -> bool:
        return bool(self.accounts)

    def retry_after(self, username: str) -> float:
        """Seconds `username` must wait after too many failed sign-ins (0 = may try now)."""
        return self.failures.wait(username) if username in self.accounts else 0.0

    def authenticate(self, username: str, password: str) -> Principal | None:
        """The account's principal when the password is right (and the account not waiting), else None.
        `SignInBusy` when every password check is in use for CHECK_WAIT_SECONDS."""
        if not self.enabled or len(password) > MAX_PASSWORD_CHARS or len(username) > MAX_PASSWORD_CHARS:
            return None
        account = self.accounts.get(username)
        if account is not None and self.retry_after(username) > 0:
            return None
        if not self._checks.acquire(timeout=CHECK_WAIT_SECONDS):
            raise SignInBusy("too many sign-ins at once; try again in a moment")
        try:
            ok = self._matches(account, password.encode("utf-8"))
        finally:
            self._checks.release()
        if account is None:
            return None
        self.failures.record(username, ok)
        return account.principal() if ok else None

    def _matches(self, account: Account | None, given: bytes) -> bool:
        if account is not None and account.hashed:
            return _bcrypt_matches(given, account.password.encode())
        if self._dummy is not None:
            _bcrypt_matches(given, self._dummy)  # the same time as a hashed account takes
        if account is None:
            hmac.compare_digest(given, self._decoy)
            return False
        return hmac.compare_digest(given, account.password.encode("utf-8"))

    def _password_mark(self, account: Account) -> str:
        """A mark of the account's password for its tokens, so a new password voids the tokens of the old one.
        Keyed with the token secret: the claims are readable by whoever holds a token, and an unkeyed hash of
        a plain password could be guessed offline."""
        mac = hmac.new(self._secret.encode(), b"password\0" + account.password.encode(), hashlib.sha256)
        return mac.hexdigest()[:32]

    def issue_token(self, principal: Principal) -> str:
        now = datetime.now(UTC)
        claims = {"sub": principal.name, "role": principal.role.value, "iat": now, "exp": now + self.expire,
                  "guest": principal.anonymous}
        if principal.grants:
            claims["grants"] = _grants_mark(principal.grants)  # a mark, not the list: roles are re-read
        account = self.accounts.get(principal.name)
        if account is not None:
            claims["pwd"] = self._password_mark(account)
        return jwt.encode(claims, self._secret, algorithm=_ALGORITHM)

    def verify_token(self, token: str) -> Principal | None:
        """The token's principal if it is signed by us, unexpired, and its account still has that role and password."""
        if not token or len(token) > 4096:
            return None
        try:
            claims = jwt.decode(token, self._secret, algorithms=[_ALGORITHM], options={"require": ["exp", "sub"]})
        except jwt.PyJWTError:
            return None
        if not self.enabled:
            return ANONYMOUS if claims.get("guest") else None
        account = self.accounts.get(str(claims["sub"]))
        # A removed account, or one whose roles changed, loses its earlier tokens.
        if account is None or claims.get("role") != account.role.value or claims.get("guest"):
            return None
        # Signed with the workspace roles' mark (none for a role held everywhere): changed roles, void token.
        principal = account.principal()
        if claims.get("grants") != (_grants_mark(principal.grants) if principal.grants else None):
            return None
        # A changed password (a leaked one replaced) voids the tokens signed in with the old one.
        if not hmac.compare_digest(str(claims.get("pwd", "")), self._password_mark(account)):
            return None
        return principal
