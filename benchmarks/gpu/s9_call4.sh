#!/bin/bash
# Session 9, call 4 (2026-11-30): RoPE without position ids, register caps (programs per
# multiprocessor) crossed with rows per program; whether the gated activations gain from a cap too.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --omit position_ids --reps 30"
for rows in 8 16 32 64; do for m in 0 4 5 6; do
  env METILE_ROPE_ROWS_PER_PROGRAM=$rows METILE_CUDA_MIN_PROGRAMS=rope_fwd=$m,rope_bwd=$m $B bench rope --lead 8,32 $Q 2>&1 | grep -E " fwd | bwd " | sed "s/^/rows $rows min $m: /"
done; done > $R/rope_grid.txt; t grid; awk '{print $1,$2,$3,$4,$5,$6,$11}' $R/rope_grid.txt
for m in 10 12; do METILE_CUDA_THREADS=rope_fwd=128,rope_bwd=128 METILE_CUDA_MIN_PROGRAMS=rope_fwd=$m,rope_bwd=$m $B bench rope --lead 8,32 $Q 2>&1 | grep -E " fwd | bwd " | sed "s/^/threads 128 min $m: /"; done | awk '{print $1,$2,$3,$4,$5,$10}'
pack
G="--device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 20"
for op in swiglu geglu; do for m in 0 3 4 5 6; do
  METILE_CUDA_MIN_PROGRAMS=${op}_fwd=$m,${op}_bwd=$m $B bench $op $G 2>&1 | grep -E "forward  | fwd | bwd " | sed "s/^/$op min $m: /"
done; done > $R/glu_min.txt; t glu; awk '{print $1,$2,$3,$4,$5,$10}' $R/glu_min.txt; pack
