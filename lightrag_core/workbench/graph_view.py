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
HIGHLIGHT = "#d62728"
PATH = "#111111"  # the short answer's path (question entity → bridge → answer); no type is drawn in black
EDGE = "#b8b8b8"  # other relations: neutral, so a ringed node's colour does not spill onto all its edges
# Once the layout has settled, stop the physics and fit the whole graph in view: people look at
# a still picture that shows everything, not a tangle still moving off the canvas. A graph drawn
# in a hidden tab has no size yet, so it fits again whenever its frame is resized (shown).
#
# Fitted, a graph of dozens of nodes is drawn so small that vis-network leaves every label out (below 5
# px): the names of the ringed nodes and of the LABELLED best connected ones are then enlarged to read at
# about 13 px on screen whatever the zoom, the others keep their size (and show when zoomed in).
LABELLED = 25
_SETTLE = """network = new vis.Network(container, data, options);
                  var labelled = data.nodes.get().sort(function (a, b) { return b.size - a.size; })
                      .filter(function (n, i) { return i < LABELLED || n.font.bold; });
                  function readable() {
                      var scale = network.getScale();
                      if (!(scale > 0)) { return; }
                      data.nodes.update(labelled.map(function (n) {
                          var px = n.font.bold ? 15 : 13;
                          return {id: n.id, font: {size: Math.min(Math.max(px / scale, px), 60), bold: n.font.bold}};
                      }));
                  }
                  network.once("stabilizationIterationsDone", function () {
                      network.setOptions({physics: false});
                      network.fit({animation: false});
                      readable();
                  });
                  new ResizeObserver(function () {
                      network.redraw();
                      network.fit({animation: false});
                      readable();
                  }).observe(container);""".replace("LABELLED", str(LABELLED))
OUTSIDE = "outside the context"
# pyvis's page template links Bootstrap from a CDN even with in-line resources; the
# graph does not need it, and offline the request would only hang. Drop such tags.
_TAG_START = re.compile(r"<(link|script)\b", re.IGNORECASE)
_EXTERNAL_REF = {"link": re.compile(r"""\bhref\s*=\s*["']https?://""", re.IGNORECASE),
                 "script": re.compile(r"""\bsrc\s*=\s*["']https?://""", re.IGNORECASE)}
_SCRIPT_END = re.compile(r"\s*</script>", re.IGNORECASE)


def without_external_tags(page: str) -> str:
    """The page without <link href="http..."> and <script src="http..."></script> tags.

    Each tag is read once, from its start to its '>' (a pattern retried from every '<link' of an
    unclosed tag was quadratic, and entity names from documents end up in the page)."""
    out: list[str] = []
    pos = 0
    for start in _TAG_START.finditer(page):
        if start.start() < pos:
            continue
        close = page.find(">", start.end())
        if close < 0:
            break
        kind = start.group(1).lower()
        end = close + 1
        if kind == "script":
            script_end = _SCRIPT_END.match(page, end)
            end = script_end.end() if script_end else -1
        if end > 0 and _EXTERNAL_REF[kind].search(page, start.end(), close):
            out.append(page[pos : start.start()])
            pos = end
        else:
            out.append(page[pos:close + 1])
            pos = close + 1
    out.append(page[pos:])
    return "".join(out)


def graph_html(entities: list[Entity], relations: list[Relation], height: str = "560px",
               node_cap: int = DEFAULT_NODE_CAP, highlight: set[str] | None = None,
               path: list[str] | None = None, ringed: str = "named in the question") -> tuple[str, str]:
    """The HTML of an interactive graph, and a note when it was capped (else "").

    `highlight`: names ringed in red (the question's; the legend calls them `ringed`); `path`: names ringed
    in black, with the relations between consecutive ones drawn thick (the short answer's path).

    Nodes are the given entities (most connected first when capped); edges are
    the relations between shown nodes. Endpoints missing from `entities` are
    drawn as plain nodes so no edge dangles.
    """
    from pyvis.network import Network

    by_name = {e.name: e for e in entities}
    for r in relations:
        for end in (r.src, r.tgt):
            by_name.setdefault(end, Entity(end, OUTSIDE, "", [], []))
    nodes = sorted(by_name.values(), key=lambda e: -e.degree)
    note = ""
    if len(nodes) > node_cap:
        note = f"Showing the {node_cap} most connected of {len(nodes)} entities."
        nodes = nodes[:node_cap]
    shown = {e.name for e in nodes}
    highlight = highlight or set()
    on_path = path_nodes(path or [], [e.name for e in nodes])
    steps = {frozenset(pair) for pair in zip(on_path, on_path[1:])}
    net = Network(height=height, width="100%", directed=False, cdn_resources="in_line", bgcolor="#ffffff")
    net.barnes_hut(gravity=-4000, spring_length=120)
    for e in nodes:
        colour = TYPE_COLOURS.get(e.type, "#8c8c8c")
        marked = e.name in highlight or e.name in on_path
        ring = PATH if e.name in on_path else HIGHLIGHT
        net.add_node(e.name, label=e.name,
                     # A string tooltip goes in as text (vis-network sets innerText; the data is embedded
                     # as JSON with < > & escaped), so document text is passed as it is: escaping it here
                     # showed &lt; and &#x27; to the reader. tests/browser/test_graph_tooltips_in_chromium.py
                     title=f"{e.name} ({e.type}, {e.degree} relations)\n{e.description[:400]}",
                     color={"background": colour, "border": ring if marked else colour},
                     size=node_size(e.degree), borderWidth=5 if marked else 1,
                     font={"size": 18 if marked else 14, "bold": marked})
    for r in relations:
        if r.src in shown and r.tgt in shown:
            step = frozenset((r.src, r.tgt)) in steps
            net.add_edge(r.src, r.tgt, title=f"{r.keywords}\n{r.description[:300]}",
                         value=max(r.weight, 0.1), color=PATH if step else EDGE, **({"width": 4} if step else {}))
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "graph.html"
        net.write_html(str(file), notebook=False, open_browser=False)
        page = without_external_tags(file.read_text(encoding="utf-8"))
    page = page.replace("network = new vis.Network(container, data, options);", _SETTLE, 1)
    legend = legend_html(nodes, highlight, bool(on_path), ringed)
    page = page.replace('<div id="mynetwork"', legend + '<div id="mynetwork"', 1)
    return page, note


def node_size(degree: int) -> float:
    """Area grows with degree, so hubs stand out without swallowing the picture."""
    return round(10 + 4 * min(degree, 100) ** 0.5, 1)


def path_nodes(path: list[str], names: list[str]) -> list[str]:
    """The graph's names for the steps of a path given in words: the same name in any case, else a
    name that holds the step or is held by it as whole words ("Marley" is "Jacob Marley")."""
    lowered = {n.lower(): n for n in names}
    out: list[str] = []
    for step in path:
        key = step.lower().strip()
        found = lowered.get(key) or next(
            (n for low, n in lowered.items() if len(key) >= 4 and (_holds(low, key) or _holds(key, low))), None)
        if found and found not in out:
            out.append(found)
    return out


def _holds(outer: str, inner: str) -> bool:
    return len(inner) >= 4 and f" {inner} " in f" {outer} "


def legend_html(nodes: list[Entity], highlight: set[str], path: bool = False,
                ringed: str = "named in the question") -> str:
    """Colour per entity type shown (most common first), and the highlight's meaning."""
    counts: dict[str, int] = {}
    for e in nodes:
        counts[e.type] = counts.get(e.type, 0) + 1
    items = [f'<span style="margin-right:14px"><span style="display:inline-block;width:11px;height:11px;'
             f'border-radius:50%;background:{TYPE_COLOURS.get(t, "#8c8c8c")};margin-right:4px"></span>'
             f"{html.escape(t)} ({n})</span>" for t, n in sorted(counts.items(), key=lambda kv: -kv[1])]
    if highlight & {e.name for e in nodes}:
        items.append(f'<span><span style="display:inline-block;width:9px;height:9px;border-radius:50%;'
                     f'border:3px solid {HIGHLIGHT};margin-right:4px"></span>{html.escape(ringed)}</span>')
    if path:
        items.append(f'<span style="margin-left:14px"><span style="display:inline-block;width:9px;height:9px;'
                     f'border-radius:50%;border:3px solid {PATH};margin-right:4px"></span>the short answer\'s path'
                     '</span>')
    return ('<div class="legend" style="font:13px sans-serif;padding:4px 8px;color:#333">'
            + "".join(items) + "</div>")


def graph_caption(entities: list[Entity], relations: list[Relation]) -> str:
    """What a query's graph shows: the context's entities and relations, and the grey nodes drawn for the other
    ends of those relations (a legend counting more nodes than the caption read as a contradiction)."""
    ends = {e for r in relations for e in (r.src, r.tgt)} - {e.name for e in entities}
    return (f"The {len(entities)} entities and {len(relations)} relations that went into the context"
            + (f", and the {len(ends)} other ends of those relations (grey)." if ends else "."))


def from_query_data(entities: list[dict], relationships: list[dict]) -> tuple[list[Entity], list[Relation]]:
    """Graph objects from a query result's records (exactly what went into the context)."""
    ents = [Entity(e["entity_name"], e["entity_type"], e["description"], [], [], degree=e.get("degree", 0))
            for e in entities]
    rels = [Relation(r["src_id"], r["tgt_id"], r["keywords"], r["description"], r["weight"], [], [])
            for r in relationships]
    return ents, rels
