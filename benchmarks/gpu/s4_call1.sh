#!/bin/bash
# Session 4 (2026-11-30), first device call: the CUDA oracle check of every operator (cross-entropy
# first, `--log` so that a slow or hanging case shows by name), then hardware counters (ncu) of the
# norm kernels that miss the bar (LayerNorm backward bf16 with and without the fast body, the
# LayerNorm and fused-add forwards) and SwiGLU's forward, then RoPE/embedding after the
# rematerialised broadcasts. Release binary in .device/bin/metile. Carry [".device"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
end=$(( $(date +%s) + 330 ))
for op in cross_entropy rms_norm layer_norm add_rms_norm rope llama4_rope qwen2vl_mrope embedding matmul attention fused_linear_cross_entropy softmax log_softmax swiglu geglu swiglu_packed geglu_packed silu gelu_tanh gelu_erf quick_gelu relu relu_squared sigmoid tanh adamw; do
  left=$(( end - $(date +%s) )); [ $left -le 0 ] && { t "check $op: no time left"; continue; }
  [ $op = cross_entropy ] && lim=100 || lim=$(( left < 45 ? left : 45 ))
  timeout $lim $B check --device cuda --jobs 16 --log $op > $R/check_$op.txt 2> $R/check_$op.log; rc=$?
  t "check $op rc=$rc $(tail -1 $R/check_$op.txt) ($(grep -c '^case' $R/check_$op.log) cases logged)"; grep FAIL $R/check_$op.txt | head -3
  [ $rc = 124 ] && { grep '^start' $R/check_$op.log | cut -c7- | sort > /tmp/st; grep '^case' $R/check_$op.log | sed 's/.*failed  //; s/.*error  //; s/.*passed  //' | sort > /tmp/fin
    comm -23 /tmp/st /tmp/fin | head -12 | sed 's/^/  unfinished: /'; head -3 $R/check_$op.log; tail -3 $R/check_$op.log; }
done; pack
N="--device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 1"
SEC="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis"
prof() { name=$1; k=$2; shift 2; timeout 60 ncu --clock-control none $SEC -k regex:$k --launch-skip 2 --launch-count 1 "$@" > $R/ncu_$name.txt 2>&1
  t "ncu $name rc=$?"; grep -E "Duration|DRAM Throughput|Memory Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Block Size|Grid Size|Issued Ipc|Warp Cycles Per Issued|Dynamic Shared|Static Shared|L1/TEX Hit|L2 Hit|Waves Per SM" $R/ncu_$name.txt | sed 's/  */ /g' | head -20; }
METILE_CUDA_FAST=0 prof ln_bwd_general mt_layer_norm_bwd $B bench layer_norm $N
prof ln_bwd_fast mt_layer_norm_bwd $B bench layer_norm $N
prof ln_fwd mt_layer_norm_fwd $B bench layer_norm $N
prof add_fwd mt_add_rms_norm_fwd $B bench add_rms_norm $N
prof rms_fwd mt_rms_norm_fwd $B bench rms_norm $N
prof swiglu_fwd mt_swiglu_fwd $B bench swiglu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 1
pack
$B bench rope embedding --device cuda --rows 65536 --cols 128 --dtype bf16 --reps 10 > $R/m_rope.txt 2>&1
t "rope bench done"; grep -v "^entry" $R/m_rope.txt; pack
