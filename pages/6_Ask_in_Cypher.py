"""Ask in Cypher: a question becomes a Cypher statement you read before it runs, read-only, on Neo4j."""

import pandas as pd
import streamlit as st

from lightrag_core import LightRAGError
from lightrag_core.accounts import Action
from lightrag_core.workbench.csv_export import frame_csv
from lightrag_core.workbench.cypher_console import NEEDS_LLM, PLACEHOLDER, ROW_LIMIT, CypherConsole
from pages.common import auth, state, widgets

st.set_page_config(page_title="Ask in Cypher · Graph RAG workbench", layout="wide")
auth.signed_in()
st.title("Ask in Cypher")
# The console's workspace filter drops other workspaces' nodes and relationships, not values computed from
# them: with roles per workspace only an admin of every workspace may use it.
auth.gate_everywhere(Action.CYPHER)
engine = state.engine()
state.sidebar(engine)


@st.cache_resource
def _console(_engine, store_id: int) -> CypherConsole:
    """One console per engine: its own read-only login (NEO4J_CONSOLE_USER) keeps one driver, not one per rerun."""
    return CypherConsole.for_settings(_engine.store, _engine.llm, _engine.settings)


try:
    console = _console(engine, id(engine.store))
except LightRAGError as exc:
    st.info(str(exc), icon=":material/info:")
    st.stop()

st.caption("The LLM writes a statement from your question; nothing runs until you press Run. The server plans the "
           "statement first (EXPLAIN): anything but reading (writes, LOAD CSV, SHOW, procedures other than a few "
           "read-only db.* ones) is refused, and the rest runs in a read transaction"
           + (" as the console's read-only user." if console.separate_login else "."))
if engine.llm is None:
    st.info(NEEDS_LLM, icon=":material/info:")
question = st.text_input("Question", placeholder="Which entities are connected to Marie Curie?")
if st.button("Write Cypher", disabled=engine.llm is None):
    try:
        with st.spinner("Writing Cypher…"):
            st.session_state.cypher_statement = console.generate(question)
        st.session_state.pop("cypher_result", None)
    except LightRAGError as exc:
        st.error(str(exc))
statement = st.text_area("Cypher (read it, edit it if you like, then run it)", key="cypher_statement", height=170,
                         placeholder=PLACEHOLDER)
st.caption("`$workspace` is this workspace's name; the console passes it as a parameter.")
if st.button("Run", type="primary"):
    try:
        with st.spinner("Running…"):
            st.session_state.cypher_result = console.run(statement)
    except LightRAGError as exc:
        st.error(str(exc))

result = st.session_state.get("cypher_result")
if result is not None:
    st.subheader(f"{len(result.rows)} rows")
    if result.dropped:
        st.warning(f"{result.dropped} rows were left out: they held nodes or relationships of another workspace. "
                   "Filter with {workspace: $workspace}.")
    if result.truncated:
        st.warning(f"Only the first {ROW_LIMIT} rows are shown; add a LIMIT or narrow the statement.")
    table_tab, graph_tab = st.tabs(["Table", f"Graph ({len(result.entities)} nodes)"])
    with table_tab:
        table = pd.DataFrame(result.rows, columns=result.columns).astype(str)
        st.dataframe(table, width="stretch", hide_index=True)
        # Exported from the values, not the display strings, so numbers stay numbers (-1 is not a formula).
        st.download_button("Export CSV", frame_csv(pd.DataFrame(result.rows, columns=result.columns)),
                           "cypher_rows.csv", "text/csv")
    with graph_tab:
        if result.relations or result.entities:
            widgets.graph(result.entities, result.relations)
        else:
            st.info("The rows hold no nodes or relationships to draw: return them (RETURN a, r, b) for a picture.")
