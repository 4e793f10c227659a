"""The one object pages, the CLI, the API and benchmarks use: a workspace with its models."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from lightrag_core.admission import default_slots
from lightrag_core.blas import single_threaded_blas
from lightrag_core.config import Settings, redact_url
from lightrag_core.embeddings import Embedder, make_embedder
from lightrag_core.indexing.file_limits import ReadLimits
from lightrag_core.indexing.indexer import Extractor, Indexer, Progress
from lightrag_core.indexing.loaders import Loaded, load_upload
from lightrag_core.indexing.merge import Summariser
from lightrag_core.indexing.report import IndexReport
from lightrag_core.lexical import stop_words
from lightrag_core.llm import ChatLLM, make_llm
from lightrag_core.local_llm import with_local_llm
from lightrag_core.models import Document, DocumentInfo
from lightrag_core.nlp import nlp
from lightrag_core.query.context import entity_line, relation_line
from lightrag_core.query.name_sex import first_names
from lightrag_core.query.params import QueryParam
from lightrag_core.query.pipeline import QueryEngine
from lightrag_core.query.result import QueryResult
from lightrag_core.rerank import make_reranker
from lightrag_core.storage.base import GraphStore
from lightrag_core.tokens import COUNT_CACHE, count_many, encoding
from lightrag_core.warmup import Warmup


def open_store(settings: Settings, kind: str | None = None) -> GraphStore:
    """The Neo4j store when asked for (or NEO4J_URI is set), else the embedded one."""
    kind = kind or settings.store_kind
    if kind == "neo4j":
        from lightrag_core.storage.neo4j.store import Neo4jStore

        return Neo4jStore.from_settings(settings)
    from lightrag_core.storage.sqlite.store import SQLiteStore

    return SQLiteStore(Path(settings.workdir), ann_min_vectors=settings.ann_min_vectors)


def make_extractor(settings: Settings, llm: ChatLLM | None) -> Extractor:
    if llm is not None:
        from lightrag_core.indexing.extract_llm import LLMExtractor

        return LLMExtractor(llm, settings.entity_types, settings.max_gleaning, settings.llm_concurrency)
    from lightrag_core.indexing.extract_offline import OfflineExtractor

    return OfflineExtractor()


# Rows whose token counts the warm-up computes: no more than the count cache holds with room for chunks.
WARM_ROWS = COUNT_CACHE // 2


class Engine:
    def __init__(
        self,
        settings: Settings | None = None,
        store: GraphStore | None = None,
        embedder: Embedder | None = None,
        llm: ChatLLM | None = None,
        store_kind: str | None = None,
    ) -> None:
        single_threaded_blas()  # queries run side by side; BLAS's own threads would queue them (blas.py)
        # With LLM_LOCAL_GGUF the in-process llama.cpp server starts here and the settings point at it.
        self.settings = with_local_llm(settings or Settings.from_env())
        self.store = store or open_store(self.settings, store_kind)
        # An offline workspace keeps the arithmetic it was indexed with, whatever the default is now.
        self.embedder = embedder or make_embedder(self.settings, self._recorded_model())
        self.llm = llm if llm is not None else make_llm(self.settings)
        self.summariser = Summariser(self.llm, self.settings.summary_max_tokens)
        self._extractor: Extractor | None = None
        local_compute = (store_kind or self.settings.store_kind) == "embedded" and not self.settings.embedding_model
        slots = self.settings.query_slots or default_slots(local_compute)
        self.queries = QueryEngine(self.store, self.embedder, self.llm, make_reranker(self.settings),
                                   self.settings.llm_context_tokens, slots)
        self.warmup = Warmup([
            ("tokenizer", encoding),  # token budgets of every context
            ("stop words", stop_words),
            ("spaCy pipeline", nlp),  # offline keywords, question parsing, the short answer
            ("embedding model", lambda: self.embedder.embed(["warm-up"])),
            ("vector indexes", self._load_vectors),
            ("context token counts", self._count_graph_rows),
            ("first-name lists", first_names),  # a parent's sex in the offline answer's kinship reading
        ])

    def _recorded_model(self) -> str | None:
        if self.settings.embedding_model:
            return None  # an endpoint's model: nothing to choose
        meta = self.store.embedding_meta()
        return meta[0] if meta else None

    def _load_vectors(self) -> None:
        vector = self.embedder.embed(["warm-up"])[0]
        self.store.search_chunks(vector, 1, 1.0)
        self.store.search_entities(vector, 1, 1.0)
        self.store.search_relations(vector, 1, 1.0)

    def _count_graph_rows(self) -> None:
        """Count the tokens of every entity and relation row a context can hold, once: truncating a
        context then reads counts from the cache (counting cold cost a local query about 3 ms in
        `bench/vs_lightrag.py`). Skipped for a graph larger than the count cache."""
        counts = self.store.counts()
        if counts["entities"] + counts["relations"] > WARM_ROWS:
            return
        count_many(entity_line(e) for e in self.store.all_entities())
        count_many(relation_line(r) for r in self.store.all_relations())

    def start_warmup(self) -> None:
        """Build the shared state queries need in the background (servers and the app call this on opening)."""
        self.warmup.start()

    @property
    def extractor(self) -> Extractor:
        if self._extractor is None:
            self._extractor = make_extractor(self.settings, self.llm)
        return self._extractor

    @property
    def indexer(self) -> Indexer:
        return Indexer(
            self.store,
            self.embedder,
            self.extractor,
            self.summariser,
            self.settings.chunk_tokens,
            self.settings.chunk_overlap,
            ReadLimits.from_settings(self.settings),
        )

    def close(self) -> None:
        self.queries.close()
        self.store.close()

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- indexing ----------------------------------------------------------
    def index_paths(self, paths: list[str | Path], progress: Progress | None = None) -> IndexReport:
        """Index files and folders; a bad file is a failed row with its error, the others are indexed."""
        return self.indexer.index_paths(paths, progress)

    def index_documents(self, docs: Iterable[Loaded], progress: Progress | None = None) -> IndexReport:
        """Index documents (and record the `LoadFailure`s among them as failed rows)."""
        return self.indexer.index(docs, progress)

    def index_uploads(
        self, files: list[tuple[str, bytes]], progress: Progress | None = None,
        texts: list[tuple[str, str]] | None = None,
    ) -> IndexReport:
        """Index uploaded files by name and content; a bad one fails on its own (re-upload it to retry).

        A file replaces the earlier upload of the same name once it is indexed; `texts` are pasted
        (title, text) pairs, each a document of its own."""
        limits = ReadLimits.from_settings(self.settings)
        items = [load_upload(data, name, limits=limits) for name, data in files]
        items += [load_upload(text.encode("utf-8"), f"{title}.txt", limits=limits, whole_file=False)
                  for title, text in texts or []]
        return self.indexer.index(items, progress)

    def stage_documents(self, docs: list[Document]) -> list[str]:
        """Store documents as pending rows (text included) before they are indexed; the ids still to index."""
        return self.indexer.stage(docs)

    def index_stored(self, doc_ids: list[str], progress: Progress | None = None,
                     stop: Callable[[], bool] | None = None) -> IndexReport:
        """Index documents staged with `stage_documents` (or left unfinished by a crash); once `stop()` is
        true, the documents not yet read stay pending."""
        return self.indexer.index_stored(doc_ids, progress, stop)

    def clear_documents(self, undo_rules: bool = False, who: str = "") -> int:
        """Remove every document and the whole graph in one transaction (review rules stay unless
        `undo_rules`); the number of documents removed."""
        return self.indexer.clear(undo_rules, who)

    def resume(self, progress: Progress | None = None) -> IndexReport:
        return self.indexer.resume(progress, self.settings.scan_dir)

    def delete_document(self, doc_id: str) -> None:
        self.indexer.delete(doc_id)

    def documents(self) -> list[DocumentInfo]:
        return self.store.list_documents()

    # -- queries -----------------------------------------------------------
    def query_data(self, query: str, param: QueryParam | None = None) -> QueryResult:
        return self.queries.retrieve(query, param)[0]

    def query(self, query: str, param: QueryParam | None = None) -> tuple[QueryResult, Iterator[str]]:
        """The answer (or, per the param's flags, the context or the prompt), streamed when param.stream."""
        return self.queries.run(query, param)

    def stream(self, query: str, param: QueryParam | None = None) -> tuple[QueryResult, Iterator[str]]:
        return self.queries.stream_answer(query, param)

    def answer(self, query: str, param: QueryParam | None = None) -> tuple[QueryResult, str]:
        return self.queries.answer(query, param)

    # -- status ------------------------------------------------------------
    def _llm_description(self) -> str:
        if self.llm is None:
            return "offline (spaCy extraction, extractive answers)"
        if self.settings.llm_local_gguf:
            return (f"{self.settings.llm_model} (local GGUF, llama.cpp in this process, "
                    f"{self.settings.llm_context_tokens}-token window) at {self.llm.endpoint}")
        return f"{self.settings.llm_model} at {self.llm.endpoint}"

    def describe(self) -> dict[str, Any]:
        """What a user may see: backend, models, counts. Never a secret."""
        meta = self.store.embedding_meta()
        return {
            "store": self.store.kind,
            "workdir": str(self.settings.workdir),
            "llm": self._llm_description(),
            "reranker": (
                f"{self.settings.rerank_model} at {redact_url(self.settings.rerank_base_url)}"
                if self.settings.rerank_model
                else "off (RERANK_MODEL not set)"
            ),
            "extractor": getattr(self._extractor, "name", "llm" if self.llm else "spacy"),
            "embedding_model": meta[0] if meta else self.embedder.model_name,
            "embedding_dim": meta[1] if meta else self.embedder.dim,
            **self.store.counts(),
            "size_bytes": getattr(self.store, "size_bytes", lambda: 0)(),
        }
