"""Home: what is running (store, models), the graph's size, and the workspace picker."""

from pathlib import Path

import streamlit as st

from lightrag_core.accounts import Action, Role
from lightrag_core.models import LightRAGError
from lightrag_core.workbench import model_labels
from lightrag_core.workbench.neo4j_check import run_check
from lightrag_core.workbench.safe_text import as_text
from lightrag_core.workbench.workspaces import check_name
from pages.common import auth, indexing, state

st.set_page_config(page_title="Home · Graph RAG workbench", layout="wide")
auth.signed_in()
st.title("Graph RAG workbench")
st.write("Index documents into a knowledge graph, ask it questions in six modes, compare the modes, "
         "and review the graph's quality.")

# The workspaces this account may open; opening a directory by path or making a new workspace creates
# files on the server, so those need the admin role in every workspace.
choices, anywhere = auth.openable(), auth.allowed_everywhere(Action.CHOOSE_WORKSPACE)
current = state.workspace_name()
if len(choices) > 1 or anywhere:
    with st.form("workspace"):
        labels = choices if current is not None else [str(Path(state.workdir()).resolve()), *choices]
        here = current if current is not None else labels[0]
        choice = st.selectbox("Workspace", labels, index=labels.index(here) if here in labels else 0)
        other = new = ""
        if anywhere:
            new = st.text_input("…or a new workspace", placeholder="name: letters, digits, _ or -")
            other = st.text_input("…or another work directory", placeholder="path/to/workdir")
        if st.form_submit_button("Open"):
            if new.strip():
                try:
                    state.open_workspace(check_name(new.strip()))
                except LightRAGError as exc:
                    st.error(str(exc))
                    st.stop()
            elif other.strip():
                st.session_state.workdir = other.strip()
            elif choice in choices:
                state.open_workspace(choice)
            st.rerun()

engine = state.engine()
info = engine.describe()
state.sidebar(engine)

c1, c2, c3, c4 = st.columns(4)
indexed, failed = state.document_counts(engine)
c1.metric("Documents", indexed)
if failed:
    c1.caption(f"{failed} more not indexed: see Upload")
c2.metric("Chunks", info["chunks"])
c3.metric("Entities", info["entities"])
c4.metric("Relations", info["relations"])

st.subheader("Status")
# What answers and what embeds, in words; the exact model ids in the caption under the table.
answering, embedding = model_labels.answers(engine, info), model_labels.embeddings(engine, info)
st.table({
    "store": ["Neo4j" if info["store"] == "neo4j" else "embedded (SQLite + in-memory vectors)"],
    "answers": [answering.label],
    "embeddings": [embedding.label],
    "workspace name": [current or "(a work directory opened by path)"],
    "workspace": [info["workdir"] if info["store"] == "embedded" else engine.settings.workspace],
    "warm-up": [state.warmup_line(engine)],
})
st.caption(as_text(f"Exact models. Answers: {answering.exact}. Embeddings: {embedding.exact}."))
if engine.settings.llm_local_gguf:
    st.info(f"The language model runs inside this app on the CPU, with a {engine.settings.llm_context_tokens}-token "
            "window: expect tens of seconds per answer and per indexed passage on a small machine. "
            "Without LLM_LOCAL_GGUF, offline extraction and extractive answers take a fraction of that.")
indexing.sample_note()
if info["documents"] == 0:
    indexing.sample_offer(engine, auth.allowed(Action.UPLOAD))

# An administrator's first question about a new Neo4j server: does it do what this store needs?
if info["store"] == "neo4j" and auth.allowed(Role.ADMIN):
    with st.expander("Check the Neo4j server"):
        st.caption("Runs `lightrag-workbench neo4j-check`: version, privileges, the schema as asked, a tiny "
                   "document indexed and queried beside an embedded store, the console's plans. It writes only "
                   "to a scratch workspace of its own and removes it; README, 'Neo4j', says what each failure means.")
        if st.button("Run the check"):
            with st.spinner("Checking the server…"):
                try:
                    report = run_check(engine.settings, engine.embedder)
                except LightRAGError as exc:
                    st.error(str(exc))
                else:
                    (st.success if report.ok else st.error)(report.lines()[-1])
                    st.dataframe([{"step": s.name, "result": s.status, "ms": round(s.seconds * 1000),
                                   "detail": s.detail, "needed": s.needed} for s in report.steps],
                                 hide_index=True, width="stretch")
