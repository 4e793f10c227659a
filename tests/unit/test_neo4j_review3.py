"""The third review's findings on the Neo4j store, each shown offline: the statements' own text is evaluated
where the question is arithmetic, and the driver stand-in answers the store's statements where it is
behaviour. tests/neo4j_live/test_live_review3.py runs the same on a real server."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal

import pytest

from lightrag_core.storage.base import by_score_then_key
from lightrag_core.storage.neo4j import cypher_files
from lightrag_core.storage.neo4j.search import to_index_score

# -- ties are decided on the cosine, as the embedded store decides them ---------------------------------------

_ORDER = re.compile(r"ORDER BY round\(([^,]+), 6\) DESC")


def _cypher_round(value: float) -> float:
    """Cypher's round(x, 6): half up, on the decimal value."""
    return float(Decimal(repr(value)).quantize(Decimal("0.000001"), rounding=ROUND_HALF_UP))


def _statement_cut(name: str, cosines: dict[str, float], top_k: int) -> list[str]:
    """The keys a search statement keeps: its own ORDER BY expression evaluated on the score it computes
    (vector.similarity.cosine, which is (1 + cos) / 2), key ascending on ties, then LIMIT."""
    expressions = _ORDER.findall(cypher_files.cypher(name))
    assert expressions, f"{name} has no ORDER BY round(…, 6)"
    kept = list(cosines)
    for expression in expressions:
        assert re.fullmatch(r"[\d\s*+\-/().]*score[\d\s*+\-/().]*", expression), expression
        tie = {k: _cypher_round(eval(expression, {}, {"score": to_index_score(cosines[k])})) for k in kept}
        kept = sorted(kept, key=lambda k: (-tie[k], k))[:top_k]
    return kept


class _Hit:
    def __init__(self, key: str, score: float) -> None:
        self.key, self.score = key, score


@pytest.mark.parametrize("name", ["search_entities", "search_relations", "search_chunks"])
def test_the_search_statements_keep_at_the_cut_what_the_embedded_store_keeps(name):
    """Rounded on (1 + cos) / 2, two cosines 6e-7 apart tie where the embedded store ranks them; at the cut
    the statement kept the lesser key instead of the better score."""
    cosines = {"A": 0.3000012, "B": 0.3000018}  # 0.300001 < 0.300002 as cosines; both 0.650001 as index scores
    embedded = [h.key for h in by_score_then_key([_Hit(k, s) for k, s in cosines.items()], lambda h: h.key)][:1]
    assert embedded == ["B"]
    assert _statement_cut(name, cosines, 1) == embedded
