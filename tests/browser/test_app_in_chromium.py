"""The app in a real browser: Playwright drives Debian's chromium (no browser download).

Starts `streamlit run app.py` on a free port over an empty workspace, uploads
the novel LightRAG's demo indexes, then walks every page as a new user would,
asserting that none shows Python internals. Screenshots of each page go to
tests/browser/screenshots/ (the README's gallery).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(command: list[str], port: int, env: dict) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    for _ in range(240):
        try:
            urllib.request.urlopen(url + "/_stcore/health", timeout=1)
            break
        except OSError:
            time.sleep(0.5)
    else:
        proc.kill()
        pytest.fail("streamlit did not start: " + proc.stdout.read().decode()[-2000:])
    return proc, url


def serve_app(env: dict) -> tuple[subprocess.Popen, str]:
    """`streamlit run app.py` on a free loopback port with `env`; the process and its URL."""
    port = _free_port()
    return _serve([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", str(port),
                   "--server.address", "127.0.0.1", "--server.headless", "true",
                   "--browser.gatherUsageStats", "false"], port, env)


OFFLINE = {"LLM_MODEL": "", "LLM_LOCAL_GGUF": "", "NEO4J_URI": "", "EMBEDDING_MODEL": ""}


@contextmanager
def offline_app(workdir: Path) -> Iterator[str]:
    """The app on the offline default (no LLM, no Neo4j) over `workdir`; its URL, stopped afterwards."""
    proc, url = serve_app({**os.environ, "LIGHTRAG_WORKDIR": str(workdir), **OFFLINE})
    try:
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def upload_and_index(page, url: str, files: list[Path]) -> None:
    """Upload `files` on the Upload page and index them; returns once all are indexed."""
    _visit(page, url + "/Upload", "Files")
    page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files([str(f) for f in files])
    page.get_by_text(files[-1].name).first.wait_for()
    page.get_by_role("button", name="Index", exact=True).click()
    page.get_by_text(f"{len(files)} indexed, 0 unchanged, 0 failed").first.wait_for(timeout=300_000)
    _settle(page)


@contextmanager
def uploaded_app(workdir: Path, files: list[Path], height: int = 1100) -> Iterator[tuple]:
    """Chromium on the offline app over `workdir`, with `files` uploaded and indexed: (page, url)."""
    from playwright.sync_api import sync_playwright

    with offline_app(workdir) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": height})
            upload_and_index(page, url, files)
            yield page, url
        finally:
            browser.close()


def shoot_reply(page, reply, name: str) -> None:
    """Check the Query page shows no Python internals, then screenshot it with the reply in view."""
    _clean(page, "Query")
    reply.scroll_into_view_if_needed()
    page.wait_for_timeout(400)
    page.screenshot(path=str(SHOTS / name), full_page=True)


WORKDIR: dict[str, Path] = {}  # the browser workspace, indexed by the walk, reused by the console walk


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed: `apt-get install chromium` (.ci/run does)")
    WORKDIR["path"] = workdir = tmp_path_factory.mktemp("browser_ws")
    with offline_app(workdir) as url:
        yield url


def _settle(page, timeout: int = 180_000) -> None:
    """Wait until Streamlit has finished running the script."""
    page.wait_for_timeout(500)
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached", timeout=timeout)


NOVEL = ROOT.parent / "shared" / "data" / "christmas_carol" / "book.txt"
MARLEY = "Who was Scrooge's business partner, and what happened to him?"
PARTNER = "Who was Scrooge's business partner?"  # the demo's first question: its short answer must answer
CLERK = "What is the name of Scrooge's clerk?"  # asked in mix, whose context brings the graph
# What a page must never show: Streamlit's magic rendering an object, or an error's insides.
GLITCHES = ("DeltaGenerator", "object at 0x", "Traceback", "<lightrag_core.", "Creator of Delta protobuf")


def _clean(page, name: str) -> str:
    """The page's visible text, after checking it shows no Python internals."""
    text = page.locator("body").inner_text()
    for glitch in GLITCHES:
        assert glitch not in text, f"{name} shows {glitch!r}"
    return text


def _visit(page, url: str, ready: str) -> None:
    page.goto(url)
    page.get_by_text(ready).first.wait_for(timeout=180_000)
    _settle(page)


def _ask(page, url: str, question: str) -> None:
    """Open the Query page and send a question from its chat box."""
    page.goto(url + "/Query")
    chat = page.get_by_test_id("stChatInputTextArea")
    chat.wait_for(timeout=180_000)
    _settle(page)
    chat.fill(question)
    chat.press("Enter")


def extractive_reply(page, url: str, question: str):  # noqa: ANN201 (a Playwright locator)
    """Ask on the Query page and wait for the offline answer with its short answer; the reply's message."""
    _ask(page, url, question)
    reply = page.get_by_test_id("stChatMessage").last
    reply.get_by_text("Extractive answer").first.wait_for(timeout=180_000)
    page.get_by_text("Short answer:").first.wait_for(timeout=60_000)
    _settle(page)
    return reply


def test_walk_every_page_with_the_novel(server):
    """A new user's demo: upload the novel, then every page, every Query tab; screenshots of each."""
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        _visit(page, server + "/", "Status")  # as a user arrives: the root, then the navigation
        page.get_by_test_id("stSidebarNav").get_by_text("Upload", exact=True).click()
        page.get_by_text("Files", exact=True).wait_for(timeout=180_000)
        _settle(page)
        page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(NOVEL))
        page.get_by_text("book.txt").first.wait_for()
        page.get_by_role("button", name="Index", exact=True).click()
        page.get_by_text("1 indexed, 0 unchanged, 0 failed").first.wait_for(timeout=300_000)
        page.get_by_text("Export CSV").first.wait_for(timeout=120_000)  # the documents table is drawn
        _settle(page)
        upload = _clean(page, "Upload")
        assert "processed" in upload
        assert "book.txt: left out the Project Gutenberg header (27 lines), licence (352 lines) and 33 illus" in upload
        page.screenshot(path=str(SHOTS / "upload.png"), full_page=True)

        # Wait for the status table itself: the "Status" heading is drawn a moment before it.
        _visit(page, server + "/", "embedded (SQLite + in-memory vectors)")
        home = _clean(page, "Home")
        assert "embedded (SQLite + in-memory vectors)" in home
        nav = [line.strip() for line in page.get_by_test_id("stSidebarNav").inner_text().splitlines()]
        assert "Home" in nav and "Graph analytics" in nav and "app" not in nav
        page.screenshot(path=str(SHOTS / "home.png"), full_page=True)

        _ask(page, server, PARTNER)
        page.get_by_text("Extractive answer").first.wait_for(timeout=180_000)
        reply = page.get_by_test_id("stChatMessage").last
        reply.get_by_text("Marley").first.wait_for(timeout=60_000)
        _settle(page)
        # The short answer comes first, then the evidence: document text shown as text, bullets "- ".
        lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
        short = next(line for line in lines if line.startswith(("Answer:", "No short answer")))
        answered = short.startswith(("Answer: Jacob Marley [", "Answer: Marley [")) and short.endswith("]")
        assert answered, reply.inner_text()
        first = next(line for line in lines if line.startswith("- "))
        assert "Marley" in first and first.rstrip().endswith("]"), reply.inner_text()  # its sentence first, cited
        box = page.get_by_test_id("stAlertContentSuccess").first.inner_text()  # the short answer, on its own
        assert box.startswith("Short answer:") and "Marley" in box, box
        # "Scrooge" links to Ebenezer Scrooge, so the path starts from his full name
        assert any(f"Found along Ebenezer Scrooge → {name}" in box for name in ("Jacob Marley", "Marley")), box
        page.get_by_test_id("stChatMessage").first.scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "query.png"), full_page=True)
        # multihop links "Scrooge" to Ebenezer Scrooge (the name the graph connects most), so its walk has a
        # graph to draw, with the answer's path ringed.
        page.get_by_role("tab", name="Graph").click()
        frame = page.frame_locator("iframe").first
        frame.locator("canvas").first.wait_for(timeout=60_000)
        legend = frame.locator(".legend").inner_text()
        assert "the short answer's path" in legend, legend
        page.locator("iframe").first.scroll_into_view_if_needed()
        page.wait_for_timeout(2500)
        page.screenshot(path=str(SHOTS / "query_graph_multihop.png"), full_page=True)

        # The page opens on multihop; LightRAG's mix is one pick away, and its answer brings the graph.
        page.get_by_test_id("stSidebar").get_by_test_id("stSelectbox").first.click()
        page.get_by_role("option", name="mix", exact=True).click()
        _settle(page)
        chat = page.get_by_test_id("stChatInputTextArea")
        chat.fill(CLERK)
        chat.press("Enter")
        page.get_by_test_id("stChatMessage").nth(3).get_by_text("Bob Cratchit").first.wait_for(timeout=180_000)
        _settle(page)
        assert "Short answer: Bob Cratchit" in page.get_by_test_id("stAlertContentSuccess").first.inner_text()
        for tab in ("Statistics", "Graph", "Chunks", "Context", "Prompt", "JSON"):
            page.get_by_role("tab", name=tab).click()
            page.wait_for_timeout(400)
            _clean(page, f"Query · {tab}")
            if tab == "Statistics":
                page.screenshot(path=str(SHOTS / "query_statistics.png"), full_page=True)
            if tab == "Graph":
                frame = page.frame_locator("iframe").first
                frame.locator("canvas").first.wait_for(timeout=60_000)
                legend = frame.locator(".legend").inner_text()
                assert "person" in legend and "the short answer's path" in legend, legend  # Scrooge → Cratchit ringed
                page.locator("iframe").first.scroll_into_view_if_needed()
                page.wait_for_timeout(2500)  # the layout settles, then physics stops and the view fits
                box = frame.locator("canvas").first.bounding_box()
                assert box and box["width"] > 300 and box["height"] > 300
                page.screenshot(path=str(SHOTS / "query_graph.png"), full_page=True)

        _visit(page, server + "/Compare_modes", "One question")
        page.get_by_role("tab", name="One question").click()
        box = page.get_by_role("textbox", name="Question", exact=True)
        box.fill(MARLEY)
        box.press("Enter")  # Streamlit takes a text input's value on Enter
        _settle(page)
        page.get_by_role("button", name="Compare").click()
        page.get_by_text("Export CSV").first.wait_for(timeout=300_000)
        _settle(page)
        assert "multihop" in _clean(page, "Compare modes")
        page.screenshot(path=str(SHOTS / "compare.png"), full_page=True)

        _visit(page, server + "/Graph_analytics", "Degree distribution")
        _clean(page, "Graph analytics")
        page.screenshot(path=str(SHOTS / "analytics.png"), full_page=True)
        # the explorer takes a name in any case
        explore = page.get_by_role("textbox", name="Entity name (any case; empty = pick from the most connected)")
        explore.fill("ebenezer scrooge")
        explore.press("Enter")
        _settle(page)
        page.frame_locator("iframe").first.locator("canvas").first.wait_for(timeout=60_000)
        assert "No entity is named" not in _clean(page, "Graph analytics")

        _visit(page, server + "/Review", "Entities")
        _clean(page, "Review")
        page.screenshot(path=str(SHOTS / "review.png"), full_page=True)
        page.get_by_role("tab", name="History").click()  # no decision yet: a sentence, not an empty grid
        page.get_by_text("No review decisions yet").first.wait_for(timeout=30_000)

        # the page's own text, not its name: the sidebar shows the name before the page has run
        _visit(page, server + "/Ask_in_Cypher", "this workspace uses the embedded store")
        assert "this workspace uses the embedded store" in _clean(page, "Ask in Cypher")
        browser.close()


SCROOGE = ("MATCH (a:Entity {workspace: $workspace})-[r:RELATED]-(b:Entity)\n"
           "WHERE toLower(a.name) = toLower('Ebenezer Scrooge')\nRETURN a, r, b\nLIMIT 50")


def test_ask_in_cypher_in_the_browser(server):
    """Question -> generated Cypher (real client, local OpenAI-compatible server) -> run -> table and graph.
    Needs the walk above to have indexed the novel; the driver answers from that index (no server here)."""
    from playwright.sync_api import expect, sync_playwright

    from tests.support.openai_server import OpenAIStub

    port = _free_port()
    with OpenAIStub(lambda messages: f"```cypher\n{SCROOGE}\n```") as llm:
        env = {**os.environ, "LIGHTRAG_WORKDIR": str(WORKDIR["path"]), "NEO4J_URI": "neo4j://graph.example:7687",
               "NEO4J_PASSWORD": "neo4j-secret-pw", "LLM_MODEL": "demo-model", "OPENAI_BASE_URL": llm.base_url,
               "OPENAI_API_KEY": "sk-demo", "EMBEDDING_MODEL": "", "PYTHONPATH": str(ROOT)}
        proc, url = _serve([sys.executable, str(ROOT / "tests" / "browser" / "console_app.py"),
                            str(WORKDIR["path"]), str(port)], port, env)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                _visit(page, url + "/Ask_in_Cypher", "Write Cypher")
                box = page.get_by_role("textbox", name="Question", exact=True)
                box.fill("Who is Scrooge connected to?")
                box.press("Enter")
                _settle(page)
                page.get_by_role("button", name="Write Cypher").click()
                _settle(page)
                statement = page.get_by_role("textbox", name="Cypher (read it, edit it if you like, then run it)")
                # The rerun may start after _settle looked: wait for the statement itself.
                expect(statement).to_have_value(re.compile(r"toLower\('Ebenezer Scrooge'\)"), timeout=60_000)
                page.get_by_role("button", name="Run").click()
                page.get_by_text("Export CSV").first.wait_for(timeout=120_000)
                _settle(page)
                text = _clean(page, "Ask in Cypher")
                assert "50 rows" in text and "neo4j-secret-pw" not in text and "sk-demo" not in text
                nav = [line.strip() for line in page.get_by_test_id("stSidebarNav").inner_text().splitlines()]
                assert "Ask in Cypher" in nav and "app" not in nav
                page.screenshot(path=str(SHOTS / "cypher_table.png"), full_page=True)
                page.get_by_role("tab", name="Graph").click()
                frame = page.frame_locator("iframe").first
                frame.locator("canvas").first.wait_for(timeout=60_000)
                assert "person" in frame.locator(".legend").inner_text()
                page.locator("iframe").first.scroll_into_view_if_needed()
                page.wait_for_timeout(2500)
                page.screenshot(path=str(SHOTS / "cypher_graph.png"), full_page=True)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=20)


def test_a_new_version_of_an_upload_replaces_the_old_one(server, tmp_path):
    """Upload a file, edit it, upload it again: one document, the new text, and the page says so."""
    from playwright.sync_api import sync_playwright

    notes = tmp_path / "notes.txt"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        for n, city in enumerate(["Paris", "Lyon"]):
            notes.write_text(f"Pierre Curie taught physics in {city}. Marie Curie worked with Pierre Curie in {city}.")
            _visit(page, server + "/Upload", "Files")
            page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(notes))
            page.get_by_text("notes.txt").first.wait_for()
            page.get_by_role("button", name="Index", exact=True).click()
            summary = "1 indexed, 0 unchanged, 0 failed" + (", 1 earlier version replaced" if n else ";")
            page.get_by_text(summary).first.wait_for(timeout=300_000)
            _settle(page)
        page.get_by_test_id("stExpander").first.click()  # the run's log, collapsed when it finished
        page.get_by_text("↻ notes.txt: the new version").first.wait_for()
        page.wait_for_timeout(1000)  # the expander's opening animation
        text = _clean(page, "Upload")
        page.screenshot(path=str(SHOTS / "upload_new_version.png"), full_page=True)
        browser.close()
    from lightrag_core import Engine
    from lightrag_core.config import Settings

    engine = Engine(Settings.from_env(WORKDIR["path"], llm_model="", neo4j_uri="", embedding_model=""))
    try:
        assert [d.title for d in engine.documents()].count("notes.txt") == 1, text
        names = {e.name for e in engine.store.all_entities()}
        assert "Lyon" in names and "Paris" not in names
    finally:
        engine.close()
