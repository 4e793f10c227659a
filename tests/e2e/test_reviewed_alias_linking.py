"""A name a reviewer merged away still finds its entity: multihop links it to the kept one, by alias.

Real data: A Christmas Carol indexed offline. The offline extractor keeps "Tim Cratchit" and
"Tiny Tim" apart (no shared-token rule can join them), a duplicate a reviewer merges.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lightrag_core import Engine
from lightrag_core.query.linking import REVIEW_MERGE
from lightrag_core.query.params import QueryParam
from lightrag_core.workbench.review import Reviewer

BOOK = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "christmas_carol" / "book.txt"
QUESTION = "What did Tim Cratchit say at the Christmas dinner?"


@pytest.fixture
def carol(offline_settings):
    if not BOOK.exists():
        pytest.fail(f"the shared corpora are missing: expected {BOOK} (set LIGHTRAG_DATA_DIR)")
    with Engine(offline_settings) as engine:
        report = engine.index_paths([BOOK])
        assert report.processed and not report.failed
        yield engine


def _link(result, keyword: str) -> dict | None:
    return next((lk for lk in result.linked_entities if lk["keyword"].lower() == keyword.lower()), None)


def test_a_question_naming_the_merged_alias_links_to_the_kept_entity(carol):
    both = carol.store.get_entities(["Tim Cratchit", "Tiny Tim"])
    assert set(both) == {"Tim Cratchit", "Tiny Tim"}, "the extractor's duplicate this test merges"
    before = _link(carol.query_data(QUESTION, QueryParam(mode="multihop")), "Tim Cratchit")
    assert before is not None and before["entity"] == "Tim Cratchit" and before["method"] == "exact"

    Reviewer(carol.store, carol.embedder, carol.summariser, "dickens-scholar").merge_entities(
        "Tiny Tim", "Tim Cratchit", "Tim Cratchit is Tiny Tim")
    assert not carol.store.get_entities(["Tim Cratchit"])

    result = carol.query_data(QUESTION, QueryParam(mode="multihop"))
    link = _link(result, "Tim Cratchit")
    assert link == {"keyword": "Tim Cratchit", "entity": "Tiny Tim", "method": REVIEW_MERGE, "confidence": 1.0}
    # The walk starts from the kept entity: its chunks are among the ones the answer reads.
    tiny_tim = set(carol.store.get_entities(["Tiny Tim"])["Tiny Tim"].source_ids)
    assert tiny_tim & {c["chunk_id"] for c in result.chunks}

    # Named in the question only (the keywords miss it): still linked through the merge.
    result = carol.query_data("Was Tim Cratchit ill?", QueryParam(mode="multihop", ll_keywords=["illness"]))
    assert _link(result, "tim cratchit") == {"keyword": "tim cratchit", "entity": "Tiny Tim",
                                             "method": REVIEW_MERGE, "confidence": 1.0}
