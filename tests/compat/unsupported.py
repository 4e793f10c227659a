"""LightRAG 1.5.7 routes this server does not answer yet, each with its reason: the one list of them.

The compatibility suite fails when a route here is served after all (take it off the list) and when a
LightRAG route is neither served nor listed. README.md's "Switching from LightRAG's server" names them too.
"""

from __future__ import annotations

UNSUPPORTED: dict[tuple[str, str], str] = {
    ("GET", "/"): "LightRAG redirects / to its bundled WebUI; this server ships the Streamlit workbench instead",
    ("GET", "/auth/verify"): "LightRAG's check of a reverse proxy's credentials; accounts here sign in at /login",
    ("GET", "/documents/scan/status/{}"): "a scan is an indexing job here: follow it at /documents/track_status/{id}",
    ("GET", "/documents/source_conflicts"): "LightRAG's duplicate-source repair; here a file's new version replaces "
                                            "its old one when indexed, so no conflicts are kept to repair",
    ("POST", "/documents/source_conflicts/repair"): "as /documents/source_conflicts",
    ("POST", "/documents/recovery/force_reset"): "no recovery fence exists here: every write is one transaction",
    ("GET", "/ui/customization"): "LightRAG's WebUI branding settings; this server serves no WebUI",
    ("GET", "/ui/customization/assets/{}/{}"): "as /ui/customization",
}

# Optional request fields LightRAG takes that this server accepts and ignores (extra fields are never refused).
_CHUNKING = "chunking is one server-wide setting here (CHUNK_TOKENS, CHUNK_OVERLAP), not chosen per request"
_PREFIX = "this server prepends no global prompt prefix to user_prompt, so there is nothing to disable"
_PROGRESS = "no progress events: /query/stream sends references, then the answer"
IGNORED_FIELDS: dict[tuple[str, str, str], str] = {
    ("POST", "/documents/text", "chunking"): _CHUNKING,
    ("POST", "/documents/texts", "chunking"): _CHUNKING,
    **{("POST", path, "disable_user_prompt_prefix"): _PREFIX for path in ("/query", "/query/stream", "/query/data")},
    **{("POST", path, "include_progress"): _PROGRESS for path in ("/query", "/query/stream", "/query/data")},
}
