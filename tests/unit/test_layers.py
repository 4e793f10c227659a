"""The package's one rule: a layer imports only the layers below it (docs/architecture.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "lightrag_core"

# Each layer and the layers it may import (itself included). Order is bottom to top.
ALLOWED = {
    "kernel": {"kernel"},
    "storage": {"kernel", "storage"},
    "indexing": {"kernel", "storage", "indexing"},
    "query": {"kernel", "storage", "query"},
    "engine": {"kernel", "storage", "indexing", "query", "engine"},
    "workbench": {"kernel", "storage", "indexing", "query", "engine", "workbench"},
    "api": {"kernel", "storage", "indexing", "query", "engine", "workbench", "api"},
}
FOLDERS = {"storage", "indexing", "query", "workbench", "api"}
EDGE_MODULES = {"cli", "__main__", "__init__"}  # the package's front door: may import anything


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "lightrag_core" or len(parts) == 1:
        return None
    head = parts[1]
    if head in FOLDERS:
        return head
    if head == "engine":
        return "engine"
    if head in EDGE_MODULES:
        return "api"
    return "kernel"


def imports_of(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path}: use absolute imports (from lightrag_core.… import …)"
            found.append(node.module)
            # `from lightrag_core import tokens` imports the module lightrag_core.tokens
            found.extend(f"{node.module}.{a.name}" for a in node.names if node.module == "lightrag_core")
        elif isinstance(node, ast.Import):
            found.extend(a.name for a in node.names)
    return found


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__init__.py" or p.parent != PACKAGE)


def violations(path: Path, module: str) -> list[str]:
    """Every import in the file that breaks the rule, as 'module (layer) imports target (layer)'."""
    own = layer_of(module)
    assert own is not None
    found = []
    for imported in imports_of(path):
        if imported.startswith("streamlit"):
            found.append(f"{module} imports Streamlit; the engine never does")
            continue
        target = layer_of(imported)
        if target is not None and imported != "lightrag_core" and target not in ALLOWED[own]:
            found.append(f"{module} ({own}) imports {imported} ({target})")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_module_imports_only_lower_layers(path: Path) -> None:
    module = ".".join(["lightrag_core", *path.relative_to(PACKAGE).with_suffix("").parts])
    assert violations(path, module) == []


def test_rule_catches_an_upward_import_and_streamlit(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from lightrag_core.workbench.analytics import summarise_graph\n"
                   "from lightrag_core import tokens\nimport streamlit as st\n")
    assert violations(bad, "lightrag_core.query.pipeline") == [
        "lightrag_core.query.pipeline (query) imports lightrag_core.workbench.analytics (workbench)",
        "lightrag_core.query.pipeline imports Streamlit; the engine never does",
    ]
    assert violations(bad, "lightrag_core.api.app") == [
        "lightrag_core.api.app imports Streamlit; the engine never does"]


def test_no_module_is_too_long() -> None:
    long = {str(p.relative_to(PACKAGE)): n for p in MODULES if (n := len(p.read_text().splitlines())) > 400}
    assert not long, f"split these along a real seam: {long}"


def test_only_config_reads_the_environment() -> None:
    readers = []
    for path in [*MODULES, *(PACKAGE.parent / "pages").rglob("*.py"), PACKAGE.parent / "app.py"]:
        if path == PACKAGE / "config.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in {"environ", "getenv"}:
                readers.append(f"{path.name}:{node.lineno}")
    assert not readers, f"settings come from Settings.from_env only: {readers}"


def test_every_variable_the_settings_read_is_in_env_example() -> None:
    config = (PACKAGE / "config.py").read_text(encoding="utf-8")
    read = set(re.findall(r'env\.(?:get|int|number)\("([A-Z0-9_]+)"', config))
    listed = set(re.findall(r"^#?\s*([A-Z0-9_]+)=", (PACKAGE.parent / ".env.example").read_text(), re.MULTILINE))
    assert read and not read - listed, f"add to .env.example: {sorted(read - listed)}"
