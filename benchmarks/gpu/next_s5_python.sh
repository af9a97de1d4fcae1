#!/bin/bash
# Prepared at the end of session 4 (2026-11-30): the Python adapters after the session's last
# changes (custom-op dispatch skipped in eager, FLCE parameter gradients in the storage dtype and
# scaled in place, no GPU waits inside FLCE's chunk loop), none of which the GPU has run yet.
# Rebuild the wheel first (`python3 -m pip wheel --no-deps --no-build-isolation ./python -w .whl/`,
# one metile wheel in .whl/). Carry [".device", ".whl"].
#   1. the metile.torch CUDA tests; 2. host time per adapter call and its profile;
#   3. the convergence run (step time and peak memory against Liger: the issue 6 bar);
#   4. the adapters beside the peers (norms, SwiGLU, cross-entropy, FLCE).
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 90 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; tail -3 $R/pytest_cuda.txt
timeout 40 python3 benchmarks/gpu/s4_overhead.py > $R/overhead.txt 2>&1; t "overhead rc=$?"; grep -E "ms/call" $R/overhead.txt; pack
timeout 150 python3 benchmarks/convergence.py --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v Warning $R/convergence_bf16.txt | tail -7; pack
P="python3 benchmarks/peers.py --dtypes bf16 --modes fwd,fwd+bwd --copy-mib 1024"
timeout 80 $P --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --json $R/a_norms.jsonl > $R/a_norms.log 2>&1; t "norms rc=$?"
timeout 60 $P --ops swiglu --rows 8192 --cols 14336 --json $R/a_glu.jsonl > $R/a_glu.log 2>&1; t "glu rc=$?"
timeout 60 $P --ops cross_entropy --rows 8192 --cols 128256 --json $R/a_ce.jsonl > $R/a_ce.log 2>&1; t "ce rc=$?"
timeout 120 $P --ops fused_linear_cross_entropy --rows 8192 --cols 4096 --vocab 128256 --json $R/a_flce.jsonl > $R/a_flce.log 2>&1; t "flce rc=$?"
cat $R/a_*.jsonl > $R/adapters.jsonl; python3 benchmarks/join.py --peers $R/adapters.jsonl 2>&1 | grep "^|"; pack
# The peers replayed from CUDA graphs (launch cost out): the kernels' own times, stable across
# hosts; metile.torch calls that read device values cannot be captured and show as FAILED.
timeout 80 $P --cuda-graph --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "graph norms rc=$?"
python3 benchmarks/join.py --peers $R/g_norms.jsonl 2>&1 | grep "^|"; pack
