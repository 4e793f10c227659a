"""Reranking on a /rerank endpoint (the local test server speaks the Jina/Cohere format)."""

from __future__ import annotations

import pytest

from lightrag_core import QueryParam
from lightrag_core.query.pipeline import QueryEngine
from lightrag_core.rerank import Reranker
from tests.support.openai_server import OpenAIStub

pytestmark = pytest.mark.slow
QUESTION = "Are Christopher Nolan and Sathish Kalathil both film directors?"


def _engine(hotpot_index, stub: OpenAIStub, timeout: float = 5.0) -> QueryEngine:
    reranker = Reranker(stub.base_url, "test-reranker", "rr-secret-key", timeout)
    return QueryEngine(hotpot_index.store, hotpot_index.embedder, None, reranker)


def test_rerank_orders_chunks_by_the_endpoint_scores(hotpot_index):
    with OpenAIStub(lambda m: "") as stub:
        result, _ = _engine(hotpot_index, stub).retrieve(QUESTION, QueryParam(mode="naive", chunk_top_k=8))
        call = [r for r in stub.requests if r["path"].endswith("/rerank")][0]
    assert call["body"]["query"] == QUESTION and len(call["body"]["documents"]) == 8
    assert call["auth"] == "Bearer rr-secret-key"
    words = set(QUESTION.lower().replace("?", "").split())

    def overlap(text: str) -> float:
        return len(words & set(text.lower().replace(".", " ").replace(",", " ").split()))

    scores = [overlap(c["content"]) for c in result.chunks]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0
    assert result.processing_info.rerank == "on (test-reranker)" and not result.warnings


@pytest.mark.parametrize("failure", ["500", "timeout"])
def test_a_failing_reranker_keeps_retrieval_order_with_a_warning(hotpot_index, failure):
    plain = hotpot_index.query_data(QUESTION, QueryParam(mode="naive", enable_rerank=False))
    with OpenAIStub(lambda m: "") as stub:
        if failure == "500":
            stub.fail_next = [500]
        else:
            stub.delay = 1.5
        result, _ = _engine(hotpot_index, stub, timeout=0.5).retrieve(QUESTION, QueryParam(mode="naive"))
    assert [c["chunk_id"] for c in result.chunks] == [c["chunk_id"] for c in plain.chunks]
    assert result.processing_info.rerank == "failed"
    assert "reranking skipped" in result.warnings[0]
    assert ("HTTP 500" if failure == "500" else "timed out") in result.warnings[0]
    assert "rr-secret-key" not in result.warnings[0]


def test_rerank_is_reported_off_without_a_reranker(hotpot_index):
    result = hotpot_index.query_data(QUESTION, QueryParam(mode="mix"))
    assert result.processing_info.rerank == "off (no RERANK_MODEL set)"
    off = hotpot_index.query_data(QUESTION, QueryParam(mode="mix", enable_rerank=False))
    assert off.processing_info.rerank == "off (enable_rerank is false)"
