"""Widgets several pages share: the QueryParam form and the graph component."""

from __future__ import annotations

import streamlit as st

from lightrag_core import MODES, QueryParam
from lightrag_core.workbench.graph_view import graph_html


def query_params(prefix: str, modes: bool = True, mode: str | None = None) -> QueryParam:
    """Every QueryParam as widgets (LightRAG's defaults; `mode` preselects another mode)."""
    d = QueryParam()
    param = QueryParam()
    if modes:
        param.mode = st.selectbox("Mode", MODES, index=MODES.index(mode or d.mode), key=f"{prefix}_mode")
    with st.expander("Retrieval settings"):
        c1, c2 = st.columns(2)
        param.top_k = c1.number_input("top_k", 1, 500, d.top_k, key=f"{prefix}_top_k")
        param.chunk_top_k = c2.number_input("chunk_top_k", 1, 200, d.chunk_top_k, key=f"{prefix}_chunk_top_k")
        param.max_entity_tokens = c1.number_input("max_entity_tokens", 100, 100000, d.max_entity_tokens,
                                                  key=f"{prefix}_met")
        param.max_relation_tokens = c2.number_input("max_relation_tokens", 100, 100000, d.max_relation_tokens,
                                                    key=f"{prefix}_mrt")
        param.max_total_tokens = c1.number_input("max_total_tokens", 1000, 500000, d.max_total_tokens,
                                                 key=f"{prefix}_mtt")
        param.cosine_threshold = c2.slider("cosine threshold", 0.0, 1.0, d.cosine_threshold, 0.05,
                                           key=f"{prefix}_thr")
        param.kg_chunk_pick_method = c1.radio("chunk picking", ["VECTOR", "WEIGHT"], horizontal=True,
                                              key=f"{prefix}_pick")
        param.response_type = c2.text_input("response type", d.response_type, key=f"{prefix}_rt")
        hl = st.text_input("high-level keywords (comma-separated; skips extraction)", key=f"{prefix}_hl")
        ll = st.text_input("low-level keywords (comma-separated; skips extraction)", key=f"{prefix}_ll")
        param.hl_keywords = [k.strip() for k in hl.split(",") if k.strip()]
        param.ll_keywords = [k.strip() for k in ll.split(",") if k.strip()]
        param.user_prompt = st.text_input("extra instructions for the answer", key=f"{prefix}_up")
        param.enable_lexical = st.checkbox("BM25 fused into naive/mix chunks (off = LightRAG's behaviour)",
                                           d.enable_lexical, key=f"{prefix}_lex")
        param.enable_rerank = st.checkbox("rerank chunks (needs RERANK_MODEL)", d.enable_rerank, key=f"{prefix}_rr")
    with st.expander("multihop settings"):
        c1, c2 = st.columns(2)
        param.ppr_damping = c1.slider("PageRank damping", 0.05, 0.95, d.ppr_damping, 0.05, key=f"{prefix}_damp")
        param.ppr_max_iterations = c2.number_input("PageRank iterations (cap)", 1, 200, d.ppr_max_iterations,
                                                   key=f"{prefix}_iter")
        param.link_threshold = c1.slider("link threshold (cosine)", 0.0, 1.0, d.link_threshold, 0.05,
                                         key=f"{prefix}_link")
        param.ppr_max_entities = c2.number_input("neighbourhood entities (cap)", 1, 5000, d.ppr_max_entities,
                                                 key=f"{prefix}_hood")
        param.graph_weight = c1.number_input("fusion weight: graph", 0.0, 10.0, d.graph_weight, 0.25,
                                             key=f"{prefix}_gw")
        param.vector_weight = c2.number_input("fusion weight: vector", 0.0, 10.0, d.vector_weight, 0.25,
                                              key=f"{prefix}_vw")
        param.lexical_weight = c1.number_input("fusion weight: BM25", 0.0, 10.0, d.lexical_weight, 0.25,
                                               key=f"{prefix}_lw")
        param.coverage_weight = c2.number_input("question coverage (0 = fused order)", 0.0,
                                                10.0, d.coverage_weight, 0.25, key=f"{prefix}_cov")
    return param


def graph(entities, relations, height: int = 520, node_cap: int = 150, highlight: set[str] | None = None,
          path: list[str] | None = None, ringed: str = "named in the question") -> None:
    html, note = graph_html(entities, relations, height=f"{height}px", node_cap=node_cap, highlight=highlight,
                            path=path, ringed=ringed)
    if note:
        st.caption(note)
    # The HTML is pyvis's own page; document text only reaches it as escaped tooltip and label strings.
    st.iframe(html, height=height + 20)
