"""The third review's findings on the Ask-in-Cypher console over Neo4j, each shown offline with the driver
stand-in: its own login's wrong password, its text pre-check on harmless names, and its bookmarks.
tests/neo4j_live/test_live_review3.py and test_live_console_plans.py run the same on a real server."""

from __future__ import annotations

import pytest

# -- a wrong password is a wrong password -----------------------------------------------------------------------

def test_a_wrong_console_password_is_reported_as_such_not_as_a_missing_privilege(monkeypatch):
    """The console's own login with a wrong password: the server's Security.Unauthorized read as 'the Neo4j user
    may not do this … grant it a role', sending the admin to the privileges instead of the password."""
    import neo4j
    from neo4j.exceptions import AuthError

    from lightrag_core.models import LightRAGError
    from lightrag_core.storage.neo4j.store import Neo4jStore
    from lightrag_core.workbench.cypher_console import CypherConsole
    from tests.support.fake_neo4j import FakeNeo4jDriver

    rejected = AuthError._hydrate_neo4j(code="Neo.ClientError.Security.Unauthorized",
                                        message="The client is unauthorized due to authentication failure.")

    class WrongPassword(FakeNeo4jDriver):
        def session(self, **kwargs):
            raise rejected

    monkeypatch.setattr(neo4j.GraphDatabase, "driver", lambda uri, auth: WrongPassword())
    store = Neo4jStore(FakeNeo4jDriver(), "neo4j", "ws", "neo4j://db.example:7687", user="neo4j")
    console = CypherConsole(store, None, ("console_reader", "wrong"))
    with pytest.raises(LightRAGError) as caught:
        console.run("MATCH (e:Entity {workspace: $workspace}) RETURN e.name LIMIT 5")
    text = str(caught.value)
    assert "rejected the login of user 'console_reader'" in text and "NEO4J_CONSOLE_PASSWORD" in text
    assert "may not do this" not in text and "grant" not in text and "could not plan" not in text
    assert not _forbidden_after(rejected)  # nor does a store open read-only over it


def _forbidden_after(cause: Exception) -> bool:
    from lightrag_core.models import LightRAGError
    from lightrag_core.storage.neo4j.errors import is_forbidden

    try:
        raise LightRAGError("wrapped") from cause
    except LightRAGError as exc:
        return is_forbidden(exc)


# -- the console's text pre-check and harmless names ------------------------------------------------------------

@pytest.mark.parametrize("statement", [
    "MATCH (n:Entity {workspace: $workspace}) RETURN n.start, n.stop, n.set LIMIT 5",
    "MATCH (start:Entity {workspace: $workspace}) RETURN start.name AS name LIMIT 5",
    "MATCH (e:Entity {workspace: $workspace}) RETURN {start: e.name, create: 1} AS m LIMIT 5",
    "MATCH (e:Entity {workspace: $workspace}) WHERE e.`delete` IS NULL RETURN e.name LIMIT 5",
])
def test_the_text_pre_check_lets_harmless_names_through_to_the_plan_check(statement):
    from lightrag_core.workbench.cypher_console import check_read_only

    assert check_read_only(statement) == statement


@pytest.mark.parametrize("statement", [
    "MATCH (n:Entity) SET n.start = 1", "MATCH (n) DETACH DELETE n", "CREATE (n:X)", "MATCH (n) REMOVE n:Entity",
    "MATCH (n) SET n:Start", "LOAD CSV FROM 'x' AS l RETURN l", "START DATABASE neo4j",
    "CALL dbms.security.listUsers()",
    "MATCH (n) CALL { WITH n SET n.x = 1 } RETURN n", "MATCH (n)\nSET\nn.x = 1",
])
def test_the_text_pre_check_still_refuses_the_clauses(statement):
    from lightrag_core.models import LightRAGError
    from lightrag_core.workbench.cypher_console import check_read_only

    with pytest.raises(LightRAGError, match="read-only"):
        check_read_only(statement)


# -- the console's own login reads the store's recent writes ------------------------------------------------------

def test_the_console_login_shares_the_stores_bookmarks_so_it_reads_its_recent_writes(monkeypatch):
    """On a cluster a read is causally after a write only through the write's bookmark; the console's own
    driver kept its own bookmarks, so a statement right after indexing could miss what was just written."""
    import neo4j

    from lightrag_core.storage.neo4j.store import Neo4jStore
    from lightrag_core.workbench.cypher_console import CypherConsole
    from tests.support.fake_neo4j import FakeNeo4jDriver
    from tests.support.recorded_plans import ALLOWED, plan_for

    statement = ALLOWED[0]["statement"]
    console_driver = FakeNeo4jDriver(read=lambda s, p: ([], []), plan=plan_for)
    monkeypatch.setattr(neo4j.GraphDatabase, "driver", lambda uri, auth: console_driver)
    main = FakeNeo4jDriver()
    console = CypherConsole(Neo4jStore(main, "neo4j", "ws", "neo4j://db.example:7687"), None, ("reader", "pw"))
    console.run(statement)
    assert console_driver.sessions and all(s["bookmark_manager"] is main.execute_query_bookmark_manager
                                           for s in console_driver.sessions)
