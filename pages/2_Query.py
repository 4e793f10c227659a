"""Ask the graph: streamed answer with references, the statistics and the graph behind it."""

import pandas as pd
import streamlit as st

from lightrag_core.models import LightRAGError
from lightrag_core.workbench import result_tables as tables
from lightrag_core.workbench.csv_export import frame_csv
from lightrag_core.workbench.graph_view import from_query_data, graph_caption
from lightrag_core.workbench.safe_text import TextStream, as_text
from pages.common import auth, indexing, state, widgets

st.set_page_config(page_title="Query · Graph RAG workbench", layout="wide")
auth.signed_in()
st.title("Query")
engine = state.engine()
state.sidebar(engine)
st.session_state.setdefault("history", [])

with st.sidebar:
    # The first answer a visitor sees comes from the mode that follows the graph to it; the API and
    # the command line keep LightRAG's default (mix), and every mode is one click away.
    param = widgets.query_params("q", mode="multihop")
    use_history = st.checkbox("Use the chat as conversation history", value=True)
    if st.button("Clear chat"):
        st.session_state.history = []
        st.session_state.pop("last_result", None)

for turn in st.session_state.history:
    st.chat_message(turn["role"]).markdown(as_text(turn["content"]))

question = st.chat_input("Ask a question about the indexed documents")
if not question and not st.session_state.history:
    question = indexing.suggested_questions(engine)
if question:
    st.chat_message("user").markdown(as_text(question))
    param.conversation_history = list(st.session_state.history) if use_history else []
    param.stream = True
    try:
        result, parts = engine.query(question, param)
    except LightRAGError as exc:
        st.error(str(exc))
        st.stop()
    with st.chat_message("assistant"):
        if result.references:
            st.caption("References: " + " · ".join(as_text(f"[{r['reference_id']}] {r['file_path']}")
                                                   for r in result.references))
        try:
            stream = TextStream(parts)  # document text quoted in the answer shows as text, never fetches
            st.write_stream(stream)
            answer = stream.text
        except LightRAGError as exc:
            answer = f"(the answer failed: {exc})"
            st.error(answer)
    st.session_state.history += [{"role": "user", "content": question},
                                 {"role": "assistant", "content": answer if isinstance(answer, str) else str(answer)}]
    st.session_state.last_result = result

result = st.session_state.get("last_result")
if result is not None:
    st.divider()
    short = result.short_answer
    if short:
        st.success("**Short answer:** " + as_text(short["text"]) + "  \n"
                   + as_text(tables.short_answer_line(short)))
    k1, k2 = st.columns(2)
    k1.write("**High-level keywords:** " + as_text(", ".join(result.high_level) or "–"))
    k2.write("**Low-level keywords:** " + as_text(", ".join(result.low_level) or "–"))
    for warning in tables.query_warnings(result):
        st.warning(as_text(warning))
    if result.linked_entities:
        st.write("**Linked entities** (the question's names found in the graph; multihop seeds its walk from them)")
        st.dataframe(pd.DataFrame(tables.link_rows(result)), hide_index=True)
    if trust := tables.trust_summary(result):
        st.info(trust)
        with st.expander("Signals behind the graph's weight"):
            st.dataframe(pd.DataFrame(tables.trust_rows(result)), hide_index=True)
    if steps := tables.decomposition_rows(result):
        st.write("**Decomposition** (what the question names only through another thing, found first and "
                 "seeded into the walk)")
        st.dataframe(pd.DataFrame(steps), hide_index=True)
    if moved := tables.coverage_rows(result):
        st.write("**Brought forward to cover the question** (multihop's first passages are chosen to say the "
                 "question's words together, not each on its own)")
        st.dataframe(pd.DataFrame(moved), hide_index=True)
    stats, graph_tab, chunks_tab, ctx_tab, prompt_tab, raw_tab = st.tabs(
        ["Statistics", "Graph", "Chunks", "Context", "Prompt", "JSON"])
    with stats:
        trunc = pd.DataFrame(tables.truncation_rows(result))
        tok = pd.DataFrame(tables.token_rows(result))
        timing = pd.DataFrame(tables.timing_rows(result))
        if result.mode == "bypass":  # the question went straight to the model
            st.caption("Bypass retrieves nothing, so there is nothing to count.")
        else:
            c1, c2, c3 = st.columns(3)
            c1.write("Found and kept")
            c1.dataframe(trunc, hide_index=True)
            c1.bar_chart(trunc.set_index("part")[["found", "kept"]], stack=False, sort=False)
            for note in tables.budget_notes(result):
                c1.caption(as_text(note))
            c2.write("Tokens per section")
            c2.dataframe(tok, hide_index=True)
            c2.bar_chart(tok.set_index("section"), sort=False)
            c3.write("Time per stage (ms), in pipeline order")
            c3.dataframe(timing, hide_index=True)
            if not timing.empty:
                c3.bar_chart(timing.set_index("stage"), sort=False)
    with graph_tab:
        ents, rels = from_query_data(result.entities, result.relationships)
        if ents:
            st.caption(graph_caption(ents, rels))
            widgets.graph(ents, rels, highlight={lk["entity"] for lk in result.linked_entities},
                          path=short["path"] if short else None)
        else:
            st.caption("This mode put no graph data into the context.")
    with chunks_tab:
        chunk_table = pd.DataFrame(tables.chunk_rows(result))
        st.dataframe(chunk_table, hide_index=True)
        st.download_button("Export CSV", frame_csv(chunk_table), "chunks.csv", "text/csv")
    with ctx_tab:
        st.code(result.context or "(no context)", language=None)
    with prompt_tab:
        st.code(result.system_prompt or "(no prompt)", language=None)
    with raw_tab:
        st.json(result.to_data(), expanded=False)
