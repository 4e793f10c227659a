"""The test-only virtualenv holding LightRAG's own server package (`lightrag-hku`), never imported here.

It holds the package without its model back ends (`--no-deps`): the tests read its source and serve its
built WebUI, they never run its server. `.ci/run` creates it; a test creates it when it is missing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

LIGHTRAG_VERSION = "1.5.7"
ROOT = Path(__file__).resolve().parents[2]
VENV = Path(os.environ.get("LIGHTRAG_COMPAT_VENV", ROOT / ".cache" / f"lightrag-hku-{LIGHTRAG_VERSION}"))
PYTHON = VENV / "bin" / "python"


def ensure_venv() -> Path:
    """The venv's Python, after creating the venv when it is missing (needs PyPI once)."""
    if not PYTHON.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True, timeout=300)
    probe = subprocess.run([str(PYTHON), "-m", "pip", "show", "lightrag-hku"], capture_output=True, text=True)
    if f"Version: {LIGHTRAG_VERSION}" not in probe.stdout:
        done = subprocess.run([str(PYTHON), "-m", "pip", "install", "-q", "--no-deps",
                               f"lightrag-hku=={LIGHTRAG_VERSION}"], capture_output=True, text=True, timeout=600)
        if done.returncode:
            pytest.fail(f"could not install lightrag-hku=={LIGHTRAG_VERSION} into {VENV}: {done.stderr[-500:]}")
    return PYTHON


@cache
def package_dir() -> Path:
    out = subprocess.run([str(ensure_venv()), "-c", "import importlib.util as u; "
                          "print(next(iter(u.find_spec('lightrag').submodule_search_locations)))"],
                         capture_output=True, text=True, check=True, timeout=60)
    return Path(out.stdout.strip())


@cache
def lightrag_routes() -> list[dict]:
    """LightRAG's routes as tests/compat/lightrag_routes.py reads them, run by the venv's Python."""
    out = subprocess.run([str(ensure_venv()), str(Path(__file__).with_name("lightrag_routes.py"))],
                         capture_output=True, text=True, check=True, timeout=120)
    return json.loads(out.stdout)
