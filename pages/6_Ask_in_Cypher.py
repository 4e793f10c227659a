"""Ask in Cypher: a question becomes a Cypher statement you read before it runs, read-only, on Neo4j."""

import pandas as pd
import streamlit as st

from lightrag_core import LightRAGError
from lightrag_core.workbench.csv_export import frame_csv
from lightrag_core.workbench.cypher_console import NEEDS_LLM, ROW_LIMIT, CypherConsole
from pages.common import state, widgets

st.set_page_config(page_title="Ask in Cypher · Graph RAG workbench", layout="wide")
st.title("Ask in Cypher")
engine = state.engine()
state.sidebar(engine)
try:
    console = CypherConsole(engine.store, engine.llm)
except LightRAGError as exc:
    st.info(str(exc), icon=":material/info:")
    st.stop()

st.caption("The LLM writes a statement from your question; nothing runs until you press Run. Statements that "
           "would change the graph are refused, and the rest run in a read transaction.")
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
                         placeholder="MATCH (e:Entity {workspace: $workspace}) RETURN e.name LIMIT 10")
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
    if result.truncated:
        st.warning(f"Only the first {ROW_LIMIT} rows are shown; add a LIMIT or narrow the statement.")
    table_tab, graph_tab = st.tabs(["Table", f"Graph ({len(result.entities)} nodes)"])
    with table_tab:
        table = pd.DataFrame(result.rows, columns=result.columns).astype(str)
        st.dataframe(table, width="stretch", hide_index=True)
        st.download_button("Export CSV", frame_csv(table), "cypher_rows.csv", "text/csv")
    with graph_tab:
        if result.relations or result.entities:
            widgets.graph(result.entities, result.relations)
        else:
            st.info("The rows hold no nodes or relationships to draw: return them (RETURN a, r, b) for a picture.")
