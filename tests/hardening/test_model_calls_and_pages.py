"""Model calls time out with a clear error; pages show errors instead of tracebacks."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from lightrag_core import Document, Engine, Settings
from tests.e2e.test_llm_path import respond
from tests.support.openai_server import OpenAIStub

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def test_a_slow_model_times_out_and_the_document_can_be_rerun(tmp_path):
    with OpenAIStub(respond) as stub:
        settings = Settings.from_env(tmp_path / "w", llm_model="slow", openai_base_url=stub.base_url,
                                     openai_api_key="sk-x", embedding_model="", neo4j_uri="",
                                     llm_timeout=1, llm_max_retries=0)
        engine = Engine(settings)
        stub.delay = 3.0
        report = engine.index_documents([Document("d", "Marie Curie was born in Warsaw.")])
        assert "timed out" in report.failed["d"].lower() or "timeout" in report.failed["d"].lower()
        assert engine.store.get_document("d").status == "failed"
        stub.delay = 0.0
        assert engine.resume().processed == ["d"]
        engine.close()


def test_query_page_shows_the_error(offline_settings):
    engine = Engine(offline_settings)
    engine.index_documents([Document("d", "Marie Curie was born in Warsaw.")])
    engine.close()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.session_state["workdir"] = str(offline_settings.workdir)
    at.run()
    at.switch_page("pages/2_Query.py").run()
    at.chat_input[0].set_value("?!?!").run()
    assert not at.exception
    assert [e.value for e in at.error] == ["the query has no letters or digits"]


def test_compare_page_shows_the_error(offline_settings):
    Engine(offline_settings).close()
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180)
    at.session_state["workdir"] = str(offline_settings.workdir)
    at.run()
    at.switch_page("pages/3_Compare_modes.py").run()
    at.text_input(key="cmp_question").set_value("x" * 30000).run()
    at.button(key="cmp_run").click().run()
    assert not at.exception
    assert "limit is 20,000" in at.error[0].value
