"""Shared fixtures: the real corpora in ../shared/data and an offline index of a slice of them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

DATA = Path(os.environ.get("LIGHTRAG_DATA_DIR", ROOT.parent / "shared" / "data"))
HOTPOT = DATA / "hotpotqa_100"
SLICE_QUESTIONS = 12


def pytest_configure(config: pytest.Config) -> None:
    """LLM_LOCAL_GGUF, set to run the local-model tests, would put a real model behind every other test
    (it wins over the test servers they configure): it is set aside here, and only the tests written
    for it put it back (tests/support/local_model.py)."""
    from tests.support.local_model import set_aside

    set_aside()


def _need_data() -> None:
    if not (HOTPOT / "corpus.jsonl").exists():
        pytest.fail(f"the shared corpora are missing: expected {HOTPOT} (set LIGHTRAG_DATA_DIR)")


@pytest.fixture(scope="session")
def hotpot_slice(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """A corpus slice that holds every gold passage of the first questions, plus distractors.

    Returns paths to the slice's corpus and questions files.
    """
    _need_data()
    questions = [json.loads(line) for line in (HOTPOT / "questions.jsonl").open()][:SLICE_QUESTIONS]
    gold = {g for q in questions for g in q["gold_ids"]}
    rows = [json.loads(line) for line in (HOTPOT / "corpus.jsonl").open()]
    chosen = [r for r in rows if r["id"] in gold]
    chosen += [r for r in rows if r["id"] not in gold][: 60 - len(chosen)]
    out = tmp_path_factory.mktemp("hotpot_slice")
    corpus, qfile = out / "corpus.jsonl", out / "questions.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in chosen))
    qfile.write_text("".join(json.dumps(q) + "\n" for q in questions))
    return {"corpus": corpus, "questions": qfile, "ids": [r["id"] for r in chosen], "gold": gold}


@pytest.fixture(scope="session")
def hotpot_index(hotpot_slice: dict, tmp_path_factory: pytest.TempPathFactory):
    """An engine over an offline index of the slice (built once per test session)."""
    from lightrag_core import Engine, Settings

    workdir = tmp_path_factory.mktemp("hotpot_index")
    engine = Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model=""))
    report = engine.index_paths([hotpot_slice["corpus"]])
    assert not report.failed, report.failed
    yield engine
    engine.close()


@pytest.fixture
def offline_settings(tmp_path: Path):
    from lightrag_core import Settings

    return Settings.from_env(tmp_path / "work", llm_model="", neo4j_uri="", embedding_model="")


@pytest.fixture(scope="session", autouse=True)
def neo4j_had_indexes(tmp_path_factory: pytest.TempPathFactory):
    """With NEO4J_URI set: whether the database had this store's vector indexes before the session.
    If it did not, the indexes the session created are dropped at its end, so a test database is left
    as it was found (an index left behind would fix the dimension for whatever runs next)."""
    if not os.environ.get("NEO4J_URI"):
        yield False
        return
    from tests.support.neo4j_live import live_store

    probe = live_store(tmp_path_factory.mktemp("neo4j_probe"), "probe")
    had_indexes = any(r["name"] in ("entity_embedding", "related_embedding", "chunk_embedding")
                      for r in probe.vector_indexes())
    yield had_indexes
    if not had_indexes:
        probe.drop_vector_indexes()
    probe.close()


@pytest.fixture(scope="session", autouse=True)
def _streamlit_reads_the_projects_config() -> None:
    """Streamlit parses `.streamlit/config.toml` once per process, from the working directory of its first
    use; a test that moved to a temporary folder first would run every later app on the defaults (listening
    on every interface, which the app refuses without accounts). Parse the project's own, once."""
    from streamlit import config

    here = os.getcwd()
    os.chdir(ROOT)
    try:
        config.get_config_options(force_reparse=True)
    finally:
        os.chdir(here)
