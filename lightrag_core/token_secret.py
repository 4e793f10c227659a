"""The key that signs sign-in tokens when LIGHTRAG_TOKEN_SECRET is not set: made once, kept beside the data.

With accounts configured and no secret given, the app and `serve` share one random 256-bit key in
`<workdir>/token_secret` (mode 0600), so a token from the API's /login is valid in the app too and
survives a restart. Deleting the file voids every token (a new key is made on the next start). A file
that another user owns, that others may read, or that is a link is refused: its key could be known.
"""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from lightrag_core.models import LightRAGError

FILE_NAME = "token_secret"
MIN_CHARS = 32
_MAX_BYTES = 4096  # a key file is tiny; a huge one is not ours


class TokenSecretError(LightRAGError, ValueError):
    """The key file cannot be made or read safely; the message says why and what to do."""


def secret_path(workdir: str | Path) -> Path:
    return Path(workdir) / FILE_NAME


def load_or_create(workdir: str | Path) -> str:
    """The workspace's signing key, made (atomically, mode 0600) on first use."""
    path = secret_path(workdir)
    try:
        return _read(path)
    except (FileNotFoundError, NotADirectoryError):  # not made yet (or the folder cannot exist: said below)
        pass
    try:
        Path(workdir).mkdir(parents=True, exist_ok=True)
        _create(path)
    except FileExistsError:  # another process (the app beside `serve`) made it first: use theirs
        pass
    except OSError as exc:
        raise TokenSecretError(f"cannot write the token key file {path}: {exc.strerror or exc}; "
                               "make the folder writable or set LIGHTRAG_TOKEN_SECRET") from exc
    return _read(path)


def _create(path: Path) -> None:
    # Written to a private temporary file, then linked into place: a reader never sees a half-written
    # key, and of two processes starting together exactly one key wins (link fails if the name exists).
    key = secrets.token_urlsafe(32).encode()  # 256 random bits
    temp = path.with_name(f".{FILE_NAME}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(key)
            out.flush()
            os.fsync(out.fileno())
        os.link(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def _read(path: Path) -> str:
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except (FileNotFoundError, NotADirectoryError):
        raise
    except OSError as exc:  # a symbolic link (ELOOP) or no permission
        raise TokenSecretError(f"cannot read the token key file {path} safely ({exc.strerror or exc}); "
                               "delete it to make a new one (every sign-in token becomes void)") from exc
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        problem = _unsafe(info)
        if problem:
            raise TokenSecretError(f"the token key file {path} {problem}; delete it to make a new one "
                                   "(every sign-in token becomes void) or fix it")
        data = handle.read(_MAX_BYTES + 1)
    key = data.decode("utf-8", "replace").strip()
    if len(data) > _MAX_BYTES or len(key) < MIN_CHARS:
        raise TokenSecretError(f"the token key file {path} does not hold a key of {MIN_CHARS} to {_MAX_BYTES} "
                               "characters; delete it to make a new one")
    return key


def _unsafe(info: os.stat_result) -> str:
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file"
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return f"is owned by user id {info.st_uid}, not by this process's user ({os.getuid()})"
    if info.st_mode & 0o077:
        return f"may be read or written by others (mode {stat.S_IMODE(info.st_mode):o}; it must be 600)"
    return ""
