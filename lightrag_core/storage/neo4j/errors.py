"""Neo4j's errors as one line that says what to change, instead of a driver traceback."""

from __future__ import annotations

from lightrag_core.models import LightRAGError

# Security codes that are about the login, not about a privilege: the fix is the password, not a role.
LOGIN_CODES = ("Neo.ClientError.Security.Unauthorized", "Neo.ClientError.Security.AuthenticationRateLimit",
               "Neo.ClientError.Security.CredentialsExpired", "Neo.ClientError.Security.TokenExpired")


class LoginRejected(LightRAGError):
    """The server rejected the user's password (or token): no privilege check was reached."""


def is_login_error(exc: BaseException) -> bool:
    return str(getattr(exc, "code", "") or "") in LOGIN_CODES


def is_forbidden(exc: LightRAGError) -> bool:
    """Whether the server refused for lack of a privilege (the driver's error is the `LightRAGError`'s cause)."""
    cause = exc.__cause__
    return str(getattr(cause, "code", "") or "").startswith("Neo.ClientError.Security") and not (
        cause is not None and is_login_error(cause))


def is_statement_refused(exc: LightRAGError) -> bool:
    """Whether the server refused the statement itself (its syntax or arguments), not the user, the data or the
    connection: another form of the same statement may still run (the driver's error is the cause)."""
    code = str(getattr(exc.__cause__, "code", "") or "")
    return code.startswith(("Neo.ClientError.Statement.SyntaxError", "Neo.ClientError.Statement.ArgumentError",
                            "Neo.ClientError.Statement.TypeError", "Neo.ClientError.Procedure.",
                            "Neo.ClientError.Statement.UnsupportedOperationError"))


def is_out_of_memory(exc: BaseException) -> bool:
    """A transaction memory limit: the pool's (dbms.memory.transaction.total.max, a transient code) or one
    transaction's (db.memory.transaction.max, Neo.ClientError.General.TransactionOutOfMemoryError); either
    way retrying repeats the same failure."""
    code = str(getattr(exc, "code", "") or "")
    return code.startswith(("Neo.TransientError.General.", "Neo.ClientError.General.")) and (
        "OutOfMemory" in code or "MemoryLimit" in code)


def out_of_memory_message(code: str, database: str) -> str:
    return (f"Neo4j ran out of transaction memory ({code}) in database {database!r}: this document's write "
            "is larger than the server lets one transaction hold, and retrying fails the same way. Raise "
            "dbms.memory.transaction.total.max (and db.memory.transaction.max if set) in neo4j.conf, or split "
            "the document into smaller files; nothing of it was written")


def user_error(exc: Exception, uri: str, database: str, user: str = "") -> LightRAGError:
    """A `LightRAGError` for a server or driver error, naming the setting or the action that fixes it."""
    from neo4j.exceptions import IncompleteCommit, Neo4jError, ServiceUnavailable, SessionExpired, TransientError

    code = getattr(exc, "code", "") or ""
    message = getattr(exc, "message", None) or str(exc)
    if code.endswith("DatabaseNotFound"):
        text = (f"NEO4J_DATABASE {database!r} does not exist on {uri}: create it (CREATE DATABASE {database}, "
                "on Enterprise or Aura) or set NEO4J_DATABASE to an existing one (the default is neo4j)")
    elif "no such vector schema index" in message.lower():
        text = (f"a vector index this store searches is missing from database {database!r} ({message}): index "
                "a document (the store creates its indexes then) or recreate the one that was dropped")
    elif is_login_error(exc):
        return LoginRejected(
            f"Neo4j at {uri} rejected the login of user {user!r} ({message}): check that user's password "
            "(NEO4J_USERNAME and NEO4J_PASSWORD; for the Ask-in-Cypher console, NEO4J_CONSOLE_USER and "
            "NEO4J_CONSOLE_PASSWORD), or wait if too many attempts failed")
    elif code.startswith("Neo.ClientError.Security"):
        text = (f"the Neo4j user may not do this on {database!r} ({message}): grant it a role that can read and "
                "write there, or set NEO4J_USERNAME to one that can")
    elif is_out_of_memory(exc):
        text = out_of_memory_message(code, database)
    elif isinstance(exc, IncompleteCommit):
        text = (f"lost the connection to Neo4j at {uri} after a write was sent to commit, twice: whether it "
                "landed is unknown (the store asked again and could not tell). Check that the server is up and "
                "look at the graph (`documents`, `stats`) before indexing the document again")
    elif isinstance(exc, (ServiceUnavailable, SessionExpired)):
        text = (f"lost the connection to Neo4j at {uri}: check that the server is up and retry; a write in "
                "progress was rolled back")
    elif isinstance(exc, TransientError):
        text = f"Neo4j was busy ({code}): retry; nothing was written"
    elif isinstance(exc, Neo4jError):
        text = f"Neo4j refused a statement ({code or 'no code'}): {message}"
    else:
        text = f"the Neo4j driver failed: {message}"
    return LightRAGError(text)
