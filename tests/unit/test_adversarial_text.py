"""Every pattern that reads user, document or model text runs in linear time on a long adversarial
line (each of these took from seconds to minutes before, growing with the square of the length)."""

from __future__ import annotations

import time

import pytest

from lightrag_core.indexing.boilerplate import strip_boilerplate
from lightrag_core.models import LightRAGError
from lightrag_core.query.keywords import parse_keywords_reply
from lightrag_core.workbench.cypher_console import bare_text, check_read_only, extract_cypher
from lightrag_core.workbench.graph_view import without_external_tags

N = 200_000


def fast(fn, *args, limit: float = 5.0):  # the quadratic versions took minutes
    started = time.perf_counter()
    result = fn(*args)
    assert time.perf_counter() - started < limit
    return result


def test_keyword_reply_of_opening_braces():  # before: 0.34 s at 20,000, 34 s at 200,000
    with pytest.raises(LightRAGError, match="no JSON object"):
        fast(parse_keywords_reply, "{" * N)
    assert parse_keywords_reply('Sure: {"high_level_keywords": ["physics"], "low_level_keywords": ["Curie"]} ok') == (
        ["physics"], ["Curie"])


@pytest.mark.parametrize("statement", ["/* " * N, "'\\" * N, "'\"`" * N, "`" + "a" * N, "//" + "'" * N])
def test_cypher_console_check_on_unclosed_comments_and_strings(statement):  # before: 19 s at "/* " x 20,000
    # The scan itself is linear; the console also refuses any statement over its length cap, quickly.
    assert fast(bare_text, "MATCH (n) RETURN n " + statement).startswith("MATCH")
    with pytest.raises(LightRAGError, match="longer than"):
        fast(check_read_only, "MATCH (n) RETURN n " + statement)


def test_cypher_console_reads_comments_and_strings_as_cypher_does():
    # A quote inside a comment starts no string: the CREATE after it is seen (read strings-first, it hid).
    with pytest.raises(LightRAGError, match="CREATE"):
        check_read_only("MATCH (n) // don't worry\nCREATE (m) RETURN 'done'")
    with pytest.raises(LightRAGError, match="DELETE"):
        check_read_only("MATCH (n) WHERE n.name = 'it\\'s' DELETE n")
    assert check_read_only("RETURN '/* CREATE */', \"// SET\", `Deleted` /* MERGE */ // DROP")
    # A backticked name is read as the name it quotes (so `apoc`.load is apoc.load): one spelling a write
    # clause is refused by this first check, which errs on the safe side.
    with pytest.raises(LightRAGError, match="DELETE"):
        check_read_only("RETURN `DELETE`")
    assert check_read_only("RETURN 4 / 2")


def test_cypher_fence_with_a_long_unclosed_block():  # before: 10 s at 20,000 spaces
    assert fast(extract_cypher, "```cypher" + " " * N).startswith("```cypher")
    assert extract_cypher("Here:\n```cypher\nMATCH (n) RETURN n\n```\n") == "MATCH (n) RETURN n"


@pytest.mark.parametrize("tail", ["<link href " * N, "<script src='http://" * N, "<link" * N])
def test_graph_page_external_tags_on_unclosed_tags(tail):  # before: 100 s at "<link href " x 20,000
    assert fast(without_external_tags, "<p>graph</p>" + tail).startswith("<p>graph</p>")


def test_graph_page_drops_only_external_tags():
    page = ('<head><link rel="stylesheet" href="https://cdn.example/x.css" /><link href="local.css">'
            '<script src="https://cdn.example/x.js"></script>\n<script>var a = 1;</script>'
            "<SCRIPT SRC='http://x/y.js'> </SCRIPT></head>")
    assert without_external_tags(page) == '<head><link href="local.css">\n<script>var a = 1;</script></head>'


def test_unclosed_illustration_placeholders_in_a_book():  # before: 7.7 s at 200,000
    body = "The story." + "[Illustration: caption" * N
    text = f"*** START OF THE PROJECT GUTENBERG EBOOK X ***\n{body}\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\n"
    assert fast(strip_boilerplate, text)[0] == body


@pytest.mark.parametrize("question", [
    "A " * 10_000 + "x",  # a run of capitalised words never followed by "'s father"
    "the director of " + "A " * 10_000,  # a subject that never ends
])
def test_a_role_question_of_endless_names(question):  # before: 0.7 s at 8,000 characters, growing with the square
    from lightrag_core.query.roles import first_hop

    fast(first_hop, question, limit=0.5)
    assert first_hop("When did Princess Mary of Teck's father die?").subject == "Princess Mary of Teck"


@pytest.mark.parametrize("question", ["Are " + "x and " * 3_300 + "y", "Which " + "a or " * 4_000 + "b?"])
def test_a_comparison_of_endless_sides(question):  # before: 2.6 s at 9,000 characters
    from lightrag_core.query.answer_type import answer_type

    fast(answer_type, question, limit=0.5)
