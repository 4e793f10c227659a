"""A reranker on any Jina/Cohere-compatible `/rerank` endpoint (vLLM, llama.cpp's server,
text-embeddings-inference, Jina, Cohere): `POST {base}/rerank {model, query, documents, top_n}`
-> `{results: [{index, relevance_score}]}`.

A failed call never fails the query: the chunks keep their order and the result
carries a warning saying why.
"""

from __future__ import annotations

import logging

import httpx

from lightrag_core.config import Settings, redact, redact_url
from lightrag_core.models import Chunk, LightRAGError

log = logging.getLogger(__name__)


class Reranker:
    def __init__(self, base_url: str, model: str, api_key: str = "", timeout: float = 30.0) -> None:
        if not base_url:
            raise LightRAGError("RERANK_MODEL is set but RERANK_BASE_URL is not; set the endpoint's base URL")
        self.url = base_url.rstrip("/") + ("" if base_url.rstrip("/").endswith("/rerank") else "/rerank")
        self.shown_url = redact_url(self.url)  # for messages: a URL may carry credentials
        self.model = model
        self._key = api_key
        self.timeout = timeout

    def scores(self, query: str, documents: list[str]) -> list[float]:
        """One relevance score per document, in the documents' order."""
        headers = {"Authorization": f"Bearer {self._key}"} if self._key else {}
        body = {"model": self.model, "query": query, "documents": documents, "top_n": len(documents)}
        try:
            response = httpx.post(self.url, json=body, headers=headers, timeout=self.timeout)
            response.raise_for_status()
            results = response.json()["results"]
            out = [float("-inf")] * len(documents)
            for item in results:
                out[int(item["index"])] = float(item.get("relevance_score", item.get("score")))
        except httpx.TimeoutException as exc:
            raise LightRAGError(f"the reranker at {self.shown_url} timed out after {self.timeout:g}s") from exc
        except httpx.HTTPStatusError as exc:
            raise LightRAGError(
                f"the reranker at {self.shown_url} answered HTTP {exc.response.status_code}: "
                f"{redact(exc.response.text[:200], self._key)}"
            ) from exc
        except (httpx.HTTPError, KeyError, ValueError, TypeError, IndexError) as exc:
            reason = redact(str(exc)[:200], self._key)
            raise LightRAGError(f"the reranker at {self.shown_url} failed: {reason}") from exc
        return out


def make_reranker(settings: Settings) -> Reranker | None:
    if not settings.rerank_model:
        return None
    return Reranker(settings.rerank_base_url, settings.rerank_model, settings.rerank_api_key, settings.rerank_timeout)


def rerank_chunks(
    reranker: Reranker, query: str, chunks: list[Chunk], limit: int
) -> tuple[list[Chunk], str, str]:
    """The first `limit` chunks in the reranker's order (the rest after them, as they were).

    Returns the chunks, the state for processing_info, and a warning ('' if none).
    """
    head, tail = chunks[:limit], chunks[limit:]
    try:
        scores = reranker.scores(query, [c.content for c in head])
    except LightRAGError as exc:
        log.warning("reranking skipped: %s", exc)
        return chunks, "failed", f"reranking skipped, chunks keep their retrieval order: {exc}"
    order = sorted(range(len(head)), key=lambda i: (-scores[i], i))
    for i in order:
        head[i].score = scores[i]
    return [head[i] for i in order] + tail, f"on ({reranker.model})", ""
