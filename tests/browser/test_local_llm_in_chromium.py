"""Opt-in: the app with LLM_LOCAL_GGUF, in chromium. Home names the in-process model; the Query page
streams a generated, cited answer (screenshot for the README). Skipped without LLM_LOCAL_GGUF."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from lightrag_core import Engine, Settings
from lightrag_core.indexing.loaders import read_jsonl
from tests.browser.test_app_in_chromium import ARGS, CHROMIUM, ROOT, SHOTS, _ask, _clean, _free_port, _serve, _settle
from tests.support.local_model import SKIP_REASON, local_model_env, model_path

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.skipif(not model_path(), reason=SKIP_REASON)]

DATA = ROOT.parent / "shared" / "data" / "hotpotqa_100"
QUESTION = ("Grace Krilanovich's first novel was published by an independent mom-and-pop publishing house "
            "that was founded in 2005, and is based where?")


def test_the_query_page_streams_an_answer_from_the_local_model(tmp_path: Path):
    with local_model_env():
        _walk(tmp_path)


def _walk(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    wanted = {"Grace Krilanovich", "Two Dollar Radio", "Ohio", "Columbus, Ohio"}
    with Engine(Settings.from_env(tmp_path, neo4j_uri="", embedding_model="")) as engine:
        report = engine.index_documents([d for d in read_jsonl(DATA / "corpus.jsonl") if d.id in wanted])
        assert not report.failed, report.failed
    port = _free_port()
    env = {**os.environ, "LIGHTRAG_WORKDIR": str(tmp_path), "NEO4J_URI": "", "EMBEDDING_MODEL": ""}
    proc, url = _serve([sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", str(port),
                        "--server.address", "127.0.0.1", "--server.headless", "true",
                        "--browser.gatherUsageStats", "false"], port, env)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(url + "/")
            page.get_by_text("Status").first.wait_for(timeout=180_000)
            _settle(page)
            assert "local GGUF, llama.cpp in this process" in _clean(page, "Home")
            page.screenshot(path=str(SHOTS / "home_local_llm.png"), full_page=True)

            _ask(page, url, QUESTION)
            page.get_by_test_id("stChatMessage").nth(1).wait_for(timeout=180_000)  # the answer has begun
            _settle(page, timeout=600_000)
            reply = page.get_by_test_id("stChatMessage").nth(1)
            text = reply.inner_text()
            assert "Extractive answer" not in text and "Columbus" in text, text
            _clean(page, "Query")
            page.get_by_test_id("stChatMessage").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "query_local_llm.png"), full_page=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
