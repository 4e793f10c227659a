"""Every statement in cypher/ passes Neo4j's own linter (as Cypher 5), and the linter is really checking."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from lightrag_core.storage.neo4j import cypher_files

ROOT = Path(__file__).resolve().parents[2]
LINT = ROOT / "tests" / "cypher_lint"


def lint(folder: Path) -> dict[str, list[dict]]:
    if not (LINT / "node_modules" / "@neo4j-cypher" / "language-support").exists():
        pytest.fail("Neo4j's Cypher linter is not installed: run `npm ci --prefix tests/cypher_lint` (.ci/run does)")
    node = shutil.which("node")
    assert node, "node is required to run the Cypher linter"
    out = subprocess.run([node, str(LINT / "lint.mjs"), str(folder), str(LINT / "schema.json")],
                         capture_output=True, text=True, timeout=120, check=True)
    return json.loads(out.stdout)


def test_every_cypher_file_lints_clean():
    results = lint(cypher_files.CYPHER_DIR)
    assert len(results) == len(cypher_files.names()) >= 30
    errors = {name: [d for d in diags if d["severity"] == 1] for name, diags in results.items()}
    assert not {k: v for k, v in errors.items() if v}, errors
    warnings = {name: [d["message"] for d in diags if d["severity"] == 2] for name, diags in results.items()}
    assert not {k: v for k, v in warnings.items() if v}, warnings


def test_linter_catches_real_mistakes(tmp_path):
    (tmp_path / "removed_syntax.cypher").write_text("MATCH (e:Entity) RETURN size((e)--()) AS degree")
    (tmp_path / "wrong_yield.cypher").write_text(
        "CALL db.index.vector.queryRelationships('related_embedding', $top_k, $vector) YIELD node, score RETURN node")
    (tmp_path / "unknown_param.cypher").write_text("MATCH (e:Entity {workspace: $workspaec}) RETURN e")
    (tmp_path / "syntax.cypher").write_text("MATCH (e:Entity RETURN e")
    results = lint(tmp_path)
    for name, diags in results.items():
        assert any(d["severity"] == 1 for d in diags), f"{name} should have failed: {diags}"


def test_no_cypher_outside_the_cypher_folder():
    pattern = re.compile(r"\b(MATCH|MERGE|UNWIND|DETACH DELETE|OPTIONAL MATCH|CALL db\.)\b[^\n]*[(\[$]")
    offenders = []
    for path in (ROOT / "lightrag_core").rglob("*.py"):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line) and not line.lstrip().startswith("#"):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not offenders, offenders


def test_every_statement_the_store_names_exists():
    source = "".join(p.read_text() for p in (ROOT / "lightrag_core" / "storage" / "neo4j").glob("*.py"))
    used = set(re.findall(r'(?:_read|_write|_run|run|read|write|_search|_batched|_vectors)\("([a-z_]+)"', source))
    assert {"lock_workspace", "versions_entities", "upsert_relations"} <= used  # the write path's steps
    assert len(used) >= 30, "the store should name its statements through these helpers"
    assert used <= set(cypher_files.names()), used - set(cypher_files.names())
    with pytest.raises(KeyError, match="no Cypher statement"):
        cypher_files.cypher("not_a_statement")
