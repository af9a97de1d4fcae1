#!/bin/bash
# Session 7, fifth device call (2026-11-30): after s7_call4.sh's two test faults. (1) The runtime's
# CUDA tests: the stream-scope tests now capture in thread-local mode (global mode made the other
# tests' allocations and waits fail: they run on other threads of the same process meanwhile);
# (2) metile.torch's CUDA tests in both stream modes (the side-stream test now starts from an idle
# device: in the library-mode run an earlier test's work was still on the library's stream).
# Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
R=/tmp/r5; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 30 .device/bin/test_runtime_cuda > $R/runtime_cuda.txt 2>&1; t "runtime cuda tests rc=$?"; grep -E "test result|FAILED|panicked|skipping" $R/runtime_cuda.txt | head -8; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
timeout 40 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda (current) rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -4
timeout 40 env METILE_TORCH_STREAM=library python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda_library.txt 2>&1; t "pytest cuda (library) rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda_library.txt | tail -4; pack
