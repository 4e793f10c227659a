"""Expert review: a filtered queue of entities and relations; approve, flag, edit, merge, delete."""

import pandas as pd
import streamlit as st

from lightrag_core.accounts import Action
from lightrag_core.models import LightRAGError
from lightrag_core.workbench.analytics import duplicate_candidates
from lightrag_core.workbench.review import QueueFilter, Reviewer, entity_queue, relation_queue, reviews_csv
from lightrag_core.workbench.safe_text import as_text
from lightrag_core.workbench.snapshot import graph_snapshot
from pages.common import auth, state

st.set_page_config(page_title="Review · Graph RAG workbench", layout="wide")
principal = auth.signed_in()
st.title("Review")
engine = state.engine()
state.sidebar(engine)
# With accounts the signed-in user is the reviewer; alone, whoever types a name.
reviewer = Reviewer(engine.store, engine.embedder, engine.summariser,
                    reviewer=principal.name or st.sidebar.text_input("Your name", key="reviewer_name"))
can_review = auth.allowed(Action.REVIEW)
if not can_review:
    auth.explain(Action.REVIEW)


def act(fn, *args) -> None:
    try:
        record = fn(*args)
        st.toast(as_text(f"{record['decision']}: {record['item']}"))
        st.session_state.last_review = record
    except LightRAGError as exc:
        st.error(str(exc))


graph = graph_snapshot(engine.store)  # read once per change of the graph, not per rerun
entities_tab, relations_tab, history_tab = st.tabs(["Entities", "Relations", "History"])

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
                      duplicates={d[k] for d in dups for k in ("keep", "merge")})
    queue = entity_queue(engine.store, flt, graph.entities)
    st.caption(f"{len(queue)} entities in the queue.")
    shown = engine.store.get_entities([e.name for e in queue[:500]])  # full records for the rows shown only
    st.dataframe(pd.DataFrame([{"entity": e.name, "type": e.type, "degree": e.degree,
                                "sources": len(shown[e.name].source_ids) if e.name in shown else 0,
                                "description": shown[e.name].description[:160] if e.name in shown else ""}
                               for e in queue[:500]]), hide_index=True)
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

with relations_tab:
    max_weight = st.slider("Show relations with weight up to", 0.0, 50.0, 50.0, 0.5)
    hide_r = st.checkbox("Hide reviewed", key="hide_rel")
    rels = relation_queue(engine.store, QueueFilter(max_weight=max_weight, hide_reviewed=hide_r), graph.relations)
    st.caption(f"{len(rels)} relations, weakest first.")
    rels = list(engine.store.get_relations([r.key for r in rels[:500]]).values())  # full records, rows shown
    rels.sort(key=lambda r: (r.weight, r.src, r.tgt))
    st.dataframe(pd.DataFrame([{"source": r.src, "target": r.tgt, "weight": r.weight, "keywords": r.keywords,
                                "description": r.description[:160]} for r in rels]), hide_index=True)
    if rels and can_review:
        label = st.selectbox("Relation to review", [f"{r.src} -> {r.tgt}" for r in rels])
        rel = next(r for r in rels if f"{r.src} -> {r.tgt}" == label)
        comment_r = st.text_input("Comment", key="relation_comment")
        b1, b2 = st.columns(2)
        if b1.button("Approve", key="approve_relation"):
            act(reviewer.approve, "relation", label, comment_r)
        if b2.button("Flag", key="flag_relation"):
            act(reviewer.flag, "relation", label, comment_r)
        with st.form("edit_relation"):
            keywords = st.text_input("Keywords", rel.keywords)
            rdesc = st.text_area("Description", rel.description)
            weight = st.number_input("Weight", 0.0, 1000.0, float(rel.weight))
            if st.form_submit_button("Save edit (re-embeds)"):
                act(reviewer.edit_relation, rel.src, rel.tgt, keywords, rdesc, weight, comment_r)

with history_tab:
    history = reviewer.history()
    st.dataframe(pd.DataFrame(history), hide_index=True)
    st.download_button("Export review CSV", reviews_csv(history), "review.csv", "text/csv")
