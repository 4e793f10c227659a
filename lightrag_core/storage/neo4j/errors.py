"""Neo4j's errors as one line that says what to change, instead of a driver traceback."""

from __future__ import annotations

from lightrag_core.models import LightRAGError


def is_forbidden(exc: LightRAGError) -> bool:
    """Whether the server refused for lack of a privilege (the driver's error is the `LightRAGError`'s cause)."""
    return str(getattr(exc.__cause__, "code", "") or "").startswith("Neo.ClientError.Security")


def is_out_of_memory(exc: BaseException) -> bool:
    """The server's transaction memory limit: a transient code, yet retrying repeats the same failure."""
    code = str(getattr(exc, "code", "") or "")
    return code.startswith("Neo.TransientError.General.") and ("OutOfMemory" in code or "MemoryLimit" in code)


def out_of_memory_message(code: str, database: str) -> str:
    return (f"Neo4j ran out of transaction memory ({code}) in database {database!r}: this document's write "
            "is larger than the server lets one transaction hold, and retrying fails the same way. Raise "
            "dbms.memory.transaction.total.max (and db.memory.transaction.max if set) in neo4j.conf, or split "
            "the document into smaller files; nothing of it was written")


def user_error(exc: Exception, uri: str, database: str) -> LightRAGError:
    """A `LightRAGError` for a server or driver error, naming the setting or the action that fixes it."""
    from neo4j.exceptions import Neo4jError, ServiceUnavailable, SessionExpired, TransientError

    code = getattr(exc, "code", "") or ""
    message = getattr(exc, "message", None) or str(exc)
    if code.endswith("DatabaseNotFound"):
        text = (f"NEO4J_DATABASE {database!r} does not exist on {uri}: create it (CREATE DATABASE {database}, "
                "on Enterprise or Aura) or set NEO4J_DATABASE to an existing one (the default is neo4j)")
    elif "no such vector schema index" in message.lower():
        text = (f"a vector index this store searches is missing from database {database!r} ({message}): index "
                "a document (the store creates its indexes then) or recreate the one that was dropped")
    elif code.startswith("Neo.ClientError.Security"):
        text = (f"the Neo4j user may not do this on {database!r} ({message}): grant it a role that can read and "
                "write there, or set NEO4J_USERNAME to one that can")
    elif is_out_of_memory(exc):
        text = out_of_memory_message(code, database)
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
