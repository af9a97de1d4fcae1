#!/bin/bash
# Session 8, call 3: after the FLCE chunk changes (windows of hidden, grad_hidden, targets and
# the per-row losses; no [V] class-weight buffer; no z-loss rows at scale 0) and the bridge's raw
# stream: runtime tests (Buffer::window on device memory), the CE/FLCE check on CUDA, metile.torch's
# CUDA tests, host time per call, and the convergence run (step time and peak against Liger).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 40 .device/bin/test_runtime_cuda > $R/runtime_cuda.txt 2>&1; t "runtime cuda tests rc=$?"; grep -E "test result|FAILED|panicked" $R/runtime_cuda.txt | head -8
timeout 60 $B check --device cuda --jobs 16 fused_linear_cross_entropy cross_entropy > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-180 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 60 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -4; pack
timeout 90 python3 benchmarks/host_overhead.py > $R/host_overhead.txt 2>&1; t "host overhead rc=$?"; grep "^|" $R/host_overhead.txt | tail -16; pack
timeout 200 python3 benchmarks/convergence.py --memory-step 2 --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v -i "warn\|backend impl" $R/convergence_bf16.txt | grep -A40 "^way " | cut -c1-200 | head -50; pack
