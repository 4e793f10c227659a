"""Every test here runs a real GGUF model in-process (opt-in: the file is 1.1 GB and answers take seconds
each). Without LLM_LOCAL_GGUF they are skipped at collection, saying how to run them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SKIP_REASON = ("LLM_LOCAL_GGUF is not set: `pip install -r requirements-local-llm.txt`, "
               "`lightrag-workbench local-model`, then LLM_LOCAL_GGUF=models/<file>.gguf to run these")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("LLM_LOCAL_GGUF"):
        return
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.skip(reason=SKIP_REASON))
