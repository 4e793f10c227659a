"""A new user's first minute in a real browser: an empty workspace offers the sample on Home, one click
indexes it with progress, the Query page's suggested question answers, and so do "Who is Fred?", a follow-up
("Who is his wife?") and "Who played upon the harp?"; a question off the book says so. Screenshots for the
README."""

from __future__ import annotations

import os

import pytest

from tests.browser.test_app_in_chromium import ARGS, CHROMIUM, SHOTS, _clean, _settle, serve_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_home_index_the_sample_then_a_suggested_question(tmp_path):
    from playwright.sync_api import sync_playwright

    env = {k: v for k, v in os.environ.items() if not k.startswith(("LIGHTRAG_", "NEO4J_", "LLM_", "OPENAI_"))}
    # The book is found beside the checkout, as in a fresh clone next to the data folder; never fetched here.
    env.update({"LIGHTRAG_WORKDIR": str(tmp_path / "fresh"), "LIGHTRAG_SAMPLE_URL": "http://127.0.0.1:9/none"})
    proc, url = serve_app(env)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(url + "/")
            page.get_by_role("button", name="Index the sample").wait_for(timeout=180_000)
            _settle(page)
            assert "start with the sample" in _clean(page, "Home (empty)")
            page.get_by_role("button", name="Index the sample").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "home_sample_offer.png"), full_page=True)

            page.get_by_role("button", name="Index the sample").click()
            page.get_by_text("Extracting entities and relations").first.wait_for(timeout=120_000)  # progress
            page.get_by_text("1 indexed, 0 unchanged, 0 failed").first.wait_for(timeout=300_000)
            page.get_by_text("Making a question set").first.wait_for(timeout=120_000)
            note = page.get_by_text("The sample is indexed").first
            note.wait_for(timeout=300_000)
            _settle(page)
            home = _clean(page, "Home (sample indexed)")
            assert "Saved sample v1" in home and "start with the sample" not in home
            note.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "home_sample_indexed.png"), full_page=True)

            page.get_by_text("Ask the sample a question").click()
            suggestion = page.get_by_role("button", name="Who was Scrooge's business partner?")
            suggestion.wait_for(timeout=180_000)
            _settle(page)
            page.screenshot(path=str(SHOTS / "query_suggested.png"), full_page=True)
            suggestion.click()
            reply = page.get_by_test_id("stChatMessage").last
            reply.get_by_text("Marley").first.wait_for(timeout=180_000)
            _settle(page)
            lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
            short = next(line for line in lines if line.startswith(("Answer:", "No short answer")))
            assert short.startswith(("Answer: Jacob Marley [", "Answer: Marley [")), reply.inner_text()
            assert page.get_by_role("button", name="Who was Scrooge's business partner?").count() == 0
            _clean(page, "Query (suggested question)")
            page.get_by_test_id("stChatMessage").first.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / "query_sample_answer.png"), full_page=True)

            # a question that only names someone is answered by what the book says he is, not by another name
            page.get_by_test_id("stChatInputTextArea").fill("Who is Fred?")
            page.get_by_test_id("stChatInputTextArea").press("Enter")
            page.get_by_test_id("stChatMessage").nth(3).get_by_text("Extractive answer").first.wait_for(timeout=180_000)
            page.get_by_text("Short answer: Scrooge's nephew").first.wait_for(timeout=60_000)
            _settle(page)
            reply = page.get_by_test_id("stChatMessage").nth(3)
            lines = [line.strip() for line in reply.inner_text().splitlines() if line.strip()]
            assert next(line for line in lines if line.startswith(("Answer:", "No short"))).startswith(
                "Answer: Scrooge's nephew ["), reply.inner_text()
            assert "Fred, Scrooge's nephew." in reply.inner_text()
            shoot(page, reply, "Query (who is)", "query_who_is.png")

            # a follow-up: "his" is the previous short answer (offline, nothing else reads the history)
            for n, question in ((5, "Who is Tiny Tim's father?"), (7, "Who is his wife?")):
                ask(page, n, question)
            reply = page.get_by_test_id("stChatMessage").nth(7)
            assert "Answer: Mrs. Cratchit [" in reply.inner_text(), reply.inner_text()
            page.get_by_text("Read as “Who is Bob Cratchit's wife?”").first.wait_for(timeout=30_000)
            shoot(page, reply, "Query (follow-up)", "query_follow_up.png")

            # who did it: the subject of the deed as the book writes it, not the best-known name near it
            ask(page, 9, "Who played upon the harp?")
            reply = page.get_by_test_id("stChatMessage").nth(9)
            assert "Answer: Scrooge's niece [" in reply.inner_text(), reply.inner_text()
            assert "Scrooge's niece played well upon the harp" in reply.inner_text()
            shoot(page, reply, "Query (who did it)", "query_who_did.png")

            # a question the book does not cover says so, instead of offering sentences as its answer
            ask(page, 11, "What is the capital of France?")
            reply = page.get_by_test_id("stChatMessage").nth(11)
            assert "The passages found never mention France" in reply.inner_text(), reply.inner_text()
            assert "Answer:" not in reply.inner_text()
            shoot(page, reply, "Query (off the book)", "query_off_topic.png")
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def ask(page, n: int, question: str) -> None:  # noqa: ANN001
    """Ask in the chat box and wait for the answer, the n-th chat message."""
    page.get_by_test_id("stChatInputTextArea").fill(question)
    page.get_by_test_id("stChatInputTextArea").press("Enter")
    page.get_by_test_id("stChatMessage").nth(n).get_by_text("Extractive answer").first.wait_for(timeout=180_000)
    _settle(page)


def shoot(page, reply, label: str, name: str) -> None:  # noqa: ANN001
    """Check the page is clean (no traceback, no markup), then the screenshot with the reply in view."""
    _clean(page, label)
    reply.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / name), full_page=True)
