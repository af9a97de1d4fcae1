#!/bin/bash
# Session 12, call 4 (2026-11-30), the final code: (1) the runtime's CUDA tests (graph capture
# among them); (2) the whole CUDA check; (3) `metile bench --cuda-graph` beside the peers replayed
# from graphs (`peers.py --cuda-graph`, with Liger 0.8.5 and, for the norms, metile.torch from
# this commit's wheel), joined per group: issue 3's norms first, then issue 4's operators.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r12c4; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 .device/bin/runtime_cuda_tests --test-threads 1 > $R/runtime_cuda_tests.txt 2>&1; t "runtime cuda tests rc=$? $(grep '^test result' $R/runtime_cuda_tests.txt)"; grep -E "FAILED|panicked" $R/runtime_cuda_tests.txt | head -5; pack
timeout 170 $B check --device cuda --jobs 16 > $R/check.txt 2>&1; t "check all rc=$? $(tail -1 $R/check.txt)"; grep FAIL $R/check.txt | cut -c1-200 | head -5; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json --cuda-graph"
for d in bf16 f32; do p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"; timeout 60 $B bench $N --dtype $d $p >> $R/mg_norms.jsonl 2>>$R/m.err; t "bench graph $d rc=$?"; done; pack
P="python3 benchmarks/peers.py --cuda-graph --copy-mib 1024"; export PYTHONUNBUFFERED=1
timeout 150 $P --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"
python3 benchmarks/join.py --metile $R/mg_norms.jsonl --peers $R/p_norms.jsonl > $R/table_norms.md 2>&1; grep "^|" $R/table_norms.md | grep -v "^|---\|operator" | cut -d'|' -f2-12; pack
G="swiglu geglu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 20 --json --cuda-graph"
S="softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 --json --cuda-graph"
Q="rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 20 --json --cuda-graph"
C="cross_entropy --omit weight --device cuda --cols 128256 --reps 10 --json --cuda-graph"
for x in "softmax|$S" "rope|$Q" "glu|$G" "ce_bf16|$C --rows 8192 --dtype bf16" "ce_f32|$C --rows 4096 --dtype f32"; do
  n=${x%%|*}; timeout 60 $B bench ${x#*|} > $R/mg_$n.jsonl 2>>$R/m.err; t "bench graph $n rc=$?"; done; pack
P="$P --no-metile"
timeout 60 $P --ops softmax --rows 16384 --cols 4096 --dtypes bf16 --json $R/p_softmax.jsonl > $R/p_softmax.log 2>&1; t "peers softmax rc=$?"; pack
timeout 60 $P --ops rope --rows 2048 --cols 128 --dtypes bf16 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"; pack
timeout 90 $P --ops swiglu,geglu --rows 8192 --cols 14336 --dtypes bf16 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"; pack
timeout 90 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --json $R/p_ce_bf16.jsonl > $R/p_ce_bf16.log 2>&1; t "peers ce bf16 rc=$?"; pack
timeout 70 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --json $R/p_ce_f32.jsonl > $R/p_ce_f32.log 2>&1; t "peers ce f32 rc=$?"; pack
for n in softmax rope glu ce_bf16 ce_f32; do python3 benchmarks/join.py --metile $R/mg_$n.jsonl --peers $R/p_$n.jsonl > $R/table_$n.md 2>&1
  grep "^|" $R/table_$n.md | grep -v "^|---\|operator" | cut -d'|' -f2-12; done; pack
sort $R/m.err | uniq -c | head
