"""The question forms of Wikipedia bridge and comparison sets, end to end: hand-written encyclopaedia
passages indexed offline by the real engine, asked in multihop mode, each answered on the first line
(the first batch of `bench/wiki_forms/`; `bench/wiki_forms.py` runs all of them).

Each form is one that such sets ask again and again (a role's holder and their life
events, a kinship chain, a comparison of dates, lifespans or countries); the passages are invented, so
nothing here is known to a model, and each question needs its own passages found first.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lightrag_core import QueryParam
from lightrag_core.workbench.evaluate import answer_found, exact_match, short_answer_of

pytestmark = pytest.mark.slow

BATCH = json.loads((Path(__file__).parents[2] / "bench" / "wiki_forms" / "batch1.json").read_text())
PASSAGES: dict[str, list[str]] = BATCH["passages"]
QUESTIONS = [tuple(q) for q in BATCH["questions"]]  # question, the short answer expected


@pytest.fixture(scope="module")
def wiki_engine(tmp_path_factory: pytest.TempPathFactory):
    from lightrag_core import Engine, Settings

    folder = tmp_path_factory.mktemp("wiki_forms")
    corpus = folder / "corpus.jsonl"
    corpus.write_text("".join(json.dumps({"id": key, "title": title, "text": text}) + "\n"
                              for key, (title, text) in PASSAGES.items()))
    engine = Engine(Settings.from_env(folder / "work", llm_model="", neo4j_uri="", embedding_model=""))
    report = engine.index_paths([corpus])
    assert not report.failed, report.failed
    yield engine
    engine.close()


@pytest.mark.parametrize(("question", "expected"), QUESTIONS)
def test_the_first_line_answers_a_wikipedia_form(wiki_engine, question: str, expected: str) -> None:
    _, answer = wiki_engine.answer(question, QueryParam(mode="multihop"))
    short = short_answer_of(answer)
    assert short is not None and exact_match(short, expected), answer  # case, articles and punctuation aside
    assert answer_found(answer, expected)
