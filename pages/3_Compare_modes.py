"""Judge the modes: on a question set made from this workspace's documents (chunk-level gold), on one
question, or on a questions file with gold ids."""

import pandas as pd
import streamlit as st

from lightrag_core import Mode
from lightrag_core.models import LightRAGError
from lightrag_core.query.modes import RETRIEVAL_MODES
from lightrag_core.workbench.compare import compare_question, compare_questions, split_gold, summarise_by_mode
from lightrag_core.workbench.csv_export import frame_csv
from lightrag_core.workbench.evaluate import parse_questions
from lightrag_core.workbench.safe_text import as_text
from pages.common import auth, question_sets, state, widgets

st.set_page_config(page_title="Compare modes · Graph RAG workbench", layout="wide")
auth.signed_in()
st.title("Compare modes")
engine = state.engine()
state.sidebar(engine)

modes = st.multiselect("Modes", RETRIEVAL_MODES,
                       default=[Mode.NAIVE, Mode.LOCAL, Mode.GLOBAL, Mode.MIX, Mode.MULTIHOP], key="cmp_modes")
param = widgets.query_params("cmp", modes=False)
own, one, many = st.tabs(["Your documents", "One question", "Questions file"])

with own:
    question_sets.your_documents(engine, modes, param)

with one:
    question = st.text_input("Question", key="cmp_question")
    g1, g2 = st.columns(2)
    gold = g1.text_input("Gold ids (optional, comma-separated: document ids, or chunk ids chunk-…)", key="cmp_gold")
    expected = g2.text_input("Expected answer (optional: shows whether each mode's answer contains it)",
                             key="cmp_expected")
    if st.button("Compare", type="primary", disabled=not question.strip() or not modes, key="cmp_run"):
        try:
            typed = split_gold([g.strip() for g in gold.split(",") if g.strip()])
            rows = compare_question(engine, question, modes, param, typed.gold_ids, gold_answer=expected,
                                    gold_chunk_ids=typed.gold_chunk_ids)
        except LightRAGError as exc:
            st.error(str(exc))
            st.stop()
        st.session_state.compare_rows = rows
    rows = st.session_state.get("compare_rows")
    if rows:
        table = pd.DataFrame(rows)
        # what a reader compares first (the short answer, whether it holds the expected one) before the counts
        first = [c for c in ("mode", "short_answer", "answer_found", "short_exact") if c in table.columns]
        table = table[first + [c for c in table.columns if c not in first]]
        st.dataframe(table.drop(columns=["answer", "warnings"]), hide_index=True)
        for row in rows:
            if row["warnings"]:
                st.warning(f"**{row['mode']}**: {as_text(row['warnings'])}")
        st.bar_chart(table.set_index("mode")[["entities_kept", "relations_kept", "chunks_kept", "sources"]],
                     stack=False)
        st.download_button("Export CSV", frame_csv(table), "mode_comparison.csv", "text/csv")
        cols = st.columns(len(rows))
        for col, row in zip(cols, rows):
            col.markdown(f"**{row['mode']}** · {row['total_ms']} ms")
            col.markdown(as_text(row["answer"]))

with many:
    upload = st.file_uploader("Questions (.jsonl with question and gold_ids or gold_chunk_ids per line)",
                              type=["jsonl"])
    limit = st.number_input("Questions to run (the first N of the file)", 1, 1000, 1000)
    if st.button("Run", disabled=upload is None or not modes):
        try:
            questions = parse_questions(upload.getvalue().decode("utf-8", errors="replace"), upload.name)
        except LightRAGError as exc:
            st.error(str(exc))
            st.stop()
        st.session_state.batch_note = f"Ran the first {min(int(limit), len(questions))} of {len(questions)} questions."
        questions = questions[: int(limit)]
        bar = st.progress(0.0)
        rows = compare_questions(engine, questions, modes, param,
                                 progress=lambda i, n: bar.progress(i / n, text=f"{i} of {n} questions"))
        st.session_state.batch_rows = rows
    rows = st.session_state.get("batch_rows")
    if rows:
        st.caption(st.session_state.get("batch_note", ""))
        summary = pd.DataFrame(summarise_by_mode(rows))
        st.dataframe(summary, hide_index=True)
        recall_cols = [c for c in summary.columns if c.startswith(("recall@", "all_gold@"))]
        if recall_cols:
            st.bar_chart(summary.set_index("mode")[recall_cols], stack=False)
        detail = pd.DataFrame(rows)
        st.download_button("Export per-question CSV", frame_csv(detail), "mode_comparison_questions.csv",
                           "text/csv")
        st.download_button("Export summary CSV", frame_csv(summary), "mode_comparison_summary.csv",
                           "text/csv")
