"""Vector searches run the SEARCH clause where the server deprecates the procedures (Neo4j 2026.04, Cypher 25)
and the procedures before: the server version picks the statement, and both variants return the same columns,
rescored and cut alike. tests/neo4j_live/test_live_title_keys_and_search.py runs both on a real server."""

from __future__ import annotations

import re

import numpy as np
import pytest

from lightrag_core.storage.neo4j.search import SEARCH_CLAUSE_STATEMENTS
from tests.unit.test_neo4j_title_keys import _code, _recording_store

# -- vector search: procedures or the SEARCH clause, by server version ----------------------------------------

@pytest.mark.parametrize(("version", "clause"), [
    ("5.18.0", False), ("5.26.19", False), ("5.27-aura", False), ("2025.06.0", False), ("2025.10.1", False),
    ("2026.01.0", False), ("2026.03.1", False), ("2026.04.0", True), ("2026.10.2", True), ("2027.01.0", True),
])
def test_the_server_version_picks_the_vector_statements(version, clause):
    """Deprecated from 2026.04 (Cypher 25), the procedures give way to SEARCH there; older servers keep them
    (SEARCH for vector indexes exists from 2026.01, but the procedures are not deprecated before 2026.04)."""
    answers = {"db_version": [{"name": "Neo4j Kernel", "version": version, "edition": "community"}],
               "meta_get": [{"model": "m", "dim": 4}]}
    store, driver = _recording_store(answers)
    store.check_version()
    vector = np.ones(4, dtype=np.float32)
    store.search_entities(vector, 3, 0.0)
    store.search_relations(vector, 3, 0.0)
    store.search_chunks(vector, 3, 0.0)
    searched = list(dict.fromkeys(n for n, _ in driver.calls if n.startswith("search_")))  # widened: asked twice
    assert searched == [SEARCH_CLAUSE_STATEMENTS[n] if clause else n
                        for n in ("search_entities", "search_relations", "search_chunks")]


def _columns(name: str) -> list[str]:
    """The final RETURN's column names, in order."""
    clause = _code(name).rsplit("RETURN ", 1)[1].split(" ORDER BY ", 1)[0]
    items, depth, current = [], 0, ""
    for ch in clause:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if ch == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += ch
    items.append(current)
    return [item.rsplit(" AS ", 1)[-1].strip() for item in items]


@pytest.mark.parametrize("name", sorted(SEARCH_CLAUSE_STATEMENTS))
def test_both_variants_return_the_same_columns_rescored_and_cut_alike(name):
    twin = SEARCH_CLAUSE_STATEMENTS[name]
    assert _columns(twin) == _columns(name) and _columns(name)[:2] == ["seen", "lowest"]
    # Only the source of candidates differs: everything after collecting them is the same text.
    tail = re.compile(r"WITH collect\(\[\w+, score\]\) AS found (.*)")
    assert tail.search(_code(twin)).group(1) == tail.search(_code(name)).group(1)  # type: ignore[union-attr]
    assert _code(twin).startswith("CYPHER 25 MATCH ") and " SEARCH hit IN (VECTOR INDEX " in _code(twin)
    assert "db.index.vector" not in _code(twin) and "db.index.vector" in _code(name)
    index = re.search(r"'(\w+)', \$candidates, \$vector", _code(name)).group(1)  # type: ignore[union-attr]
    assert f"VECTOR INDEX {index} FOR $vector LIMIT $candidates) SCORE AS score" in _code(twin)


@pytest.mark.parametrize("name", sorted(SEARCH_CLAUSE_STATEMENTS.values()))
def test_the_search_clause_statements_keep_at_the_cut_what_the_embedded_store_keeps(name):
    from tests.unit.test_neo4j_review3 import _statement_cut

    assert _statement_cut(name, {"A": 0.3000012, "B": 0.3000018}, 1) == ["B"]


@pytest.mark.parametrize(("version", "words"), [("5.26.0", "procedures"), ("2026.04.1", "SEARCH clause")])
def test_neo4j_check_says_which_vector_search_the_server_gets(version, words):
    from lightrag_core.workbench.neo4j_check import CheckReport, server_facts

    store, _ = _recording_store({"db_version": [{"name": "Neo4j Kernel", "version": version, "edition": "community"}]})
    report = CheckReport(target="neo4j://h", database="neo4j")
    line = server_facts(store, report)
    assert words in line and words in report.server["vector_search"]


class _Refused(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _failing_read(code: str, calls: list[str]):  # noqa: ANN202
    from lightrag_core.models import LightRAGError

    def read(name: str, **params: object) -> list[dict]:
        calls.append(name)
        if name.endswith("_25"):
            raise LightRAGError("refused") from _Refused(code)
        return [{"seen": 0, "lowest": None, "score": None}]
    return read


def test_a_server_that_refuses_the_search_clause_is_searched_with_the_procedures_from_then_on():
    """The SEARCH form is checked by the linter only; a release that refuses it (a literal LIMIT wanted, say) still
    runs the procedures, deprecated only in Cypher 25: the search falls back once and stays there."""
    from lightrag_core.storage.neo4j.search import VectorStatements

    calls: list[str] = []
    statements = VectorStatements()
    read = _failing_read("Neo.ClientError.Statement.SyntaxError", calls)
    statements.search(read, "search_chunks", (2026, 4), [0.1], 5, 0.0)
    statements.search(read, "search_chunks", (2026, 4), [0.1], 5, 0.0)
    # (an empty workspace is asked twice per search: only a wider ask that finds no more proves it empty)
    assert calls[0] == "search_chunks_25" and calls.count("search_chunks_25") == 1
    assert set(calls[1:]) == {"search_chunks"} and statements.refused


def test_other_failures_of_the_search_clause_are_not_hidden_by_the_fallback():
    from lightrag_core.models import LightRAGError
    from lightrag_core.storage.neo4j.search import VectorStatements

    calls: list[str] = []
    statements = VectorStatements()
    with pytest.raises(LightRAGError):
        statements.search(_failing_read("Neo.ClientError.Security.Forbidden", calls), "search_chunks", (2026, 4),
                          [0.1], 5, 0.0)
    assert calls == ["search_chunks_25"] and not statements.refused
