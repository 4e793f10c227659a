"""One bad file among good ones: the good ones are indexed, the bad ones are failed rows, resume retries them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fastapi.testclient import TestClient

from lightrag_core import Engine, Settings
from lightrag_core.api.app import create_app
from tests.support.pdfs import text_pdf

ROOT = Path(__file__).resolve().parents[2]
GOOD_A = "Marie Curie was born in Warsaw. She studied physics in Paris."
GOOD_B = "Pierre Curie taught at the Sorbonne in Paris."


def cli(workdir: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(workdir.parent)}  # offline defaults, whatever this shell has set
    return subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(workdir), *args],
                          capture_output=True, text=True, cwd=workdir.parent, env=env, timeout=600)


def offline(workdir: Path) -> Settings:
    return Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model="")


def rows(engine: Engine) -> dict[str, tuple[str, str]]:
    return {d.title: (d.status, d.error) for d in engine.documents()}


def test_folder_with_a_broken_pdf_and_an_empty_file(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "a.txt").write_text(GOOD_A)
    (docs / "b.txt").write_text(GOOD_B)
    (docs / "broken.pdf").write_bytes(b"%PDF-1.4\nthis is not really a pdf\n")
    (docs / "empty.txt").write_text("")
    work = tmp_path / "w"

    out = cli(work, "index", str(docs), "--no-progress")
    assert out.returncode == 2, out.stderr
    assert "2 indexed, 0 unchanged, 2 failed" in out.stdout
    assert "broken.pdf: not a readable PDF" in out.stderr and "empty.txt: no text to index" in out.stderr
    assert "Traceback" not in out.stderr

    listing = cli(work, "documents").stdout.splitlines()
    assert sum(line.startswith("processed") for line in listing) == 2
    failed = [line for line in listing if line.startswith("failed")]
    assert len(failed) == 2 and all("error: " in line for line in failed)

    # Fix the PDF; resume retries only the failed files and leaves the good ones alone.
    (docs / "broken.pdf").write_bytes(text_pdf("Irene Joliot-Curie was the daughter of Marie Curie."))
    again = cli(work, "resume")
    assert again.returncode == 2  # the empty file still fails, and says so
    assert "1 indexed, 0 unchanged, 1 failed" in again.stdout
    with Engine(offline(work)) as engine:
        state = rows(engine)
    assert state["broken.pdf"][0] == "processed"
    assert state["empty.txt"] == ("failed", f"{docs / 'empty.txt'}: no text to index "
                                            "(the file is empty or has only whitespace)")
    assert state["a.txt"][0] == state["b.txt"][0] == "processed"
    assert len(state) == 4  # the PDF's failure row was replaced by its document, not kept beside it


def test_jsonl_with_one_bad_line(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    lines = [json.dumps({"id": "a", "title": "Curie", "text": GOOD_A}), '{"id": "b", "text": ',
             json.dumps({"id": "c", "title": "Pierre", "text": GOOD_B})]
    corpus.write_text("\n".join(lines) + "\n")
    with Engine(offline(tmp_path / "ws")) as engine:
        report = engine.index_paths([corpus])
        assert sorted(report.processed) == ["a", "c"]
        [(failed_id, error)] = report.failed.items()
        assert error.startswith(f"{corpus}:2: not valid JSON")
        assert engine.store.get_document(failed_id).status == "failed"

        lines[1] = json.dumps({"id": "b", "title": "Sorbonne", "text": "The Sorbonne is a university in Paris."})
        corpus.write_text("\n".join(lines) + "\n")
        retried = engine.resume()
        assert retried.processed == ["b"] and sorted(retried.skipped) == ["a", "c"] and not retried.failed
        assert {d.id: d.status for d in engine.documents()} == {"a": "processed", "b": "processed",
                                                                 "c": "processed"}


def test_uploads_and_api_record_the_bad_file(tmp_path):
    with Engine(offline(tmp_path / "ws")) as engine:
        report = engine.index_uploads([("a.txt", GOOD_A.encode()), ("scan.pdf", b"garbage"),
                                       ("b.md", GOOD_B.encode())])
        assert len(report.processed) == 2 and len(report.failed) == 1
        assert rows(engine)["scan.pdf"][1].startswith("scan.pdf: not a readable PDF")
        assert not engine.resume().processed  # nothing on disk to read again: the row says re-upload

        with TestClient(create_app(engine), base_url="http://localhost") as client:
            bad = client.post("/documents/upload", files={"file": ("notes.docx", b"plain text", "text/plain")})
            assert bad.status_code == 400 and "not a valid .docx" in bad.json()["detail"]
            failed = client.get("/documents").json()["statuses"]["failed"]
        assert len(failed) == 2 and all(d["error_msg"] for d in failed)
        assert rows(engine)["notes.docx"][0] == "failed"

