#!/usr/bin/env bash
# Reproduce every figure in the README: engine on hotpotqa_100, LightRAG side by side, scale, page render times, load, plots.
# Takes about 55 minutes on 2 cores (the 1M-entity scale point alone about 15). Run it on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv-bench/bin/python ]; then
    python -m venv --system-site-packages .venv-bench
fi
.venv-bench/bin/pip install -q -r bench/requirements.txt
python bench/engine_bench.py --corpus ../shared/data/hotpotqa_100 --out bench/results/hotpotqa_100
python bench/wiki_forms.py --out bench/results/wiki_forms   # offline short answers, invented passages
.venv-bench/bin/python bench/vs_lightrag.py --questions 30 --passages 300 --out bench/results/vs_lightrag
python bench/scale_bench.py --sizes 10000,100000,1000000 --out bench/results/scale
python bench/page_bench.py --sizes 10000,100000 --out bench/results/pages
python bench/load_bench.py --label latest --out bench/results/load   # 16 clients for 60 s, inserts meanwhile
python bench/load_bench.py --cold --label cold --out bench/results/load_cold   # the same from a fresh server
python bench/cold_start.py --workdir /tmp/lightrag_cold_start_index --label latest   # 16 first requests at once
.venv-bench/bin/python bench/plots.py
