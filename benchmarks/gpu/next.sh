#!/bin/bash
# Prepared at the end of the third session (2026-11-30) for the next one's first device call:
#   1. the CUDA oracle check of every operator (one process each, cases side by side, `--log` so
#      that cross-entropy's slow or hanging case shows by name), the new saved-statistics norm
#      backward and the rematerialised broadcasts (RoPE, embedding, matmul, attention) included;
#   2. RoPE and embedding at 65536x128 (barrier-free since the rematerialisation; were 0.399 ms).
# The same-command tables with the peers are `next_tables.sh` (the second call).
# Release binary in .device/bin/metile; Liger and pytest wheels in .whl/. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/liger*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
end=$(( $(date +%s) + 420 ))
for op in cross_entropy rms_norm layer_norm add_rms_norm rope llama4_rope qwen2vl_mrope embedding matmul attention fused_linear_cross_entropy softmax log_softmax swiglu geglu swiglu_packed geglu_packed silu gelu_tanh gelu_erf quick_gelu relu relu_squared sigmoid tanh adamw; do
  left=$(( end - $(date +%s) )); [ $left -le 0 ] && { t "check $op: no time left"; continue; }
  [ $op = cross_entropy ] && lim=120 || lim=$(( left < 60 ? left : 60 ))
  timeout $lim $B check --device cuda --jobs 16 --log $op > $R/check_$op.txt 2> $R/check_$op.log; rc=$?
  t "check $op rc=$rc $(tail -1 $R/check_$op.txt) ($(grep -c '^case' $R/check_$op.log) cases logged)"; grep FAIL $R/check_$op.txt | head -3
  # Cut off: the cases that started and never finished, then the slowest that did.
  [ $rc = 124 ] && { grep '^start' $R/check_$op.log | cut -c7- | sort > /tmp/st; grep '^case' $R/check_$op.log | sed 's/.*failed  //; s/.*error  //' | sort > /tmp/fin
    comm -23 /tmp/st /tmp/fin | head -16 | sed 's/^/  unfinished: /'; grep '^case' $R/check_$op.log | sort -k2 -g -r | head -3; }
done; pack
$B bench rope embedding --device cuda --rows 65536 --cols 128 --dtype bf16 --reps 10 > $R/m_rope.txt 2>&1
t "rope bench done"; grep -v "^entry" $R/m_rope.txt; pack
