"""A folder holding a zip-bomb .docx and a many-page shared-stream PDF beside a good file: the CLI, the
upload path and the API each index the good file and keep the hostile ones as failed rows naming the
limit to raise, within bounded time and memory."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from fastapi.testclient import TestClient

from lightrag_core import Engine, Settings
from lightrag_core.api.app import create_app
from lightrag_core.indexing.report import progress_line
from tests.support.docx_files import bomb_docx
from tests.support.pdfs import shared_stream_pdf

ROOT = Path(__file__).resolve().parents[2]
GOOD = "Marie Curie was born in Warsaw. She studied physics in Paris with Pierre Curie."
BOMB_ERROR = "the .docx unpacks to 99.3 MB, more than the 50 MB limit; split it, or raise LIGHTRAG_MAX_DOCX_MB"
TEXT_ERROR = "its text is longer than the {:,} character limit; split it, or raise LIGHTRAG_MAX_TEXT_MB"
PDF_ERROR = TEXT_ERROR.format(20 * 2**20)

# The CLI as `python -m lightrag_core`, reporting its peak resident size (VmHWM) when it exits.
CLI = """
import runpy, sys
sys.argv = ["lightrag_core", *sys.argv[1:]]
try:
    runpy.run_module("lightrag_core", run_name="__main__", alter_sys=True)
finally:
    peak = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM"))
    print(f"PEAK_MB {peak / 1024:.0f}", file=sys.stderr)
"""


def offline(workdir: Path, **overrides: object) -> Settings:
    return Settings.from_env(workdir, llm_model="", neo4j_uri="", embedding_model="", env_file=None, **overrides)


def hostile_files() -> dict[str, bytes]:
    # 100 M characters packed in 320 KB; 1500 pages of 560,000 characters each (840 M) in 240 KB.
    return {"bomb.docx": bomb_docx(100_000_000), "shared.pdf": shared_stream_pdf(1500, 20_000)}


def test_cli_indexes_the_good_file_and_fails_the_hostile_ones_with_their_limits(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, data in hostile_files().items():
        (docs / name).write_bytes(data)
    (docs / "good.txt").write_text(GOOD)
    work = tmp_path / "w"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONPATH": str(ROOT)}  # this tree's code, offline
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", CLI, "--workdir", str(work), "index", str(docs), "--no-progress"],
                         capture_output=True, text=True, cwd=tmp_path, env=env, timeout=600)
    seconds = time.perf_counter() - started
    assert out.returncode == 2, out.stderr
    assert "1 indexed, 0 unchanged, 2 failed" in out.stdout
    assert f"{docs / 'bomb.docx'}: {BOMB_ERROR}" in out.stderr and f"{docs / 'shared.pdf'}: {PDF_ERROR}" in out.stderr
    peak = int(out.stderr.split("PEAK_MB ")[1].split()[0])
    print(f"CLI index: {seconds:.1f} s, peak {peak} MB")
    # The process holds spaCy and the ONNX embedder (about 400 MB here); the bomb alone unpacked into
    # python-docx, or the PDF's 840 M characters, would be gigabytes.
    assert peak < 1200, out.stderr
    with Engine(offline(work)) as engine:
        state = {d.title: (d.status, d.error) for d in engine.documents()}
    assert state["good.txt"] == ("processed", "")
    assert state["bomb.docx"] == ("failed", f"{docs / 'bomb.docx'}: {BOMB_ERROR}")
    assert state["shared.pdf"] == ("failed", f"{docs / 'shared.pdf'}: {PDF_ERROR}")


def test_uploads_and_the_api_apply_the_same_limits(tmp_path):
    files = hostile_files()
    text_error = TEXT_ERROR.format(2**20)  # LIGHTRAG_MAX_TEXT_MB=1
    with Engine(offline(tmp_path / "ws", max_text_mb=1)) as engine:
        events: list[dict] = []
        report = engine.index_uploads([*files.items(), ("good.txt", GOOD.encode())], events.append)
        assert len(report.processed) == 1 and len(report.failed) == 2
        # The Upload page's log names each file, not its document id, and says a file's name once.
        lines = sorted(filter(None, map(progress_line, events)))
        assert lines[0].startswith("✓ good.txt: 1 chunks, ") and "doc-" not in lines[0], lines
        assert lines[1:] == [f"✗ bomb.docx: {BOMB_ERROR}", f"✗ shared.pdf: {text_error}"]
        errors = {d.title: d.error for d in engine.documents() if d.status == "failed"}
        assert errors == {"bomb.docx": f"bomb.docx: {BOMB_ERROR}", "shared.pdf": f"shared.pdf: {text_error}"}

        with TestClient(create_app(engine), base_url="http://localhost") as client:
            bad = client.post("/documents/upload", files={"file": ("again.docx", files["bomb.docx"])})
            assert bad.status_code == 400 and bad.json()["detail"] == f"again.docx: {BOMB_ERROR}"
            long_text = client.post("/documents/text", json={"text": "word " * 300_000, "file_source": "t.txt"})
            assert long_text.status_code == 400 and long_text.json()["detail"] == f"t.txt: {text_error}"
            assert json.dumps(client.get("/documents").json()).count("LIGHTRAG_MAX_DOCX_MB") == 2


def test_a_book_with_a_200000_space_line_is_indexed_in_seconds(tmp_path):
    # The line follows "End of the Project Gutenberg": the old end-of-book pattern needed about 85 minutes
    # for a 1 MB line, holding the GIL (the app and the API stopped answering).
    spaces = " " * 200_000
    book = tmp_path / "book.txt"
    book.write_text("*** START OF THE PROJECT GUTENBERG EBOOK X ***\n" + GOOD + f"\n{spaces}\n"
                    f"End of the Project Gutenberg{spaces}x\nmore{spaces}\n"
                    "*** END OF THE PROJECT GUTENBERG EBOOK X ***\n")
    with Engine(offline(tmp_path / "ws")) as engine:
        started = time.perf_counter()
        report = engine.index_paths([book])
        seconds = time.perf_counter() - started
        assert len(report.processed) == 1 and not report.failed
        [doc] = engine.documents()
        assert doc.status == "processed"
    print(f"200,000-space book indexed in {seconds:.1f} s")
    assert seconds < 30  # measured 4.2 s, the offline models loading included
