"""The in-process GGUF model's set-up: clear errors before llama.cpp sees a bad file, and its defaults.
(The model itself runs in tests/local_llm, opt-in: it needs the 1.1 GB file.)"""

from __future__ import annotations

import sys

import pytest

from lightrag_core.config import Settings
from lightrag_core.local_llm import serve, with_local_llm
from lightrag_core.models import LightRAGError


def test_without_a_local_model_the_settings_are_unchanged(tmp_path):
    settings = Settings.from_env(tmp_path, environ={}, env_file=None)
    assert with_local_llm(settings) is settings and not settings.llm_configured


def test_a_local_model_changes_the_defaults_a_one_slot_server_needs(tmp_path):
    local = Settings.from_env(tmp_path, environ={"LLM_LOCAL_GGUF": "/models/m.gguf"}, env_file=None)
    remote = Settings.from_env(tmp_path, environ={"LLM_MODEL": "m", "OPENAI_API_KEY": "k"}, env_file=None)
    assert local.llm_configured
    assert (local.llm_concurrency, local.llm_timeout, local.max_gleaning, local.llm_max_tokens_answer) == (
        1, 900, 0, 1024)
    assert (remote.llm_concurrency, remote.llm_timeout, remote.max_gleaning, remote.llm_max_tokens_answer) == (
        4, 120, 1, 2048)
    chosen = Settings.from_env(tmp_path, environ={"LLM_LOCAL_GGUF": "/m.gguf", "LLM_CONCURRENCY": "2",
                                                  "LLM_LOCAL_CTX": "8192"}, env_file=None)
    assert chosen.llm_concurrency == 2 and chosen.llm_local_ctx == 8192  # what the user sets wins


def test_a_missing_or_foreign_file_is_named_before_llama_cpp_loads_it(tmp_path):
    with pytest.raises(LightRAGError, match="no file at"):
        serve(tmp_path / "absent.gguf", 512)
    other = tmp_path / "model.gguf"
    other.write_bytes(b"PK\x03\x04 a zip, not a model")
    with pytest.raises(LightRAGError, match="is not a GGUF model file"):
        serve(other, 512)


def test_without_the_extra_installed_the_error_says_how_to_install_it(tmp_path, monkeypatch):
    model = tmp_path / "model.gguf"
    model.write_bytes(b"GGUF" + bytes(64))
    monkeypatch.setitem(sys.modules, "xllamacpp", None)  # as if the optional wheel were not installed
    with pytest.raises(LightRAGError, match="pip install -r requirements-local-llm.txt"):
        serve(model, 512)
