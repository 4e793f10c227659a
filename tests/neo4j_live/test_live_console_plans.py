"""The console's plan guard against a real server's EXPLAIN: every statement with a hand-written plan in
tests/unit/data/cypher_plans.json gets the same decision from the live plan (allowed ones pass, every
bypass is refused), and a LOAD CSV never reaches the local listener it names. Skipped without NEO4J_URI."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from lightrag_core.models import LightRAGError
from lightrag_core.workbench.cypher_console import CypherConsole
from lightrag_core.workbench.cypher_plan_guard import PlanRefused, check_plan
from tests.support.neo4j_live import live_settings, live_store
from tests.support.recorded_plans import ALLOWED, REFUSED

pytestmark = [pytest.mark.neo4j]


@pytest.fixture(scope="module")
def console(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("console_plans")
    store = live_store(workdir, "console")
    console = CypherConsole.for_settings(store, None, live_settings(workdir))
    yield console
    console.close()
    store.drop_workspace()
    store.close()


@pytest.mark.parametrize("entry", ALLOWED, ids=lambda e: e["statement"][:50])
def test_allowed_statements_pass_on_the_live_plan(console, entry):
    console.check(entry["statement"])


@pytest.mark.parametrize("entry", REFUSED, ids=lambda e: e["statement"][:50])
def test_every_bypass_is_refused_on_the_live_plan(console, entry):
    with pytest.raises(LightRAGError, match="read-only|refused|could not plan"):
        console.run(entry["statement"])


@pytest.mark.parametrize("entry", REFUSED, ids=lambda e: e["statement"][:50])
def test_the_plan_walk_alone_refuses_every_bypass_on_the_live_plan(console, entry):
    """Most refused statements are stopped by the text pre-check before the server is asked for a plan, so
    the test above never walks their live plans: here each is planned by the server (EXPLAIN, not run) and
    given to the plan walk directly. A statement the server will not plan at all is refused as well."""
    try:
        plan = console.reader.explain(entry["statement"], {}, 30.0)
    except LightRAGError as exc:
        assert not isinstance(exc, PlanRefused), exc
        pytest.xfail(f"the server would not plan it (the console refuses it for that too): {exc}")
    with pytest.raises(PlanRefused):
        check_plan(plan)


def test_a_load_csv_statement_never_reaches_its_url(console):
    hits: list[str] = []

    class Counter(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            hits.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"a,b\n1,2\n")

        def log_message(self, *args: object) -> None:
            return None

    httpd = ThreadingHTTPServer(("0.0.0.0", 0), Counter)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        with pytest.raises(LightRAGError):
            console.run(f"// it's\nLOAD CSV FROM 'http://127.0.0.1:{httpd.server_address[1]}/x.csv' AS l RETURN l //'")
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert hits == []
