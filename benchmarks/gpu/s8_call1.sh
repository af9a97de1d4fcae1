#!/bin/bash
# Session 8, call 1: the first half of next_s8.sh, plus a host-time profile of the convergence run.
# (1) runtime CUDA tests and metile.torch's CUDA tests in both stream modes (unverified fixes);
# (2) check on CUDA: RoPE (layout=bthd, never on a GPU), the distribution losses (pipelined reduced
#     forward), cross-entropy; the norms with a 512-column GPU step (the stepped in-place backward);
# (3) convergence with --profile 10 (where metile's 4-6 ms of host time per step goes) and the
#     step-2 peak breakdown (the 8.2 MiB over Liger).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 40 .device/bin/test_runtime_cuda > $R/runtime_cuda.txt 2>&1; t "runtime cuda tests rc=$?"; grep -E "test result|FAILED|panicked" $R/runtime_cuda.txt | head -8; pack
timeout 70 $B check --device cuda --jobs 16 rope kl_div jsd tvd cross_entropy > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-180 | head -5
timeout 60 env METILE_GPU_STEP=512 $B check --device cuda --jobs 16 rms_norm layer_norm add_rms_norm > $R/check_step512.txt 2>&1; t "check norms step 512 rc=$? $(tail -1 $R/check_step512.txt)"; grep FAIL $R/check_step512.txt | cut -c1-180 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
timeout 50 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda (current) rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda.txt | tail -4
timeout 50 env METILE_TORCH_STREAM=library python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda_library.txt 2>&1; t "pytest cuda (library) rc=$?"; grep -E "passed|failed|Error" $R/pytest_cuda_library.txt | tail -4; pack
timeout 200 python3 benchmarks/convergence.py --memory-step 2 --profile 10 --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v -i "warn\|backend impl" $R/convergence_bf16.txt | grep -B3 -A30 "^way \|host time per step" | cut -c1-200 | head -120; pack
