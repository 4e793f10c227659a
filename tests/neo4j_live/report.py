"""One line to send us a report about your Neo4j server:

    python -m tests.neo4j_live.report --out neo4j-report.json

It runs neo4j-check and then the live suite (tests/neo4j_live and the store contract) against the server
NEO4J_URI names, and writes a JSON summary: the server's version and edition, the check's rows, and every
failing test with the first lines of its error. No password or other secret goes into the file (the URI is
redacted); the test workspaces are removed as the tests end.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUITES = ["tests/neo4j_live", "tests/contract"]


class Collector:
    """A pytest plugin keeping each test's outcome, and for failures the first lines of the error."""

    def __init__(self) -> None:
        self.passed: list[str] = []
        self.failed: list[dict[str, str]] = []
        self.skipped: list[dict[str, str]] = []
        self.xfailed: list[dict[str, str]] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if hasattr(report, "wasxfail"):
            if report.skipped:
                self.xfailed.append({"test": report.nodeid, "reason": str(report.wasxfail)})
            return
        if report.failed:
            text = str(report.longreprtext or "").strip().splitlines()
            errors = [line for line in text if line.startswith("E ")]
            self.failed.append({"test": report.nodeid, "phase": report.when,
                                "error": "\n".join((errors or text[-5:])[:12])})
        elif report.skipped and report.when in ("setup", "call"):
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            self.skipped.append({"test": report.nodeid, "reason": str(reason).removeprefix("Skipped: ")})
        elif report.passed and report.when == "call":
            self.passed.append(report.nodeid)

    def summary(self) -> dict[str, Any]:
        return {"passed": len(self.passed), "failed": self.failed, "skipped": len(self.skipped),
                "skip_reasons": sorted({s["reason"] for s in self.skipped}), "xfailed": self.xfailed}


def run_tests(paths: list[str], extra: list[str]) -> tuple[int, dict[str, Any]]:
    collector = Collector()
    code = pytest.main([*paths, "-q", "-p", "no:cacheprovider", *extra], plugins=[collector])
    return int(code), collector.summary()


def check_report() -> dict[str, Any]:
    """neo4j-check's report (or, when there is no server to check, the one line saying why)."""
    from lightrag_core import Settings
    from lightrag_core.models import LightRAGError
    from lightrag_core.workbench.neo4j_check import run_check

    try:
        return run_check(Settings.from_env()).to_json()
    except LightRAGError as exc:
        return {"ok": False, "error": str(exc)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.neo4j_live.report", description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="neo4j-report.json", help="where to write the JSON summary")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments (after --), e.g. -k contract")
    args = parser.parse_args(argv)
    import neo4j

    from lightrag_core.config import redact_url

    started = time.time()
    out: dict[str, Any] = {"uri": redact_url(os.environ.get("NEO4J_URI", "")),
                           "database": os.environ.get("NEO4J_DATABASE", "neo4j"),
                           "python": platform.python_version(), "driver": neo4j.__version__}
    if not os.environ.get("NEO4J_URI"):
        out["error"] = "NEO4J_URI is not set: there is no Neo4j server to report on"
        Path(args.out).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
        print(f"error: {out['error']} (wrote {args.out})", file=sys.stderr)
        return 2
    check = check_report()
    out["server"] = check.get("server", {})
    out["check"] = check
    code, tests = run_tests([str(ROOT / p) for p in SUITES], args.pytest_args)
    out["tests"] = tests
    out["failing_checks"] = ([f"neo4j-check: {s['name']}: {s['detail']}" for s in check.get("steps", [])
                              if s["needed"] and s["status"] != "pass"]
                             + ([f"neo4j-check: {check['error']}"] if "error" in check else [])
                             + [f"{f['test']}: {f['error'].splitlines()[0] if f['error'] else ''}"
                                for f in tests["failed"]])
    out["seconds"] = round(time.time() - started, 1)
    Path(args.out).write_text(json.dumps(out, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    version = out["server"].get("version") or "unknown version"
    print(f"Neo4j {version}: {tests['passed']} passed, {len(tests['failed'])} failed, {tests['skipped']} skipped; "
          f"{len(out['failing_checks'])} failing checks; wrote {args.out}")
    return 0 if code == 0 and check.get("ok") else 1


if __name__ == "__main__":
    sys.exit(main())
