"""Every test here needs a live server: without NEO4J_URI they are skipped at collection, with the
reason, before any fixture (such as the offline hotpot index) is built."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.neo4j_live import SKIP_REASON

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("NEO4J_URI"):
        return
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.skip(reason=SKIP_REASON))
