"""Expert review: a filtered queue of entities and relations; approve, flag, edit, merge, delete; the
curation those decisions make (in effect, re-applied by the last run, conflicts) and undo; and what the
decisions did to retrieval, between two runs of a question set."""

import time

import pandas as pd
import streamlit as st

from lightrag_core.accounts import Action
from lightrag_core.models import LightRAGError
from lightrag_core.workbench.analytics import duplicate_candidates
from lightrag_core.workbench.curation_view import conflicts, in_effect, reapplied_by_last_run
from lightrag_core.workbench.review import (
    QueueFilter,
    Reviewer,
    empty_queue_note,
    entity_queue,
    relation_queue,
    reviews_csv,
)
from lightrag_core.workbench.safe_text import as_text
from lightrag_core.workbench.snapshot import graph_snapshot
from pages.common import auth, review_impact, state

st.set_page_config(page_title="Review · Graph RAG workbench", layout="wide")
principal = auth.signed_in()
st.title("Review")
engine = state.engine()
state.sidebar(engine)
# With accounts the signed-in user is the reviewer; alone, whoever types a name.
reviewer = Reviewer(engine.store, engine.embedder, engine.summariser,
                    reviewer=principal.name or st.sidebar.text_input("Your name", key="reviewer_name"),
                    workspace=engine.settings.workspace)
can_review = auth.allowed(Action.REVIEW)
if not can_review:
    auth.explain(Action.REVIEW)


def act(fn, *args) -> None:
    """Run one decision; on success rerun, so every table shows the graph and history it left."""
    try:
        record = fn(*args)
    except LightRAGError as exc:
        st.error(str(exc))
        return
    verb = "undone" if record.get("state") == "undone" else record["decision"]
    st.session_state.review_toast = f"{verb}: {record['item']}"
    st.session_state.last_review = record
    st.rerun()


if "review_toast" in st.session_state:
    st.toast(as_text(st.session_state.pop("review_toast")))

graph = graph_snapshot(engine.store)  # read once per change of the graph, not per rerun
entities_tab, relations_tab, curation_tab, history_tab, impact = st.tabs(
    ["Entities", "Relations", "Curation", "History", "Impact on retrieval"])

with entities_tab:
    all_types = list(graph.type_counts())
    f1, f2, f3, f4 = st.columns(4)
    types = f1.multiselect("Types", all_types)
    min_degree = f2.number_input("Minimum degree", 0, 10000, 0)
    document = f3.selectbox("From document", [""] + [d.id for d in engine.documents()])
    only_dups = f4.checkbox("Suspected duplicates only")
    hide = f4.checkbox("Hide reviewed")
    dups = duplicate_candidates(graph.entities, engine.embedder) if only_dups else []
    flt = QueueFilter(types=types, min_degree=int(min_degree), document_id=document, hide_reviewed=hide,
                      duplicates={d[k] for d in dups for k in ("keep", "merge")} if only_dups else None)
    queue = entity_queue(engine.store, flt, graph.entities)
    shown = engine.store.get_entities([e.name for e in queue[:500]])  # full records for the rows shown only
    if queue:
        st.caption(f"{len(queue)} entities in the queue.")
        st.dataframe(pd.DataFrame([{"entity": e.name, "type": e.type, "degree": e.degree,
                                    "sources": len(shown[e.name].source_ids) if e.name in shown else 0,
                                    "description": shown[e.name].description[:160] if e.name in shown else ""}
                                   for e in queue[:500]]), hide_index=True)
    else:  # a sentence that says why, not an empty grid
        st.info(as_text(empty_queue_note("entity", len(graph.entities), flt)))
    if queue and shown and can_review:
        name = st.selectbox("Entity to review", [e.name for e in queue[:500] if e.name in shown], key="review_entity")
        ent = shown[name]
        comment = st.text_input("Comment", key="entity_comment")
        a1, a2, a3 = st.columns(3)
        if a1.button("Approve", key="approve_entity"):
            act(reviewer.approve, "entity", name, comment)
        if a2.button("Flag", key="flag_entity"):
            act(reviewer.flag, "entity", name, comment)
        if a3.button("Delete", key="delete_entity"):
            act(reviewer.delete_entity, name, comment)
        with st.form("edit_entity"):
            etype = st.text_input("Type", ent.type)
            description = st.text_area("Description", ent.description, height=150)
            if st.form_submit_button("Save edit (re-embeds)"):
                act(reviewer.edit_entity, name, description, etype, comment)
        with st.form("merge_entity"):
            into = st.selectbox("Merge this entity into", [e.name for e in queue[:500] if e.name != name])
            if st.form_submit_button("Merge"):
                act(reviewer.merge_entities, into, name, comment)
        with st.form("rename_entity"):
            new_name = st.text_input("Rename to (the old name keeps landing on it)", key="rename_to")
            if st.form_submit_button("Rename"):
                act(reviewer.rename_entity, name, new_name, comment)

with relations_tab:
    max_weight = st.slider("Show relations with weight up to", 0.0, 50.0, 50.0, 0.5)
    hide_r = st.checkbox("Hide reviewed", key="hide_rel")
    rflt = QueueFilter(max_weight=max_weight, hide_reviewed=hide_r)
    rels = relation_queue(engine.store, rflt, graph.relations)
    if rels:
        st.caption(f"{len(rels)} relations, weakest first.")
    else:
        st.info(as_text(empty_queue_note("relation", len(graph.relations), rflt)))
    rels = list(engine.store.get_relations([r.key for r in rels[:500]]).values())  # full records, rows shown
    rels.sort(key=lambda r: (r.weight, r.src, r.tgt))
    if rels:
        st.dataframe(pd.DataFrame([{"source": r.src, "target": r.tgt, "weight": r.weight, "keywords": r.keywords,
                                    "description": r.description[:160]} for r in rels]), hide_index=True)
    if rels and can_review:
        label = st.selectbox("Relation to review", [f"{r.src} -> {r.tgt}" for r in rels])
        rel = next(r for r in rels if f"{r.src} -> {r.tgt}" == label)
        comment_r = st.text_input("Comment", key="relation_comment")
        b1, b2, b3 = st.columns(3)
        if b1.button("Approve", key="approve_relation"):
            act(reviewer.approve, "relation", label, comment_r)
        if b2.button("Flag", key="flag_relation"):
            act(reviewer.flag, "relation", label, comment_r)
        if b3.button("Delete", key="delete_relation"):
            act(reviewer.delete_relation, rel.src, rel.tgt, comment_r)
        with st.form("edit_relation"):
            keywords = st.text_input("Keywords", rel.keywords)
            rdesc = st.text_area("Description", rel.description)
            weight = st.number_input("Weight", 0.0, 1000.0, float(rel.weight))
            if st.form_submit_button("Save edit (re-embeds)"):
                act(reviewer.edit_relation, rel.src, rel.tgt, keywords, rdesc, weight, comment_r)

rules = engine.store.list_rules()

with curation_tab:
    st.caption("Every edit, merge, rename, deletion and creation is a rule: each rebuild of the graph (a document "
               "deleted or replaced, a file indexed again, resume, a new document) applies it again, until it is "
               "undone in History.")
    effect, last_run, open_conflicts = in_effect(rules), reapplied_by_last_run(rules), conflicts(engine.store, rules)
    m1, m2, m3 = st.columns(3)
    m1.metric("Decisions in effect", len(effect))
    m2.metric("Re-applied by the last run", len(last_run))
    m3.metric("Conflicts", len(open_conflicts))
    st.subheader("Conflicts that need a person")
    if open_conflicts:
        st.dataframe(pd.DataFrame(open_conflicts), hide_index=True)
    else:
        st.write("None: every decision holds.")
    st.subheader("Re-applied by the last indexing run")
    if last_run:
        st.dataframe(pd.DataFrame(last_run), hide_index=True)
    else:
        st.write("No indexing run has needed a decision yet.")
    st.subheader("In effect")
    if effect:
        st.dataframe(pd.DataFrame(effect), hide_index=True)
    else:
        st.write("No decisions in effect yet: an edit, merge, rename, deletion or creation made on the Entities or "
                 "Relations tab is listed here (approvals and flags are only recorded, in History).")

with history_tab:
    history = reviewer.history()
    if history:
        st.dataframe(pd.DataFrame([{"at": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(h["at"])),
                                    "decision": h["decision"], "item": h["item"], "state": h.get("state", ""),
                                    "reviewer": h.get("reviewer", ""), "imported by": h.get("imported_by", ""),
                                    "comment": h.get("comment", ""),
                                    "detail": h.get("detail", "")} for h in history]), hide_index=True)
    else:
        st.write("No review decisions yet: every approval, flag, edit, merge, rename and deletion made on the "
                 "Entities or Relations tab is listed here, with who made it and when.")
    undoable = {f"{h['decision']} · {h['item']} · {h.get('reviewer') or 'unnamed'} · "
                f"{time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(h['at']))}": h["id"]
                for h in history if h.get("state") == "active"}
    if undoable and can_review:
        with st.form("undo_decision"):
            chosen = st.selectbox("Decision to undo", list(undoable), key="undo_choice")
            why = st.text_input("Why", key="undo_comment")
            if st.form_submit_button("Undo (the graph returns to what extraction says now)"):
                act(reviewer.undo, undoable[chosen], why)
    if history:  # (a file of column names alone says nothing)
        st.download_button("Export review CSV", reviews_csv(history), "review.csv", "text/csv")

with impact:
    review_impact.impact_tab(engine)
