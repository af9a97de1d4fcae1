#!/bin/bash
# Session 8, call 7 (the budget's last minutes): the review mends on a GPU: the zero-copy tests
# (FLCE windows against copies under sum, none with z-loss rows, and the backward under none) and
# metile.torch's CUDA tests (DyT and PolyNorm on CUDA tensors, RoPE's q+k after the mends).
cd "$(dirname "$0")/../.."
R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 40 .device/bin/test_zero_copy > $R/zero_copy.txt 2>&1; t "zero copy rc=$?"; grep -E "test result|FAILED|panicked" $R/zero_copy.txt | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 50 python3 -m pytest -q -x -rs python/tests/test_torch.py -k "cuda or rope or dyt or poly" > $R/pytest_cuda.txt 2>&1; t "pytest rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -4; pack
