"""The records a Neo4j workspace keeps beside its graph: review history, the expert's rules, question sets
and their runs. Mixed into `Neo4jStore`, whose plumbing (`_read`, `_write`, `_check_writable`) they use."""

from __future__ import annotations

import json
from typing import Any

from lightrag_core.storage.neo4j.writes import rule_rows


class RecordStore:
    def _read(self, name: str, **params: Any) -> list[dict]:
        raise NotImplementedError

    def _write(self, name: str, **params: Any) -> list[dict]:
        raise NotImplementedError

    def _check_writable(self) -> None:
        raise NotImplementedError

    # -- review ----------------------------------------------------------------
    def save_review(self, record: dict) -> None:
        self._check_writable()
        self._write("review_add", review=dict(record))

    def list_reviews(self) -> list[dict]:
        return [r["review"] for r in self._read("reviews_list")]

    def save_rule(self, rule: dict) -> None:
        self._write("curation_save", rows=rule_rows([rule]))

    def list_rules(self) -> list[dict]:
        return [json.loads(r["body"]) for r in self._read("curation_list")]

    # -- evaluation records ------------------------------------------------------
    def save_evaluation(self, kind: str, record: dict) -> None:
        self._check_writable()
        self._write("evaluation_save", kind=kind, id=str(record["id"]), at=float(record["at"]),
                    body=json.dumps(record))

    def list_evaluations(self, kind: str) -> list[dict]:
        return [json.loads(r["body"]) for r in self._read("evaluations_list", kind=kind)]

    def delete_evaluations(self, kind: str, ids: list[str]) -> None:
        self._check_writable()
        self._write("evaluations_delete", kind=kind, ids=list(ids))
