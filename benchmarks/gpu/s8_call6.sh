#!/bin/bash
# Session 8, call 6: the final state (the emitter split reverted) verified: runtime tests, the
# whole CUDA check, metile.torch's CUDA tests.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 40 .device/bin/test_runtime_cuda > $R/runtime_cuda.txt 2>&1; t "runtime cuda tests rc=$?"; grep -E "test result|FAILED|panicked" $R/runtime_cuda.txt | head -5
timeout 170 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-180 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 60 python3 -m pytest -q -rs python/tests/test_torch.py -k "cuda or rope" > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -4; pack
