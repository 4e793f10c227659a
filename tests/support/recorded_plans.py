"""The hand-written EXPLAIN plans in tests/unit/data/cypher_plans.json, by statement (see the file's _comment)."""

from __future__ import annotations

import json
from pathlib import Path

PLANS_FILE = Path(__file__).resolve().parents[1] / "unit" / "data" / "cypher_plans.json"
_DATA = json.loads(PLANS_FILE.read_text())
ALLOWED: list[dict] = _DATA["allowed"]
REFUSED: list[dict] = _DATA["refused"]
_BY_STATEMENT = {entry["statement"]: entry["plan"] for entry in ALLOWED + REFUSED}


def plan_for(statement: str) -> dict:
    """The plan the server would give for `statement`; a test using a statement with no recorded plan fails."""
    if statement not in _BY_STATEMENT:
        raise AssertionError(f"no recorded plan for {statement!r}: add one to {PLANS_FILE.name}")
    return _BY_STATEMENT[statement]
