#!/bin/bash
# Session 5 (2026-11-30), second device call: the fast float helpers (exp as ex2.approx, one-
# instruction NaN min/max, approximate sigmoid reciprocal) against the precise ones
# (METILE_CUDA_PRECISE_MATH=1): the CUDA oracle check of every operator (those using exp, min or
# max first), the A/B timings, a SwiGLU block/thread sweep, then the Python adapters on CUDA
# (pytest, host overhead, the convergence run against Liger). Release binary in
# .device/bin/metile, wheels in .whl/. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
end=$(( $(date +%s) + 150 ))
for op in cross_entropy softmax log_softmax fused_linear_cross_entropy attention swiglu geglu swiglu_packed geglu_packed silu sigmoid quick_gelu relu relu_squared tanh gelu_tanh gelu_erf rms_norm layer_norm add_rms_norm rope llama4_rope qwen2vl_mrope embedding matmul adamw; do
  left=$(( end - $(date +%s) )); [ $left -le 0 ] && { t "check $op: no time left"; continue; }
  lim=$(( left < 60 ? left : 60 ))
  timeout $lim $B check --device cuda --jobs 16 $op > $R/check_$op.txt 2>&1; rc=$?
  echo "check $op rc=$rc $(tail -1 $R/check_$op.txt)"; grep FAIL $R/check_$op.txt | head -3
done; t checks; pack
ab() { for m in 0 1; do METILE_CUDA_PRECISE_MATH=$m $B bench "$@" 2>&1 | grep -E "fwd|bwd" | sed "s/^/precise=$m: /"; done; }
ab softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20
ab cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10
ab cross_entropy --omit weight --device cuda --rows 4096 --cols 128256 --dtype f32 --reps 10
ab swiglu geglu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 10
t "a/b done"; pack
for blk in 2048 4096; do for th in 128 256 512; do
  METILE_ACT_BLOCK=$blk METILE_CUDA_THREADS=$th $B bench swiglu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 10 2>&1 | grep -E "forward |backward " | sed "s/^/block $blk threads $th: /"
done; done; t "sweep done"; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
K="ncu --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats"
G="Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Warp Cycles Per Issued|Block Size|Grid Size|Stall|Issued Ipc"
timeout 40 $K -k regex:mt_softmax_fwd --launch-skip 2 --launch-count 1 $B bench softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 1 > $R/ncu_sm.txt 2>&1
timeout 40 $K -k regex:mt_layer_norm_fwd --launch-skip 2 --launch-count 1 $B bench layer_norm --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 1 > $R/ncu_ln.txt 2>&1
timeout 60 $K -k regex:"softmax|layer_norm" --launch-skip 2 --launch-count 2 python3 benchmarks/gpu/s5_liger_kernels.py > $R/ncu_liger.txt 2>&1
for f in ncu_sm ncu_ln ncu_liger; do echo "== $f"; grep -E "^  [a-zA-Z_]|$G" $R/$f.txt | sed 's/  */ /g' | head -30; done; t "ncu done"; pack
export PYTHONUNBUFFERED=1
timeout 90 python3 -m pytest -q -rs python/tests/test_torch.py -k cuda > $R/pytest_cuda.txt 2>&1; t "pytest cuda rc=$?"; tail -3 $R/pytest_cuda.txt
timeout 40 python3 benchmarks/gpu/s4_overhead.py > $R/overhead.txt 2>&1; t "overhead rc=$?"; grep -E "ms/call" $R/overhead.txt | cut -c1-150; pack
timeout 150 python3 benchmarks/convergence.py --json $R/convergence_bf16.json > $R/convergence_bf16.txt 2>&1; t "convergence rc=$?"; grep -v Warning $R/convergence_bf16.txt | tail -8; pack
