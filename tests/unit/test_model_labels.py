"""What answers and what embeds, as the Home page names them: words first, the exact model id beside."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from lightrag_core import Settings
from lightrag_core.workbench import model_labels

OFFLINE_INFO = {"llm": "offline (spaCy extraction, extractive answers)", "extractor": "spacy",
                "embedding_model": "all-MiniLM-L6-v2-int8-onnx+int8-matmul-long-texts", "embedding_dim": 384}


def _engine(llm: object = None, **settings: Any) -> Any:
    """What the labels read of an engine: its settings and whether it has a language model."""
    return SimpleNamespace(settings=Settings(**settings), llm=llm)


def test_the_offline_default_is_named_in_words_not_by_its_ids():
    engine = _engine()
    answers, embeddings = model_labels.answers(engine, OFFLINE_INFO), model_labels.embeddings(engine, OFFLINE_INFO)
    assert answers.label == "sentences quoted from your documents (no language model; works offline)"
    assert embeddings.label == "built-in MiniLM sentence model (works offline)"
    for label in (answers.label, embeddings.label):
        assert "onnx" not in label and "int8" not in label and "_" not in label
    # the exact ids stay available beside the words
    assert embeddings.exact == "all-MiniLM-L6-v2-int8-onnx+int8-matmul-long-texts, 384 dimensions"
    assert "en_core_web_sm" in answers.exact


def test_a_configured_endpoint_is_named_by_where_it_runs_and_keeps_its_id_beside():
    engine = _engine(llm=object(), llm_model="gpt-4o-mini", openai_base_url="https://user:pw@llm.example:8443/v1",
                     embedding_model="text-embedding-3-small",
                     embedding_base_url="https://user:pw@llm.example:8443/v1")  # (as from_env sets it)
    info = {**OFFLINE_INFO, "llm": "gpt-4o-mini at https://llm.example:8443/v1",
            "embedding_model": "text-embedding-3-small", "embedding_dim": 1536}
    answers, embeddings = model_labels.answers(engine, info), model_labels.embeddings(engine, info)
    assert answers.label == "a language model at llm.example:8443"
    assert answers.exact == "gpt-4o-mini at https://llm.example:8443/v1"
    assert embeddings.label == "an embedding model at llm.example:8443"
    assert embeddings.exact.startswith("text-embedding-3-small, 1536 dimensions at https://llm.example:8443/v1")
    assert "pw" not in answers.label + answers.exact + embeddings.label + embeddings.exact


def test_the_packaged_local_model_gets_its_readable_name():
    engine = _engine(llm=object(), llm_local_gguf="/models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
                     llm_model="qwen2.5-coder-1.5b-instruct-q4_k_m", llm_context_tokens=4096)
    exact = ("qwen2.5-coder-1.5b-instruct-q4_k_m (local GGUF, llama.cpp in this process, 4096-token window) "
             "at http://127.0.0.1:5/v1")
    answers = model_labels.answers(engine, {**OFFLINE_INFO, "llm": exact})
    assert answers.label == "Qwen2.5 Coder 1.5B Instruct, running on this computer, 4,096-token window"
    assert answers.exact == exact
    other = _engine(llm=object(), llm_local_gguf="/m/x.gguf", llm_model="x")
    label = model_labels.answers(other, {**OFFLINE_INFO, "llm": "x"}).label
    assert label == "a local language model, running on this computer"


def test_an_endpoint_serving_minilm_is_an_endpoint_and_a_local_chat_model_is_not_the_embedder(tmp_path):
    # "all-MiniLM-L6-v2" served by an endpoint is not the built-in model
    engine = _engine(embedding_model="all-MiniLM-L6-v2", embedding_base_url="http://emb.example:9000/v1")
    info = {**OFFLINE_INFO, "embedding_model": "all-MiniLM-L6-v2"}
    assert model_labels.embeddings(engine, info).label == "an embedding model at emb.example:9000"
    # a local GGUF chat model points the chat URL in-process; the embedder still goes to its own endpoint
    engine = _engine(llm=object(), llm_local_gguf="/m/x.gguf", openai_base_url="http://127.0.0.1:41234/v1",
                     embedding_model="text-embedding-3-small")
    info = {**OFFLINE_INFO, "embedding_model": "text-embedding-3-small", "embedding_dim": 1536}
    assert model_labels.embeddings(engine, info).label == "an embedding model at api.openai.com"


def test_credentials_in_an_endpoint_never_reach_the_labels(tmp_path):
    from lightrag_core import Engine

    settings = Settings.from_env(tmp_path / "w", llm_model="gpt-4o-mini", neo4j_uri="",
                                 openai_base_url="https://user:pw@llm.example:8443/v1", openai_api_key="sk-secret",
                                 embedding_model="")
    with Engine(settings) as engine:
        info = engine.describe()
        shown = [model_labels.answers(engine, info), model_labels.embeddings(engine, info)]
    text = " ".join(f"{m.label} {m.exact}" for m in shown)
    assert "llm.example:8443" in text and "pw" not in text and "sk-secret" not in text
