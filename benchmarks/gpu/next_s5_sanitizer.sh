#!/bin/bash
# Prepared at the end of session 4 (2026-11-30): compute-sanitizer over the whole CUDA oracle
# suite (issue 3, item 5): memcheck, then racecheck (shared-memory hazards: the reduction rounds,
# now with sibling reductions sharing one round), one operator at a time, serial (the tools slow
# kernels 10-100x), each under its own time limit. Carry [".device"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
OPS="rms_norm layer_norm add_rms_norm softmax log_softmax cross_entropy swiglu geglu swiglu_packed geglu_packed silu gelu_tanh gelu_erf quick_gelu relu relu_squared sigmoid tanh rope llama4_rope qwen2vl_mrope embedding matmul attention fused_linear_cross_entropy adamw"
for tool in memcheck racecheck; do for op in $OPS; do
  timeout 40 compute-sanitizer --tool $tool --print-limit 5 $B check --device cuda --jobs 1 $op > $R/${tool}_$op.txt 2>&1; rc=$?
  echo "$tool $op rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $R/${tool}_$op.txt | tail -1) $(grep -E 'passed' $R/${tool}_$op.txt | tail -1)"
done; t "$tool done"; done; tar czf $OUT/all.tar.gz -C $R .
