"""An int8-arithmetic copy of the shipped MiniLM, made once per machine with onnxruntime's own tools.

The shipped `model.onnx` stores its weights as int8 but dequantises them when a session loads it,
so every matrix product runs in float32 (two thirds of the model's time). The copy made here
folds those constants into float weights (onnxruntime's basic graph optimisation) and then
quantises the weight matrix products dynamically, per output channel (onnxruntime.quantization;
all but the feed-forward outputs, see below): weights int8, activations uint8 per call. It embeds
the texts over a few tokens (`embeddings.Int8MiniLM`); the float model keeps the short ones, which
one uint8 scale represents worst. Measured in `bench/results/index_speed_int8.md`.

The copy is named by a digest of the source model, so a new model package makes a new copy, and
it is written to a temporary name and renamed into place, so two processes making it at once, or
one killed half way, never leave a partial file under the final name.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# Bump when the recipe below changes: a copy made by another recipe is a different model.
RECIPE = "fold-basic+dynamic-matmul-per-channel+float-ffn-out-v2"


def _digest(source: Path) -> str:
    h = hashlib.sha256(RECIPE.encode())
    with source.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()[:16]


@contextmanager
def _quiet_quantiser() -> Iterator[None]:
    """The quantiser logs advice through the root logger; keep it out of our logs, configure nothing."""
    root = logging.getLogger()
    guard = logging.NullHandler()  # with no handler at all, logging.warning() would configure the root

    def keep(record: logging.LogRecord) -> bool:
        return "pre-processing before quantization" not in record.getMessage()

    root.addHandler(guard)
    root.addFilter(keep)
    try:
        yield
    finally:
        root.removeFilter(keep)
        root.removeHandler(guard)


def _feed_forward_outputs(model: Path) -> list[str]:
    """The products that bring each layer's feed-forward output back to the hidden width.

    Their input is the GELU's output, whose long tail one uint8 scale per call represents worst:
    quantised too, the vectors' cosine with the float model's fell from 0.9975 to 0.995 on
    hotpotqa_100 passages, and global mode's recall@5 by 0.005 more; they are a sixth of the products.
    """
    import onnx

    graph = onnx.load(str(model)).graph
    shapes = {w.name: tuple(w.dims) for w in graph.initializer}
    names = []
    for node in graph.node:
        if node.op_type != "MatMul":
            continue
        weight = next((shapes[i] for i in node.input if i in shapes), None)
        if weight and len(weight) == 2 and weight[0] > weight[1]:  # wide in, narrow out: 1536 -> 384
            names.append(node.name)
    return names


def copy_path(source: Path, cache_dir: Path) -> Path:
    return cache_dir / f"{source.stem}-int8-{_digest(source)}.onnx"


def int8_copy(source: Path, cache_dir: Path) -> Path:
    """The int8 copy of `source` in `cache_dir`, made first if it is not there (a few seconds)."""
    target = copy_path(source, cache_dir)
    if target.is_file():
        return target
    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic

    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache_dir, prefix=".making-") as scratch:
        folded = Path(scratch) / "folded.onnx"
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.optimized_model_filepath = str(folded)
        options.log_severity_level = 3
        ort.InferenceSession(str(source), options, providers=["CPUExecutionProvider"])
        made = Path(scratch) / "int8.onnx"
        with _quiet_quantiser():
            quantize_dynamic(folded, made, weight_type=QuantType.QInt8, per_channel=True,
                             op_types_to_quantize=["MatMul"], nodes_to_exclude=_feed_forward_outputs(folded))
        os.replace(made, target)  # atomic within one directory
    return target


def forget(source: Path, cache_dir: Path) -> None:
    """Remove a copy onnxruntime could not load (a damaged file), so the next call makes it again."""
    copy_path(source, cache_dir).unlink(missing_ok=True)
