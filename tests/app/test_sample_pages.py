"""The sample on an empty workspace, in-process: an admin indexes it from Home with progress, the question
set is made, and the Query page offers its questions; a viewer is not offered the button."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.test_auth_pages import start
from tests.conftest import DATA

ROOT = Path(__file__).resolve().parents[2]
BOOK = DATA / "christmas_carol" / "book.txt"
pytestmark = pytest.mark.slow


@pytest.fixture
def empty(tmp_path, monkeypatch):
    for key in ("NEO4J_URI", "LLM_MODEL", "LLM_LOCAL_GGUF", "LIGHTRAG_API_KEY", "LIGHTRAG_AUTH_ACCOUNTS",
                "LIGHTRAG_WORKDIR"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LIGHTRAG_SAMPLE_PATH", str(BOOK))
    return tmp_path / "fresh"


def test_index_the_sample_from_home_then_ask_a_suggested_question(empty):
    at = start(empty)
    assert any("start with the sample" in i.value for i in at.info)
    next(b for b in at.button if b.label == "Index the sample").click().run()
    assert not at.exception, at.exception
    [note] = [s.value for s in at.success]
    assert note.startswith("The sample is indexed: 1 indexed, 0 unchanged, 0 failed") and "Saved sample v1" in note
    assert {m.label: m.value for m in at.metric}["Documents"] == "1"  # the page shows the book now

    at.switch_page("pages/2_Query.py").run()
    suggested = [b for b in at.button if b.key and b.key.startswith("suggested_")]
    assert [b.label for b in suggested] == ["Who was Scrooge's business partner?",
                                            "What is the name of Scrooge's clerk?",
                                            "What is the name of the youngest son of Scrooge's clerk?"]
    suggested[0].click().run()
    assert not at.exception, at.exception
    answer = at.chat_message[1].markdown[-1].value.replace("\\", "")  # shown escaped, as text
    assert "Answer: Jacob Marley" in answer or "Answer: Marley" in answer
    assert not [b for b in at.button if b.key and b.key.startswith("suggested_")]  # once the chat has begun

    at.switch_page("pages/3_Compare_modes.py").run()
    assert not at.exception, at.exception
    assert any("sample v1" in str(s.options) for s in at.selectbox)


def test_a_viewer_is_told_an_admin_indexes(empty, monkeypatch):
    monkeypatch.setenv("LIGHTRAG_AUTH_ACCOUNTS", "vic:vic-pw:viewer")
    monkeypatch.setenv("LIGHTRAG_TOKEN_SECRET", "a-sample-page-test-signing-secret-0123456789")
    at = start(empty)
    at.text_input[0].set_value("vic")
    at.text_input[1].set_value("vic-pw")
    next(b for b in at.button if b.label == "Sign in").click().run()
    assert not at.exception, at.exception
    assert "This workspace is empty: an admin indexes documents on **Upload**." in [i.value for i in at.info]
    assert not [b for b in at.button if b.label == "Index the sample"]


def test_a_sample_that_cannot_be_read_stops_the_indexing_status_with_the_reason(empty, monkeypatch):
    other = empty.parent / "another-book.txt"
    other.write_text("Not the book at all.", encoding="utf-8")
    monkeypatch.setenv("LIGHTRAG_SAMPLE_PATH", str(other))
    at = start(empty)
    next(b for b in at.button if b.label == "Index the sample").click().run()
    assert not at.exception, at.exception
    shown = {type(node).__name__: str(node.proto) for node in at.main}
    assert "is not A Christmas Carol" in shown.get("Error", ""), shown.keys()
    # the status says indexing stopped and why, rather than spinning on beside the error
    assert 'label: "Indexing stopped:' in shown.get("Status", ""), shown.get("Status")
