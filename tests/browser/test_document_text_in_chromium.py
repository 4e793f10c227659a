"""Document text never makes the reader's browser fetch anything: a document holding a Markdown image, an
HTML image and bare URLs pointing at a local listener is indexed through the app (the real engine), then
its text is shown on the Query page (streamed answer, chunks, context, graph), Compare modes, Review and
Graph analytics in chromium. The listener must see no request; a control image at the end proves that
chromium here does fetch such URLs when a page really asks."""

from __future__ import annotations

import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.browser.test_app_in_chromium import ARGS, CHROMIUM, ROOT, SHOTS, _clean, _free_port, _serve, _settle, _visit

pytestmark = [pytest.mark.browser, pytest.mark.slow]


class _Counter(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "image/gif")
        self.end_headers()
        self.wfile.write(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;")

    def log_message(self, *args: object) -> None:
        return None


@pytest.fixture
def listener():
    _Counter.hits = []
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Counter)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", _Counter.hits
    httpd.shutdown()
    httpd.server_close()


def _document(base: str) -> str:
    return (f"Marie Curie worked in Paris with Pierre Curie. Marie Curie kept ![x]({base}/?d=leak) in her notes in "
            f"Paris. Pierre Curie read {base}/auto in Paris and www.example.org too. "
            f"Marie Curie drew <img src=\"{base}/?d=html\"> for Pierre Curie in Paris.\n\n"
            f"Pierre Curie and Marie Curie taught physics in Paris.")


def test_document_text_loads_nothing_on_any_page(tmp_path, listener):
    from playwright.sync_api import sync_playwright

    base, hits = listener
    port = _free_port()
    env = {**os.environ, "LIGHTRAG_WORKDIR": str(tmp_path / "ws"), "LLM_MODEL": "", "LLM_LOCAL_GGUF": "",
           "NEO4J_URI": "", "EMBEDDING_MODEL": ""}
    proc, url = _serve([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", str(port),
                        "--server.address", "127.0.0.1", "--server.headless", "true",
                        "--browser.gatherUsageStats", "false"], port, env)
    seen: list[str] = []  # what chromium itself asked for at the listener (a second count, from the browser side)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.on("request", lambda request: seen.append(request.url) if request.url.startswith(base) else None)

            _visit(page, url + "/Upload", "Files")
            page.get_by_role("textbox", name="…or paste text").fill(_document(base))
            title = page.get_by_role("textbox", name="Title for the pasted text")
            title.fill(f"notes ![t]({base}/?d=title)")
            title.press("Enter")
            _settle(page)
            page.get_by_role("button", name="Index", exact=True).click()
            page.get_by_text("1 indexed, 0 unchanged, 0 failed").first.wait_for(timeout=300_000)
            _settle(page)
            page.wait_for_timeout(1500)
            _clean(page, "Upload")

            page.goto(url + "/Query")
            chat = page.get_by_test_id("stChatInputTextArea")
            chat.wait_for(timeout=180_000)
            _settle(page)
            chat.fill("What did Marie Curie keep in her notes in Paris?")
            chat.press("Enter")
            reply = page.get_by_test_id("stChatMessage").last
            reply.get_by_text("Extractive answer").first.wait_for(timeout=180_000)
            _settle(page)
            page.wait_for_timeout(1500)
            answer = reply.inner_text()
            # The quoted sentence is on the page as the text it is, not as an image.
            assert f"![x]({base}/?d=leak)" in answer, answer
            links = [a.get_attribute("href") for a in reply.locator("a").all()]
            assert reply.locator("img").count() == 0 and links == [], (links, reply.inner_html()[:3000])
            references = reply.get_by_test_id("stCaptionContainer").first.inner_text()
            assert f"notes ![t]({base}/?d=title).txt" in references, references
            reply.screenshot(path=str(SHOTS / "query_document_text.png"))  # the page scrolls to the chat input
            for tab in ("Graph", "Chunks", "Context", "JSON"):
                page.get_by_role("tab", name=tab).click()
                page.wait_for_timeout(1200)
                text = _clean(page, f"Query · {tab}")
                if tab in ("Chunks", "Context"):
                    page.screenshot(path=str(SHOTS / f"query_document_{tab.lower()}.png"), full_page=True)
                if tab == "Context":
                    assert f"{base}/auto" in text  # the context shows the document's text as it is

            _visit(page, url + "/Compare_modes", "One question")
            page.get_by_role("tab", name="One question").click()
            box = page.get_by_role("textbox", name="Question", exact=True)
            box.fill("What did Marie Curie keep in her notes?")
            box.press("Enter")
            _settle(page)
            page.get_by_role("button", name="Compare").click()
            page.get_by_text("Export CSV").first.wait_for(timeout=300_000)
            _settle(page)
            page.wait_for_timeout(1500)
            assert f"![x]({base}/?d=leak)" in _clean(page, "Compare modes")

            _visit(page, url + "/Review", "Entities")
            page.wait_for_timeout(1500)
            description = page.get_by_role("textbox", name="Description").first.input_value()
            _clean(page, "Review")
            page.screenshot(path=str(SHOTS / "review_document_text.png"), full_page=True)

            _visit(page, url + "/Graph_analytics", "Degree distribution")
            frame = page.frame_locator("iframe").first
            frame.locator("canvas").first.wait_for(timeout=60_000)
            page.locator("iframe").first.scroll_into_view_if_needed()
            page.wait_for_timeout(2500)
            box = frame.locator("canvas").first.bounding_box()
            assert box
            for dx, dy in ((0.5, 0.5), (0.3, 0.5), (0.7, 0.5), (0.5, 0.3), (0.5, 0.7)):  # hover nodes: tooltips
                page.mouse.move(box["x"] + box["width"] * dx, box["y"] + box["height"] * dy)
                page.wait_for_timeout(600)
            _clean(page, "Graph analytics")

            assert hits == [] and seen == [], (hits, seen)

            # Control: the same browser, a page that really embeds the image, reaches the listener.
            page.set_content(f'<img src="{base}/?d=control">')
            page.wait_for_timeout(1500)
            assert hits == ["/?d=control"], hits
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert "Marie Curie" in description or "Pierre Curie" in description or "Paris" in description
