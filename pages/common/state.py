"""The app's settings (environment, `.streamlit/secrets.toml`, `.env`), the cached engine, the sidebar."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from lightrag_core import Engine, LightRAGError, Settings
from lightrag_core.config import valid_workspace_name
from lightrag_core.workbench import model_labels
from lightrag_core.workbench.safe_text import as_text
from lightrag_core.workbench.workspaces import SUBFOLDER, ListsWorkspaces, Workspaces


def _secrets() -> dict[str, object]:
    """st.secrets as a plain mapping ({} when there is no secrets file); nothing is copied into os.environ."""
    try:
        return {k: st.secrets[k] for k in st.secrets}
    except Exception:  # no secrets file
        return {}


def settings(workdir: str | None = None) -> Settings:
    """Settings from the one route the CLI uses too, plus the app's secrets."""
    return Settings.from_env(workdir, secrets=_secrets())


@st.cache_resource(show_spinner="Opening the workspace and loading models…")
def _engine(workdir: str, store_kind: str, name: str | None = None) -> Engine:
    # A named workspace gets its own Neo4j workspace and inputs too (Workspaces.settings_for).
    chosen = workspaces().settings_for(name) if name else settings(workdir)
    engine = Engine(chosen, store_kind=store_kind)
    engine.start_warmup()  # the first question need not build the models and indexes itself
    return engine


def workspaces() -> Workspaces:
    """The named workspaces under the configured work directory (LIGHTRAG_WORKDIR)."""
    return Workspaces(settings())


def workspace_name() -> str | None:
    """The name of the workspace this session has open; None for a work directory an admin opened by path."""
    known = workspaces()
    here, root = Path(workdir()).resolve(), Path(known.root.workdir).resolve()
    if here == root:
        return known.default
    if here.parent == root / SUBFOLDER and valid_workspace_name(here.name):
        return here.name
    return None


def workspace_names() -> list[str]:
    """Every workspace that exists (on Neo4j read through the default workspace's store)."""
    known = workspaces()
    if store_kind() != "neo4j":
        return known.names()
    try:
        lister = _engine(str(Path(known.root.workdir).resolve()), "neo4j", known.default).store
        return known.names(lister if isinstance(lister, ListsWorkspaces) else None)
    except LightRAGError:  # the server is down: engine() says so where the page opens the workspace
        return [known.default]


def open_workspace(name: str) -> None:
    st.session_state.workdir = str(workspaces().folder(name))
    st.query_params["workspace"] = name


def workdir() -> str:
    """The open workspace's folder. A new session (a reload, a link) opens the one the address names
    (?workspace=…, kept there by every page run): only a name that exists, never a path; the account's
    roles still decide what it may do there (auth.signed_in)."""
    if "workdir" not in st.session_state:
        asked = st.query_params.get("workspace", "")
        known = workspaces()
        st.session_state.workdir = str(known.folder(asked) if asked and asked in workspace_names()
                                       else settings().workdir)
    return st.session_state.workdir


def _keep_in_address() -> None:
    """The open workspace's name in the address, so a reload comes back to it (not for a folder opened by path)."""
    name = workspace_name()
    if name is not None and st.query_params.get("workspace") != name:
        st.query_params["workspace"] = name


def store_kind() -> str:
    return settings().store_kind


def use_app_navigation() -> None:
    """Make app.py's navigation the one in force, even when a fresh server's first request is a deep link.

    With a `pages/` folder beside app.py, Streamlit runs a new server's first request in its folder mode:
    a deep link then runs the page without app.py, st.navigation is never called, and every session
    keeps the folder's plain navigation (with an "app" entry) until a restart. Leaving folder mode and
    rerunning runs app.py, which keeps the folder's URL paths, so the same page comes back. The rerun
    happens once per session, on its first run, so it never swallows a click.
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        if not st.session_state.get("_app_navigation"):
            st.session_state["_app_navigation"] = True
            st.rerun()


def engine() -> Engine:
    """The engine for the chosen workspace, shared by every session (st.cache_resource).

    A store that cannot be opened (Neo4j down, a wrong database or password) stops the page
    with its one-line reason instead of a traceback.
    """
    use_app_navigation()
    _keep_in_address()
    try:
        return _engine(str(Path(workdir()).resolve()), store_kind(), workspace_name())
    except LightRAGError as exc:
        st.error(f"The workspace cannot be opened: {exc}")
        st.stop()
        raise  # st.stop() ends the run; this line only satisfies the type checker


def sidebar(eng: Engine) -> None:
    info = eng.describe()
    with st.sidebar:
        name = workspace_name()
        st.caption("Workspace" + (f": **{name}**" if name else ""))
        st.code(info["workdir"] if info["store"] == "embedded" else f"Neo4j · {eng.settings.workspace}",
                language=None)
        answering = model_labels.answers(eng, info)
        st.caption(f"Store: **{info['store']}** · Answers: **{as_text(answering.label)}**",
                   help=f"Exact model: {answering.exact}")
        st.caption(f"{documents_line(eng)} · {info['entities']} entities · {info['relations']} relations")


def document_counts(eng: Engine) -> tuple[int, int]:
    """Documents indexed and not (failed or interrupted): a file that failed is listed, to re-run or delete,
    but it is not an indexed document."""
    docs = eng.documents()
    failed = sum(d.status != "processed" for d in docs)
    return len(docs) - failed, failed


def documents_line(eng: Engine) -> str:
    """"3 documents (1 not indexed)"."""
    done, failed = document_counts(eng)
    return f"{done} document{'' if done == 1 else 's'}" + (f" ({failed} not indexed)" if failed else "")


def warmup_line(engine: Engine) -> str:
    """The background warm-up in words: questions asked while it runs wait for what they need."""
    w = engine.warmup.describe()
    if w["state"] == "ready":
        return f"ready ({w['seconds']} s: {', '.join(w['steps'])})"  # type: ignore[arg-type]
    if w["state"] == "failed":
        return f"stopped ({w['error']}); the first question builds what is missing"
    return "warming: loading models and indexes in the background; questions are answered meanwhile"
