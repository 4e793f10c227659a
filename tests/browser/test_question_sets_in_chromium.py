"""Judging the modes on one's own documents, in a real browser: the novel goes in through Upload, the Compare
page generates a question set with chunk gold and runs it, a question's gold text is opened, a reviewer
merges two duplicate entities on the Review page and re-runs the set there, and the Impact tab shows the
before and after. Screenshots: compare_generated*.png, compare_gold_evidence.png, review_impact.png."""

from __future__ import annotations

import os
import re
import sys

import pytest

from lightrag_core import Engine, Settings
from lightrag_core.workbench.testset import runs, sets
from tests.browser.test_app_in_chromium import ARGS, CHROMIUM, NOVEL, SHOTS, _clean, _free_port, _serve, _settle

pytestmark = [pytest.mark.browser, pytest.mark.slow]
COUNT = 40


def _pick(page, label: str, option: str) -> None:
    """Choose an option of a Streamlit selectbox by typing it."""
    box = page.get_by_test_id("stSelectbox").filter(has_text=label).first
    box.click()
    page.keyboard.type(option)
    page.get_by_role("option", name=option, exact=True).first.click()
    _settle(page)


def _tall(page) -> None:
    """Streamlit scrolls inside its main block, so a full-page shot stops at the fold: grow the window."""
    page.set_viewport_size({"width": 1400, "height": 4200})
    page.wait_for_timeout(1500)


def test_generate_run_read_evidence_review_and_impact(tmp_path):
    from playwright.sync_api import sync_playwright

    if not NOVEL.exists():
        pytest.fail(f"the shared corpora are missing: expected {NOVEL} (set LIGHTRAG_DATA_DIR)")
    workdir = tmp_path / "ws"
    port = _free_port()
    env = {**os.environ, "LIGHTRAG_WORKDIR": str(workdir), "LLM_MODEL": "", "LLM_LOCAL_GGUF": "", "NEO4J_URI": "",
           "EMBEDDING_MODEL": ""}
    proc, url = _serve([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                        "--server.address", "127.0.0.1", "--server.headless", "true",
                        "--browser.gatherUsageStats", "false"], port, env)
    SHOTS.mkdir(exist_ok=True)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(url + "/Upload")
            page.get_by_text("Files", exact=True).wait_for(timeout=180_000)
            _settle(page)
            page.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(NOVEL))
            page.get_by_text("book.txt").first.wait_for()
            page.get_by_role("button", name="Index", exact=True).click()
            page.get_by_text("1 indexed, 0 unchanged, 0 failed").first.wait_for(timeout=300_000)
            _settle(page)

            # Compare: no set yet, so the generator is open; ask for COUNT questions.
            page.goto(url + "/Compare_modes")
            page.get_by_text("Generate a question set from this workspace").first.wait_for(timeout=180_000)
            _settle(page)
            count = page.get_by_role("spinbutton", name="Questions")
            count.fill(str(COUNT))
            page.get_by_role("button", name="Generate").click()
            page.get_by_text("Multi-chunk").first.wait_for(timeout=300_000)
            _settle(page)
            summary = _clean(page, "Compare · generated")
            made = int(re.search(r"Questions\s+(\d+)", summary).group(1))
            assert made >= 30, summary
            page.get_by_role("button", name=re.compile(r"Run the set over \d+ modes")).click()
            page.get_by_text("Export per-mode CSV").first.wait_for(timeout=600_000)
            _settle(page)
            _tall(page)
            page.screenshot(path=str(SHOTS / "compare_generated.png"), full_page=True)

            # A question's gold evidence, as text.
            page.get_by_text("Chunk text").first.click()
            page.wait_for_timeout(800)
            evidence = _clean(page, "Compare · evidence")
            page.screenshot(path=str(SHOTS / "compare_gold_evidence.png"), full_page=True)
            page.set_viewport_size({"width": 1400, "height": 1000})

            # A reviewer merges a duplicate the extractor made, then re-runs the set from the Review page.
            page.goto(url + "/Review")
            page.get_by_text("entities in the queue").first.wait_for(timeout=180_000)
            _settle(page)
            _pick(page, "Entity to review", "Tim Cratchit")
            _pick(page, "Merge this entity into", "Tiny Tim")
            page.get_by_role("button", name="Merge").click()
            page.get_by_text("merge: Tim Cratchit").first.wait_for(timeout=120_000)
            _settle(page)
            page.get_by_role("tab", name="Impact on retrieval").click()
            _settle(page)
            page.get_by_role("button", name="Run the set now").click()
            page.get_by_text("Before → after").first.wait_for(timeout=600_000)
            _settle(page)
            impact = _clean(page, "Review · impact")
            assert "Review decisions in between (1)" in impact, impact
            _tall(page)
            page.get_by_role("tab", name="Impact on retrieval").click()
            page.wait_for_timeout(1500)
            page.screenshot(path=str(SHOTS / "review_impact.png"), full_page=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)

    with Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model="")) as engine:
        qset = sets.list_sets(engine.store)[0]
        assert len(qset.questions) == made and all(q.gold_chunk_ids for q in qset.questions)
        first, second = runs.list_runs(engine.store, qset.id)
        scores = {m: first.summary[m]["all_gold@8"] for m in first.modes}
        assert len(set(scores.values())) > 1, scores  # the judged table tells the modes apart
        assert first.graph_version != second.graph_version and second.modes == first.modes
        # The evidence opened on the page is the first question's gold chunk, shown as its text.
        shown = engine.store.get_chunks(qset.questions[0].gold_chunk_ids)[qset.questions[0].gold_chunk_ids[0]]
        start = " ".join(shown.content.split())[:60]
        assert re.sub(r"\s+", " ", start.replace("\\", "")) in re.sub(r"\s+", " ", evidence), start
        assert [r["decision"] for r in engine.store.list_reviews()] == ["merge"]
