"""Every test here runs a real GGUF model in-process (opt-in: the file is 1.1 GB and answers take seconds
each). Without LLM_LOCAL_GGUF they are skipped at collection, saying how to run them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.local_model import SKIP_REASON, local_model_env, model_path

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if model_path():
        return
    for item in items:
        if HERE in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.skip(reason=SKIP_REASON))


@pytest.fixture(scope="package", autouse=True)
def local_model() -> Iterator[str]:
    with local_model_env() as path:
        yield path
