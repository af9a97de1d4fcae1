#!/bin/bash
# Session 3, third call (2026-11-30): the CUDA oracle check of every operator with the aligned
# fast body (one process per operator, cases side by side), an A/B of the fast body on the norm
# backwards (METILE_CUDA_FAST=0 leaves it out), and the peers for SwiGLU/GeGLU and cross-entropy
# (metile's side was measured in call4). Everything lands in $OUT/all.tar.gz.
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
N="--device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20"
for f in 0 1; do METILE_CUDA_FAST=$f $B bench rms_norm layer_norm add_rms_norm $N > $R/ab_fast$f.txt 2>&1; done
t "A/B done"; paste <(awk '{print $1, $2, $5}' $R/ab_fast0.txt) <(awk '{print $5}' $R/ab_fast1.txt) | grep -v "^entry"; pack
end=$(( $(date +%s) + 330 ))
for op in rms_norm layer_norm add_rms_norm softmax log_softmax swiglu geglu swiglu_packed geglu_packed silu gelu_tanh embedding rope llama4_rope qwen2vl_mrope cross_entropy fused_linear_cross_entropy matmul attention relu relu_squared sigmoid tanh gelu_erf quick_gelu; do
  left=$(( end - $(date +%s) )); [ $left -le 0 ] && { t "check $op: no time left"; continue; }
  [ $left -gt 150 ] && left=150
  timeout $left $B check --device cuda --jobs 16 $op > $R/check_$op.txt 2>&1; t "check $op rc=$? $(tail -1 $R/check_$op.txt)"; grep FAIL $R/check_$op.txt | head -3
done; pack
P="python3 benchmarks/peers.py"; export PYTHONUNBUFFERED=1
timeout 55 $P --dtypes bf16 --ops swiglu,geglu --rows 8192 --cols 14336 --copy-mib 1024 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"; grep -v "^ " $R/p_glu.log | tail -12; pack
timeout 50 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce16.jsonl > $R/p_ce16.log 2>&1; t "peers ce bf16 rc=$?"; grep -v "^ " $R/p_ce16.log | tail -6; pack
