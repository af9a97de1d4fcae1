#!/bin/bash
# Prepared in session 5 (2026-11-30) for the next device session, not run (the device time ran
# out): bisects the fused linear cross-entropy f32 failures on CUDA (always f32, many chunks,
# the full-option `none`/`sum` cases with a bias; a different subset each run; they fail with
# --jobs 1 and with METILE_CUDA_PRECISE_MATH=1; 699a81e (no waits in the chunk loop) and
# 92a90d2 (wide cross-entropy programs) landed after the last clean run). Each variant one job
# at a time: the wide programs off, every launch awaited, the DSL products instead of cuBLAS,
# then compute-sanitizer's initcheck and memcheck, which name a kernel reading uninitialised or
# out-of-bounds memory. Release binary in .device/bin/metile. Carry [".device"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
c() { lim=$1; name=$2; shift 2; timeout $lim "$@" $B check --device cuda --jobs 1 fused_linear_cross_entropy > $R/$name.txt 2> $R/$name.err
  t "$name rc=$? $(grep -E 'passed' $R/$name.txt | tail -1)"; grep FAIL $R/$name.txt | cut -c1-150 | head -3; }
c 40 baseline env
c 40 narrow env METILE_CE_WIDE_ROWS_PER_UNIT=0
c 60 trace env METILE_CUDA_TRACE=1
c 40 dsl env METILE_MATMUL_BACKEND=dsl
c 150 initcheck compute-sanitizer --tool initcheck --print-limit 5
grep -E "ERROR SUMMARY|Uninitialized|at 0x|by thread|mt_" $R/initcheck.txt | head -12
c 150 memcheck compute-sanitizer --tool memcheck --print-limit 5
grep -E "ERROR SUMMARY|Invalid|at 0x|mt_" $R/memcheck.txt | head -12
tar czf $OUT/all.tar.gz -C $R .
