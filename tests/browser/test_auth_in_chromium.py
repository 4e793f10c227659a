"""Sign-in in a real browser: the app on loopback only, an admin indexes real passages, a viewer reads them.

Starts `streamlit run app.py` with accounts and without `--server.address`, so `.streamlit/config.toml`
decides where it listens. Screenshots go to tests/browser/screenshots/ (auth_*.png).
"""

from __future__ import annotations

import json
import os
import socket
import sys
from pathlib import Path

import pytest

from tests.browser.test_app_in_chromium import ARGS, CHROMIUM, ROOT, SHOTS, _clean, _free_port, _serve, _settle
from tests.conftest import HOTPOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ACCOUNTS = "alice:alice-browser-pw:admin,carol:carol-browser-pw:viewer"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed: `apt-get install chromium` (.ci/run does)")
    port = _free_port()
    workdir = tmp_path_factory.mktemp("auth_browser_ws")
    env = {**os.environ, "LIGHTRAG_WORKDIR": str(workdir), "LLM_MODEL": "", "LLM_LOCAL_GGUF": "", "NEO4J_URI": "",
           "EMBEDDING_MODEL": "", "LIGHTRAG_AUTH_ACCOUNTS": ACCOUNTS,
           "LIGHTRAG_TOKEN_SECRET": "a-browser-test-signing-secret-0123456789"}
    proc, url = _serve([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", str(port),
                        "--server.headless", "true", "--browser.gatherUsageStats", "false"], port, env)
    yield url, port
    proc.terminate()
    proc.wait(timeout=20)


def _outside_address() -> str | None:
    """This machine's address on its network (not loopback), if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            address = s.getsockname()[0]
        except OSError:
            return None
    return None if address.startswith("127.") else address


def test_the_app_listens_on_loopback_only(server):
    _, port = server
    address = _outside_address()
    if address is None:
        pytest.skip("this machine has no network address besides loopback to try")
    with pytest.raises(OSError), socket.create_connection((address, port), timeout=3):
        pass


def _sign_in(page, url: str, user: str, password: str, path: str = "/") -> None:
    page.goto(url + path)
    page.get_by_role("textbox", name="User name").wait_for(timeout=180_000)
    _settle(page)
    page.get_by_role("textbox", name="User name").fill(user)
    page.get_by_role("textbox", name="Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_text(f"Signed in as {user}").first.wait_for(timeout=180_000)
    _settle(page)


def _nav(page) -> list[str]:
    return [line.strip() for line in page.get_by_test_id("stSidebarNav").inner_text().splitlines()]


def test_admin_indexes_real_passages_then_a_viewer_only_reads(server, tmp_path):
    from playwright.sync_api import sync_playwright

    url, _ = server
    rows = [json.loads(line) for line in (HOTPOT / "corpus.jsonl").open()][:4]
    passages = tmp_path / "hotpot_passages.txt"
    passages.write_text("\n\n".join(f"{r['title']}\n{r['text']}" for r in rows), encoding="utf-8")
    SHOTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})

        page.goto(url + "/Upload")  # a deep link, signed out: only the form
        page.get_by_role("button", name="Sign in").wait_for(timeout=180_000)
        _settle(page)
        text = _clean(page, "sign-in")
        assert "Documents" not in text and page.locator('[data-testid="stFileUploader"]').count() == 0
        page.get_by_role("textbox", name="User name").fill("carol")
        page.get_by_role("textbox", name="Password").fill("wrong")
        page.get_by_role("button", name="Sign in").click()
        page.get_by_text("Wrong user name or password.").wait_for(timeout=60_000)
        page.screenshot(path=str(SHOTS / "auth_sign_in.png"), full_page=True)

        _sign_in(page, url, "alice", "alice-browser-pw")
        assert "Ask in Cypher" in _nav(page) and page.get_by_text("…or another work directory").count() == 1
        page.get_by_test_id("stSidebarNav").get_by_text("Upload", exact=True).click()
        page.get_by_text("Files", exact=True).wait_for(timeout=180_000)
        _settle(page)
        page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(passages))
        page.get_by_text("hotpot_passages.txt").first.wait_for()
        page.get_by_role("button", name="Index", exact=True).click()
        page.get_by_text("1 indexed").first.wait_for(timeout=300_000)
        _settle(page)
        text = _clean(page, "admin Upload")
        assert "Delete a document" in text and "Signed in as alice · admin" in text
        page.screenshot(path=str(SHOTS / "auth_admin_upload.png"), full_page=True)
        page.get_by_role("button", name="Sign out").click()
        page.get_by_role("button", name="Sign in").wait_for(timeout=60_000)

        _sign_in(page, url, "carol", "carol-browser-pw")
        text = _clean(page, "viewer Home")
        assert "Ask in Cypher" not in _nav(page) and "…or another work directory" not in text
        page.screenshot(path=str(SHOTS / "auth_viewer_home.png"), full_page=True)
        page.get_by_test_id("stSidebarNav").get_by_text("Upload", exact=True).click()
        page.get_by_text("Upload needs the admin role").wait_for(timeout=180_000)
        _settle(page)
        text = _clean(page, "viewer Upload")
        assert page.locator('[data-testid="stFileUploader"]').count() == 0
        assert page.get_by_role("button", name="Delete").count() == 0 and "Delete a document" not in text
        assert page.get_by_role("button", name="Re-run failed and interrupted").count() == 0
        # The document list is a viewer's to read (the table is drawn on a canvas: its count, in the sidebar).
        assert page.get_by_test_id("stDataFrame").count() == 1 and "1 document · " in text
        page.screenshot(path=str(SHOTS / "auth_viewer_upload.png"), full_page=True)
        page.get_by_test_id("stSidebarNav").get_by_text("Review", exact=True).click()
        page.get_by_text("Review needs the reviewer role").wait_for(timeout=180_000)
        _settle(page)
        _clean(page, "viewer Review")
        assert page.get_by_role("button", name="Approve").count() == 0
        page.screenshot(path=str(SHOTS / "auth_viewer_review.png"), full_page=True)
        # Typed in: a new page load is a new session (signed out); signed in again, the console is not there.
        _sign_in(page, url, "carol", "carol-browser-pw", "/Ask_in_Cypher")
        page.screenshot(path=str(SHOTS / "auth_viewer_cypher_link.png"), full_page=True)
        text = _clean(page, "viewer's typed console link")
        assert page.get_by_role("button", name="Run").count() == 0 and "Ask in Cypher" not in _nav(page)
        assert "Write Cypher" not in text
        browser.close()
