"""Bad input, case by case: each gets a specific error, nothing stored is lost, no document stays
'processing'. Cases run through the engine, and a sample through the CLI and the HTTP API."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from lightrag_core import Document, Engine, QueryParam
from lightrag_core.api.app import create_app
from lightrag_core.indexing.loaders import load_documents
from lightrag_core.models import LightRAGError
from lightrag_core.prompts import FIELD_SEP as S
from tests.support.openai_server import OpenAIStub
from tests.support.pdfs import text_pdf

ROOT = Path(__file__).resolve().parents[2]
SEED = "Marie Curie was born in Warsaw. Marie Curie worked in Paris with Pierre Curie."


def _pdf_encrypted() -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(text_pdf("secret text"))))
    writer.encrypt("password")
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def _pdf_without_pages() -> bytes:
    from pypdf import PdfWriter

    buf = io.BytesIO()
    PdfWriter().write(buf)
    return buf.getvalue()


def _zip_without_document() -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("hello.txt", "not a word document")
    return buf.getvalue()


FILES = [
    ("empty.txt", b"", "no text to index"),
    ("blank.md", b"  \n\t\n ", "no text to index"),
    ("binary.txt", b"\x00\x01\x02\x03" * 100, "binary"),
    ("latin1.txt", "café crème".encode("latin-1"), "not valid UTF-8"),
    ("big.txt", b"word " * (5 * 2**20), "larger than the 20 MB limit"),  # 25 MB; the 50 MB case is below
    ("broken.pdf", b"%PDF-1.4\n1 0 obj garbage", "not a readable PDF"),
    ("encrypted.pdf", _pdf_encrypted(), "encrypted"),
    ("nopages.pdf", _pdf_without_pages(), "no pages"),
    ("notzip.docx", b"this is plain text", "not a valid .docx"),
    ("wrongzip.docx", _zip_without_document(), "not a valid .docx"),
    ("program.exe", b"MZ\x90\x00", "unsupported file type"),
    ("README", b"no suffix", "unsupported file type"),
    ("scripts.html", b"<html><script>alert(1)</script><style>p{}</style></html>", "no text to index"),
]
JSONL = [
    ('{"id": "a", "text": "fine"}\n{"id": "b", "text": \n', "not valid JSON"),
    ('{"id": "a", "title": "no text field"}\n', "'text'"),
    ('{"id": "a", "text": 42}\n', "'text'"),
    ('{"id": "a", "text": "   "}\n', "'text' is empty"),
    ('{"id": "a", "text": "one"}\n{"id": "a", "text": "two"}\n', "duplicate id"),
    ('["a", "list"]\n', "'text'"),
    ("\n\n", "no documents"),
]
QUERIES = [
    ("", {}, "the query is empty"),
    ("   \n\t", {}, "the query is empty"),
    ("x" * 100_000, {}, "limit is 20,000"),
    ("?!...;;--", {}, "no letters or digits"),
    ("who?", {"mode": "sideways"}, "unknown mode"),
    ("who?", {"top_k": 0}, "top_k must be at least 1"),
    ("who?", {"chunk_top_k": -5}, "chunk_top_k must be at least 1"),
    ("who?", {"cosine_threshold": 2.0}, "cosine_threshold"),
    ("who?", {"kg_chunk_pick_method": "RANDOM"}, "VECTOR or WEIGHT"),
    ("who?", {"conversation_history": [{"content": "no role"}]}, "conversation_history"),
    ("who?", {"max_total_tokens": 0}, "max_total_tokens must be at least 1"),
]


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    from lightrag_core import Settings

    e = Engine(Settings.from_env(tmp_path_factory.mktemp("bad"), llm_model="", neo4j_uri="", embedding_model=""))
    e.index_documents([Document("seed", SEED)])
    yield e
    e.close()


def _intact(engine: Engine, before: dict) -> None:
    """Nothing stored was touched: the graph is as it was; a bad file adds at most its own failed row."""
    after = engine.store.counts()
    assert {k: v for k, v in after.items() if k != "documents"} == {
        k: v for k, v in before.items() if k != "documents"}
    assert {d.status for d in engine.documents()} <= {"processed", "failed"}
    assert engine.store.get_document("seed").status == "processed"


def _only_failure(engine: Engine, paths: list[Path]) -> str:
    """Index the paths; exactly one failure is reported and recorded, with its reason. Returns the reason."""
    report = engine.index_paths(paths)
    assert not report.processed and len(report.failed) == 1
    [(doc_id, error)] = report.failed.items()
    info = engine.store.get_document(doc_id)
    assert info.status == "failed" and info.error == error
    return error


@pytest.mark.parametrize("name,data,message", FILES, ids=[f[0] for f in FILES])
def test_bad_files(engine, tmp_path, name, data, message):
    before = engine.store.counts()
    path = tmp_path / name
    path.write_bytes(data)
    assert re.search(message, _only_failure(engine, [path]))
    _intact(engine, before)


def test_fifty_megabyte_text_is_refused_before_it_is_read(engine, tmp_path):
    path = tmp_path / "fifty.txt"
    with path.open("wb") as fh:
        fh.truncate(50 * 2**20)  # sparse: the size is checked from the file system first
    before = engine.store.counts()
    assert "50.0 MB is larger than the 20 MB limit" in _only_failure(engine, [path])
    _intact(engine, before)


@pytest.mark.parametrize("body,message", JSONL)
def test_bad_jsonl(engine, tmp_path, body, message):
    before = engine.store.counts()
    path = tmp_path / "corpus.jsonl"
    path.write_text(body)
    with pytest.raises(LightRAGError, match=message):
        list(load_documents([path]))
    _intact(engine, before)


def test_non_utf8_jsonl(tmp_path):
    path = tmp_path / "latin.jsonl"
    path.write_bytes('{"id": "a", "text": "café"}\n'.encode("latin-1"))
    with pytest.raises(LightRAGError, match="not valid UTF-8"):
        list(load_documents([path]))


@pytest.mark.parametrize("query,params,message", QUERIES, ids=[m for _, _, m in QUERIES])
def test_bad_queries(engine, query, params, message):
    before = engine.store.counts()
    with pytest.raises(LightRAGError, match=message):
        engine.query_data(query, QueryParam(**params))
    _intact(engine, before)


def test_long_query_with_no_keywords(engine):
    result = engine.query_data("and or but the of " * 5, QueryParam(mode="local"))
    assert result.status == "failure" and "No keywords" in result.message


# -- the LLM path: odd names and broken replies ---------------------------------------------------

ODD_NAMES = ["O'Brien \"The Boss\"", "rm -rf `/`", "Zürich 東京 🚀", "MATCH (n) DETACH DELETE n",
             "x'; DROP TABLE entities; --", "Lilu (mythology)", "$workspace {x: 1}"]


def _stub_reply(kind: str):
    def respond(messages):
        prompt = messages[-1]["content"]
        if "may have been missed" in prompt:
            return "<|COMPLETE|>"
        if "search keywords as JSON" in prompt:
            return "not json at all"
        if kind == "odd":
            lines = [f"entity{S}{n}{S}concept{S}A name that must survive storage." for n in ODD_NAMES]
            lines.append(f"relation{S}{ODD_NAMES[0]}{S}{ODD_NAMES[3]}{S}linked{S}They are linked.{S}3")
            return "\n".join(lines + ["<|COMPLETE|>"])
        return {"empty": "", "wrong": '{"entities": [{"name": "JSON instead"}]}',
                "enormous": f"entity{S}Big{S}concept{S}" + "x" * 300_000,
                "truncated": f"entity{S}Kept Entity{S}concept{S}Complete record.\nentity{S}Cut Off{S}conc"}[kind]
    return respond


def _llm_engine(tmp_path, stub):
    from lightrag_core import Settings

    return Engine(Settings.from_env(tmp_path / "w", llm_model="stub", openai_base_url=stub.base_url,
                                    openai_api_key="sk-x", embedding_model="", neo4j_uri="", llm_max_retries=0))


def test_odd_entity_names_are_stored_as_data(tmp_path):
    with OpenAIStub(_stub_reply("odd")) as stub:
        engine = _llm_engine(tmp_path, stub)
        # The names are in the text: extraction keeps only names the text holds.
        report = engine.index_documents([Document("odd", "Some text with odd names: " + "; ".join(ODD_NAMES))])
        assert report.processed == ["odd"]
        names = {e.name for e in engine.store.all_entities()}
        assert set(ODD_NAMES) <= names
        assert engine.store.counts()["relations"] == 1
        result = engine.query_data("Who is O'Brien?", QueryParam(mode="local", ll_keywords=["O'Brien"]))
        assert result.status == "success"
        engine.close()


@pytest.mark.parametrize("kind,message", [
    ("empty", "empty extraction reply"),
    ("wrong", "not in the record format"),
    ("enormous", "characters"),
])
def test_broken_llm_replies_fail_the_document(tmp_path, kind, message):
    with OpenAIStub(_stub_reply(kind)) as stub:
        engine = _llm_engine(tmp_path, stub)
        report = engine.index_documents([Document("d", "Text for the model.")])
        assert message in report.failed["d"]
        assert engine.store.get_document("d").status == "failed"
        assert engine.store.counts()["chunks"] == 0
        engine.close()


def test_truncated_reply_keeps_complete_records(tmp_path, caplog):
    with OpenAIStub(_stub_reply("truncated")) as stub:
        engine = _llm_engine(tmp_path, stub)
        report = engine.index_documents([Document("d", "Text for the model about Kept Entity and Cut Off.")])
        assert report.processed == ["d"]
        assert {e.name for e in engine.store.all_entities()} == {"Kept Entity"}
        assert "may be truncated" in caplog.text
        engine.close()


def test_embedding_dimension_change_is_refused(tmp_path):
    from lightrag_core import Settings

    with OpenAIStub(_stub_reply("odd"), embedding_dim=32) as stub:
        settings = Settings.from_env(tmp_path / "w", llm_model="", embedding_model="emb", neo4j_uri="",
                                     embedding_base_url=stub.base_url, embedding_api_key="k")
        engine = Engine(settings)
        engine.index_documents([Document("a", SEED)])
        before = engine.store.counts()
        stub.embedding_dim = 48  # the endpoint now serves another model under the same name
        fresh = Engine(settings)
        with pytest.raises(LightRAGError, match="dimension 48"):
            fresh.index_documents([Document("b", "Pierre Curie taught physics.")])
        assert engine.store.counts() == before
        engine.close()
        fresh.close()


# -- the same errors at the edges: CLI and HTTP ---------------------------------------------------

@pytest.mark.parametrize("name,data,message", [FILES[0], FILES[2], FILES[6], FILES[10]], ids=lambda x: str(x)[:12])
def test_cli_reports_bad_files(tmp_path, name, data, message):
    path = tmp_path / name
    path.write_bytes(data)
    out = subprocess.run([sys.executable, "-m", "lightrag_core", "--workdir", str(tmp_path / "w"), "index",
                          str(path), "--no-progress"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("body,status,fragment", [
    ({"query": "?!?!"}, 400, "no letters or digits"),
    ({"query": "x" * 20001}, 422, "query"),
    ({"query": "valid question", "top_k": "many"}, 422, "top_k"),
    ({"query": "valid question", "max_total_tokens": -1}, 422, "max_total_tokens"),
    ({"query": "valid question", "hl_keywords": "not a list"}, 422, "hl_keywords"),
    ({"query": "valid question", "conversation_history": [{"role": "robot", "content": "x"}]}, 422, "role"),
])
def test_api_rejects_bad_queries(engine, body, status, fragment):
    with TestClient(create_app(engine), base_url="http://localhost") as client:
        r = client.post("/query/data", json=body)
    assert r.status_code == status and fragment in json.dumps(r.json())


@pytest.mark.parametrize("name,data,message", [FILES[2], FILES[5], FILES[8]], ids=lambda x: str(x)[:12])
def test_api_upload_of_bad_files_fails_the_job_not_the_store(engine, name, data, message):
    before = engine.store.counts()
    with TestClient(create_app(engine), base_url="http://localhost") as client:
        r = client.post("/documents/upload", files={"file": (name, data, "application/octet-stream")})
    assert r.status_code == 400 and message in r.json()["detail"]
    _intact(engine, before)
