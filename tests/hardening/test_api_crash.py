"""Queued API work is durable: a document the API answered 200 for survives a SIGKILL right after the
answer (`documents` lists it, `resume` or the restarted server indexes it), and finished jobs let go of
the documents' text."""

from __future__ import annotations

import gc
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from lightrag_core import Engine
from lightrag_core.api import jobs as jobs_module
from lightrag_core.api.jobs import IndexJobs
from lightrag_core.models import Document

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT.parent / "shared" / "data" / "christmas_carol" / "book.txt"
pytestmark = pytest.mark.slow


def _env(workdir: Path) -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "HOME": str(workdir), "PYTHONPATH": str(ROOT), "LLM_MODEL": "",
            "NEO4J_URI": "", "EMBEDDING_MODEL": ""}


def _cli(workdir: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(workdir), *args],
                          capture_output=True, text=True, cwd=ROOT, env=_env(workdir), timeout=600)


def _serve(workdir: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "lightrag_core", "--workdir", str(workdir), "serve",
                             "--port", str(port)], cwd=ROOT, env=_env(workdir),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/health", timeout=5).read()
            return proc, base
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            assert proc.poll() is None, "the server exited while starting"
            time.sleep(0.3)
    proc.kill()
    raise AssertionError("the server did not start in 300 s")


def _post(url: str, body: bytes, content_type: str) -> dict:
    req = urllib.request.Request(url, data=body, headers={"Content-Type": content_type}, method="POST")
    with urllib.request.urlopen(req, timeout=60) as r:
        assert r.status == 200
        return json.loads(r.read())


def _kill(proc: subprocess.Popen) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def _documents(workdir: Path) -> list[tuple[str, str]]:
    out = _cli(workdir, "documents")
    assert out.returncode == 0, out.stderr
    return [(line.split()[0], line.split()[1]) for line in out.stdout.splitlines() if line.strip()]


def _stave(n: int) -> str:
    """One of the book's staves: long enough that indexing is still going on when the server is killed."""
    text = BOOK.read_text(encoding="utf-8-sig")
    parts = text.split("STAVE ")
    return "STAVE " + parts[-5 + n][:40_000]


def test_a_posted_document_survives_a_kill_and_resume_indexes_it(tmp_path):
    work = tmp_path / "w"
    proc, base = _serve(work)
    try:
        answer = _post(base + "/documents/text",
                       json.dumps({"text": _stave(0), "file_source": "stave1.txt"}).encode(), "application/json")
    finally:
        _kill(proc)  # right after the 200: the worker has at most just begun
    assert answer["status"] == "success"
    listed = _documents(work)
    assert len(listed) == 1 and listed[0][0] in {"pending", "processing"}, listed
    resumed = _cli(work, "resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "1 indexed" in resumed.stdout, resumed.stdout
    assert _documents(work) == [("processed", listed[0][1])]
    stats = _cli(work, "stats")
    assert "chunks" in stats.stdout and stats.returncode == 0


def test_the_restarted_server_finishes_an_upload_cut_off_by_a_kill(tmp_path):
    work = tmp_path / "w"
    proc, base = _serve(work)
    boundary = "----guardtest"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"stave2.md\"\r\n"
            f"Content-Type: text/markdown\r\n\r\n{_stave(1)}\r\n--{boundary}--\r\n").encode()
    try:
        answer = _post(base + "/documents/upload", body, f"multipart/form-data; boundary={boundary}")
    finally:
        _kill(proc)
    assert answer["status"] == "success"
    listed = _documents(work)
    assert len(listed) == 1 and listed[0][0] in {"pending", "processing"}, listed

    proc, base = _serve(work)  # starting again queues what the crash left unfinished
    try:
        deadline = time.monotonic() + 600
        statuses: dict = {}
        while time.monotonic() < deadline:
            statuses = json.loads(urllib.request.urlopen(base + "/documents", timeout=30).read())["statuses"]
            if "processed" in statuses:
                break
            time.sleep(1)
        assert [d["id"] for d in statuses.get("processed", [])] == [listed[0][1]], statuses
        assert statuses["processed"][0]["file_path"] == "stave2.md"
        assert statuses["processed"][0]["chunks_count"] > 1
    finally:
        proc.terminate()
        proc.wait(timeout=60)


def _reachable_strings(root: object, limit: int = 200_000) -> list[str]:
    """Every str reachable from `root` through containers and objects (bounded)."""
    seen: set[int] = set()
    todo, found = [root], []
    while todo and len(seen) < limit:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, str):
            found.append(obj)
            continue
        if isinstance(obj, type | Engine):  # classes, and the engine (its store holds the text on purpose)
            continue
        todo.extend(gc.get_referents(obj))
    return found


def test_finished_jobs_leave_memory(offline_settings, monkeypatch):
    marker = "Quillon Varnstead founded Brisk Harbour"
    text = "Filler sentence about nothing in particular. " * 10 + marker + " in 1802."
    engine = Engine(offline_settings)
    jobs = IndexJobs(engine)
    try:
        job = jobs.submit([Document("doc-marker", text, "marker", "marker.txt")])
        assert engine.store.get_document_text("doc-marker") == text  # stored before submit returned
        assert jobs.wait(job.track_id).status == "done"
        assert engine.store.get_document("doc-marker").status == "processed"
        gc.collect()
        held = [s for s in _reachable_strings(jobs._jobs) + _reachable_strings(jobs._queue) if marker in s]
        assert held == [], "a finished job still holds the document's text"
        assert jobs.get(job.track_id).documents[0].summary == text[:100]

        # Finished jobs are kept for a bounded number only: the oldest are forgotten.
        monkeypatch.setattr(jobs_module, "KEEP_FINISHED", 3)
        more = [jobs.submit([Document("doc-marker", text, "marker", "marker.txt")]) for _ in range(5)]
        assert all(j.status == "done" and j.message == "nothing to index" for j in more)  # already indexed
        assert [jobs.get(j.track_id) is not None for j in [job, *more]] == [False, False, False, True, True, True]
    finally:
        jobs.close()
        engine.close()
