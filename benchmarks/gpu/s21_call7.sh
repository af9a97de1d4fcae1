#!/bin/bash
# Session 21, call 7 (carry [".device", ".whl"]): chunked DPO through metile.torch at 1, 2 and 4
# pairs per chunk (benchmarks/gpu/s21/dpo_chunks.py).
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl .device/wheels/*.whl && export PYTHONPATH=/tmp/site
mkdir -p $OUT/r && timeout 200 python3 benchmarks/gpu/s21/dpo_chunks.py 2>&1 | tee $OUT/r/dpo_chunks.txt
