#!/bin/bash
# Session 6 (2026-11-30), second device call: after the shared-memory fix (block-wide argmax and
# one-element broadcasts now use the reduction rounds): the fused linear cross-entropy f32
# full-option cases three times, racecheck over cross-entropy and those cases, the CUDA oracle
# check of every operator, then the joined peer tables as `s5_call3.sh` ran them, and the norm and
# softmax peers replayed from CUDA graphs. Release binary in .device/bin/metile; Liger wheel in
# .whl/. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/liger*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
for i in 1 2 3; do timeout 40 $B check --device cuda --jobs 1 fused_linear_cross_entropy --case f32 --case cap= > $R/flce$i.txt 2>&1
  t "flce f32 run $i rc=$? $(tail -1 $R/flce$i.txt)"; done
timeout 100 compute-sanitizer --tool racecheck --print-limit 4 $B check --device cuda --jobs 1 cross_entropy fused_linear_cross_entropy --case f32 --case x127 > $R/racecheck.txt 2>&1
t "racecheck rc=$? $(grep -E 'passed' $R/racecheck.txt | tail -1)"; grep -E "ERROR SUMMARY|Race reported" $R/racecheck.txt | head -4; pack
timeout 150 $B check --device cuda --jobs 16 > $R/check_all.txt 2>&1; t "check all rc=$? $(tail -1 $R/check_all.txt)"
grep FAIL $R/check_all.txt | cut -c1-200 | head -8; pack
N="--device cuda --rows 16384 --cols 4096"; G="--device cuda --rows 8192 --cols 14336 --dtype bf16"
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20 --json"
( $B bench rms_norm layer_norm add_rms_norm softmax $N --dtype bf16 --reps 20 --json
  $B bench rms_norm layer_norm add_rms_norm $N --dtype f32 --reps 20 --json
  $B bench swiglu geglu $G --reps 10 --json
  $B bench rope --lead 8,32 $Q
  $B bench rope --lead 8,8 $Q
  $B bench cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10 --json
  $B bench cross_entropy --omit weight --device cuda --rows 4096 --cols 128256 --dtype f32 --reps 10 --json ) > $R/m.jsonl 2> $R/m.err
t "metile bench done"; pack
P="python3 benchmarks/peers.py --cuda-graph"; export PYTHONUNBUFFERED=1
timeout 100 $P --dtypes bf16,f32 --ops rms_norm,layer_norm,fused_add_rms_norm --json $R/g_norms.jsonl > $R/g_norms.log 2>&1; t "graph peers norms rc=$?"
timeout 40 $P --dtypes bf16 --ops softmax --copy-mib 1024 --json $R/g_sm.jsonl > $R/g_sm.log 2>&1; t "graph peers softmax rc=$?"
cat $R/g_*.jsonl > $R/g_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/g_all.jsonl > $R/table_graph.md 2>&1; cat $R/table_graph.md; pack
P="python3 benchmarks/peers.py"
timeout 55 $P --dtypes bf16 --ops swiglu,geglu --rows 8192 --cols 14336 --copy-mib 1024 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"
timeout 50 $P --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"
timeout 50 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce16.jsonl > $R/p_ce16.log 2>&1; t "peers ce bf16 rc=$?"
timeout 40 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --copy-mib 1024 --json $R/p_ce32.jsonl > $R/p_ce32.log 2>&1; t "peers ce f32 rc=$?"
cat $R/p_*.jsonl > $R/p_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/p_all.jsonl > $R/table.md 2>&1; cat $R/table.md; t "all done"; pack
