#!/bin/bash
# Session 7, fourth device call (2026-11-30): the merged state on the H200. (1) every operator's
# CUDA check (the runtime now asks one `CudaDevice::stream()` for every launch, copy and product;
# the in-place entries' host code changed: registry::write_over); (2) the runtime's CUDA tests,
# among them the new stream-scope tests (a launch, a copy and a product queued on a caller's
# stream, captured into a CUDA graph); (3) metile.torch's CUDA tests with calls on torch's current
# stream (the new default) and with METILE_TORCH_STREAM=library; (4) the convergence run with the
# peak-memory breakdown at step 2 (issue 6's bar: metile's step time and peak against Liger's).
# Release binary and the runtime's CUDA test binary in .device/bin; wheels in .whl/ (rebuilt).
# Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r4; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 110 $B check --device cuda --jobs 16 > $R/check_all.txt 2>&1; t "check all rc=$? $(tail -1 $R/check_all.txt)"; grep FAIL $R/check_all.txt | cut -c1-180 | head -5; pack
timeout 30 .device/bin/test_runtime_cuda > $R/runtime_cuda.txt 2>&1; t "runtime cuda tests rc=$?"; grep -E "test result|FAILED|panicked|skipping" $R/runtime_cuda.txt | head -8; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 60 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda (current stream) rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -6; pack
timeout 30 env METILE_TORCH_STREAM=library python3 -m pytest -q -rs python/tests/test_torch.py -k "cuda and (stream or error or in_place or rms)" > $R/pytest_cuda_library.txt 2>&1; t "pytest cuda (library stream) rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda_library.txt | tail -4; pack
timeout 150 python3 benchmarks/convergence.py --memory-step 2 --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v -i "warn\|backend impl" $R/convergence_bf16.txt | tail -45; pack
