"""Load Cypher statements by name from the project's `cypher/` folder.

Every statement lives in `cypher/<name>.cypher`; code refers to them by name
only and passes all values as parameters, so no Cypher is ever assembled
from data. In a source checkout (and an editable install) the folder is read
where it is; an installed wheel carries the same files as package data.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_PACKAGED_DIR = Path(__file__).resolve().with_name("cypher")  # where a wheel puts them (pyproject.toml)
_CHECKOUT_DIR = Path(__file__).resolve().parents[3] / "cypher"


def _cypher_dir() -> Path:
    for folder in (_PACKAGED_DIR, _CHECKOUT_DIR):
        if any(folder.glob("*.cypher")):
            return folder
    raise FileNotFoundError(f"the Cypher statements are missing: neither {_PACKAGED_DIR} nor {_CHECKOUT_DIR} has any")


CYPHER_DIR = _cypher_dir()


@cache
def cypher(name: str) -> str:
    path = CYPHER_DIR / f"{name}.cypher"
    if not path.is_file():
        raise KeyError(f"no Cypher statement named {name!r} in {CYPHER_DIR}")
    return path.read_text(encoding="utf-8")


def names() -> list[str]:
    return sorted(p.stem for p in CYPHER_DIR.glob("*.cypher"))
