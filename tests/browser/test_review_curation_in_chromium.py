"""The Review page's curation in a real browser, after real data went through a re-index.

Stave Five of A Christmas Carol is indexed as a file; a reviewer merges a duplicate the offline
extractor makes ("Spirit" into "Spirits"), deletes junk ("Thankee") and edits "Tiny Tim"; then the
file is edited and indexed again. The page must show the decisions in effect, the ones the
re-index applied again, and undo one from the history. Screenshots: review_curation*.png.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from lightrag_core import Engine, Settings
from lightrag_core.workbench.review import Reviewer
from tests.browser.test_app_in_chromium import ARGS, CHROMIUM, NOVEL, SHOTS, _clean, _free_port, _serve, _settle

pytestmark = [pytest.mark.browser, pytest.mark.slow]
TINY_TIM = "Bob Cratchit's youngest son, who did NOT die; Scrooge became a second father to him."


def _stave_five() -> str:
    lines = NOVEL.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == "THE END OF IT")
    end = next(i for i, line in enumerate(lines) if line.startswith("*** END OF THE PROJECT GUTENBERG"))
    return "\n".join(lines[start:end])


@pytest.fixture(scope="module")
def curated(tmp_path_factory):
    if not NOVEL.exists():
        pytest.fail(f"the shared corpora are missing: expected {NOVEL} (set LIGHTRAG_DATA_DIR)")
    root = tmp_path_factory.mktemp("review_curation")
    stave = root / "stave_five.txt"
    stave.write_text(_stave_five(), encoding="utf-8")
    settings = Settings.from_env(root / "ws", llm_model="", neo4j_uri="", embedding_model="")
    with Engine(settings) as engine:
        engine.index_paths([stave])
        assert {"Spirit", "Spirits", "Thankee", "Tiny Tim"} <= {e.name for e in engine.store.all_entities()}
        expert = Reviewer(engine.store, engine.embedder, engine.summariser, "dickens-scholar")
        expert.merge_entities("Spirits", "Spirit", "one and the same ghosts")
        expert.delete_entity("Thankee", "a way of saying thank you, not a person")
        expert.edit_entity("Tiny Tim", TINY_TIM, "person", "the extract was a list of fragments")
        stave.write_text(stave.read_text(encoding="utf-8") + "\n\nTiny Tim said the Spirit had been kind. "
                         "Thankee, cried Bob Cratchit.\n", encoding="utf-8")
        report = engine.index_paths([stave])
        assert report.replaced and len(report.reapplied) == 3
    return root / "ws"


def test_review_page_shows_the_curation_after_a_reindex(curated):
    from playwright.sync_api import sync_playwright

    port = _free_port()
    env = {**os.environ, "LIGHTRAG_WORKDIR": str(curated), "LLM_MODEL": "", "LLM_LOCAL_GGUF": "", "NEO4J_URI": "",
           "EMBEDDING_MODEL": ""}
    proc, url = _serve([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                        "--server.address", "127.0.0.1", "--server.headless", "true",
                        "--browser.gatherUsageStats", "false"], port, env)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(url + "/Review")
            _settle(page)
            page.get_by_role("tab", name="Curation").click()
            _settle(page)
            page.get_by_text("Decisions in effect").wait_for(state="visible", timeout=60_000)
            page.wait_for_timeout(1000)  # the tables are drawn on a canvas just after
            page.screenshot(path=str(SHOTS / "review_curation.png"), full_page=True)
            text = _clean(page, "Review")
            # Tables are drawn on a canvas (read in the screenshot); the metrics are text.
            metrics = {m: re.search(re.escape(m) + r"\s+(\d+)", text) for m in
                       ("Decisions in effect", "Re-applied by the last run", "Conflicts")}
            assert {m: int(v.group(1)) for m, v in metrics.items() if v} == {
                "Decisions in effect": 3, "Re-applied by the last run": 3, "Conflicts": 0}
            page.screenshot(path=str(SHOTS / "review_curation.png"), full_page=True)

            page.get_by_role("tab", name="History").click()
            _settle(page)
            undo = page.get_by_role("button", name="Undo (the graph returns to what extraction says now)")
            undo.click()  # the newest decision first: the edit of Tiny Tim
            _settle(page)
            page.get_by_text("undone: Tiny Tim").wait_for(timeout=60_000)
            page.get_by_role("tab", name="History").click()
            _settle(page)
            page.wait_for_timeout(1000)
            _clean(page, "Review")
            page.screenshot(path=str(SHOTS / "review_history_undo.png"), full_page=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    with Engine(Settings.from_env(Path(curated), llm_model="", neo4j_uri="", embedding_model="")) as engine:
        states = {r["item"]: r["state"] for r in engine.store.list_rules()}
        assert states == {"Spirit": "active", "Thankee": "active", "Tiny Tim": "undone"}
        assert engine.store.get_entities(["Tiny Tim"])["Tiny Tim"].description != TINY_TIM
