"""The third Neo4j review's findings on a real server (tests/unit/test_neo4j_review3.py shows each offline).

Runs when NEO4J_URI is set (fresh workspaces, removed afterwards) and is skipped with the reason otherwise.
Title case folding is in the store contract (tests/contract/test_store_contract.py), which runs here too.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

from lightrag_core.models import PROCESSED, DocumentInfo, Entity, GraphWrite, LightRAGError, Relation
from lightrag_core.storage.neo4j.writes import AlreadyApplied
from tests.support.neo4j_live import DIM, live_settings, live_store

pytestmark = [pytest.mark.neo4j]


@pytest.fixture
def store(tmp_path):
    s = live_store(tmp_path, "review3")
    s.set_embedding_meta("test-model", DIM)
    yield s
    s.drop_workspace()
    s.close()


def _at_cosine(cosine: float, axis: int) -> np.ndarray:
    """A unit vector whose cosine with the first axis is `cosine` (the rest of it along another axis)."""
    v = np.zeros(DIM, dtype=np.float64)
    v[0], v[axis] = cosine, np.sqrt(1.0 - cosine * cosine)
    return v.astype(np.float32)


def test_near_ties_are_cut_where_the_embedded_store_cuts_them(store, tmp_path):
    from lightrag_core.storage.sqlite.store import SQLiteStore

    query = _at_cosine(1.0, 1)
    entities = [Entity(f"E{i}", "t", "", [], [], 1.0, _at_cosine(0.3 + i * 6e-7, 2 + i)) for i in range(8)]
    embedded = SQLiteStore(tmp_path / "embedded")
    embedded.set_embedding_meta("test-model", DIM)
    try:
        for s in (store, embedded):
            s.apply(GraphWrite(entities=entities))
        for top_k in range(1, 8):
            assert ([e.name for e in store.search_entities(query, top_k, 0.0)]
                    == [e.name for e in embedded.search_entities(query, top_k, 0.0)]), top_k
    finally:
        embedded.close()


def test_a_retried_write_with_the_same_id_is_not_applied_twice(store):
    """What the store does after a connection lost past COMMIT: the retry finds the receipt on the server."""
    write = GraphWrite(document=DocumentInfo("d", "d", "d.txt", "h", PROCESSED),
                       entities=[Entity("A", "t", "", ["c"], [], 1.0), Entity("B", "t", "", ["c"], [], 1.0)],
                       relations=[Relation("A", "B", "k", "d", 2.0, ["c"], [])])
    work = functools.partial(store._apply, write_id="live-receipt-1")
    with store.driver.session(database=store.database) as session:
        session.execute_write(work, write)
        with pytest.raises(AlreadyApplied):
            session.execute_write(work, write)
    assert [r.weight for r in store.all_relations()] == [2.0]


def test_a_wrong_console_password_is_said_to_be_one(store, tmp_path):
    from lightrag_core.workbench.cypher_console import CypherConsole

    settings = live_settings(tmp_path)
    console = CypherConsole(store, None, (settings.neo4j_username, "not-the-password"))
    try:
        with pytest.raises(LightRAGError, match="rejected the login") as caught:
            console.run("MATCH (e:Entity {workspace: $workspace}) RETURN e.name LIMIT 1")
        assert "grant" not in str(caught.value)
    finally:
        console.close()


def test_a_harmless_name_spelled_like_a_clause_runs(store):
    from lightrag_core.workbench.cypher_console import CypherConsole

    console = CypherConsole(store, None)
    result = console.run("MATCH (n:Entity {workspace: $workspace}) RETURN n.start AS start, n.set LIMIT 5")
    assert result.columns == ["start", "n.set"]


def test_a_dimension_clash_names_the_fix_for_this_servers_edition(store, tmp_path):
    other = live_store(tmp_path / "other", "review3dim")
    try:
        with pytest.raises(LightRAGError, match=f"has dimension {DIM}, but this workspace's embeddings have") as e:
            other.set_embedding_meta("other-model", DIM + 1)
        if other.edition.lower() == "community":
            assert "Community edition" in str(e.value) and "use another NEO4J_DATABASE" not in str(e.value)
        else:
            assert "use another NEO4J_DATABASE" in str(e.value)
    finally:
        other.drop_workspace()
        other.close()


def test_the_console_login_reads_what_the_store_just_wrote(store, tmp_path):
    """Causal consistency across the two logins (the console shares the store's bookmarks): on a cluster or
    Aura a read on another member would otherwise miss a write that just committed."""
    from lightrag_core.workbench.cypher_console import CypherConsole

    settings = live_settings(tmp_path)
    console = CypherConsole(store, None, (settings.neo4j_username, settings.neo4j_password))
    try:
        for i in range(5):
            store.apply(GraphWrite(entities=[Entity(f"Fresh {i}", "t", "", [], [], 1.0)]))
            result = console.run(f"MATCH (e:Entity {{workspace: $workspace, name: 'Fresh {i}'}}) RETURN e.name AS n")
            assert result.rows == [{"n": f"Fresh {i}"}]
    finally:
        console.close()


def test_alias_candidates_past_the_candidate_cap_are_the_first_by_name(store, tmp_path):
    """10,050 better-scored matches of another workspace fill the widening's 10,000 candidates; this
    workspace's own matches are still found, first by name."""
    crowd = live_store(tmp_path / "crowd", "review3crowd")
    try:
        crowd.apply(GraphWrite(entities=[Entity(f"Nolan {i}", "t", "", [], [], 1.0) for i in range(10_050)]))
        ours = ["Nolan Zed of the Long Valley", "Nolan Abe of the Long Valley", "Nolan Mo of the Long Valley"]
        store.apply(GraphWrite(entities=[Entity(n, "t", "", [], [], 1.0) for n in ours]))
        assert store.entities_with_tokens([["nolan"]], 2) == [sorted(ours)[:2]]
    finally:
        crowd.drop_workspace()
        crowd.close()
