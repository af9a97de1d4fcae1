#!/bin/bash
# Session 3, first call (2026-11-29): the complete CUDA oracle check, one process per operator
# (`metile check` prints its table when it finishes), and the model gradient check on CUDA.
# Everything lands in $OUT/all.tar.gz.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
chk() { local name=$1 lim=$2; shift 2; local end=$(( $(date +%s) + lim ))
  for op in "$@"; do local left=$(( end - $(date +%s) )); [ $left -le 0 ] && { t "check $op: no time left"; continue; }
    timeout $left $B check --device cuda $op > $R/check_${name}_$op.txt 2>&1; t "check $op rc=$? $(tail -1 $R/check_${name}_$op.txt)"
    grep FAIL $R/check_${name}_$op.txt | head -4; done; pack; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
chk a 330 rms_norm layer_norm add_rms_norm cross_entropy softmax log_softmax matmul attention fused_linear_cross_entropy
chk b 120 rope llama4_rope qwen2vl_mrope embedding relu_squared sigmoid tanh relu silu gelu_tanh gelu_erf quick_gelu swiglu geglu swiglu_packed geglu_packed
timeout 40 $B train --device cuda --check-gradients --layers 1 --dim 32 --heads 2 --kv-heads 1 --seq-len 16 --batch 2 > $R/train_grad.txt 2>&1; t "train gradient check on cuda rc=$?"; tail -2 $R/train_grad.txt; pack
