"""The sample one click away: A Christmas Carol found on this machine or fetched once (bounded, checked),
indexed as an upload is, its question set made, and its suggested questions answered."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from lightrag_core import Engine, Settings
from lightrag_core.workbench import sample
from tests.conftest import DATA

BOOK = DATA / "christmas_carol" / "book.txt"


@contextmanager
def serving(body: bytes) -> Iterator[str]:
    """A loopback HTTP server that answers every GET with `body`."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the stdlib's name)
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/pg46.txt"
    finally:
        server.shutdown()


def _settings(tmp_path: Path, **kw: object) -> Settings:
    return Settings.from_env(tmp_path / "w", llm_model="", neo4j_uri="", embedding_model="", env_file=None,
                             environ={}, **kw)


def test_a_local_copy_named_by_the_setting_is_read(tmp_path):
    copy = tmp_path / "carol.txt"
    copy.write_bytes(BOOK.read_bytes())
    settings = _settings(tmp_path, sample_path=copy, sample_url="http://127.0.0.1:9/none")
    assert sample.local_copy(settings) == copy and sample.book(settings) == BOOK.read_bytes()


def test_the_book_is_fetched_once_checked_and_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(sample, "_BESIDE_CHECKOUT", tmp_path / "absent.txt")  # as on a machine with no copy
    with serving(BOOK.read_bytes()) as url:
        settings = _settings(tmp_path, sample_url=url)
        assert sample.local_copy(settings) is None
        assert sample.book(settings) == BOOK.read_bytes()
    kept = sample.cached_path(settings)
    assert kept.read_bytes() == BOOK.read_bytes()
    assert sample.local_copy(settings) == kept  # the server is gone: the kept copy is read
    assert sample.book(settings) == BOOK.read_bytes()


@pytest.mark.parametrize("body, reason", [
    (b"<html>Sign in to continue</html>", "is not A Christmas Carol"),
    (b"christmas carol scrooge marley tiny tim " * 60_000, "larger than 2 MB"),
])
def test_a_download_that_is_not_the_book_is_refused_and_not_kept(tmp_path, monkeypatch, body, reason):
    monkeypatch.setattr(sample, "_BESIDE_CHECKOUT", tmp_path / "absent.txt")
    with serving(body) as url:
        settings = _settings(tmp_path, sample_url=url)
        with pytest.raises(sample.SampleError, match=reason):
            sample.book(settings)
    assert not sample.cached_path(settings).exists()


def test_no_copy_and_no_network_says_what_to_set(tmp_path, monkeypatch):
    monkeypatch.setattr(sample, "_BESIDE_CHECKOUT", tmp_path / "absent.txt")
    with pytest.raises(sample.SampleError, match="set LIGHTRAG_SAMPLE_PATH"):
        sample.book(_settings(tmp_path, sample_url="http://127.0.0.1:9/pg46.txt"))


@pytest.mark.slow
def test_the_sample_indexes_makes_its_question_set_once_and_answers_its_first_questions(tmp_path):
    with Engine(_settings(tmp_path, sample_path=BOOK)) as engine:
        assert not sample.indexed(engine)
        report = sample.index_sample(engine)
        assert report.processed and not report.failed and sample.indexed(engine)
        qset = sample.question_set(engine)
        assert qset.name == "sample" and len(qset.questions) >= 20
        assert sample.question_set(engine).id == qset.id  # found again, not made twice
        from lightrag_core.query.params import QueryParam

        # Asked as the Query page asks them (it opens on multihop).
        result, parts = engine.query(sample.QUESTIONS[0], QueryParam(mode="multihop"))
        partner = "".join(parts)
        assert partner.splitlines()[2].startswith(("Answer: Jacob Marley", "Answer: Marley"))
        # "Scrooge" is a part of two names; the walk starts from the one the graph connects far more,
        # so the Graph tab has a graph to draw.
        assert [(lk["entity"], lk["method"]) for lk in result.linked_entities] == [("Ebenezer Scrooge", "alias")]
        assert result.processing_info.graph.graph_entities > 0
        clerk = "".join(engine.query(sample.QUESTIONS[1], QueryParam(mode="multihop"))[1])
        assert clerk.splitlines()[2].startswith("Answer: Bob Cratchit")
        # Asked for a spirit, the answer must come from a sentence that calls someone one: the clerk's
        # house "visited before" is not an answer (it was, confidently, before).
        spirit = "".join(engine.query("Who is the first spirit to visit Scrooge?", QueryParam(mode="multihop"))[1])
        assert "Answer: Bob Cratchit" not in spirit
        # a part of a name, read off the name the book writes in full ("Ebenezer Scrooge"); typed readings
        # answered such questions with whatever person stood near ("Jack Robinson" for Fezziwig's)
        first = "".join(engine.query("What is the first name of Scrooge?", QueryParam(mode="multihop"))[1])
        assert first.splitlines()[2].startswith("Answer: Ebenezer"), first
        unwritten = "".join(engine.query("What is Fezziwig's first name?", QueryParam(mode="multihop"))[1])
        assert "Answer:" not in unwritten  # the book never writes it

        two_hops = "".join(engine.query(sample.QUESTIONS[2], QueryParam(mode="multihop"))[1]).splitlines()
        assert two_hops[2].startswith(("Answer: Tiny Tim", "Answer: Tim Cratchit")), two_hops
        assert two_hops[3] == "Path: Scrooge → Bob Cratchit → " + two_hops[2].split(": ")[1].split(" [")[0]


@pytest.mark.slow
def test_cli_index_sample(tmp_path):
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LIGHTRAG_", "NEO4J_", "LLM_", "OPENAI_"))}
    env.update({"PYTHONPATH": str(root), "LIGHTRAG_SAMPLE_PATH": str(BOOK)})
    out = subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(tmp_path / "w"), "index",
                          "--sample", "--no-progress"], capture_output=True, text=True, env=env, cwd=tmp_path,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("1 indexed, 0 unchanged, 0 failed") and "question set sample v1" in out.stdout
    assert "Who was Scrooge's business partner?" in out.stdout
