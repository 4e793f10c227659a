"""Load Cypher statements by name from the project's `cypher/` folder.

Every statement lives in `cypher/<name>.cypher`; code refers to them by name
only and passes all values as parameters, so no Cypher is ever assembled
from data.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

CYPHER_DIR = Path(__file__).resolve().parents[3] / "cypher"


@cache
def cypher(name: str) -> str:
    path = CYPHER_DIR / f"{name}.cypher"
    if not path.is_file():
        raise KeyError(f"no Cypher statement named {name!r} in {CYPHER_DIR}")
    return path.read_text(encoding="utf-8")


def names() -> list[str]:
    return sorted(p.stem for p in CYPHER_DIR.glob("*.cypher"))
