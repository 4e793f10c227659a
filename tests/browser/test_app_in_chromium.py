"""The app in a real browser: Playwright drives Debian's chromium (no browser download).

Starts `streamlit run app.py` on a free port over an empty workspace, uploads
a file, asks a question, and checks the streamed answer and the rendered
graph. Screenshots go to tests/browser/screenshots/.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
TEXT = ("Marie Curie was a physicist and chemist. Marie Curie was born in Warsaw. "
        "Marie Curie worked in Paris with Pierre Curie at the University of Paris. "
        "Pierre Curie was born in Paris. Marie Curie won the Nobel Prize in Physics with Pierre Curie.")

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed: `apt-get install chromium` (.ci/run does)")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    workdir = tmp_path_factory.mktemp("browser_ws")
    env = {**os.environ, "LIGHTRAG_WORKDIR": str(workdir), "LLM_MODEL": "", "NEO4J_URI": "",
           "EMBEDDING_MODEL": ""}
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"),
                             "--server.port", str(port), "--server.address", "127.0.0.1",
                             "--server.headless", "true", "--browser.gatherUsageStats", "false"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
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
    yield url
    proc.terminate()
    proc.wait(timeout=20)


def _settle(page, timeout: int = 180_000) -> None:
    """Wait until Streamlit has finished running the script."""
    page.wait_for_timeout(500)
    page.wait_for_selector('[data-testid="stStatusWidget"]', state="detached", timeout=timeout)


def test_upload_query_answer_and_graph(server, tmp_path):
    from playwright.sync_api import sync_playwright

    SHOTS.mkdir(exist_ok=True)
    doc = tmp_path / "curie.md"
    doc.write_text(TEXT)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(server + "/Upload")
        page.get_by_text("Files", exact=True).wait_for(timeout=180_000)
        _settle(page)
        page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(doc))
        page.get_by_text("curie.md").first.wait_for()
        page.get_by_role("button", name="Index").click()
        page.get_by_text("1 indexed, 0 unchanged, 0 failed").first.wait_for(timeout=180_000)
        _settle(page)
        page.screenshot(path=str(SHOTS / "upload.png"), full_page=True)

        page.goto(server + "/Query")
        chat = page.get_by_test_id("stChatInputTextArea")
        chat.wait_for(timeout=120_000)
        chat.fill("Where was Marie Curie born?")
        chat.press("Enter")
        page.get_by_text("Extractive answer").first.wait_for(timeout=180_000)
        _settle(page)
        answer = page.get_by_test_id("stChatMessage").last.inner_text()
        assert "Warsaw" in answer and "[1]" in answer
        page.get_by_role("tab", name="Graph").click()
        frame = page.frame_locator("iframe").first
        frame.locator("canvas").first.wait_for(timeout=60_000)
        page.wait_for_timeout(1500)  # let the physics layout settle for the picture
        box = frame.locator("canvas").first.bounding_box()
        assert box and box["width"] > 300 and box["height"] > 300
        page.screenshot(path=str(SHOTS / "query.png"), full_page=True)
        browser.close()
