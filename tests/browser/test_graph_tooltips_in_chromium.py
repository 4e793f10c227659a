"""Graph tooltips in chromium: a description holding HTML is shown as its text when the node is hovered
(vis-network puts a string tooltip in with innerText), and nothing it names is fetched."""

from __future__ import annotations

import pytest

from lightrag_core.models import Entity
from lightrag_core.workbench.graph_view import graph_html
from tests.browser.test_app_in_chromium import ARGS, CHROMIUM
from tests.browser.test_document_text_in_chromium import listener  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.browser]


def test_a_tooltip_shows_document_html_as_text_and_loads_nothing(listener):  # noqa: F811
    from playwright.sync_api import sync_playwright

    base, hits = listener
    description = f"Scrooge's <img src=\"{base}/?d=tooltip\"> & ![x]({base}/?d=md)"
    page_html, _ = graph_html([Entity("Ebenezer Scrooge", "person", description, [], [])], [], height="400px")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 800, "height": 500})
        page.set_content(page_html)
        canvas = page.locator("canvas").first
        canvas.wait_for(timeout=30_000)
        page.wait_for_timeout(1500)  # the single node settles in the middle
        box = canvas.bounding_box()
        assert box
        at = page.evaluate("() => network.canvasToDOM(network.getPositions()['Ebenezer Scrooge'])")
        page.mouse.move(box["x"] + at["x"] - 3, box["y"] + at["y"] - 3)
        page.mouse.move(box["x"] + at["x"], box["y"] + at["y"])
        tooltip = page.locator(".vis-tooltip")
        tooltip.wait_for(state="visible", timeout=10_000)
        shown = tooltip.inner_text()
        assert tooltip.locator("img").count() == 0
        browser.close()
    assert shown == f"Ebenezer Scrooge (person, 0 relations)\n{description}"
    assert hits == []
