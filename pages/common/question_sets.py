"""The Compare page's "Your documents" tab: make or pick a question set with known evidence, run it over the
modes, and read which mode found the evidence: per mode, per kind of question, per question."""

from __future__ import annotations

import time

import pandas as pd
import streamlit as st

from lightrag_core.accounts import Action
from lightrag_core.engine import Engine
from lightrag_core.models import LightRAGError
from lightrag_core.query.params import QueryParam
from lightrag_core.workbench.csv_export import frame_csv
from lightrag_core.workbench.safe_text import as_text
from lightrag_core.workbench.testset import build, runs, sets, tables
from pages.common import auth

KS = [2, 5, 8, 10]
STAGES = {"parsing": "Reading the chunks", "phrasing": "Phrasing with the LLM"}


def _generate_form(engine: Engine, made_by: str) -> None:
    with st.form("generate_set"):
        c1, c2, c3, c4 = st.columns(4)
        name = c1.text_input("Set name", "generated", max_chars=sets.MAX_NAME_CHARS, key="judge_name")
        count = c2.number_input("Questions", 5, build.MAX_COUNT, build.DEFAULT_COUNT, step=5, key="judge_count")
        seed = c3.number_input("Seed (the same seed gives the same set)", 0, 2**31, 0, key="judge_seed")
        max_chunks = c4.number_input("Chunks to read (at most)", 10, 50_000, build.DEFAULT_MAX_CHUNKS, step=100,
                                     key="judge_max_chunks")
        use_llm = False
        if engine.llm is not None:
            use_llm = st.checkbox(f"Phrase the questions with the LLM ({engine.settings.llm_model}); each draft is "
                                  "checked against its gold chunks", value=False)
        if not st.form_submit_button("Generate", type="primary", key="judge_generate"):
            return
    bar = st.progress(0.0, text="Starting…")

    def progress(stage: str, done: int, total: int) -> None:
        bar.progress(min(done / max(total, 1), 1.0), text=f"{STAGES.get(stage, stage)}: {done} of {total}")

    try:
        qset, generated = build.generate_set(engine, name, int(count), int(seed), int(max_chunks), use_llm,
                                             made_by, progress)
    except LightRAGError as exc:
        st.error(str(exc))
        return
    _show_set(qset.id)
    st.session_state.judge_toast = (f"Saved {qset.label}: "
                                  + ", ".join(f"{n} {k}" for k, n in sorted(qset.counts.items())))
    st.rerun()


def _import_form(engine: Engine, made_by: str) -> None:
    with st.form("import_set"):
        name = st.text_input("Set name", "imported", max_chars=sets.MAX_NAME_CHARS)
        upload = st.file_uploader("Questions (.jsonl: question, gold_ids or gold_chunk_ids, answer)", type=["jsonl"])
        if not st.form_submit_button("Import") or upload is None:
            return
    try:
        qset = sets.import_set(engine.store, upload.getvalue().decode("utf-8", errors="replace"), name, upload.name,
                               made_by)
    except LightRAGError as exc:
        st.error(str(exc))
        return
    _show_set(qset.id)
    st.rerun()


def _show_set(set_id: str) -> None:
    """Open a new set: its picker shows it (a widget's own state wins over its default index), from its first
    run on."""
    st.session_state.judge_set = set_id
    st.session_state.judge_set_pick = set_id
    st.session_state.pop("judge_run_pick", None)


def _set_summary(engine: Engine, qset: sets.QuestionSet) -> None:
    multi = sum(1 for q in qset.questions if len(q.gold) > 1)
    m1, m2, m3, m4 = st.columns(4)
    m1.metric("Questions", len(qset.questions))
    m2.metric("Multi-chunk", f"{multi / max(len(qset.questions), 1):.0%}")
    m3.metric("Scored by gold chunks", qset.chunk_gold)
    m4.metric("Graph version when made", qset.graph_version)
    st.caption(f"{qset.generator} · seed {qset.seed if qset.seed is not None else '–'} · made "
               f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime(qset.at))}"
               + (f" by {qset.made_by}" if qset.made_by else ""))
    if qset.dropped:
        with st.expander("How it was made: candidates each check dropped"):
            st.dataframe(pd.DataFrame([{"check": k, "dropped": v} for k, v in
                                       sorted(qset.dropped.items(), key=lambda kv: -kv[1])]), hide_index=True)
            if qset.candidates:
                st.caption("Candidates that passed every check, by kind: "
                           + ", ".join(f"{k} {n}" for k, n in qset.candidates.items()))


def _results(engine: Engine, qset: sets.QuestionSet, run: runs.Run) -> None:
    k = st.selectbox("Judge at k (the first k distinct chunks of each mode's context)", run.ks,
                     index=len(run.ks) - 1, key="judge_k")
    st.caption(f"Run {run.label()}" + (f" by {run.run_by}" if run.run_by else "")
               + f" · {len(qset.questions)} questions · all-gold@{k}: the share of questions whose every gold "
               "chunk is among the first k")
    modes = pd.DataFrame(tables.mode_rows(run))
    st.dataframe(modes, hide_index=True)
    st.download_button("Export per-mode CSV", frame_csv(modes), f"modes-{run.id}.csv", "text/csv")
    chart = [c for c in (f"recall@{k}", f"all_gold@{k}", "answer_found") if c in modes.columns]
    st.bar_chart(modes.set_index("mode")[chart], stack=False, horizontal=True)
    kinds = pd.DataFrame(tables.kind_rows(run, qset, k))
    st.subheader(f"By kind of question (all-gold@{k})")
    st.dataframe(kinds, hide_index=True)
    if len(kinds) and len(run.modes):
        st.bar_chart(kinds.set_index("kind")[run.modes], stack=False)
    st.subheader("Per question")
    available = sorted({q.kind or "unknown" for q in qset.questions})
    chosen = st.multiselect("Kinds", available, default=available, key="judge_kinds")
    rows = tables.question_rows(run, qset, k, chosen)
    st.caption(f"✓: every gold chunk among the first {k}; the number is the rank of the first gold chunk found.")
    st.dataframe(pd.DataFrame(rows), hide_index=True, column_config={"question": st.column_config.TextColumn(
        width="large")})
    st.download_button("Export per-question CSV", frame_csv(pd.DataFrame(rows)), f"questions-{run.id}.csv",
                       "text/csv")
    _evidence(engine, qset, [r["id"] for r in rows])


def _evidence(engine: Engine, qset: sets.QuestionSet, shown: list[str]) -> None:
    by_id = {q.id: q for q in qset.questions}
    if not shown:
        return
    picked = st.selectbox("Gold evidence of", shown, format_func=lambda i: by_id[i].question, key="judge_evidence")
    question = by_id[picked]
    st.markdown(f"**Answer:** {as_text(question.answer or '–')} · **kind:** {as_text(question.kind or '–')}")
    if not question.gold_chunk_ids:
        st.caption("Scored by gold documents: " + as_text(", ".join(question.gold_ids)))
    for n, ev in enumerate(tables.gold_evidence(engine.store, question), 1):
        st.markdown(f"**Hop {n}** · {as_text(ev.document or ev.chunk_id)} · `{ev.chunk_id}`")
        if ev.sentence:
            st.markdown("> " + as_text(ev.sentence))
        if not ev.present:
            st.warning("This chunk is no longer in the workspace (its document changed or was removed).")
        else:
            with st.expander("Chunk text"):
                st.markdown(as_text(ev.text))


def your_documents(engine: Engine, modes: list[str], param: QueryParam) -> None:
    """The tab: sets, a run over `modes` with `param`, and the judged results."""
    principal = auth.current()
    made_by = principal.name if principal else ""
    if "judge_toast" in st.session_state:
        st.toast(as_text(st.session_state.pop("judge_toast")))
    all_sets = list(reversed(sets.list_sets(engine.store)))  # newest first
    if auth.allowed(Action.MAKE_QUESTIONS):
        with st.expander("Generate a question set from this workspace's documents", expanded=not all_sets):
            st.caption("Questions are made from the indexed chunks and the graph, offline: single facts, bridges "
                       "(two facts joined by an entity the question does not name) and comparisons. Each keeps "
                       "the ids of the chunks it came from, so a mode is judged on whether it found them.")
            _generate_form(engine, made_by)
        with st.expander("Import a question set (.jsonl)"):
            _import_form(engine, made_by)
    if not all_sets:
        st.info("No question set in this workspace yet" + ("." if auth.allowed(Action.MAKE_QUESTIONS) else
                ": an admin generates one here."))
        return
    ids = [s.id for s in all_sets]
    current = st.session_state.get("judge_set")
    if st.session_state.get("judge_set_pick") not in ids:  # (a deleted set)
        st.session_state.pop("judge_set_pick", None)
    chosen = st.selectbox("Question set", ids, index=ids.index(current) if current in ids else 0,
                          format_func=lambda i: next(s.label for s in all_sets if s.id == i), key="judge_set_pick")
    qset = next(s for s in all_sets if s.id == chosen)
    _set_summary(engine, qset)
    d1, d2 = st.columns(2)
    d1.download_button("Export the set (.jsonl)", sets.export_set(qset), f"{qset.name}-v{qset.version}.jsonl",
                       "application/x-ndjson")
    if auth.allowed(Action.MAKE_QUESTIONS) and d2.button("Delete this set and its runs"):
        sets.delete_set(engine.store, qset.id)
        st.session_state.pop("judge_set", None)
        st.rerun()

    c1, c2 = st.columns([2, 1])
    ks = c1.multiselect("k", KS, default=[5, 8], key="judge_ks")
    answers = c2.checkbox("Answer each question too (answer-found)", key="judge_answers")
    if st.button(f"Run the set over {len(modes)} modes", type="primary", disabled=not modes or not ks,
                 key="judge_run_set"):
        bar = st.progress(0.0, text="Judging…")
        try:
            run = runs.run_set(engine, qset, modes, ks, answers, param, made_by,
                               lambda done, total: bar.progress(done / total, text=f"{done} of {total} judged"))
        except LightRAGError as exc:
            st.error(str(exc))
            return
        st.session_state.judge_run = run.id
        st.session_state.judge_run_pick = run.id  # the run just made, not the one picked before it
    made = list(reversed(runs.list_runs(engine.store, qset.id)))
    if not made:
        st.info("Run the set to judge the modes on it.")
        return
    wanted = st.session_state.get("judge_run")
    run_ids = [r.id for r in made]
    if st.session_state.get("judge_run_pick") not in run_ids:  # (another set's run)
        st.session_state.pop("judge_run_pick", None)
    picked = st.selectbox("Run", run_ids, index=run_ids.index(wanted) if wanted in run_ids else 0,
                          format_func=lambda i: next(r.label() for r in made if r.id == i), key="judge_run_pick")
    _results(engine, qset, next(r for r in made if r.id == picked))
