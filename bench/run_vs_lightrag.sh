#!/usr/bin/env bash
# Benchmark against LightRAG in a venv of its own (layered on the project's packages),
# so lightrag-hku never enters the project's environment.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv-bench/bin/python ]; then
    python -m venv --system-site-packages .venv-bench
fi
.venv-bench/bin/pip install -q -r bench/requirements.txt
.venv-bench/bin/python bench/vs_lightrag.py "$@"
