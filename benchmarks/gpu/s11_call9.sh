#!/bin/bash
# Session 11, call 9 (2026-11-30): after the review's fixes (unfilled partial rows of the
# single-tile norm backwards, copies without a zero fill for in-place staging, AdamW and FLCE,
# metile.torch's fused add returning the kernel's dresidual, NormSpec::max_threads): the whole
# FP64 check on the H200, then the metile.torch CUDA tests (with the new error test).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r11c9; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 125 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 60 python3 -m pytest -q -rs -x python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; tail -3 $R/pytest_cuda.txt; pack
