#!/bin/bash
# Session 5 (2026-11-30), fourth device call: bisects the fused linear cross-entropy f32 failures
# (bias, softcap, label smoothing, z-loss; varying cases from run to run, with one job and with
# the precise float helpers too): every launch waited for (METILE_CUDA_TRACE=1: a race between
# launches would vanish), then the DSL products instead of cuBLAS (METILE_MATMUL_BACKEND=dsl).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
c() { timeout $1 $B check --device cuda --jobs 16 fused_linear_cross_entropy > $R/$2.txt 2> $R/$2.err; t "$2 rc=$? $(tail -1 $R/$2.txt)"; grep FAIL $R/$2.txt | cut -c1-150 | head -3; }
METILE_CUDA_TRACE=1 c 45 trace
METILE_MATMUL_BACKEND=dsl c 40 dsl
c 25 again
tar czf $OUT/all.tar.gz -C $R .
