"""Settings from the environment and `.streamlit/secrets.toml`, the cached engine, the sidebar."""

from __future__ import annotations

import os
from pathlib import Path

import streamlit as st

from lightrag_core import Engine, Settings
from lightrag_core.config import DEFAULT_WORKDIR

# Settings that may come from .streamlit/secrets.toml instead of the environment.
SECRET_KEYS = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL", "EMBEDDING_MODEL", "EMBEDDING_BASE_URL",
               "EMBEDDING_API_KEY", "NEO4J_URI", "NEO4J_USERNAME", "NEO4J_PASSWORD", "NEO4J_DATABASE",
               "LIGHTRAG_WORKDIR", "LIGHTRAG_WORKSPACE")


def apply_secrets() -> None:
    """Copy known keys from st.secrets into the environment (real environment variables win)."""
    try:
        secrets = {k: st.secrets[k] for k in SECRET_KEYS if k in st.secrets}
    except Exception:  # no secrets file: nothing to apply
        return
    for key, value in secrets.items():
        os.environ.setdefault(key, str(value))


@st.cache_resource(show_spinner="Opening the workspace and loading models…")
def _engine(workdir: str, store_kind: str) -> Engine:
    return Engine(Settings.from_env(workdir), store_kind=store_kind)


def workdir() -> str:
    if "workdir" not in st.session_state:
        apply_secrets()
        st.session_state.workdir = os.environ.get("LIGHTRAG_WORKDIR") or DEFAULT_WORKDIR
    return st.session_state.workdir


def store_kind() -> str:
    return "neo4j" if os.environ.get("NEO4J_URI") else "embedded"


def engine() -> Engine:
    """The engine for the chosen workspace, shared by every session (st.cache_resource)."""
    apply_secrets()
    return _engine(str(Path(workdir()).resolve()), store_kind())


def known_workspaces() -> list[str]:
    """Work directories next to the current one that hold an index."""
    here = Path(workdir()).resolve()
    found = {str(here)}
    for parent in {here.parent, Path.cwd()}:
        if parent.is_dir():
            found.update(str(p.parent) for p in parent.glob("*/graph.sqlite"))
    return sorted(found)


def sidebar(eng: Engine) -> None:
    info = eng.describe()
    with st.sidebar:
        st.caption("Workspace")
        st.code(info["workdir"] if info["store"] == "embedded" else f"Neo4j · {eng.settings.workspace}",
                language=None)
        st.caption(f"Store: **{info['store']}** · LLM: **{info['llm']}**")
        st.caption(f"{info['documents']} documents · {info['entities']} entities · {info['relations']} relations")
