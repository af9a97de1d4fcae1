#!/bin/bash
# Session 12, call 3 (2026-11-30): (1) the runtime's CUDA tests (the new `Device::capture`
# test among them), built here (`cargo test --release -p metile-runtime --test cuda --no-run`);
# (2) `metile bench --cuda-graph` (each repetition a replay of a captured graph of 20 calls) and
# plain `metile bench`, beside the peers replayed from graphs (`peers.py --cuda-graph`), for the
# issue 3 norms and the issue 4 row and elementwise operators, joined into one table per group;
# (3) f32 norm backwards with every load through the read-only path (`METILE_CUDA_LOAD_HINT=ldg`,
# call 2: 1-3% faster launched), graph-timed; (4) per-kernel times of one f32 norm backward.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r12c3; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 .device/bin/runtime_cuda_tests --test-threads 1 > $R/runtime_cuda_tests.txt 2>&1; t "runtime cuda tests rc=$? $(grep '^test result' $R/runtime_cuda_tests.txt)"; grep -E "FAILED|panicked" $R/runtime_cuda_tests.txt | head -5; pack
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
for d in bf16 f32; do p=""; [ $d = bf16 ] && p="-p grad_dtype=storage"
  timeout 60 $B bench $N --dtype $d $p --cuda-graph >> $R/mg_norms.jsonl 2>>$R/m.err; t "bench graph $d rc=$?"
  timeout 60 $B bench $N --dtype $d $p >> $R/ml_norms.jsonl 2>>$R/m.err; t "bench launch $d rc=$?"; pack; done
timeout 60 env METILE_CUDA_LOAD_HINT=ldg $B bench $N --dtype f32 --cuda-graph > $R/mg_norms_ldg.jsonl 2>>$R/m.err; t "bench graph ldg f32 rc=$?"; pack
G="swiglu geglu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 20 --json"
S="softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 --json"
Q="rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 20 --json"
C="cross_entropy --omit weight --device cuda --cols 128256 --reps 10 --json"
for x in "glu|$G" "softmax|$S" "rope|$Q" "ce_bf16|$C --rows 8192 --dtype bf16" "ce_f32|$C --rows 4096 --dtype f32"; do
  n=${x%%|*}; a=${x#*|}
  timeout 60 $B bench $a --cuda-graph > $R/mg_$n.jsonl 2>>$R/m.err; t "bench graph $n rc=$?"
  timeout 60 $B bench $a > $R/ml_$n.jsonl 2>>$R/m.err; t "bench launch $n rc=$?"; pack
done
M="--clock-control none --metrics gpu__time_duration.sum"
for op in rms_norm layer_norm; do timeout 40 ncu $M -k regex:mt_ --launch-count 12 $B bench $op --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 1 > $R/ncu_times_$op.txt 2>&1; t "ncu times $op rc=$?"; done; pack
P="python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --no-metile"; export PYTHONUNBUFFERED=1
timeout 150 $P --ops rms_norm,layer_norm,fused_add_rms_norm --rows 16384 --cols 4096 --dtypes bf16,f32 --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"; pack
timeout 90 $P --ops swiglu,geglu --rows 8192 --cols 14336 --dtypes bf16 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"; pack
timeout 60 $P --ops softmax --rows 16384 --cols 4096 --dtypes bf16 --json $R/p_softmax.jsonl > $R/p_softmax.log 2>&1; t "peers softmax rc=$?"; pack
timeout 60 $P --ops rope --rows 2048 --cols 128 --dtypes bf16 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"; pack
timeout 90 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --json $R/p_ce_bf16.jsonl > $R/p_ce_bf16.log 2>&1; t "peers ce bf16 rc=$?"; pack
timeout 70 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --json $R/p_ce_f32.jsonl > $R/p_ce_f32.log 2>&1; t "peers ce f32 rc=$?"; pack
for n in norms glu softmax rope ce_bf16 ce_f32; do for m in mg ml; do
  python3 benchmarks/join.py --metile $R/${m}_$n.jsonl --peers $R/p_$n.jsonl > $R/table_${m}_$n.md 2>&1; done
  echo "== $n (graph)"; grep "^|" $R/table_mg_$n.md | grep -v "^|---\|operator" | cut -d'|' -f2-12; done; pack
grep -h '"fwd' $R/mg_norms_ldg.jsonl | python3 -c "import sys,json; [print('ldg', r['op'], r['dtype'], r['mode'], round(r['ms'],4)) for r in map(json.loads, sys.stdin)]"
grep -h "note:" $R/m.err | sort | uniq | head
