"""The offline MiniLM in int8 arithmetic: the copy onnxruntime's tools make, its vectors, and which
arithmetic a workspace is embedded with (the one it was indexed with, whatever the default is now)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lightrag_core import Engine, Settings
from lightrag_core.embeddings import (
    OFFLINE_MODELS,
    SHORT_TOKENS,
    Int8MiniLM,
    OnnxMiniLM,
    make_embedder,
    offline_arithmetic,
)
from lightrag_core.int8_model import copy_path

TEXTS = [
    "Sergio Leone directed Once Upon a Time in America, released in 1984.",
    "The Boston Beer Company was founded in 1984 by Jim Koch.",
    "Leone died in Rome on 30 April 1989 of a heart attack.",
    "Kathi-Anne Reinstein resigned from the Massachusetts House to become a lobbyist.",
    "Marley was dead: to begin with. Scrooge signed the register of his burial.",
    "A bee colony keeps its queen in the middle of the brood nest.",
]
QUESTIONS = ["When did the director of Once Upon a Time in America die?", "Who was Scrooge's partner?",
             "When was the brewery founded?", "Where does the queen bee live?"]


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> tuple[OnnxMiniLM, OnnxMiniLM, object]:
    cache = tmp_path_factory.mktemp("models")
    return OnnxMiniLM(arithmetic="float"), OnnxMiniLM(arithmetic="int8", cache_dir=cache), cache


def test_the_int8_copy_is_made_by_onnxruntime_and_has_integer_products(both) -> None:
    import onnxruntime as ort

    _, int8, cache = both
    made = list(cache.glob("*.onnx"))
    assert [p.name for p in made] == [copy_path(Path(int8._shipped), cache).name]
    assert not list(cache.glob(".making-*")), "the scratch folder is removed"
    # Load it with profiling to see which kernels ran: the weight products must be integer ones.
    options = ort.SessionOptions()
    options.enable_profiling = True
    options.profile_file_prefix = str(cache / "profile")
    session = ort.InferenceSession(str(made[0]), options, providers=["CPUExecutionProvider"])
    int8._run(TEXTS[:2], session)
    ops = {e["args"].get("op_name") for e in json.load(open(session.end_profiling())) if e.get("cat") == "Node"}
    assert ops & {"MatMulInteger", "DynamicQuantizeMatMul"}, ops


def test_int8_vectors_keep_the_float_models_meaning(both) -> None:
    flt, int8, _ = both
    a, b = flt.embed(TEXTS + QUESTIONS), int8.embed(TEXTS + QUESTIONS)
    assert a.shape == b.shape == (len(TEXTS) + len(QUESTIONS), 384)
    assert np.allclose(np.linalg.norm(b, axis=1), 1.0, atol=1e-5)
    cosine = (a * b).sum(axis=1)
    assert cosine.min() > 0.98, cosine
    assert not np.allclose(a, b, atol=1e-4), "the int8 model is another computation, not the same one"
    # Each question finds the same passage first with either arithmetic.
    q_f, q_i = a[len(TEXTS):], b[len(TEXTS):]
    assert list((q_f @ a[: len(TEXTS)].T).argmax(axis=1)) == list((q_i @ b[: len(TEXTS)].T).argmax(axis=1))
    assert flt.model_name != int8.model_name


def test_a_made_copy_is_reused_and_a_damaged_one_made_again(both, tmp_path) -> None:
    _, int8, cache = both
    made = next(cache.glob("*.onnx"))
    stamp = made.stat().st_mtime_ns
    again = OnnxMiniLM(arithmetic="int8", cache_dir=cache)
    assert made.stat().st_mtime_ns == stamp, "an existing copy is read, not made again"
    damaged = tmp_path / "damaged"
    damaged.mkdir()
    target = copy_path(Path(int8._shipped), damaged)
    target.write_bytes(b"not an onnx model")
    healed = OnnxMiniLM(arithmetic="int8", cache_dir=damaged)
    assert target.stat().st_size > 1_000_000
    assert np.allclose(healed.embed(TEXTS[:2]), again.embed(TEXTS[:2]), atol=1e-6)


def test_settings_choose_int8_for_new_workspaces_and_refuse_other_words(tmp_path) -> None:
    assert Settings.from_env(tmp_path, environ={}, env_file=None).offline_embedding == "int8"
    assert Settings.from_env(tmp_path, environ={"LIGHTRAG_OFFLINE_EMBEDDING": " Float "},
                             env_file=None).offline_embedding == "float"
    with pytest.raises(ValueError, match="LIGHTRAG_OFFLINE_EMBEDDING must be int8 or float"):
        Settings.from_env(tmp_path, environ={"LIGHTRAG_OFFLINE_EMBEDDING": "fp16"}, env_file=None)
    assert offline_arithmetic(OFFLINE_MODELS["float"], "int8") == "float"
    assert offline_arithmetic(OFFLINE_MODELS["int8"], "float") == "int8"
    assert offline_arithmetic(None, "int8") == "int8"
    assert offline_arithmetic("text-embedding-3-small", "float") == "float"


def test_a_workspace_keeps_the_arithmetic_it_was_indexed_with(tmp_path) -> None:
    doc = tmp_path / "leone.txt"
    doc.write_text(" ".join(TEXTS[:3]), encoding="utf-8")
    old = Engine(Settings.from_env(tmp_path / "w", environ={"LIGHTRAG_OFFLINE_EMBEDDING": "float"}, env_file=None))
    old.index_paths([doc])
    assert old.store.embedding_meta() == (OFFLINE_MODELS["float"], 384)
    old.close()
    # Opened again with today's default, it goes on in float: its vectors and the query's agree.
    reopened = Engine(Settings.from_env(tmp_path / "w", environ={}, env_file=None))
    assert reopened.embedder.model_name == OFFLINE_MODELS["float"]
    more = tmp_path / "brewery.txt"
    more.write_text(TEXTS[1], encoding="utf-8")
    reopened.index_paths([more])  # no "cannot mix in" refusal
    assert reopened.store.embedding_meta() == (OFFLINE_MODELS["float"], 384)
    reopened.close()
    fresh = Engine(Settings.from_env(tmp_path / "new", environ={}, env_file=None))
    fresh.index_paths([doc])
    assert fresh.store.embedding_meta() == (OFFLINE_MODELS["int8"], 384)
    fresh.close()


def test_each_arithmetic_is_one_model_per_process(tmp_path) -> None:
    settings = Settings.from_env(tmp_path, environ={}, env_file=None)
    assert make_embedder(settings) is make_embedder(settings)
    assert make_embedder(settings, OFFLINE_MODELS["float"]) is not make_embedder(settings)


def test_an_int8_vector_does_not_depend_on_the_texts_embedded_beside_it(both) -> None:
    """int8 activations are scaled per call: a text embedded in a batch must still get the vector it
    gets alone (a question is embedded alone, the passage it should find in a batch of others)."""
    _, int8, _ = both
    together = int8.embed(TEXTS + QUESTIONS)
    alone = np.vstack([int8.embed([t]) for t in TEXTS + QUESTIONS])
    assert np.array_equal(together, alone)


def test_the_default_gives_short_texts_float_products_and_long_ones_int8(both) -> None:
    """Names and keyword lists (a few tokens) lose most under one uint8 scale: the default embedder
    keeps them in float, and passages, where the time goes, in int8."""
    flt, int8, cache = both
    routed = Int8MiniLM(cache)
    assert routed.model_name == OFFLINE_MODELS["int8"] != int8.model_name
    passages = [" ".join(TEXTS[:3]), " ".join(TEXTS[3:]), " ".join(QUESTIONS)]
    texts = ["Sergio Leone", "film director, death", "Boston Beer Company", *TEXTS, *QUESTIONS, *passages]
    sizes = dict(zip(texts, (len(e.ids) for e in routed.tokenizer.encode_batch(texts))))
    short = {t for t, n in sizes.items() if n <= SHORT_TOKENS}
    assert len(short) >= 3 and len(texts) - len(short) >= 3, sizes
    for text, vector in zip(texts, routed.embed(texts)):
        expected = (flt if text in short else int8).embed([text])[0]
        assert np.array_equal(vector, expected), text


def test_a_cache_folder_that_cannot_be_written_is_a_clear_error(tmp_path) -> None:
    """A file where the folder should be (or a read-only home): the error names the settings to change."""
    from lightrag_core.models import LightRAGError

    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file", encoding="utf-8")
    with pytest.raises(LightRAGError, match="LIGHTRAG_MODEL_CACHE to a writable folder.*LIGHTRAG_OFFLINE_EMBEDDING"):
        OnnxMiniLM(arithmetic="int8", cache_dir=blocked / "models")
