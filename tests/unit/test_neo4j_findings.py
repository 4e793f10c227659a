"""The second review's findings on the Neo4j store, each shown offline: the driver stand-in answers a
statement with the rows (or the error) a server gives, and the store's own code runs unchanged above it.
The live suite (tests/neo4j_live, tests/contract) runs the same paths on a real server."""

from __future__ import annotations

import json
import re
import sqlite3
import unicodedata
from collections import defaultdict
from collections.abc import Iterable

import numpy as np

from lightrag_core.storage.neo4j.store import Neo4jStore
from tests.conftest import HOTPOT, _need_data
from tests.support.fake_neo4j import FakeNeo4jDriver


def _grouped(rows: Iterable[tuple[str, int, str]]) -> dict[str, list[tuple[int, str]]]:
    out: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for name, offset, term in rows:
        out[name].append((offset, term))
    return out


def _store(answers: dict, workspace: str = "ws") -> tuple[Neo4jStore, FakeNeo4jDriver]:
    driver = FakeNeo4jDriver(lambda name, params: answers[name](params) if callable(answers.get(name))
                             else answers.get(name, []))
    return Neo4jStore(driver, "neo4j", workspace), driver


def test_the_neighbourhood_keeps_the_statements_closeness_order_and_the_given_seed_order():
    """Certain finding: the store re-sorted the neighbours by name after the statement ordered them."""
    seeds, order = ["Beta", "Gamma"], ["Beta", "Gamma", "Zeta", "Alpha"]  # Zeta is closer than Alpha
    # Aggregation hands the rows back in any order: here by name, the order the old code produced.
    rows = [{"seeds": seeds, "order": order, "name": n, "source_ids": ["c2", "c1"], "edges": []}
            for n in sorted(order)]
    store, driver = _store({"neighbourhood": rows})
    hood = store.neighbourhood(["Gamma", "Beta", "Gamma"], 2)
    assert hood.seeds == ["Gamma", "Beta"]  # as the caller gave them (most confident link first)
    assert list(hood.entities) == ["Gamma", "Beta", "Zeta", "Alpha"]
    assert hood.entities["Alpha"] == ["c1", "c2"]
    assert driver.calls[-1][1]["max_neighbours"] == 2
    store.neighbourhood(["Beta"], -3)
    assert driver.calls[-1][1]["max_neighbours"] == 0  # a negative slice would count from the end in Cypher


def test_vector_hits_with_equal_scores_come_in_key_order():
    """Seeds and search ties: the index hands equal scores back in index order; the contract wants keys."""
    row = {"seen": 3, "lowest": 1.0, "type": "t", "description": "", "source_ids": [], "file_paths": [],
           "created_at": 0.0, "degree": 0, "score": 1.0}
    store, _ = _store({"meta_get": [{"model": "m", "dim": 4}],
                       "search_entities": [{**row, "name": n} for n in ("Zed", "Abe", "Mo")]})
    assert [e.name for e in store.search_entities(np.ones(4), 3, 0.0)] == ["Abe", "Mo", "Zed"]


# -- one tokenisation ------------------------------------------------------------------------------

def _hotpot_titles() -> list[str]:
    """The hotpotqa corpus's titles with an apostrophe, a dot or an accent."""
    _need_data()
    corpus = (HOTPOT / "corpus.jsonl").read_text(encoding="utf-8").splitlines()
    titles = [json.loads(line)["title"] for line in corpus]
    return [t for t in titles if re.search(r"['’.]", t) or any(
        unicodedata.combining(c) for c in unicodedata.normalize("NFD", t))]


def test_both_stores_index_and_ask_for_the_same_words_on_the_hotpot_titles(tmp_path):
    """Titles with apostrophes, dots and accents: the words the Neo4j store indexes (and asks for) are the
    words SQLite's FTS5 holds for the same name, and each title is found by its own words on both."""
    from lightrag_core import lexical
    from lightrag_core.models import Entity, GraphWrite
    from lightrag_core.storage.sqlite.store import SQLiteStore

    titles = _hotpot_titles()
    assert len(titles) >= 60 and "Alû" in titles and "Hawaii's 2nd congressional district" in titles
    sqlite = SQLiteStore(tmp_path)
    sqlite.apply(GraphWrite(entities=[Entity(t, "thing", "", [], [], 1.0) for t in titles]))
    written: list[dict] = []
    neo, driver = _store({"versions_entities": [], "upsert_entities": lambda p: written.extend(p["rows"]) or []})
    neo.apply(GraphWrite(entities=[Entity(t, "thing", "", [], [], 1.0) for t in titles]))
    con = sqlite3.connect(str(sqlite.path))  # what FTS5 itself holds for each name, word by word
    con.execute("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, entity_names_fts, instance)")
    fts5_words = {name: " ".join(t for _, t in sorted(terms)) for name, terms in _grouped(con.execute(
        "SELECT e.name, v.offset, v.term FROM temp.vocab v JOIN entities e ON e.rowid = v.doc")).items()}
    con.close()
    assert {r["name"]: r["name_words"] for r in written} == fts5_words
    assert fts5_words["Alû"] == "alu" and fts5_words["Hawaii's 2nd congressional district"].startswith("hawaii s 2nd")
    for title in titles:
        assert title in sqlite.entities_with_tokens([lexical.words(title)], 50)[0], title
    # The Neo4j store asks its index for those same words (the index's whitespace analyzer keeps them as they are).
    neo.entities_with_tokens([["Alû"], ["ocean's"]], 5)
    sent = [q["text"] for q in driver.calls[-1][1]["queries"]]
    assert sent == ['"alu"', '"ocean" AND "s"']
    sqlite.close()
