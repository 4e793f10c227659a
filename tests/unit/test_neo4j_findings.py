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
import pytest

from lightrag_core.models import Entity, GraphWrite, LightRAGError
from lightrag_core.storage.neo4j import cypher_files
from lightrag_core.storage.neo4j.store import Neo4jStore
from tests.conftest import HOTPOT, _need_data
from tests.support.fake_neo4j import FakeNeo4jDriver, IndexCatalogue, index_row


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
    rows = [{"seeds": seeds, "ranked": order, "name": n, "source_ids": ["c2", "c1"], "edges": []}
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


# -- shared databases: the store's own schema only ------------------------------------------------------

def _own_schema(state: str = "ONLINE") -> list[dict]:
    from lightrag_core.storage.neo4j import schema

    rows = [index_row(n, "RANGE", None, None, state) for n in schema.SCHEMA_STATEMENTS]
    by_name = {r["name"]: r for r in rows}
    for name, (label, prop) in schema.FULLTEXT_INDEXES.items():
        by_name[name] = index_row(name, "FULLTEXT", label, prop, state, analyzer=schema.FULLTEXT_ANALYZER)
    return list(by_name.values())


def test_with_its_schema_in_place_opening_runs_no_schema_statement_so_a_reader_can_query():
    """Every open ran 12 CREATE statements, so a user with the reader role could not query at all."""
    catalogue = IndexCatalogue(_own_schema(), forbidden=True)
    driver = FakeNeo4jDriver(catalogue)
    store = Neo4jStore(driver, "neo4j", "ws", user="reader")
    store.create_schema()
    assert not [n for n, _ in driver.calls if n in catalogue.creates] and store.read_only is None
    assert store.counts()["chunks"] == 0


def test_a_user_who_may_not_create_the_schema_gets_a_read_only_store_saying_what_an_admin_must_do():
    catalogue = IndexCatalogue([], forbidden=True)
    store = Neo4jStore(FakeNeo4jDriver(catalogue), "neo4j", "ws", user="reader")
    store.create_schema()  # no error: reading is allowed
    assert "read-only" in store.read_only and "'reader'" in store.read_only
    assert "cypher/constraint_workspace.cypher" in store.read_only and "architect or admin" in store.read_only
    assert store.search_chunks_text(["anything"], 5) == [] and store.entities_with_tokens([["x"]], 5) == [[]]
    # Schema in place but for the vector indexes (created at the first indexing): the same message.
    editor = Neo4jStore(FakeNeo4jDriver(IndexCatalogue(_own_schema(), forbidden=True)), "neo4j", "ws", user="ed")
    editor.create_schema()
    with pytest.raises(LightRAGError, match=r"read-only.*cypher/index_entity_vector.cypher.*architect or admin"):
        editor.set_embedding_meta("m", 384)
    for write in (lambda: store.apply(GraphWrite()), lambda: store.save_review({}),
                  lambda: store.set_embedding_meta("m", 4), store.drop_workspace):
        with pytest.raises(LightRAGError, match="read-only"):
            write()


def test_only_the_stores_own_indexes_are_awaited_by_name_and_another_tools_failed_index_does_not_matter():
    """db.awaitIndexes waited for every index of the database and failed on another tool's FAILED one."""
    other = index_row("their_vectors", "VECTOR", "Document", "embedding", "FAILED", dimensions=1536)
    catalogue = IndexCatalogue([other], rest=lambda name, params: [])
    store = Neo4jStore(FakeNeo4jDriver(catalogue), "neo4j", "ws")
    store.create_schema()
    store.set_embedding_meta("m", 384)
    assert catalogue.awaited == ["chunk_words_fulltext", "entity_words_fulltext", "entity_embedding",
                                 "related_embedding", "chunk_embedding"]
    assert "await_indexes" not in cypher_files.names()


def test_a_failed_or_clashing_fulltext_index_is_refused_with_the_fix():
    failed = _own_schema()
    failed[[r["name"] for r in failed].index("chunk_words_fulltext")]["state"] = "FAILED"
    with pytest.raises(LightRAGError, match=r"full-text index chunk_words_fulltext .* has FAILED; drop it"):
        Neo4jStore(FakeNeo4jDriver(IndexCatalogue(failed)), "neo4j", "ws").create_schema()
    # Another tool's full-text index on :Chunk(words) makes IF NOT EXISTS a silent no-op.
    theirs = index_row("their_text", "FULLTEXT", "Chunk", "words", "ONLINE", analyzer="standard-no-stop-words")
    with pytest.raises(LightRAGError, match=r"'their_text' .* already covers :Chunk\(words\).*DROP INDEX `their_text`"):
        Neo4jStore(FakeNeo4jDriver(IndexCatalogue([theirs])), "neo4j", "ws").create_schema()
    wrong = [r for r in _own_schema() if r["name"] != "entity_words_fulltext"]
    wrong.append(index_row("entity_words_fulltext", "FULLTEXT", "Entity", "name_words", analyzer="standard"))
    with pytest.raises(LightRAGError, match="with analyzer 'standard', not :Entity\\(name_words\\) with 'whitespace'"):
        Neo4jStore(FakeNeo4jDriver(IndexCatalogue(wrong)), "neo4j", "ws").create_schema()


# -- full-text searches widen per workspace ------------------------------------------------------------

class SharedTextIndex:
    """One full-text index holding two workspaces, answering as search_chunks_text and entities_with_tokens
    do: Lucene's `candidates` best hits over every workspace, then this workspace's."""

    def __init__(self, docs: list[tuple[str, str, float]]) -> None:
        self.docs = sorted(docs, key=lambda d: -d[2])  # (workspace, id or name, score for any query)
        self.asked: list[int] = []

    def __call__(self, name: str, params: dict) -> list[dict]:
        self.asked.append(params["candidates"])
        found = self.docs[:params["candidates"]]
        mine = [d for d in found if d[0] == params["workspace"]]
        if name == "entities_with_tokens":
            return [{"key": q["key"], "seen": len(found), "names": [d[1] for d in mine]} for q in params["queries"]]
        rows = [{"seen": len(found), "id": i, "doc_id": "d", "ord": 0, "tokens": 1, "content": "", "file_path": "",
                 "score": s} for _, i, s in mine[:params["top_k"]]]
        return rows or [{"seen": len(found), "id": None, "score": None}]


def test_a_small_workspace_beside_a_big_one_keeps_its_lexical_hits():
    index = SharedTextIndex([("big", f"b{i:04}", 9.0 - i * 1e-3) for i in range(3000)] +
                            [("small", f"s{i}", 1.0 - i * 0.1) for i in range(5)])
    store = Neo4jStore(FakeNeo4jDriver(index), "neo4j", "small")
    assert [c.id for c in store.search_chunks_text(["word"], 5)] == ["s0", "s1", "s2", "s3", "s4"]
    assert index.asked == [20, 80, 320, 1280, 5120]


def test_name_matches_are_the_first_by_name_of_all_matches_as_in_the_embedded_store():
    """Alias candidates: the first `limit` names by name among every match, not among the best-scored few."""
    names = [f"Nolan {c}" for c in "ZYXWVUTSRQPONMLKJIHGFEDCBA"]  # best scored first, worst names first
    index = SharedTextIndex([("ws", n, 5.0 - i * 0.1) for i, n in enumerate(names)] +
                            [("other", f"Nolan x{i}", 9.0) for i in range(40)])
    store = Neo4jStore(FakeNeo4jDriver(index), "neo4j", "ws")
    assert store.entities_with_tokens([["nolan"]], 3) == [["Nolan A", "Nolan B", "Nolan C"]]
    assert index.asked == [12, 48, 192]  # widened until the index had no more hits


# -- errors said as what they are ------------------------------------------------------------------------

@pytest.mark.parametrize("error", [
    "session_expired", "rate_limited", "unsupported_server"])
def test_opening_turns_every_driver_error_into_one_line_and_closes_the_driver(monkeypatch, tmp_path, error):
    import neo4j
    from neo4j.exceptions import Neo4jError, SessionExpired, UnsupportedServerProduct

    from lightrag_core import Settings

    raised = {"session_expired": SessionExpired("the session expired"),
              "rate_limited": Neo4jError._hydrate_neo4j(code="Neo.ClientError.Security.AuthenticationRateLimit",
                                                        message="too many failed attempts"),
              "unsupported_server": UnsupportedServerProduct("not a Neo4j server")}[error]
    closed = []

    class Refusing(FakeNeo4jDriver):
        def verify_connectivity(self) -> None:
            raise raised

        def close(self) -> None:
            closed.append(True)

    monkeypatch.setattr(neo4j.GraphDatabase, "driver", lambda uri, auth: Refusing())
    settings = Settings.from_env(tmp_path, env_file=None, neo4j_uri="neo4j://db.example:7687",
                                 neo4j_password="pw")
    with pytest.raises(LightRAGError) as caught:
        Neo4jStore.from_settings(settings)
    assert "neo4j://db.example:7687" in str(caught.value) or "Neo4j" in str(caught.value)
    assert "pw" not in str(caught.value).replace("NEO4J_PASSWORD", "")
    assert closed == [True]


def test_the_transaction_memory_limit_is_reported_as_itself_and_not_retried():
    """The server's memory error is a TransientError: the driver retried it and the user read 'busy: retry'."""
    from neo4j.exceptions import DriverError, Neo4jError

    from lightrag_core.models import PROCESSED, Chunk, DocumentInfo
    from lightrag_core.storage.neo4j.errors import user_error

    def answer(name: str, params: dict) -> list[dict]:
        if name == "upsert_chunks":
            raise Neo4jError._hydrate_neo4j(
                code="Neo.TransientError.General.MemoryPoolOutOfMemoryError",
                message="The allocation of an extra 2.0 MiB would use more than the limit 716.8 MiB. "
                        "dbms.memory.transaction.total.max threshold reached")
        return {"meta_get": [{"model": "m", "dim": 4}], "documents_existing": []}.get(name, [])

    store, _ = _store({})
    store.driver = FakeNeo4jDriver(answer)
    info = DocumentInfo("d", "d", "d.txt", "h", PROCESSED, chunk_count=1)
    with pytest.raises(LightRAGError) as caught:
        store.apply(GraphWrite(document=info, chunks=[Chunk("d-c0", "d", 0, 1, "x", "d.txt")]))
    assert "out of transaction memory" in str(caught.value) and "dbms.memory.transaction.total.max" in str(caught.value)
    assert "busy" not in str(caught.value)
    # Raised from inside the unit of work as a non-driver error, the driver's retry loop lets it straight through.
    assert not isinstance(caught.value, (Neo4jError, DriverError))
    read_error = Neo4jError._hydrate_neo4j(code="Neo.TransientError.General.MemoryPoolOutOfMemoryError", message="m")
    assert "out of transaction memory" in str(user_error(read_error, "neo4j://h", "db"))


# -- big documents ----------------------------------------------------------------------------------------

def test_a_big_document_goes_in_bounded_statements_inside_its_one_transaction():
    from lightrag_core.models import PROCESSED, Chunk, DocumentInfo

    answers = {"meta_get": [{"model": "m", "dim": 4}], "documents_existing": [], "versions_entities": []}
    store, driver = _store(answers)
    store.write_batch = 500
    info = DocumentInfo("d", "d", "d.txt", "h", PROCESSED, chunk_count=1203)
    chunks = [Chunk(f"d-c{i}", "d", i, 3, f"text {i}", "d.txt", np.ones(4, dtype=np.float32)) for i in range(1203)]
    entities = [Entity(f"E{i}", "t", "", [f"d-c{i}"], ["d.txt"], 1.0) for i in range(1203)]
    store.apply(GraphWrite(document=info, chunks=chunks, entities=entities))
    sizes = {n: [len(p["rows"]) for name, p in driver.calls if name == n]
             for n in ("upsert_chunks", "set_chunk_vectors", "upsert_entities", "link_mentions")}
    assert sizes == {n: [500, 500, 203] for n in sizes}
    assert len(driver.sessions) == 1  # one unit of work for the whole document


def test_mentions_change_by_what_changed_not_by_the_entitys_whole_history():
    """link_mentions deleted and recreated every MENTIONS edge of each written entity: O(its mentions)."""
    old = [f"c{i}" for i in range(1000)]
    store, driver = _store({"meta_get": [{"model": "m", "dim": 4}], "documents_existing": [{"id": "d"}],
                            "versions_entities": [{"name": "Hub", "source_ids": old}]})
    new = [c for c in old if c != "c5"] + ["c1000"]
    store.apply(GraphWrite(entities=[Entity("Hub", "t", "", new, [], 1.0)],
                           expected_entities={"Hub": old}))
    sent = {n: p["rows"] for n, p in driver.calls if n in ("link_mentions", "unlink_mentions")}
    assert sent == {"link_mentions": [{"id": "c1000", "name": "Hub"}], "unlink_mentions": [{"id": "c5", "name": "Hub"}]}


def test_chunks_and_entities_written_before_the_words_were_indexed_get_them_once():
    """Upgrading: an existing workspace's chunks lack `words`, so the new full-text index would miss them."""
    left = {"words_missing_chunks": [[{"id": "c1", "text": "O'Brien at Alû"}], []],
            "words_missing_entities": [[{"id": "Alû", "text": "Alû"}], []]}
    catalogue = IndexCatalogue(_own_schema(), rest=lambda name, params: left[name].pop(0) if name in left else [])
    driver = FakeNeo4jDriver(catalogue)
    Neo4jStore(driver, "neo4j", "ws").create_schema()
    sent = {n: p.get("rows") for n, p in driver.calls if n.startswith("words_set") or n == "words_done_set"}
    assert sent == {"words_set_chunks": [{"id": "c1", "words": "o brien at alu"}],
                    "words_set_entities": [{"id": "Alû", "words": "alu"}], "words_done_set": None}
    done = FakeNeo4jDriver(IndexCatalogue(_own_schema(), rest=lambda name, params: [{"done": True}]
                                          if name.endswith("_done_get") else []))
    Neo4jStore(done, "neo4j", "ws").create_schema()
    # The words once per workspace, and the title key nodes once per workspace: a done workspace reads two marks.
    assert [n for n, _ in done.calls] == ["schema_indexes", "words_done_get", "title_keys_done_get"]
    # A chunk without an id can never be matched to be filled: the backfill stops instead of looping.
    stuck = FakeNeo4jDriver(IndexCatalogue(_own_schema(), rest=lambda name, params: [{"id": None, "text": "x"}]
                                           if name.startswith("words_missing") else []))
    Neo4jStore(stuck, "neo4j", "ws").create_schema()
    assert [n for n, _ in stuck.calls].count("words_missing_chunks") == 2
