"""A fresh server's first requests: shared state is built once, not once per waiting request (the herd),
and the background warm-up builds it before the first question arrives."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from lightrag_core import Engine, QueryParam, Settings
from lightrag_core.lexical import stop_words
from lightrag_core.nlp import nlp, tagged
from lightrag_core.once import Once
from lightrag_core.query.keywords import _offline_keywords_cached
from lightrag_core.query.name_sex import first_names
from lightrag_core.tokens import count_cached, encoding
from lightrag_core.warmup import READY

BUILDERS: dict[str, Once] = {"spaCy pipeline": nlp, "tokenizer": encoding, "stop words": stop_words}
TEXTS = [
    ("Scrooge", "Ebenezer Scrooge ran a counting-house in London with his partner Jacob Marley. "
                "Marley died seven years before the story begins, and Scrooge kept the firm's name."),
    ("Cratchit", "Bob Cratchit was Scrooge's clerk. His youngest son, Tiny Tim, was ill, "
                 "and the family lived in Camden Town on fifteen shillings a week."),
]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cold")
    with Engine(Settings.from_env(path, llm_model="", neo4j_uri="", embedding_model="")) as engine:
        report = engine.index_uploads([], texts=TEXTS)
        assert not report.failed
    return path


def fresh_engine(workdir: Path) -> tuple[Engine, list[int]]:
    """An engine as a server starts it, with nothing built: the process-wide builders forgotten, and the
    store's vector indexes not loaded yet (their loads are counted)."""
    for builder in BUILDERS.values():
        builder.reset()
    # A new process has parsed no question yet: another test of this run may have asked the same one.
    _offline_keywords_cached.cache_clear()
    tagged.cache_clear()  # nor tagged one for keywords and decomposition
    count_cached.cache_clear()  # nor counted a context row's tokens
    engine = Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model=""))
    live = engine.store._live  # type: ignore[attr-defined]  # the embedded store's vector indexes
    loads: list[int] = []
    load = live._load

    def counted():  # noqa: ANN202
        loads.append(1)
        return load()

    live._load = counted
    return engine, loads


def test_sixteen_first_requests_build_each_piece_once(workdir: Path) -> None:
    engine, loads = fresh_engine(workdir)
    before = {name: b.builds for name, b in BUILDERS.items()}
    start, results, errors = threading.Barrier(16), [], []

    def ask(i: int) -> None:
        start.wait()  # all sixteen arrive together, as a demo's first clients do after a restart
        try:
            mode = ("mix", "multihop")[i % 2]
            results.append(engine.query_data("Who was Scrooge's business partner?", QueryParam(mode=mode)))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    engine.close()
    assert not errors, errors
    assert len(results) == 16 and all(r.status == "success" and r.chunks for r in results)
    assert {name: b.builds - before[name] for name, b in BUILDERS.items()} == {name: 1 for name in BUILDERS}
    assert len(loads) == 1  # the vector indexes were read from the store once, not sixteen times


def test_warm_up_builds_everything_before_the_first_question(workdir: Path) -> None:
    engine, loads = fresh_engine(workdir)
    assert engine.warmup.state == "idle"
    engine.start_warmup()
    assert engine.warmup.wait(120) == READY, engine.warmup.describe()
    assert engine.warmup.steps == ["tokenizer", "stop words", "spaCy pipeline", "embedding model", "vector indexes",
                                   "context token counts", "first-name lists"]
    assert first_names.built
    built = {name: b.builds for name, b in BUILDERS.items()}
    # Every entity and relation row a context can hold has its token count cached: no query counts one cold.
    from lightrag_core.query.context import entity_line, relation_line

    rows = [*map(entity_line, engine.store.all_entities()), *map(relation_line, engine.store.all_relations())]
    assert rows
    misses = count_cached.cache_info().misses
    assert [count_cached(r) for r in rows] and count_cached.cache_info().misses == misses
    assert all(b.built for b in BUILDERS.values()) and len(loads) == 1
    result = engine.query_data("Who was Bob Cratchit?", QueryParam(mode="multihop"))
    engine.close()
    assert result.status == "success"
    assert {name: b.builds for name, b in BUILDERS.items()} == built and len(loads) == 1  # nothing built again


def test_a_question_compared_across_modes_is_embedded_once(workdir: Path) -> None:
    from lightrag_core.workbench.compare import compare_question

    with Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model="")) as engine:
        vectors = engine.queries.vectors
        question = "Who was Bob Cratchit's employer?"
        engine.query_data(question, QueryParam(mode="naive"))
        assert vectors.embedded == 1  # naive embeds the question alone
        before = vectors.embedded
        rows = compare_question(engine, question, ["naive", "local", "global", "hybrid", "mix", "multihop"])
        assert [r["mode"] for r in rows] == ["naive", "local", "global", "hybrid", "mix", "multihop"]
        # Only the keyword strings are new (low level for local, high level for global); the question's own
        # vector and the keywords are reused by every other mode.
        assert vectors.embedded - before <= 2
        again = vectors.embedded
        compare_question(engine, question, ["naive", "local", "global", "hybrid", "mix", "multihop"])
        assert vectors.embedded == again  # a second comparison embeds nothing


def test_the_question_is_embedded_while_its_keywords_are_extracted(workdir: Path, monkeypatch: pytest.MonkeyPatch
                                                                   ) -> None:
    """The keywords stage (spaCy here, an LLM call with a model configured) does not hold up the question's
    own vector: it is computed meanwhile, and the context is the one a sequential run builds."""
    from lightrag_core.query import pipeline

    question = "Where did the family of Scrooge's clerk live?"
    with Engine(Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model="")) as engine:
        sequential = engine.query_data(question, QueryParam(mode="hybrid"))
        vectors = engine.queries.vectors
        engine.queries.vectors = type(vectors)(engine.embedder)  # forget the question's vector
        seen: list[bool] = []
        real = pipeline.extract_keywords

        def keywords_waiting_for_the_vector(*args: object, **kwargs: object) -> tuple[list[str], list[str]]:
            # Returns as soon as the vector exists; a pipeline that embeds after this stage never has it.
            for _ in range(500):
                if engine.queries.vectors.embedded:
                    break
                threading.Event().wait(0.01)
            seen.append(engine.queries.vectors.embedded == 1)
            return real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(pipeline, "extract_keywords", keywords_waiting_for_the_vector)
        overlapped = engine.query_data(question, QueryParam(mode="hybrid"))
    assert seen == [True]
    assert overlapped.context == sequential.context and overlapped.context
