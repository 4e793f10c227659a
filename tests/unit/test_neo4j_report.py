"""The live suite's one-line runner (tests/neo4j_live/report.py): its summary names every failing check with
its error, and without a server it says so and writes that down. The live run itself needs NEO4J_URI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _python(code: str, cwd: Path, **env: str) -> subprocess.CompletedProcess:
    full = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(cwd), **env}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, env=full,
                          timeout=300)


def test_the_summary_names_each_failing_test_with_its_error(tmp_path):
    (tmp_path / "test_sample.py").write_text(
        "import pytest\n"
        "def test_fine():\n    assert True\n"
        "def test_broken():\n    assert 'vector index' == 'range index', 'the index type differs'\n"
        "def test_not_here():\n    pytest.skip('needs a cluster')\n"
        "@pytest.mark.xfail(reason='server would not plan it')\n"
        "def test_known():\n    assert False\n")
    out = _python("import json, sys\n"
                  "from tests.neo4j_live.report import run_tests\n"
                  f"code, summary = run_tests([{str(tmp_path / 'test_sample.py')!r}], [])\n"
                  "print('SUMMARY' + json.dumps([code, summary]))\n", tmp_path)
    code, summary = json.loads(out.stdout.split("SUMMARY", 1)[1])
    assert code == 1
    assert summary["passed"] == 1 and summary["skipped"] == 1 and summary["skip_reasons"] == ["needs a cluster"]
    assert [f["test"] for f in summary["failed"]] == ["test_sample.py::test_broken"]
    assert "the index type differs" in summary["failed"][0]["error"]
    assert [x["reason"] for x in summary["xfailed"]] == ["server would not plan it"]


def test_without_a_server_it_says_so_and_writes_it_down(tmp_path):
    report = tmp_path / "neo4j-report.json"
    out = _python(f"import sys; from tests.neo4j_live.report import main; sys.exit(main(['--out', {str(report)!r}]))",
                  tmp_path)
    assert out.returncode == 2 and "NEO4J_URI is not set" in out.stderr and "Traceback" not in out.stderr
    written = json.loads(report.read_text())
    assert written["error"].startswith("NEO4J_URI is not set") and written["driver"]
