"""The app with the Neo4j driver replaced, for walking Ask in Cypher in a real browser (no Neo4j server can
run here). The stand-in answers the console's statement the way Neo4j would over the same graph: the
entity the statement names, from the embedded index in INDEX_DIR, with its RELATED neighbours; EXPLAIN is
answered from the hand-written plans in tests/unit/data/cypher_plans.json.

Usage: PYTHONPATH=. python tests/browser/console_app.py INDEX_DIR PORT
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import neo4j
from neo4j._codec.hydration.bolt.v1.hydration_handler import _GraphHydrator
from streamlit.web import cli

from lightrag_core.storage.sqlite.store import SQLiteStore
from tests.support.fake_neo4j import FakeNeo4jDriver  # the caller puts the project root on PYTHONPATH
from tests.support.recorded_plans import plan_for

ROOT = Path(__file__).resolve().parents[2]

INDEX = SQLiteStore(Path(sys.argv[1]))
WORKSPACE = os.environ.get("LIGHTRAG_WORKSPACE", "default")  # the console keeps rows of its workspace only


def neighbours(statement: str, params: dict) -> tuple[list[str], list[list]]:
    named = re.search(r"toLower\('([^']+)'\)", statement)
    wanted = named.group(1).lower() if named else ""
    entities = {e.name: e for e in INDEX.all_entities()}
    seed = next((e for n, e in entities.items() if n.lower() == wanted), None)
    if seed is None:
        return ["a", "r", "b"], []
    h, ids = _GraphHydrator(), {}

    def node(name: str):
        e = entities[name]
        ids.setdefault(name, len(ids) + 1)
        return h.hydrate_node(ids[name], ["Entity"], {"name": e.name, "type": e.type,
                                                       "description": e.description, "workspace": WORKSPACE},
                              f"n{ids[name]}")

    rows = []
    for i, r in enumerate(sorted(INDEX.relations_of([seed.name]), key=lambda r: -r.weight)[:50]):
        a, b = node(r.src), node(r.tgt)
        rel = h.hydrate_relationship(1000 + i, ids[r.src], ids[r.tgt], "RELATED",
                                     {"keywords": r.keywords, "description": r.description, "weight": r.weight,
                                      "workspace": WORKSPACE},
                                     f"r{i}", a.element_id, b.element_id)
        other = b if a.get("name") == seed.name else a
        rows.append([node(seed.name), rel, other])
    return ["a", "r", "b"], rows


driver = FakeNeo4jDriver(read=neighbours, plan=plan_for)  # the console EXPLAINs first: plans as recorded
neo4j.GraphDatabase.driver = lambda *args, **kwargs: driver  # type: ignore[method-assign, assignment]
sys.argv = ["streamlit", "run", str(ROOT / "app.py"), "--server.port", sys.argv[2], "--server.address", "127.0.0.1",
            "--server.headless", "true", "--browser.gatherUsageStats", "false"]
cli.main()  # the same entry point as `streamlit run`, in this process so the driver stays replaced
