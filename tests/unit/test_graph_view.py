"""The pyvis picture: settles then stops, fits the canvas, says what its colours mean."""

from __future__ import annotations

import re

from lightrag_core.models import Entity, Relation
from lightrag_core.workbench.graph_view import PATH, graph_html, node_size, path_nodes

ENTITIES = [Entity("Marie Curie", "person", "A physicist.", [], [], degree=9),
            Entity("Paris", "location", "A city.", [], [], degree=2),
            Entity("Pierre Curie", "person", "A physicist.", [], [], degree=1)]
RELATIONS = [Relation("Marie Curie", "Paris", "worked in", "Marie Curie worked in Paris.", 1.0, [], []),
             Relation("Marie Curie", "Pierre Curie", "married", "She married Pierre Curie.", 1.0, [], [])]


def test_physics_stops_and_the_view_fits_once_the_layout_settles() -> None:
    page, note = graph_html(ENTITIES, RELATIONS)
    assert note == ""
    assert 'network.once("stabilizationIterationsDone"' in page
    assert "network.setOptions({physics: false})" in page and "network.fit(" in page
    assert not re.search(r"""(src|href)\s*=\s*["']https?://""", page)  # nothing fetched from a CDN


def test_legend_lists_types_present_and_the_highlight() -> None:
    page, _ = graph_html(ENTITIES, RELATIONS, highlight={"Paris"})
    legend = page.split('class="legend"')[1].split('<div id="mynetwork"')[0]
    assert "person (2)" in legend and "location (1)" in legend and "organization" not in legend
    assert "named in the question" in legend
    plain, _ = graph_html(ENTITIES, RELATIONS)
    assert "named in the question" not in plain
    # the explorer rings the entity it explores, and its legend says so
    explored, _ = graph_html(ENTITIES, RELATIONS, highlight={"Paris"}, ringed="the entity explored")
    legend = explored.split('class="legend"')[1].split('<div id="mynetwork"')[0]
    assert "the entity explored" in legend and "named in the question" not in legend


def test_the_best_connected_names_are_enlarged_to_read_once_fitted() -> None:
    page, _ = graph_html(ENTITIES, RELATIONS)
    assert "network.getScale()" in page and "data.nodes.update(labelled" in page
    assert "i < 25 || n.font.bold" in page  # the ringed ones, and the 25 best connected


def test_hubs_are_bigger_and_hover_text_carries_relation_keywords() -> None:
    assert node_size(9) > node_size(2) > node_size(0)
    page, _ = graph_html(ENTITIES, RELATIONS)
    assert "worked in" in page and "married" in page and "9 relations" in page


def test_capped_graphs_say_so() -> None:
    many = [Entity(f"E{i}", "concept", "", [], [], degree=i) for i in range(20)]
    _, note = graph_html(many, [], node_cap=5)
    assert note == "Showing the 5 most connected of 20 entities."


def test_document_text_cannot_leave_the_graph_data():
    """Names and descriptions reach the page only inside the JSON data (tojson escapes < > &), never as markup."""
    from lightrag_core.models import Entity as E
    from lightrag_core.workbench.graph_view import graph_html as draw

    page, _ = draw([E("A</script><script>alert(1)</script>", "person", "x</script><img src=x onerror=alert(1)>",
                      [], [])], [])
    assert "</script><script>alert" not in page and "<img src=x" not in page
    assert "\\u003c/script\\u003e" in page  # there, as escaped JSON


def _nodes(page: str) -> list[dict]:
    import json
    return json.loads(re.search(r"nodes = new vis\.DataSet\((\[.*?\])\);", page, re.S).group(1))


def _edges(page: str) -> list[dict]:
    import json
    return json.loads(re.search(r"edges = new vis\.DataSet\((\[.*?\])\);", page, re.S).group(1))


def test_the_short_answers_path_is_ringed_and_its_steps_drawn_in_green() -> None:
    """Words of the path ("Curie", "Paris") find the graph's names; the relation between them is the step."""
    page, _ = graph_html(ENTITIES, RELATIONS, highlight={"Marie Curie"}, path=["Curie", "Paris"])
    ring = {n["id"]: n["color"]["border"] for n in _nodes(page)}
    assert ring["Marie Curie"] == ring["Paris"] == PATH and ring["Pierre Curie"] != PATH
    coloured = {(e["from"], e["to"]) for e in _edges(page) if e.get("color") == PATH}
    assert coloured == {("Marie Curie", "Paris")}
    assert "the short answer's path" in page.split('<div id="mynetwork"')[0]
    plain, _ = graph_html(ENTITIES, RELATIONS, highlight={"Marie Curie"})
    assert PATH not in {n["color"]["border"] for n in _nodes(plain)}


def test_path_words_map_to_whole_graph_names_only() -> None:
    names = ["Ebenezer Scrooge", "Jacob Marley", "Marleyville Inn"]
    assert path_nodes(["Scrooge", "Marley"], names) == ["Ebenezer Scrooge", "Jacob Marley"]
    assert path_nodes(["the Ghost", "1843"], names) == []  # nothing of the graph's: nothing ringed


def test_the_caption_counts_the_grey_ends_the_legend_shows() -> None:
    from lightrag_core.workbench.graph_view import graph_caption

    assert graph_caption(ENTITIES, RELATIONS) == "The 3 entities and 2 relations that went into the context."
    assert graph_caption(ENTITIES[:1], RELATIONS) == ("The 1 entities and 2 relations that went into the context, and "
                                                      "the 2 other ends of those relations (grey).")
