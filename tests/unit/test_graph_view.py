"""The pyvis picture: settles then stops, fits the canvas, says what its colours mean."""

from __future__ import annotations

import re

from lightrag_core.models import Entity, Relation
from lightrag_core.workbench.graph_view import graph_html, node_size

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
