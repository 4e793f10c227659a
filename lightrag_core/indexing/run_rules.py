"""The review rules (curation) one indexing run applies: read once when the run starts, and the
ones it used stamped when it ends, so the Review page can show what the last run re-applied."""

from __future__ import annotations

import time

from lightrag_core.curation import Curation, mark_reapplied
from lightrag_core.indexing.report import IndexReport
from lightrag_core.storage.base import GraphStore


class RunRules:
    def __init__(self, store: GraphStore) -> None:
        self.store = store
        self._curation: Curation | None = None

    @property
    def curation(self) -> Curation:
        if self._curation is None:
            self._curation = Curation(self.store.list_rules())
        return self._curation

    def refresh(self) -> None:
        """Read the rules again between batches (a reviewer may decide while a long run goes on),
        keeping the counts of what the run applied so far."""
        if self._curation is not None:
            fresh = Curation(self.store.list_rules())
            fresh.applied = self._curation.applied
            self._curation = fresh

    def start(self) -> None:
        """Read the rules afresh: a review may have changed them since the last run."""
        self._curation = None

    def finish(self, report: IndexReport | None = None) -> None:
        cur, self._curation = self._curation, None
        if cur is None or not cur.applied:
            return
        for rule in mark_reapplied(cur.rules, cur.applied, time.time()):
            self.store.save_rule(rule)
        if report is not None:
            report.reapplied = dict(cur.applied)
