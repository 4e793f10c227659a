"""The third review's findings on the Neo4j store, each shown offline: the statements' own text is evaluated
where the question is arithmetic, and the driver stand-in answers the store's statements where it is
behaviour. tests/neo4j_live/test_live_review3.py runs the same on a real server. The findings on the
Ask-in-Cypher console are in test_neo4j_console_review3.py."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

import pytest

from lightrag_core.storage.base import by_score_then_key
from lightrag_core.storage.neo4j import cypher_files
from lightrag_core.storage.neo4j.search import to_index_score

# -- ties are decided on the cosine, as the embedded store decides them ---------------------------------------

_ORDER = re.compile(r"ORDER BY round\(([^,]+), 6\) DESC")


def _cypher_round(value: float) -> float:
    """Cypher's round(x, 6): half up, on the decimal value."""
    return float(Decimal(repr(value)).quantize(Decimal("0.000001"), rounding=ROUND_HALF_UP))


def _statement_cut(name: str, cosines: dict[str, float], top_k: int) -> list[str]:
    """The keys a search statement keeps: its own ORDER BY expression evaluated on the score it computes
    (vector.similarity.cosine, which is (1 + cos) / 2), key ascending on ties, then LIMIT."""
    expressions = _ORDER.findall(cypher_files.cypher(name))
    assert expressions, f"{name} has no ORDER BY round(…, 6)"
    kept = list(cosines)
    for expression in expressions:
        assert re.fullmatch(r"[\d\s*+\-/().]*score[\d\s*+\-/().]*", expression), expression
        tie = {k: _cypher_round(eval(expression, {}, {"score": to_index_score(cosines[k])})) for k in kept}
        kept = sorted(kept, key=lambda k: (-tie[k], k))[:top_k]
    return kept


class _Hit:
    def __init__(self, key: str, score: float) -> None:
        self.key, self.score = key, score


@pytest.mark.parametrize("name", ["search_entities", "search_relations", "search_chunks"])
def test_the_search_statements_keep_at_the_cut_what_the_embedded_store_keeps(name):
    """Rounded on (1 + cos) / 2, two cosines 6e-7 apart tie where the embedded store ranks them; at the cut
    the statement kept the lesser key instead of the better score."""
    cosines = {"A": 0.3000012, "B": 0.3000018}  # 0.300001 < 0.300002 as cosines; both 0.650001 as index scores
    embedded = [h.key for h in by_score_then_key([_Hit(k, s) for k, s in cosines.items()], lambda h: h.key)][:1]
    assert embedded == ["B"]
    assert _statement_cut(name, cosines, 1) == embedded


# -- the per-transaction memory limit -------------------------------------------------------------------------

def _hydrated(code: str, message: str) -> Exception:
    from neo4j.exceptions import Neo4jError

    return Neo4jError._hydrate_neo4j(code=code, message=message)


def test_the_per_transaction_memory_limit_is_recognised_and_never_retried():
    """db.memory.transaction.max raises Neo.ClientError.General.TransactionOutOfMemoryError (a client error, not
    the transient pool error the store knew): it read as 'Neo4j refused a statement' with no fix."""
    from neo4j.exceptions import DriverError, Neo4jError

    from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, GraphWrite, LightRAGError
    from lightrag_core.storage.neo4j.errors import is_out_of_memory, user_error
    from lightrag_core.storage.neo4j.store import Neo4jStore
    from tests.support.fake_neo4j import FakeNeo4jDriver

    error = _hydrated("Neo.ClientError.General.TransactionOutOfMemoryError",
                      "The allocation of an extra 152.7 MiB would use more than the limit 2.0 GiB. Currently using "
                      "1.9 GiB. db.memory.transaction.max threshold reached")
    assert is_out_of_memory(error)
    text = str(user_error(error, "neo4j://h", "db"))
    assert "out of transaction memory" in text and "db.memory.transaction.max" in text

    def answer(name: str, params: dict) -> list[dict]:
        if name == "upsert_chunks":
            raise error
        return {"meta_get": [{"model": "m", "dim": 4}]}.get(name, [])

    store = Neo4jStore(FakeNeo4jDriver(answer), "neo4j", "ws")
    info = DocumentInfo("d", "d", "d.txt", "h", PROCESSED, chunk_count=1)
    with pytest.raises(LightRAGError) as caught:
        store.apply(GraphWrite(document=info, chunks=[Chunk("d-c0", "d", 0, 1, "x", "d.txt")]))
    assert "out of transaction memory" in str(caught.value)
    assert not isinstance(caught.value, (Neo4jError, DriverError))  # the driver's retry loop lets it through


# -- a dimension change on Community edition --------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["community", "enterprise"])
def test_a_dimension_clash_says_what_fixes_it_on_this_edition(edition):
    """Community runs one standard database: 'use another NEO4J_DATABASE' is no fix there."""
    from lightrag_core.models import LightRAGError
    from lightrag_core.storage.neo4j.store import Neo4jStore
    from tests.support.fake_neo4j import FakeNeo4jDriver, IndexCatalogue, index_row

    version = [{"name": "Neo4j Kernel", "version": "5.26.0", "edition": edition}]
    catalogue = IndexCatalogue([index_row("entity_embedding", "VECTOR", "Entity", "embedding", dimensions=1536)],
                               rest=lambda name, params: version if name == "db_version" else [])
    store = Neo4jStore(FakeNeo4jDriver(catalogue), "neo4j", "ws")
    store.check_version()
    with pytest.raises(LightRAGError) as caught:
        store.set_embedding_meta("m", 384)
    text = str(caught.value)
    assert "has dimension 1536, but this workspace's embeddings have 384" in text
    if edition == "community":
        assert "use another NEO4J_DATABASE" not in text and "another NEO4J_DATABASE is no fix" in text
        assert "Community edition" in text and "another Neo4j server" in text and "EMBEDDING_MODEL" in text
    else:
        assert "use another NEO4J_DATABASE" in text


# -- a commit whose outcome is unknown ----------------------------------------------------------------------------

class _Server:
    """The store's statements against a server whose connection may be lost after COMMIT was sent: per
    transaction, (whether its commit landed, whether the connection was lost before the answer came). What a
    transaction wrote counts only if its commit landed; `recent_writes` is the workspace node's receipt list."""

    def __init__(self, outcomes: list[tuple[bool, bool]]) -> None:
        self.outcomes = outcomes
        self.recent_writes: list[str] = []
        self.relation_upserts = 0  # committed ones
        self.pending: dict[str, object] = {}
        self.lock_ids: list[str] = []

    def __call__(self, name: str, params: dict) -> list[dict]:
        if name == "lock_workspace":
            self.lock_ids.append(params.get("write_id"))
            self.pending["receipt"] = params.get("write_id")
            return [{"already": params.get("write_id") in self.recent_writes}]
        if name == "upsert_relations":
            self.pending["relations"] = len(params["rows"])
        return {"meta_get": [{"model": "m", "dim": 4}], "versions_entities": [{"name": n, "source_ids": []}
                for n in ("A", "B")]}.get(name, [])

    def commit(self) -> bool:
        """The transaction's work ran: commit it (or not) and say whether the connection was lost."""
        lands, lost = self.outcomes.pop(0) if self.outcomes else (True, False)
        if lands:
            if self.pending.get("receipt"):
                self.recent_writes.insert(0, str(self.pending["receipt"]))
            self.relation_upserts += 1 if "relations" in self.pending else 0
        return lost


def _unknown_outcome_store(server: _Server):
    from neo4j.exceptions import IncompleteCommit

    from lightrag_core.storage.neo4j.store import Neo4jStore
    from tests.support.fake_neo4j import FakeNeo4jDriver, Session, Transaction

    class LosingSession(Session):
        def execute_write(self, work, *args):
            server.pending.clear()
            out = work(Transaction(self.driver), *args)  # raising here rolls the transaction back
            if server.commit():
                raise IncompleteCommit("Connection to db.example:7687 closed while waiting for the commit")
            return out

    class Driver(FakeNeo4jDriver):
        def session(self, **kwargs):
            self.sessions.append(kwargs)
            return LosingSession(self)

    return Neo4jStore(Driver(server), "neo4j", "ws")


def _one_relation_write():
    from lightrag_core.models import GraphWrite, Relation

    return GraphWrite(relations=[Relation("A", "B", "k", "d", 1.0, ["c1"], [])])


def test_a_commit_that_landed_before_the_connection_was_lost_is_not_applied_twice():
    """Certain finding: a connection lost after COMMIT was reported as 'rolled back'; the document was marked
    failed and `resume` merged it again, doubling relation weights. The store now asks again: the retry's lock
    waits for the first transaction, finds its receipt, and applies nothing."""
    server = _Server([(True, True)])
    store = _unknown_outcome_store(server)
    store.apply(_one_relation_write())  # no error: the write is known to have landed
    assert server.relation_upserts == 1
    assert len(server.lock_ids) == 2 and server.lock_ids[0] == server.lock_ids[1] and server.lock_ids[0]


def test_a_commit_that_did_not_land_is_applied_once_by_the_retry():
    server = _Server([(False, True), (True, False)])
    store = _unknown_outcome_store(server)
    store.apply(_one_relation_write())
    assert server.relation_upserts == 1 and len(set(server.lock_ids)) == 1


def test_when_even_the_retry_cannot_tell_the_outcome_is_said_to_be_unknown():
    from lightrag_core.models import LightRAGError

    server = _Server([(False, True), (False, True)])
    store = _unknown_outcome_store(server)
    with pytest.raises(LightRAGError) as caught:
        store.apply(_one_relation_write())
    text = str(caught.value)
    assert "rolled back" not in text and "unknown" in text


# -- title case folded once, in Python --------------------------------------------------------------------------

def test_the_neo4j_store_writes_the_title_keys_folded_in_python_and_its_statement_does_not_fold_again():
    from lightrag_core.models import PROCESSED, DocumentInfo, GraphWrite
    from lightrag_core.storage.neo4j.store import Neo4jStore
    from tests.support.fake_neo4j import FakeNeo4jDriver

    driver = FakeNeo4jDriver(lambda name, params: [{"model": "m", "dim": 4}] if name == "meta_get" else [])
    store = Neo4jStore(driver, "neo4j", "ws")
    store.apply(GraphWrite(document=DocumentInfo("z1", "zola.txt", "zola.txt", "h", PROCESSED, subject="Émile Zola")))
    store.save_document(DocumentInfo("f1", "Élan_Vital.md", "Élan_Vital.md", "h", PROCESSED))
    sent = [p["title_keys"] for n, p in driver.calls if n == "document_save"]
    assert sent == [["émile zola"], ["élan vital"]]
    for name in ("title_chunks", "title_chunks_scan"):  # the keys as nodes, and as the document's list
        code = [line for line in cypher_files.cypher(name).splitlines() if not line.lstrip().startswith("//")]
        assert "toLower" not in " ".join(code) and "$lowered" in " ".join(code)


def test_documents_written_before_the_keys_were_kept_get_them_at_open():
    """Both stores fill the keys of older documents once, folded in Python as new writes are."""
    from lightrag_core.storage.neo4j.store import Neo4jStore
    from tests.support.fake_neo4j import FakeNeo4jDriver, IndexCatalogue
    from tests.unit.test_neo4j_findings import _own_schema

    left = {"title_keys_page": [[{"id": "f1", "subject": "", "title": "Élan_Vital.md", "whole_file": False},
                                 {"id": "z1", "subject": "Émile Zola", "title": "z.txt", "whole_file": False}], []],
            "words_done_get": [[{"done": True}]]}
    driver = FakeNeo4jDriver(IndexCatalogue(_own_schema(), rest=lambda n, p: left[n].pop(0) if left.get(n) else []))
    Neo4jStore(driver, "neo4j", "ws").create_schema()
    assert [[(r["id"], r["keys"]) for r in p["rows"]] for n, p in driver.calls if n == "title_keys_set"] == [
        [("f1", ["élan vital"]), ("z1", ["émile zola"])]]
    # Paged by id from a cursor (a page shorter than the batch is the last), then the workspace is marked so the
    # next open reads one mark only.
    assert [p["after"] for n, p in driver.calls if n == "title_keys_page"] == [""]
    assert [n for n, _ in driver.calls][-1] == "title_keys_done_set"


def test_an_embedded_workspace_from_before_the_keys_links_non_ascii_titles_after_opening(tmp_path):
    import sqlite3

    from lightrag_core.models import PROCESSED, Chunk, DocumentInfo, GraphWrite
    from lightrag_core.storage.sqlite.store import SQLiteStore

    store = SQLiteStore(tmp_path)
    info = DocumentInfo("z1", "z.txt", "z.txt", "h", PROCESSED, subject="Émile Zola", chunk_count=1)
    store.apply(GraphWrite(document=info, chunks=[Chunk("z1-c0", "z1", 0, 1, "text", "z.txt")]))
    store.close()
    con = sqlite3.connect(str(store.path))  # as a workspace written before title keys were kept
    con.execute("DELETE FROM title_keys")
    con.execute("DELETE FROM meta WHERE key = 'title_keys'")
    con.commit()
    con.close()
    reopened = SQLiteStore(tmp_path)
    assert reopened.title_chunks(["émile zola"]) == {"émile zola": {"Émile Zola": ["z1-c0"]}}
    reopened.close()


# -- neighbourhood closeness: ties are ties whatever order the weights were summed in ----------------------------

def test_closeness_sums_that_differ_only_by_summation_order_tie_and_break_by_name(tmp_path):
    """0.1 + 0.2 + 0.3 is 0.6000000000000001 and 0.3 + 0.2 + 0.1 is 0.6: each store summed in its own order,
    so an exact tie could order differently per store. Closeness is compared to 6 decimals, then by name."""
    from lightrag_core.models import Entity, GraphWrite, Relation
    from lightrag_core.storage.sqlite.store import SQLiteStore

    store = SQLiteStore(tmp_path)
    seeds = ["S1", "S2", "S3"]
    weights = [("B", "S1", 0.1), ("B", "S2", 0.2), ("B", "S3", 0.3), ("A", "S1", 0.6)]
    store.apply(GraphWrite(entities=[Entity(n, "t", "", [], [], 1.0) for n in [*seeds, "A", "B"]],
                           relations=[Relation(a, b, "k", "", w, [], []) for a, b, w in weights]))
    assert list(store.neighbourhood(seeds, 1).entities) == [*seeds, "A"]
    assert list(store.neighbourhood(seeds, 2).entities) == [*seeds, "A", "B"]
    store.close()
    code = [line for line in cypher_files.cypher("neighbourhood").splitlines() if not line.lstrip().startswith("//")]
    assert "ORDER BY round(closeness, 6) DESC, near.name" in "\n".join(code)


# -- two processes opening a fresh database at once ----------------------------------------------------------------

def test_a_schema_statement_that_lost_the_race_to_another_process_is_not_an_error():
    """Both read SHOW INDEXES, both find the constraint missing, one creates it; the other's
    CREATE ... IF NOT EXISTS can still fail with ...Schema.EquivalentSchemaRuleAlreadyExists (or
    ConstraintAlreadyExists / IndexAlreadyExists). The index is there, as wanted: the open goes on."""
    from neo4j.exceptions import Neo4jError

    from lightrag_core.storage.neo4j.store import Neo4jStore
    from tests.support.fake_neo4j import FakeNeo4jDriver, IndexCatalogue

    class Raced(IndexCatalogue):
        def __call__(self, name: str, params: dict) -> list[dict]:
            if name in self.creates and self.creates[name]["name"] not in self.rows:
                super().__call__(name, params)  # the other process's statement won
                code = ("Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists" if "constraint" in name
                        else "Neo.ClientError.Schema.IndexAlreadyExists")
                raise Neo4jError._hydrate_neo4j(code=code, message="An equivalent constraint already exists")
            return super().__call__(name, params)

    catalogue = Raced(rest=lambda name, params: [])
    store = Neo4jStore(FakeNeo4jDriver(catalogue), "neo4j", "ws")
    store.create_schema()
    store.set_embedding_meta("m", 384)
    assert store.read_only is None and {"entity_embedding", "workspace_name"} <= set(catalogue.rows)


# -- alias candidates past the widening cap ----------------------------------------------------------------------

def test_name_matches_past_the_candidate_cap_are_still_the_first_by_name():
    """In a big or shared database a word can have more hits in the full-text index than the widening may ask
    for (10,000): the workspace's own matches then fell past the cap and alias linking got none, or not the
    first by name. Past the cap the store reads the workspace's own entities by their words instead."""
    from lightrag_core.storage.neo4j.store import Neo4jStore
    from tests.support.fake_neo4j import FakeNeo4jDriver

    ours = {"Nolan Zed": "nolan zed", "Nolan Abe": "nolan abe", "Nolan Mo": "nolan mo", "Other": "other"}
    asked: list[str] = []

    def answer(name: str, params: dict) -> list[dict]:
        asked.append(name)
        if name == "entities_with_tokens":  # 12,000 better-scored hits of another workspace come first
            return [{"key": q["key"], "seen": min(params["candidates"], 12_003), "names": []}
                    for q in params["queries"]]
        if name == "entities_with_words_scan":
            def holding(words: list[str]) -> list[str]:
                return sorted(n for n, w in ours.items() if all(f" {x} " in f" {w} " for x in words))
            return [{"key": q["key"], "names": holding(q["words"])[:params["limit"]]} for q in params["queries"]]
        return []

    store = Neo4jStore(FakeNeo4jDriver(answer), "neo4j", "small")
    assert store.entities_with_tokens([["nolan"], ["zzz"]], 2) == [["Nolan Abe", "Nolan Mo"], []]
    assert asked.count("entities_with_words_scan") == 1
