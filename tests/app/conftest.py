"""In-process page tests: a page whose compile met CPython 3.11's AST race is run again.

CPython before 3.11.8 keeps the ast module's recursion depth per interpreter, not per thread
(python/cpython gh-106905): when two threads build ASTs at once (Streamlit compiling a page with its
"magic" pass while the app's background warm-up imports a module that parses source), one of them fails
with "SystemError: AST constructor recursion depth mismatch" before the page's first line runs. It is the
interpreter's, not the page's, and rare; the page is run once more (at most twice), and any other
exception, or the same one again, still fails the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

_AST_RACE = "AST constructor recursion depth mismatch"
_RERUNS = 2


def _met_the_race(at: AppTest) -> bool:
    return any(_AST_RACE in str(getattr(e, "message", "")) for e in at.exception)


@pytest.fixture(autouse=True)
def _rerun_a_page_that_met_the_ast_race(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    original = AppTest.run

    def run(self: AppTest, *args: Any, **kwargs: Any) -> AppTest:
        out = original(self, *args, **kwargs)
        for _ in range(_RERUNS):
            if not _met_the_race(out):
                break
            out = original(self, *args, **kwargs)
        return out

    monkeypatch.setattr(AppTest, "run", run)
    yield
