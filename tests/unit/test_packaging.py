"""The workbench installs as a package: every subpackage listed, the Cypher files shipped, the command on PATH."""

from __future__ import annotations

import os
import shutil
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_subpackage_is_listed_for_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = {
        ".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "lightrag_core").rglob("__init__.py")
    }
    mapped = set(config["package-dir"])
    assert set(config["packages"]) == found | mapped
    assert config["package-dir"]["lightrag_core.storage.neo4j.cypher"] == "cypher"


def test_console_command_runs_from_any_directory(tmp_path: Path) -> None:
    command = shutil.which("lightrag-workbench")
    assert command, "pip install -r requirements.txt installs the lightrag-workbench command"
    out = subprocess.run(
        [command, "--workdir", str(tmp_path / "ws"), "stats"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert out.returncode == 0, out.stderr
    assert "documents: 0" in out.stdout and "store: embedded" in out.stdout

