#!/bin/bash
# Last call of the session (2026-11-29, second session): CUDA correctness of the operators that
# are new or changed since final.sh ran, first GPU figures for matmul (cuBLAS and DSL paths),
# attention, fused linear CE, RoPE and embedding, and the norms (bf16 fwd+bwd) and cross-entropy
# re-measured side by side with the peers. Details land in $OUT/all.tar.gz (one file).
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
# One process per operator: `metile check` prints its table when it finishes, so an operator cut
# off by the time limit loses only its own rows (2026-11-29: one process for nine operators hit its
# 150 s limit and printed nothing).
chk() { local name=$1 lim=$2; shift 2; local end=$(( $(date +%s) + lim ))
  for op in "$@"; do local left=$(( end - $(date +%s) )); [ $left -le 0 ] && { t "check $op: no time left"; continue; }
    timeout $left $B check --device cuda $op > $R/check_${name}_$op.txt 2>&1; t "check $op rc=$? $(tail -1 $R/check_${name}_$op.txt)"
    grep FAIL $R/check_${name}_$op.txt | head -4; done; }
chk new 150 rms_norm layer_norm add_rms_norm cross_entropy softmax log_softmax matmul attention fused_linear_cross_entropy
pack
chk old 60 rope llama4_rope qwen2vl_mrope embedding relu_squared sigmoid tanh relu silu gelu_tanh gelu_erf quick_gelu swiglu geglu swiglu_packed geglu_packed
pack
N="--device cuda --rows 16384 --cols 4096"
( $B bench rms_norm layer_norm add_rms_norm $N --dtype bf16 --reps 20 --json > $R/m_norms.jsonl
  $B bench cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10 --json > $R/m_ce.jsonl
  for be in blas dsl; do METILE_MATMUL_BACKEND=$be $B bench matmul --device cuda --rows 8192 --cols 4096 --dtype bf16 --reps 5; done
  $B bench attention --device cuda --rows 4096 --cols 128 --dtype bf16 -p causal=true --reps 5
  $B bench fused_linear_cross_entropy --device cuda --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --reps 3
  $B bench rope embedding --device cuda --rows 65536 --cols 128 --dtype bf16 --reps 10 ) > $R/m_other.txt 2>&1
t "metile bench done"; grep -v "^entry" $R/m_other.txt; pack
P="python3 benchmarks/peers.py"; export PYTHONUNBUFFERED=1
timeout 45 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce.jsonl > $R/p_ce.log 2>&1; t "peers ce rc=$?"
python3 benchmarks/join.py --metile $R/m_ce.jsonl --peers $R/p_ce.jsonl > $R/table_ce.md 2>&1; cat $R/table_ce.md; pack
timeout 50 $P --dtypes bf16 --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"
python3 benchmarks/join.py --metile $R/m_norms.jsonl --peers $R/p_norms.jsonl > $R/table_norms.md 2>&1; cat $R/table_norms.md; pack
timeout 40 $B train --device cuda --check-gradients --layers 1 --dim 32 --heads 2 --kv-heads 1 --seq-len 16 --batch 2 > $R/train_grad.txt 2>&1; t "train gradient check on cuda rc=$?"; tail -2 $R/train_grad.txt; pack
