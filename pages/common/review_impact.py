"""The Review page's "Impact" tab: what the review decisions did to retrieval, between two real runs of a
question set (the newest run, and the newest earlier run on another graph version)."""

from __future__ import annotations

import time

import pandas as pd
import streamlit as st

from lightrag_core.accounts import Action
from lightrag_core.engine import Engine
from lightrag_core.models import LightRAGError
from lightrag_core.query.modes import RETRIEVAL_MODES
from lightrag_core.workbench.csv_export import frame_csv
from lightrag_core.workbench.testset import runs, sets
from pages.common import auth


def impact_tab(engine: Engine) -> None:
    all_sets = list(reversed(sets.list_sets(engine.store)))
    if not all_sets:
        st.info("No question set yet: generate one on the Compare page (Your documents), run it, make review "
                "decisions, and run it again to see what they changed.")
        return
    ids = [s.id for s in all_sets]
    chosen = st.selectbox("Question set", ids, format_func=lambda i: next(s.label for s in all_sets if s.id == i),
                          key="impact_set")
    qset = next(s for s in all_sets if s.id == chosen)
    made = runs.list_runs(engine.store, qset.id)
    last = made[-1] if made else None
    st.caption(f"{len(made)} run(s) of this set; the graph is at version {engine.store.write_version()} now"
               + (f", it was at {last.graph_version} for the newest run." if last else "."))
    if auth.allowed(Action.EVALUATE) and st.button("Run the set now", type="primary", key="impact_run"):
        modes = last.modes if last else list(RETRIEVAL_MODES)
        bar = st.progress(0.0, text="Judging…")
        principal = auth.current()
        try:
            runs.run_set(engine, qset, modes, last.ks if last else list(runs.DEFAULT_KS), False,
                         run_by=principal.name if principal else "",
                         progress=lambda done, total: bar.progress(done / total, text=f"{done} of {total} judged"))
        except LightRAGError as exc:
            st.error(str(exc))
            return
        st.rerun()
    result = runs.impact(engine.store, qset)
    if result is None:
        st.info("Nothing to compare yet: the newest run is compared with the newest earlier run made on another "
                "graph version. Run the set, make review decisions that change the graph (merge, edit, delete), "
                "then run it again.")
        return
    st.subheader(f"Before → after, all-gold@{result.k} and recall@{result.k}")
    st.caption(f"Before: {result.before.label()} · after: {result.after.label()}")
    table = pd.DataFrame(result.modes)
    st.dataframe(table, hide_index=True)
    change = [c for c in table.columns if c.endswith(" change")]
    if change and table[change].abs().to_numpy().sum() > 0:
        st.bar_chart(table.set_index("mode")[change], stack=False, horizontal=True)
    elif change:
        st.info("No mode's figures moved between the two runs: the decisions in between did not change what "
                "these questions retrieve.")
    st.download_button("Export before/after CSV", frame_csv(table), f"impact-{qset.id}.csv", "text/csv")
    st.subheader(f"Review decisions in between ({len(result.decisions)})")
    if result.decisions:
        st.dataframe(pd.DataFrame([{"at": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(float(d["at"]))),
                                    "decision": d.get("decision", ""), "item": d.get("item", ""),
                                    "reviewer": d.get("reviewer", ""), "comment": d.get("comment", "")}
                                   for d in result.decisions]), hide_index=True)
    else:
        st.write("None recorded: the graph changed by indexing or another route.")
    st.subheader(f"Questions whose outcome changed ({len(result.changed)})")
    if result.changed:
        changed = pd.DataFrame(result.changed)
        st.dataframe(changed, hide_index=True)
        st.download_button("Export changed questions CSV", frame_csv(changed), f"impact-questions-{qset.id}.csv",
                           "text/csv")
    else:
        st.write("No question's outcome changed in any mode.")
