#!/bin/bash
# Session 5 (2026-11-30), third device call: the CUDA oracle check of every operator after the
# fast float helpers (exp, min/max, division, sigmoid, tanh), the contiguous fallback addressing
# and the pair-wise RoPE kernels (fused linear cross-entropy bisected at the end if it fails), then the joined peer tables (metile bench and peers.py in
# this one command) with RoPE at the ANCHORS shape, and fused linear cross-entropy's variants.
# Release binary in .device/bin/metile; Liger wheel in .whl/. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/liger*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 150 $B check --device cuda --jobs 16 > $R/check_all.txt 2>&1; t "check all rc=$? $(tail -1 $R/check_all.txt)"; grep FAIL $R/check_all.txt | cut -c1-200 | head -8
pack
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
P="python3 benchmarks/peers.py"; export PYTHONUNBUFFERED=1
timeout 100 $P --dtypes bf16,f32 --ops rms_norm,layer_norm,fused_add_rms_norm --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"
timeout 40 $P --dtypes bf16 --ops softmax --copy-mib 1024 --json $R/p_sm.jsonl > $R/p_sm.log 2>&1; t "peers softmax rc=$?"
timeout 55 $P --dtypes bf16 --ops swiglu,geglu --rows 8192 --cols 14336 --copy-mib 1024 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"
timeout 50 $P --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"
timeout 50 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce16.jsonl > $R/p_ce16.log 2>&1; t "peers ce bf16 rc=$?"
timeout 40 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --copy-mib 1024 --json $R/p_ce32.jsonl > $R/p_ce32.log 2>&1; t "peers ce f32 rc=$?"
cat $R/p_*.jsonl > $R/p_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/p_all.jsonl > $R/table.md 2>&1; cat $R/table.md; pack
F="$B bench fused_linear_cross_entropy --device cuda --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --reps 3 --omit bias --omit ce_weight --json"
for c in 512; do $F -p param_grad_dtype=storage -p chunk_rows=$c > $R/flce_s$c.jsonl 2>&1; t "flce storage chunk $c"; grep -o '"entry":"[^"]*".*"ms":[0-9.]*\|"peak_extra_mib":[0-9.]*' $R/flce_s$c.jsonl | cut -c1-60; done
# Fused linear cross-entropy failed 12 of 1804 f32 rows in the second call (f32, bias, softcap,
# label smoothing, z-loss; not every case of a config): one job at a time (a race between
# concurrent cases?), then the precise float helpers.
if grep -q "^fused_linear_cross_entropy.*FAIL" $R/check_all.txt; then
  timeout 40 $B check --device cuda --jobs 1 fused_linear_cross_entropy > $R/check_flce_j1.txt 2>&1; t "flce jobs 1 rc=$? $(tail -1 $R/check_flce_j1.txt)"; grep FAIL $R/check_flce_j1.txt | cut -c1-200 | head -4
  METILE_CUDA_PRECISE_MATH=1 timeout 40 $B check --device cuda --jobs 16 fused_linear_cross_entropy > $R/check_flce_precise.txt 2>&1; t "flce precise rc=$? $(tail -1 $R/check_flce_precise.txt)"; grep FAIL $R/check_flce_precise.txt | cut -c1-200 | head -4
fi
t "all done"; pack
