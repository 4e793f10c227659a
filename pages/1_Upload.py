"""Upload files or paste text, index them with progress, and manage the documents."""

import pandas as pd
import streamlit as st

from lightrag_core.accounts import Action
from lightrag_core.workbench.csv_export import frame_csv
from lightrag_core.workbench.safe_text import as_text
from pages.common import auth, state

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
        bar = st.progress(0.0, text="Starting…")
        log = st.status("Indexing", expanded=True)
        done = {"n": 0}

        def progress(event: dict) -> None:
            if event["stage"] == "extracting":
                log.write(f"Extracting entities and relations from {event['chunks']} chunks…")
            elif event["stage"] in {"done", "failed"}:
                done["n"] += 1
                total = len(uploads) + len(texts)
                bar.progress(min(1.0, done["n"] / total), text=f"{done['n']} of {total} files")
                if event["stage"] == "done":
                    mark = "⚠" if event["warning"] else "✓"
                    log.write(as_text(f"{mark} {event['document']}: {event['chunks']} chunks, {event['entities']} "
                                      f"entities, {event['relations']} relations; {event['records']}"))
                else:
                    log.write(as_text(f"✗ {event['document']}: {event['error']}"))
            elif event["stage"] == "replaced":
                log.write(as_text(f"↻ {event['file']}: the new version {event['document']} replaced "
                                  f"{event['earlier']}"))

        report = engine.index_uploads(uploads, progress, texts)
        log.update(label=report.summary(), state="error" if report.failed else "complete", expanded=False)
        # A statement, not a conditional expression: Streamlit's magic renders a bare
        # expression's value, which printed DeltaGenerator's docstring under the summary.
        if report.failed:
            st.warning(report.summary())
            for error in report.failed.values():
                st.error(as_text(error))
        else:
            st.success(report.summary())
        if report.records_summary():
            st.caption(report.records_summary())
        for outcome in report.outcomes.values():
            if outcome.cleaned:
                st.caption(as_text(f"{outcome.source}: {outcome.cleaned}"))
        for doc_id, warning in report.warnings.items():
            st.warning(as_text(f"{report.outcomes[doc_id].source or doc_id}: {warning} "
                           f"({report.outcomes[doc_id].describe()})"))

st.subheader("Documents")
docs = engine.documents()
if not docs:
    st.caption("No documents yet.")
else:
    table = pd.DataFrame([{"id": d.id, "title": d.title, "status": d.status, "chunks": d.chunk_count,
                           "entities": d.entity_count, "relations": d.relation_count, "error": d.error}
                          for d in docs])
    st.dataframe(table, hide_index=True, width="stretch")
    st.download_button("Export CSV", frame_csv(table), "documents.csv", "text/csv")
    c1, c2 = st.columns(2)
    failed = [d.id for d in docs if d.status != "processed"]
    c2.write(f"{len(failed)} document(s) not processed.")
    if auth.allowed(Action.DELETE):
        target = c1.selectbox("Delete a document", [d.id for d in docs], index=None, placeholder="choose…")
        if c1.button("Delete", disabled=target is None):
            engine.delete_document(target)
            st.success(f"Deleted {target}; entities and relations only it supported are gone, shared ones rebuilt.")
            st.rerun()
    if auth.allowed(Action.RERUN) and c2.button("Re-run failed and interrupted", disabled=not failed):
        st.write(engine.resume().summary())
        st.rerun()

state.sidebar(engine)  # last, so its counts include what this run indexed
