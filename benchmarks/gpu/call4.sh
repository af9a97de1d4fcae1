#!/bin/bash
# Session 3, second call (2026-11-30): the emitter's aligned fast body (checked by the whole
# CUDA oracle suite, cases side by side), then metile and the peers side by side for the norms,
# SwiGLU/GeGLU, softmax and cross-entropy, and sweeps of the column step (cross-entropy) and the
# elementwise program size. Everything lands in $OUT/all.tar.gz.
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 200 $B check --device cuda --jobs 16 > $R/check_all.txt 2> $R/check_all.err; t "check rc=$? $(tail -1 $R/check_all.txt)"
grep -c PASS $R/check_all.txt; grep FAIL $R/check_all.txt | head -5; head -c 1500 $R/check_all.err; pack
N="--device cuda --rows 16384 --cols 4096"; G="--device cuda --rows 8192 --cols 14336 --dtype bf16"
( $B bench rms_norm layer_norm add_rms_norm $N --dtype bf16 --reps 20 --json
  $B bench rms_norm layer_norm add_rms_norm $N --dtype f32 --reps 20 --json
  $B bench softmax $N --dtype bf16 --reps 20 --json
  $B bench swiglu geglu $G --reps 10 --json
  $B bench cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10 --json
  $B bench cross_entropy --omit weight --device cuda --rows 4096 --cols 128256 --dtype f32 --reps 10 --json ) > $R/m.jsonl 2> $R/m.err
t "metile bench done"; pack
( for st in 8192 16384 32768; do for th in "" 1024; do echo "== METILE_GPU_STEP=$st threads=${th:-model}"
    METILE_GPU_STEP=$st METILE_CUDA_THREADS=$th $B bench cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 5; done; done
  for b in 4096 8192 16384; do for th in "" 512 1024; do echo "== METILE_ACT_BLOCK=$b threads=${th:-model}"
    METILE_ACT_BLOCK=$b METILE_CUDA_THREADS=$th $B bench swiglu $G --reps 5; done; done ) > $R/sweep.txt 2>&1
t "sweeps done"; grep -v "^entry" $R/sweep.txt | grep "==\|ms\|cross_entropy\|swiglu" | head -80; pack
P="python3 benchmarks/peers.py"; export PYTHONUNBUFFERED=1
timeout 100 $P --dtypes bf16,f32 --ops rms_norm,layer_norm,fused_add_rms_norm --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"; pack
timeout 45 $P --dtypes bf16 --ops softmax --copy-mib 1024 --json $R/p_sm.jsonl > $R/p_sm.log 2>&1; t "peers softmax rc=$?"
timeout 60 $P --dtypes bf16 --ops swiglu,geglu --rows 8192 --cols 14336 --copy-mib 1024 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"; pack
timeout 50 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce16.jsonl > $R/p_ce16.log 2>&1; t "peers ce bf16 rc=$?"
timeout 40 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --copy-mib 1024 --json $R/p_ce32.jsonl > $R/p_ce32.log 2>&1; t "peers ce f32 rc=$?"
cat $R/p_*.jsonl > $R/p_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/p_all.jsonl > $R/table.md 2>&1; cat $R/table.md; pack
