"""Indexing with progress on a page (uploads and the sample share it), and the sample offered on an empty
workspace."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from lightrag_core import Engine, LightRAGError
from lightrag_core.indexing.report import IndexReport, progress_line
from lightrag_core.workbench import sample
from lightrag_core.workbench.safe_text import as_text
from pages.common import auth

_DONE = "sample_indexed_note"


def run(index: Callable[[Callable[[dict], None]], IndexReport], total: int) -> IndexReport:
    """Run `index(progress)` with a progress bar and a log of each document; then its summary."""
    bar = st.progress(0.0, text="Starting…")
    log = st.status("Indexing", expanded=True)
    done = {"n": 0}

    def progress(event: dict) -> None:
        if event["stage"] == "extracting":
            log.write(f"Extracting entities and relations from {event['chunks']} chunks…")
            # (the bar moves per file; one long file would otherwise sit at "Starting…" till it is done)
            bar.progress(min(1.0, done["n"] / max(total, 1)),
                         text=f"{done['n']} of {total} files · extracting from {event['chunks']} chunks")
        elif event["stage"] in {"done", "failed"}:
            done["n"] += 1
            bar.progress(min(1.0, done["n"] / max(total, 1)), text=f"{done['n']} of {total} files")
            log.write(as_text(progress_line(event)))
        elif event["stage"] == "replaced":
            log.write(as_text(progress_line(event)))

    try:
        report = index(progress)
    except LightRAGError as exc:
        log.update(label=f"Indexing stopped: {exc}", state="error", expanded=False)  # not a spinner forever
        raise
    # The label names the log; the summary is said once, in the box below (it was said twice).
    n_failed = len(report.failed)
    log.update(label="Indexing log" + (f": {n_failed} failed" if n_failed else ""),
               state="error" if report.failed else "complete", expanded=False)
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
    return report


def sample_offer(engine: Engine, may_index: bool) -> None:
    """On an empty workspace: the sample book one click away (for those who may index)."""
    if not may_index:
        st.info("This workspace is empty: an admin indexes documents on **Upload**.")
        return
    st.info(f"This workspace is empty. Index your own files on **Upload**, or start with the sample: "
            f"*{sample.TITLE}* (public domain), with three questions to try and a question set to compare the "
            "modes on.", icon=":material/menu_book:")
    if not st.button("Index the sample", type="primary", icon=":material/menu_book:", key="index_sample"):
        return
    st.toast("Indexing the sample: the progress is below the offer.")
    try:
        report = run(lambda progress: sample.index_sample(engine, progress), 1)
    except LightRAGError as exc:
        st.error(str(exc))
        return
    if report.failed:
        return
    bar = st.progress(0.0, text="Making a question set from the book…")

    def progress(stage: str, done: int, total: int) -> None:
        bar.progress(min(done / max(total, 1), 1.0), text=f"Question set: {stage} {done} of {total}")

    principal = auth.current()
    qset = sample.question_set(engine, principal.name if principal else "", progress)
    # Run the page again so its counts and tables show the book; the note says what happened.
    st.session_state[_DONE] = f"{report.summary()}. Saved {qset.label}."
    st.rerun()


def sample_note() -> None:
    """After the sample was indexed: what happened, and where to go next."""
    done = st.session_state.pop(_DONE, None)
    if done:
        st.success(f"The sample is indexed: {done} Try it on **Query**; the question set *{sample.QUESTION_SET}* "
                   "is ready on **Compare modes**.")
        st.page_link("pages/2_Query.py", label="Ask the sample a question", icon=":material/chat:")


def suggested_questions(engine: Engine) -> str | None:
    """Buttons with the sample's questions when the workspace holds it; the one clicked, once."""
    if not sample.indexed(engine):
        return None
    slot = st.empty()
    picked = None
    with slot.container():
        st.caption("Questions to try on the sample (the last one takes two hops):")
        for n, question in enumerate(sample.QUESTIONS):
            if st.button(question, key=f"suggested_{n}", icon=":material/lightbulb:"):
                picked = question
    if picked:
        slot.empty()  # the chat takes over from here
    return picked
