"""Upload files or paste text, index them with progress, and manage the documents."""

import pandas as pd
import streamlit as st

from lightrag_core.accounts import Action
from lightrag_core.workbench.csv_export import frame_csv
from lightrag_core.workbench.document_problems import problem_lines
from lightrag_core.workbench.safe_text import as_text
from pages.common import auth, indexing, state

st.set_page_config(page_title="Upload · Graph RAG workbench", layout="wide")
auth.signed_in()
st.title("Upload")
engine = state.engine()
can_upload = auth.allowed(Action.UPLOAD)
files, pasted, title = None, "", ""
if can_upload:
    files = st.file_uploader("Files", type=["txt", "md", "pdf", "docx", "html", "htm"], accept_multiple_files=True)
    pasted = st.text_area("…or paste text", height=120, key="paste_text")
    title = st.text_input("Title for the pasted text", value="pasted text", key="paste_title")
else:
    auth.explain(Action.UPLOAD)
if can_upload and st.button("Index", type="primary", disabled=not files and not pasted.strip(), key="index_run"):
    uploads = [(f.name, f.getvalue()) for f in files or []]
    texts = [(title or "pasted text", pasted)] if pasted.strip() else []
    if uploads or texts:
        indexing.run(lambda progress: engine.index_uploads(uploads, progress, texts), len(uploads) + len(texts))
# (after the indexing above: "This workspace is empty" was still offered beside the summary of what was indexed)
indexing.sample_note()
if not engine.documents():
    indexing.sample_offer(engine, can_upload)

st.subheader("Documents")
docs = engine.documents()
if not docs:
    st.caption("No documents yet.")
else:
    table = pd.DataFrame([{"id": d.id, "title": d.title, "status": d.status, "chunks": d.chunk_count,
                           "entities": d.entity_count, "relations": d.relation_count, "error": d.error}
                          for d in docs])
    st.dataframe(table, hide_index=True, width="stretch")
    # The table's error cells are cut short: each document not indexed, and why, in full, as text.
    problems, more = problem_lines(docs)
    if problems:
        st.markdown("**Not indexed**, and why:")
        st.markdown("\n".join(f"- {as_text(line)}" for line in problems))
        if more:
            st.caption(f"and {more} more: Export CSV lists every document with its error.")
    st.download_button("Export CSV", frame_csv(table), "documents.csv", "text/csv")
    c1, c2 = st.columns(2)
    failed = [d.id for d in docs if d.status != "processed"]
    c2.write(f"{len(failed)} document(s) not processed.")
    if auth.allowed(Action.DELETE):
        titles = {d.id: d.title for d in docs}
        target = c1.selectbox("Delete a document", [d.id for d in docs], index=None, placeholder="choose…",
                              format_func=lambda i: f"{titles[i]} ({i})")
        if c1.button("Delete", disabled=target is None):
            engine.delete_document(target)
            # (kept for the next run: st.rerun() ends this one before a message here is seen)
            st.session_state.upload_done = (f"Deleted {titles[target]}; entities and relations only it supported "
                                            "are gone, shared ones rebuilt.")
            st.rerun()
    if auth.allowed(Action.RERUN) and c2.button("Re-run failed and interrupted", disabled=not failed):
        st.session_state.upload_done = engine.resume().summary()
        st.rerun()
    if done := st.session_state.pop("upload_done", None):
        st.success(as_text(done))  # a title is the document's text, shown as text

state.sidebar(engine)  # last, so its counts include what this run indexed
