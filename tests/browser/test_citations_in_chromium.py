"""A PDF and a .docx uploaded through the app: the Query page shows the short answer in its own box,
cites the sentence with its file and page ("survey.pdf, p. 2"), and the Chunks tab says where each chunk is."""

from __future__ import annotations

import pytest

from tests.browser.test_app_in_chromium import SHOTS, _clean, extractive_reply, uploaded_app
from tests.e2e.test_citations import PAGES, _docx
from tests.support.pdfs import pages_pdf

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_pages_and_headings_are_cited_on_the_query_page(tmp_path):
    (tmp_path / "survey.pdf").write_bytes(pages_pdf(PAGES))
    (tmp_path / "ferries.docx").write_bytes(_docx())
    with uploaded_app(tmp_path / "ws", [tmp_path / "survey.pdf", tmp_path / "ferries.docx"]) as (page, url):
        reply = extractive_reply(page, url, "Who designed the lighthouse at Brill?")
        answer = reply.inner_text()
        assert "Answer: Anna Vos [1]" in answer, answer
        assert "designed by the engineer Anna Vos. [1] (survey.pdf, p. 2)" in answer, answer
        box = page.get_by_test_id("stAlertContentSuccess").first.inner_text()
        assert "Short answer: Anna Vos" in box and "survey.pdf, p. 2" in box, box
        _clean(page, "Query")
        page.screenshot(path=str(SHOTS / "query_citation.png"), full_page=True)

        page.get_by_role("tab", name="Chunks").click()
        page.wait_for_timeout(600)
        table = page.get_by_test_id("stDataFrame").last
        table.scroll_into_view_if_needed()
        page.wait_for_timeout(600)
        # The grid is drawn on a canvas; its accessible table holds the same cells.
        cells = table.locator('[role="gridcell"], [role="columnheader"]').all_text_contents()
        assert "where" in cells and "pp. 1–3" in cells, cells
        page.screenshot(path=str(SHOTS / "query_citation_chunks.png"), full_page=True)
