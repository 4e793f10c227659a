"""Interactive graph pictures (pyvis), rendered with in-line resources so they work offline."""

from __future__ import annotations

import html
import re
import tempfile
from pathlib import Path

from lightrag_core.models import Entity, Relation

TYPE_COLOURS = {
    "person": "#4e79a7", "organization": "#f28e2b", "location": "#59a14f", "event": "#e15759",
    "work": "#b07aa1", "product": "#76b7b2", "group": "#edc948", "concept": "#9c755f", "law": "#bab0ac",
    "language": "#ff9da7",
}
DEFAULT_NODE_CAP = 150
# pyvis's page template links Bootstrap from a CDN even with in-line resources; the
# graph does not need it, and offline the request would only hang. Drop such tags.
_EXTERNAL_TAG = re.compile(
    r"""<link[^>]*href\s*=\s*["']https?://[^>]*>|<script[^>]*src\s*=\s*["']https?://[^>]*>\s*</script>""",
    re.IGNORECASE | re.DOTALL)


def graph_html(entities: list[Entity], relations: list[Relation], height: str = "560px",
               node_cap: int = DEFAULT_NODE_CAP, highlight: set[str] | None = None) -> tuple[str, str]:
    """The HTML of an interactive graph, and a note when it was capped (else "").

    Nodes are the given entities (most connected first when capped); edges are
    the relations between shown nodes. Endpoints missing from `entities` are
    drawn as plain nodes so no edge dangles.
    """
    from pyvis.network import Network

    by_name = {e.name: e for e in entities}
    for r in relations:
        for end in (r.src, r.tgt):
            by_name.setdefault(end, Entity(end, "unknown", "", [], []))
    nodes = sorted(by_name.values(), key=lambda e: -e.degree)
    note = ""
    if len(nodes) > node_cap:
        note = f"Showing the {node_cap} most connected of {len(nodes)} entities."
        nodes = nodes[:node_cap]
    shown = {e.name for e in nodes}
    net = Network(height=height, width="100%", directed=False, cdn_resources="in_line", bgcolor="#ffffff")
    net.barnes_hut(gravity=-4000, spring_length=120)
    for e in nodes:
        net.add_node(e.name, label=e.name, title=html.escape(f"{e.name} ({e.type})\n{e.description[:400]}"),
                     color=TYPE_COLOURS.get(e.type, "#8c8c8c"), size=12 + min(e.degree, 30),
                     borderWidth=4 if highlight and e.name in highlight else 1)
    for r in relations:
        if r.src in shown and r.tgt in shown:
            net.add_edge(r.src, r.tgt, title=html.escape(f"{r.keywords}\n{r.description[:300]}"),
                         value=max(r.weight, 0.1))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "graph.html"
        net.write_html(str(path), notebook=False, open_browser=False)
        return _EXTERNAL_TAG.sub("", path.read_text(encoding="utf-8")), note


def from_query_data(entities: list[dict], relationships: list[dict]) -> tuple[list[Entity], list[Relation]]:
    """Graph objects from a query result's records (exactly what went into the context)."""
    ents = [Entity(e["entity_name"], e["entity_type"], e["description"], [], [], degree=e.get("degree", 0))
            for e in entities]
    rels = [Relation(r["src_id"], r["tgt_id"], r["keywords"], r["description"], r["weight"], [], [])
            for r in relationships]
    return ents, rels
