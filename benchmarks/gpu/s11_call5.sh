#!/bin/bash
# Session 11, call 5 (2026-11-30): compute-sanitizer racecheck and memcheck over the kernels whose
# reduction rounds changed this session (four sibling reductions sharing one round: the norm
# backwards, PolyNorm; softmax and cross-entropy as controls), serial, each under its own limit;
# then the metile.torch CUDA tests with the fixed error test.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r11c5; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
for tool in racecheck memcheck; do for op in layer_norm poly_norm add_rms_norm rms_norm softmax; do
  timeout -s INT 40 compute-sanitizer --tool $tool --print-limit 5 $B check --device cuda --jobs 1 $op > $R/${tool}_$op.txt 2>&1; rc=$?
  echo "$tool $op rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/${tool}_$op.txt | tail -1) $(grep -E 'passed' $R/${tool}_$op.txt | tail -1)"; pack
done; t "$tool done"; done
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 100 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; tail -3 $R/pytest_cuda.txt; pack
