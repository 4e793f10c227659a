"""The query pipeline, top-down:

    keywords -> (admission) -> link -> search -> truncate -> merge -> rerank -> build context -> answer
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field

import numpy as np

from lightrag_core import lexical, prompts, tokens
from lightrag_core.admission import FairGate
from lightrag_core.embeddings import Embedder
from lightrag_core.llm import ChatLLM
from lightrag_core.models import Chunk, Entity, LightRAGError, Relation
from lightrag_core.query import answer, context, fusion, linking, search
from lightrag_core.query.chunks import related_chunks
from lightrag_core.query.extractive import extractive_answer
from lightrag_core.query.follow_up import read_through
from lightrag_core.query.keywords import extract_keywords
from lightrag_core.query.modes import Mode
from lightrag_core.query.multihop import multihop_search
from lightrag_core.query.params import QueryParam
from lightrag_core.query.query_cache import QueryVectors
from lightrag_core.query.result import GraphWalkInfo, ProcessingInfo, QueryResult
from lightrag_core.rerank import Reranker, rerank_chunks
from lightrag_core.storage.base import GraphStore

MAX_QUERY_CHARS = 20000
SHORT_QUERY_CHARS = 50


@dataclass
class Found:
    """What the search stage found, before any budget."""

    local_e: list[Entity] = field(default_factory=list)
    local_r: list[Relation] = field(default_factory=list)
    global_e: list[Entity] = field(default_factory=list)
    global_r: list[Relation] = field(default_factory=list)
    vector_chunks: list[Chunk] = field(default_factory=list)
    lexical_chunks: list[Chunk] = field(default_factory=list)
    # multihop: chunks already ranked by fusion, with the channel each came from.
    ranked_chunks: list[Chunk] | None = None
    ranked_origin: dict[str, str] = field(default_factory=dict)
    walk: GraphWalkInfo | None = None

    @property
    def entities(self) -> list[Entity]:
        return search.round_robin([self.local_e, self.global_e], key=lambda e: e.name)

    @property
    def relations(self) -> list[Relation]:
        return search.round_robin([self.local_r, self.global_r], key=lambda r: r.key)


class QueryEngine:
    def __init__(
        self, store: GraphStore, embedder: Embedder, llm: ChatLLM | None, reranker: Reranker | None = None,
        context_window: int = 0, slots: int = 2,
    ) -> None:
        self.store = store
        self.embedder = embedder
        self.llm = llm
        self.reranker = reranker
        self.context_window = context_window  # the LLM's, in tokens; 0 = unknown
        self.vectors = QueryVectors(embedder)  # one embedding per question, however many modes ask it
        self.gate = FairGate(slots)
        # The question's own vector does not depend on its keywords, so it is computed while they are
        # extracted (onnxruntime and an LLM call both leave the GIL); two workers bound the extra work.
        self._early = ThreadPoolExecutor(2, thread_name_prefix="query-vector")

    def close(self) -> None:
        self._early.shutdown(wait=False, cancel_futures=True)

    # -- retrieval ---------------------------------------------------------
    def retrieve(self, query: str, param: QueryParam | None = None) -> tuple[QueryResult, np.ndarray | None]:
        """Everything up to the context; returns the result and the query's embedding."""
        param = (param or QueryParam()).validate()
        mode = Mode(param.mode)
        query = _check_query(query)
        query, read_as = self._read_through(query, param)
        timings: dict[str, float] = {}
        fitted = ""
        if self.llm is not None:  # the extractive answer has no window to fit
            param, fitted = answer.fit_window(param, self.context_window, self.llm.max_tokens["answer"])

        @contextmanager
        def stage(name: str) -> Iterator[None]:
            start = time.perf_counter()
            yield
            timings[name] = round(timings.get(name, 0.0) + (time.perf_counter() - start) * 1000, 2)

        hl: list[str] = []
        ll: list[str] = []
        notes: list[str] = []
        early = self._early.submit(self.vectors.embed, [query]) if mode.retrieves and mode.uses_keywords else None
        if mode.uses_keywords:
            try:
                with stage("keywords"):
                    hl, ll = extract_keywords(
                        query, self.llm, param.conversation_history, param.hl_keywords, param.ll_keywords, notes
                    )
            except BaseException:
                _forget(early)
                raise
            if not hl and not ll:
                if len(query) >= SHORT_QUERY_CHARS:
                    _forget(early)
                    return _no_keywords(param.mode, timings), None
                ll = [query]
        result = QueryResult(param.mode, hl, ll, timings_ms=timings)
        if read_as:
            notes.insert(0, f"Read as \u201c{query}\u201d: {read_as} is the previous answer.")
        result.warnings.extend([*notes, fitted] if fitted else notes)
        if not mode.retrieves:
            result.system_prompt = answer.system_prompt(param, "")
            return result, None
        # The CPU-bound stages run a few questions at a time, first come first served (admission.py);
        # the keywords stage above may wait on an LLM, so it stays outside.
        queued = time.perf_counter()
        with self.gate.slot():
            timings["queue"] = round((time.perf_counter() - queued) * 1000, 2)
            return self._retrieve(query, param, mode, result, stage, early)

    def _retrieve(self, query: str, param: QueryParam, mode: Mode, result: QueryResult,
                  stage: Callable[[str], AbstractContextManager[None]],
                  early: Future[dict[str, np.ndarray]] | None = None) -> tuple[QueryResult, np.ndarray | None]:
        """Linking, search, truncation, chunk merging and the context, once admitted."""
        hl, ll = result.high_level, result.low_level
        links: list[linking.Link] = []
        unlinked: list[str] = []
        if mode.walks_graph:
            with stage("link"):
                links, unlinked = linking.link_by_name(self.store, query, ll)
                links += linking.link_by_title(self.store, query)

        with stage("embed_query"):
            # One forward pass: the question (unless it was embedded beside the keywords stage), the
            # joined keyword strings LightRAG's modes search with, and each name multihop could not link.
            texts = [*([] if early else [query]), *unlinked]
            if mode.uses_entities and ll:
                texts.append(", ".join(ll))
            if mode.uses_relations and hl:
                texts.append(", ".join(hl))
            vectors = self.vectors.embed(texts) if texts else {}  # a keyword string may equal the question
            if early:
                vectors |= early.result()
        qvec = vectors[query]
        if unlinked:
            with stage("link"):
                by_vector = np.array([vectors[k] for k in unlinked])
                links += linking.link_by_vector(self.store, unlinked, by_vector, param.link_threshold)
        links = linking.best_links(links)
        result.linked_entities = [lk.to_dict() for lk in links]

        with stage("search"):
            found = self._search(query, hl, ll, vectors, links, param)
        with stage("truncate"):
            kept_e = context.truncate_entities(found.entities, param.max_entity_tokens)
            kept_r = context.truncate_relations(found.relations, param.max_relation_tokens)
        with stage("merge_chunks"):
            merged, origin, entity_chunks, relation_chunks = self._merge(found, kept_e, kept_r, qvec, param)
        rerank_state = "off (enable_rerank is false)" if not param.enable_rerank else "off (no RERANK_MODEL set)"
        if param.enable_rerank and self.reranker is not None and merged:
            with stage("rerank"):
                merged, rerank_state, warning = rerank_chunks(self.reranker, query, merged, param.chunk_top_k)
                if warning:
                    result.warnings.append(warning)
        with stage("build_context"):
            template_tokens = tokens.count(answer.system_prompt(param, ""))
            history_tokens = sum(tokens.count(t["content"]) for t in param.conversation_history)
            ctx = context.build_context(
                kept_e, kept_r, merged, param.chunk_top_k, param.max_total_tokens, template_tokens, query,
                history_tokens,
            )

        ref_of_path = {r["file_path"]: r["reference_id"] for r in ctx.references}
        result.entities = [context.entity_record(e, ref_of_path) for e in kept_e]
        result.relationships = [context.relation_record(r, ref_of_path) for r in kept_r]
        result.chunks = [context.chunk_record(c, ctx.ref_of_doc, origin[c.id]) for c in ctx.chunks]
        if result.chunks:
            with stage("locate"):  # pages and headings, for citations a reader can check
                context.add_places(result.chunks, self.store.get_chunk_places(result.chunk_ids))
        result.references = ctx.references
        result.context = ctx.text
        result.system_prompt = answer.system_prompt(param, ctx.text)
        result.processing_info = ProcessingInfo(
            total_entities_found=len(found.entities),
            total_relations_found=len(found.relations),
            entities_after_truncation=len(kept_e),
            relations_after_truncation=len(kept_r),
            merged_chunks_count=len(merged),
            final_chunks_count=len(ctx.chunks),
            vector_chunks=len(found.vector_chunks),
            entity_chunks=len(entity_chunks),
            relation_chunks=len(relation_chunks),
            lexical_chunks=len(found.lexical_chunks),
            local_entities=len(found.local_e),
            global_entities=len(found.global_e),
            local_relations=len(found.local_r),
            global_relations=len(found.global_r),
            linked_entities=len(links),
            rerank=rerank_state,
            graph=found.walk,
            tokens=ctx.section_tokens,
        )
        result.timings_ms["total_retrieval"] = round(sum(result.timings_ms.values()), 2)
        return result, qvec

    # -- stages ------------------------------------------------------------
    def _search(
        self,
        query: str,
        hl: list[str],
        ll: list[str],
        vectors: dict[str, np.ndarray],
        links: list[linking.Link],
        param: QueryParam,
    ) -> Found:
        """Stage 1: the mode's search paths, each one batched call to the store."""
        found = Found()
        qvec = vectors[query]
        mode = Mode(param.mode)
        if mode.walks_graph:
            hits = multihop_search(self.store, query, links, qvec, param)
            found.local_e, found.local_r, found.walk = hits.entities, hits.relations, hits.walk
            found.vector_chunks, found.lexical_chunks = hits.dense, hits.lexical
            found.ranked_chunks, found.ranked_origin = hits.chunks, hits.origin
            return found
        if mode.uses_entities and ll:
            found.local_e, found.local_r = search.local_search(
                self.store, vectors[", ".join(ll)], param.top_k, param.cosine_threshold
            )
        if mode.uses_relations and hl:
            found.global_e, found.global_r = search.global_search(
                self.store, vectors[", ".join(hl)], param.top_k, param.cosine_threshold
            )
        if mode.uses_vector_chunks:
            found.vector_chunks = search.vector_search(self.store, qvec, param.chunk_top_k, param.cosine_threshold)
            if param.enable_lexical:
                found.lexical_chunks = self.store.search_chunks_text(lexical.terms(query), param.chunk_top_k)
                found.vector_chunks = _fuse_lexical(found.vector_chunks, found.lexical_chunks, param)
        return found

    def _merge(
        self, found: Found, kept_e: list[Entity], kept_r: list[Relation], qvec: np.ndarray, param: QueryParam
    ) -> tuple[list[Chunk], dict, list[Chunk], list[Chunk]]:
        """Stage 3: chunks behind what was kept, round-robin merged with the vector chunks."""
        if found.ranked_chunks is not None:
            # multihop ranked its chunks already (PageRank fused with dense and BM25).
            return found.ranked_chunks, dict(found.ranked_origin), [], []
        entity_chunks = related_chunks(
            self.store, [e.source_ids for e in kept_e], param.kg_chunk_pick_method, param.related_chunk_number, qvec
        )
        # Relation chunks may repeat entity chunks: a chunk behind both an entity and a
        # relation is stronger evidence, and the round-robin below keeps its first copy
        # and moves on (measured on hotpotqa_100: mix recall@5 0.735 -> 0.785).
        relation_chunks = related_chunks(
            self.store, [r.source_ids for r in kept_r], param.kg_chunk_pick_method, param.related_chunk_number, qvec
        )
        merged, origin = search.round_robin_tagged(
            [("vector", found.vector_chunks), ("entity", entity_chunks), ("relation", relation_chunks)],
            key=lambda c: c.id,
        )
        return merged, origin, entity_chunks, relation_chunks

    def _read_through(self, query: str, param: QueryParam) -> tuple[str, str]:
        """Offline, a follow-up's "he" or "his" is the previous short answer (follow_up.py); an LLM reads the
        history itself."""
        return read_through(query, param.conversation_history, with_llm=self.llm is not None)

    # -- answers -----------------------------------------------------------
    def stream_answer(self, query: str, param: QueryParam | None = None) -> tuple[QueryResult, Iterator[str]]:
        """The retrieval result now, and an iterator over the answer's text as it is generated."""
        param = param or QueryParam()
        result, qvec = self.retrieve(query, param)
        query, _ = self._read_through(query, param)  # (as retrieval read it)
        if result.status != "success":
            return result, iter([result.message])
        if self.llm is not None:
            if param.mode != "bypass" and not (result.entities or result.relationships or result.chunks):
                return result, iter([prompts.NO_CONTEXT_ANSWER])
            return result, answer.llm_answer(self.llm, query, param, result)
        if param.mode == "bypass":
            return result, iter(
                [
                    "No LLM is configured, and bypass mode only asks the LLM. "
                    "Set LLM_MODEL and OPENAI_BASE_URL (or OPENAI_API_KEY), or choose another mode."
                ]
            )
        return result, extractive_answer(self.embedder, qvec, query, result)

    def answer(self, query: str, param: QueryParam | None = None) -> tuple[QueryResult, str]:
        result, parts = self.stream_answer(query, param)
        return result, "".join(parts)

    def run(self, query: str, param: QueryParam | None = None) -> tuple[QueryResult, Iterator[str]]:
        """LightRAG's query contract, in one place for the CLI, the API and the pages.

        only_need_context returns the context and only_need_prompt the system prompt (no LLM call);
        otherwise the answer, in parts as it is generated when `stream` is set, else as one part.
        Parts are produced when iterated, so a failure mid-answer surfaces to the consumer.
        """
        param = param or QueryParam()
        if param.only_need_context or param.only_need_prompt:
            result, _ = self.retrieve(query, param)
            return result, iter([result.context if param.only_need_context else result.system_prompt])
        result, parts = self.stream_answer(query, param)
        return result, (parts if param.stream else _whole(parts))


def _forget(early: Future | None) -> None:
    """A question that stops before retrieval does not keep its early embedding queued (it may not have
    started: a flood of such questions would otherwise queue one embedding each)."""
    if early is not None:
        early.cancel()


def _whole(parts: Iterator[str]) -> Iterator[str]:
    yield "".join(parts)


def _fuse_lexical(vector_chunks: list[Chunk], lexical_chunks: list[Chunk], param: QueryParam) -> list[Chunk]:
    """naive/mix with enable_lexical: the vector and BM25 rankings fused, cut to chunk_top_k."""
    by_id = {c.id: c for c in [*lexical_chunks, *vector_chunks]}
    order, _ = fusion.rrf(
        [("vector", [c.id for c in vector_chunks], param.vector_weight),
         ("lexical", [c.id for c in lexical_chunks], param.lexical_weight)],
        param.rrf_k,
    )
    return [by_id[c] for c in order[: param.chunk_top_k]]


def _check_query(query: str) -> str:
    if not isinstance(query, str) or not query.strip():
        raise LightRAGError("the query is empty")
    query = query.strip()
    if len(query) > MAX_QUERY_CHARS:
        raise LightRAGError(f"the query is {len(query):,} characters long; the limit is {MAX_QUERY_CHARS:,}")
    if not any(ch.isalnum() for ch in query):
        raise LightRAGError("the query has no letters or digits")
    return query


def _no_keywords(mode: str, timings: dict[str, float]) -> QueryResult:
    return QueryResult(
        mode,
        [],
        [],
        timings_ms=timings,
        status="failure",
        message="No keywords could be found in the query; rephrase it, or give hl_keywords / ll_keywords.",
    )
