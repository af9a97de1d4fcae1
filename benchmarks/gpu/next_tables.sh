#!/bin/bash
# Prepared 2026-11-30 for the next session's second device call: metile bench and the peers in
# the same command for the norms (bf16, f32), softmax, SwiGLU/GeGLU and cross-entropy, joined into
# one table (the issue 3/4 bars). Release binary in .device/bin/metile; Liger wheel in .whl/.
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/liger*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
N="--device cuda --rows 16384 --cols 4096"; G="--device cuda --rows 8192 --cols 14336 --dtype bf16"
( $B bench rms_norm layer_norm add_rms_norm softmax $N --dtype bf16 --reps 20 --json
  $B bench rms_norm layer_norm add_rms_norm $N --dtype f32 --reps 20 --json
  $B bench swiglu geglu $G --reps 10 --json
  $B bench cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10 --json
  $B bench cross_entropy --omit weight --device cuda --rows 4096 --cols 128256 --dtype f32 --reps 10 --json ) > $R/m.jsonl 2> $R/m.err
t "metile bench done"; pack
P="python3 benchmarks/peers.py"; export PYTHONUNBUFFERED=1
timeout 100 $P --dtypes bf16,f32 --ops rms_norm,layer_norm,fused_add_rms_norm --json $R/p_norms.jsonl > $R/p_norms.log 2>&1; t "peers norms rc=$?"
timeout 40 $P --dtypes bf16 --ops softmax --copy-mib 1024 --json $R/p_sm.jsonl > $R/p_sm.log 2>&1; t "peers softmax rc=$?"
timeout 55 $P --dtypes bf16 --ops swiglu,geglu --rows 8192 --cols 14336 --copy-mib 1024 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"
timeout 50 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce16.jsonl > $R/p_ce16.log 2>&1; t "peers ce bf16 rc=$?"
timeout 40 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --copy-mib 1024 --json $R/p_ce32.jsonl > $R/p_ce32.log 2>&1; t "peers ce f32 rc=$?"
cat $R/p_*.jsonl > $R/p_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/p_all.jsonl > $R/table.md 2>&1; cat $R/table.md; pack
