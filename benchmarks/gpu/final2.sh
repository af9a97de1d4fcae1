#!/bin/bash
# Last call of the session (2026-11-29, second session): CUDA correctness of the operators that
# changed since final.sh ran, the re-measured norms (bf16) and cross-entropy side by side with the
# peers, and first figures for matmul (cuBLAS and DSL paths), attention and fused linear CE.
# Everything lands in $OUT/all.tar.gz (one file).
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
OPS="rms_norm layer_norm add_rms_norm cross_entropy softmax log_softmax matmul ${EXTRA_OPS} relu_squared sigmoid tanh relu silu gelu_tanh gelu_erf quick_gelu swiglu geglu swiglu_packed geglu_packed"
timeout 200 $B check --device cuda $OPS > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | head -12
METILE_MATMUL_BACKEND=dsl timeout 30 $B check matmul --device cuda > $R/check_mm_dsl.txt 2>&1; t "matmul dsl check: $(tail -1 $R/check_mm_dsl.txt)"
N="--device cuda --rows 16384 --cols 4096"
$B bench rms_norm layer_norm add_rms_norm $N --dtype bf16 --reps 20 --json > $R/m_norms.jsonl 2>&1
$B bench cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10 --json > $R/m_ce.jsonl 2>&1
for be in blas dsl; do METILE_MATMUL_BACKEND=$be timeout 30 $B bench matmul --device cuda --rows 8192 --cols 4096 --dtype bf16 --reps 5 > $R/m_matmul_$be.txt 2>&1; done
[ -n "$BENCH_EXTRA" ] && timeout 60 bash -c "$BENCH_EXTRA" > $R/m_extra.txt 2>&1
t "metile bench done"; cat $R/m_matmul_*.txt $R/m_extra.txt 2>/dev/null | grep -v "^entry"
P="python3 benchmarks/peers.py"; export PYTHONUNBUFFERED=1
timeout 70 $P --dtypes bf16 --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"
timeout 50 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce.jsonl > $R/p_ce.log 2>&1; t "peers ce rc=$?"
python3 benchmarks/join.py --metile $R/m_norms.jsonl --peers $R/p_norms.jsonl > $R/table_norms.md 2>&1; cat $R/table_norms.md
python3 benchmarks/join.py --metile $R/m_ce.jsonl --peers $R/p_ce.jsonl > $R/table_ce.md 2>&1; cat $R/table_ce.md
tar czf $OUT/all.tar.gz -C $R .
