"""A PDF and a .docx uploaded through the app: the Query page shows the short answer in its own box,
cites the sentence with its file and page ("survey.pdf, p. 2"), and the Chunks tab says where each chunk is."""

from __future__ import annotations

import os
import sys

import pytest

from tests.browser.test_app_in_chromium import ARGS, CHROMIUM, ROOT, SHOTS, _clean, _free_port, _serve, _settle, _visit
from tests.e2e.test_citations import PAGES, _docx
from tests.support.pdfs import pages_pdf

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_pages_and_headings_are_cited_on_the_query_page(tmp_path):
    from playwright.sync_api import sync_playwright

    (tmp_path / "survey.pdf").write_bytes(pages_pdf(PAGES))
    (tmp_path / "ferries.docx").write_bytes(_docx())
    port = _free_port()
    env = {**os.environ, "LIGHTRAG_WORKDIR": str(tmp_path / "ws"), "LLM_MODEL": "", "LLM_LOCAL_GGUF": "",
           "NEO4J_URI": "", "EMBEDDING_MODEL": ""}
    proc, url = _serve([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", str(port),
                        "--server.address", "127.0.0.1", "--server.headless", "true",
                        "--browser.gatherUsageStats", "false"], port, env)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            _visit(page, url + "/Upload", "Files")
            page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(
                [str(tmp_path / "survey.pdf"), str(tmp_path / "ferries.docx")])
            page.get_by_text("ferries.docx").first.wait_for()
            page.get_by_role("button", name="Index", exact=True).click()
            page.get_by_text("2 indexed, 0 unchanged, 0 failed").first.wait_for(timeout=300_000)
            _settle(page)

            page.goto(url + "/Query")
            chat = page.get_by_test_id("stChatInputTextArea")
            chat.wait_for(timeout=180_000)
            _settle(page)
            chat.fill("Who designed the lighthouse at Brill?")
            chat.press("Enter")
            reply = page.get_by_test_id("stChatMessage").last
            reply.get_by_text("Extractive answer").first.wait_for(timeout=180_000)
            page.get_by_text("Short answer:").first.wait_for(timeout=60_000)
            _settle(page)
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
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
