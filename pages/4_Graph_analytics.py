"""The graph as numbers and pictures: degrees, hubs, components, types, weights, duplicates, explorer."""

import altair as alt
import pandas as pd
import streamlit as st

from lightrag_core.workbench.analytics import duplicate_candidates, find_entity, neighbourhood
from lightrag_core.workbench.csv_export import frame_csv
from lightrag_core.workbench.safe_text import as_text
from lightrag_core.workbench.snapshot import graph_snapshot
from pages.common import auth, state, widgets

st.set_page_config(page_title="Graph analytics · Graph RAG workbench", layout="wide")
auth.signed_in()
st.title("Graph analytics")
engine = state.engine()
state.sidebar(engine)
g = graph_snapshot(engine.store)  # read once per change of the graph, not per rerun
if not g.entities:
    st.info("The graph is empty: index documents first.")
    st.stop()

components = g.components()
c1, c2, c3, c4 = st.columns(4)
c1.metric("Entities", len(g.entities))
c2.metric("Relations", len(g.relations))
c3.metric("Components", len(components))
c4.metric("Orphans", len(g.orphans()))

left, right = st.columns(2)
with left:
    st.subheader("Degree distribution")
    hist = pd.DataFrame([{"degree": label, "entities": count} for label, count in g.degree_histogram()])
    st.altair_chart(alt.Chart(hist).mark_bar().encode(
        x=alt.X("degree:N", sort=None, title="degree (relations per entity)"),
        y=alt.Y("entities:Q", scale=alt.Scale(type="symlog"), title="entities (log scale)"),
        tooltip=["degree", "entities"]))
    st.caption("Entities per degree range; the count axis is logarithmic, so the few hubs stay visible.")
    st.subheader("Entity types")
    st.bar_chart(pd.Series(g.type_counts(), name="entities"))
with right:
    st.subheader("Top hubs")
    hubs = pd.DataFrame([{"entity": e.name, "type": e.type, "degree": e.degree} for e in g.hubs(20)])
    st.dataframe(hubs, hide_index=True)
    st.subheader("Connected components")
    sizes = pd.DataFrame({"component": range(1, len(components) + 1), "size": [len(c) for c in components]})
    st.dataframe(sizes.head(20), hide_index=True)

left, right = st.columns(2)
with left:
    st.subheader("Relationship weights")
    st.bar_chart(pd.DataFrame([{"weight from": f"{start:.2f}", "relations": count}
                               for start, count in g.weight_histogram()]).set_index("weight from"), sort=False)
with right:
    st.subheader("Most-cited chunks")
    cited = g.most_cited_chunks(15)
    chunks = engine.store.get_chunks([c for c, _ in cited])
    # (the file a person uploaded, and how the chunk opens: ids alone say nothing to a reader)
    st.dataframe(pd.DataFrame([{"file": chunks[c].file_path or chunks[c].doc_id, "opens": chunks[c].content[:80],
                                "entities": n, "chunk": c} for c, n in cited if c in chunks]), hide_index=True)

st.subheader("Explorer")
# The 1,000 most connected in the list (a selectbox of every name would choke the browser on
# big graphs); any other entity by typing its name.
names = [e.name for e in g.hubs(1000)]
e1, e2, e3 = st.columns([3, 1, 1])
typed = e1.text_input("Entity name (any case; empty = pick from the most connected)", key="explore_name").strip()
depth = e2.slider("Depth", 1, 3, 1)
cap = e3.number_input("Node cap", 10, 500, 100)
# A typed name is found in any case; one that names no entity lists the names holding it.
found = find_entity(engine.store, typed, g.entities) if typed else None
centre = e1.selectbox("Most connected entities", names, index=0) if found is None else found.name
if found is not None and found.name is None:
    if found.suggestions:  # the most connected of them is drawn; the others one pick away
        st.info(as_text(f"No entity is named {typed!r}; names holding it, most connected first: "
                        f"{', '.join(found.suggestions)}."))
        centre = st.selectbox("Explore", found.suggestions, index=0, key="explore_pick")
    else:
        st.warning(f"No entity is named {as_text(repr(typed))} or has it in its name (see Top hubs or the Review "
                   "page).")
if centre is not None:
    ents, rels = neighbourhood(engine.store, centre, depth, int(cap))
    widgets.graph(ents, rels, node_cap=int(cap), highlight={centre}, ringed="the entity explored")

st.subheader("Suspected duplicates")
if st.button("Find duplicate entities"):
    st.session_state.duplicates = duplicate_candidates(g.entities, engine.embedder)
dups = st.session_state.get("duplicates")
if dups is not None:
    table = pd.DataFrame(dups)
    if table.empty:
        st.caption("No likely duplicates found.")
    else:
        st.dataframe(table, hide_index=True)
        st.download_button("Export CSV", frame_csv(table), "duplicates.csv", "text/csv")
        st.caption("Merge them on the Review page.")
