"""The command line contract that tools and benchmarks rely on."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def run(workdir: Path, *args: str) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(workdir), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(workdir), *args],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)


def test_index_query_eval_stats(tmp_path, hotpot_slice):
    work = tmp_path / "w"
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "curie.md").write_text("# Curie\n\nMarie Curie was born in Warsaw. She worked in Paris.")
    (docs / "page.html").write_text("<p>Pierre Curie taught in Paris.</p><script>steal()</script>")
    corpus = tmp_path / "small.jsonl"
    corpus.write_text("".join(hotpot_slice["corpus"].read_text().splitlines(keepends=True)[:15]))

    out = run(work, "index", str(docs), str(corpus))
    assert out.returncode == 0, out.stderr
    assert "17 indexed, 0 unchanged, 0 failed" in out.stdout
    assert "indexing" in out.stderr  # the progress bar

    again = run(work, "index", str(docs))
    assert "0 indexed, 2 unchanged" in again.stdout

    # An edited file replaces its earlier version; a book's licence is left out, and said so.
    (docs / "curie.md").write_text("*** START OF THE PROJECT GUTENBERG EBOOK CURIE ***\nMarie Curie was born in "
                                   "Warsaw. She worked in Lyon.\n*** END OF THE PROJECT GUTENBERG EBOOK CURIE ***\n"
                                   "Project Gutenberg Literary Archive Foundation licence.")
    edited = run(work, "index", str(docs))
    assert "1 indexed, 1 unchanged, 0 failed, 1 earlier version replaced" in edited.stdout, edited.stdout
    # ...and the log says which file, as the Upload page's does
    assert re.search(rf"↻ {re.escape(str(docs / 'curie.md'))}: the new version doc-\w+ replaced doc-\w+",
                     edited.stdout + edited.stderr), edited.stdout
    assert f"{docs / 'curie.md'}: left out the Project Gutenberg header (1 line) and licence (2 lines)" \
        in edited.stdout

    q = run(work, "query", "Where was Marie Curie born?", "--mode", "local", "--format", "json")
    data = json.loads(q.stdout)
    assert data["status"] == "success" and data["metadata"]["query_mode"] == "local"
    assert any(c["document_id"].startswith("doc-") for c in data["data"]["chunks"])
    assert "steal()" not in json.dumps(data)

    text = run(work, "query", "Where was Marie Curie born?", "--mode", "naive")
    assert text.returncode == 0 and "References: [1]" in text.stdout and "Extractive answer" in text.stdout

    ctx = run(work, "query", "Where was Marie Curie born?", "--context-only")
    assert "Document chunks" in ctx.stdout and "Extractive" not in ctx.stdout

    ev = run(work, "eval", "--questions", str(hotpot_slice["questions"]), "--modes", "naive,mix", "--k", "2,5",
             "--format", "json")
    report = json.loads(ev.stdout)
    assert set(report) == {"naive", "mix"}
    assert set(report["mix"]) >= {"recall@2", "recall@5", "all_gold@5", "latency_ms_p50", "latency_ms_p95"}

    stats = run(work, "stats")
    assert "documents: 17" in stats.stdout and "embedding_dim: 384" in stats.stdout

    listing = run(work, "documents")
    assert listing.stdout.count("processed") == 17


def test_eval_generate_writes_and_saves_a_set_then_eval_set_runs_it(tmp_path, hotpot_slice):
    work = tmp_path / "w"
    assert run(work, "index", str(hotpot_slice["corpus"])).returncode == 0
    out_file = tmp_path / "gen.jsonl"
    gen = run(work, "eval", "generate", "--count", "20", "--seed", "3", "--out", str(out_file), "--name", "team")
    assert gen.returncode == 0, gen.stderr
    assert re.search(r"saved team v1 \(\d+ questions\)", gen.stdout) and "dropped:" in gen.stdout
    rows = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert rows and all(r["gold_chunk_ids"] and r["kind"] in {"single", "bridge", "comparison"} and r["hops"] >= 1
                        and r["answer"] for r in rows)
    again = run(work, "eval", "generate", "--count", "20", "--seed", "3", "--out", str(tmp_path / "again.jsonl"),
                "--name", "team")
    assert "saved team v2" in again.stdout and (tmp_path / "again.jsonl").read_text() == out_file.read_text()

    listed = run(work, "eval", "sets")
    assert listed.stdout.count("team v") == 2 and "0 run(s)" in listed.stdout
    judged = run(work, "eval", "--set", "team", "--modes", "naive,multihop", "--k", "5,8")
    assert judged.returncode == 0, judged.stderr
    assert f"{len(rows)} questions scored, {len(rows)} by gold chunks, 0 by gold documents" in judged.stdout
    assert re.search(r"^multihop\s+[\d.]+", judged.stdout, re.M)
    assert "1 run(s)" in run(work, "eval", "sets").stdout  # the run is kept with the newest version
    from_file = run(work, "eval", "--questions", str(out_file), "--modes", "naive", "--format", "json")
    assert json.loads(from_file.stdout)["naive"]["chunk_gold_questions"] == len(rows)


@pytest.mark.parametrize("args,message", [
    (("index", "/no/such/file.txt"), "no such file"),
    (("eval", "generate", "--count", "5"), "no indexed documents"),
    (("eval", "--set", "nothing"), "no question set 'nothing'"),
    (("eval",), "give either --questions FILE.jsonl or --set NAME"),
    (("query", "   "), "the query is empty"),
    (("query", "?!?!"), "no letters or digits"),
    (("eval", "--questions", "/no/such.jsonl"), "No such file"),
    (("delete", "missing-doc"), "no document"),
])
def test_bad_input_is_one_clear_line(tmp_path, args, message):
    out = run(tmp_path / "w", *args)
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr
