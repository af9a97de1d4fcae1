#!/bin/bash
# Session 6 (2026-11-30), first device call: bisects the fused linear cross-entropy f32 failures
# on CUDA (the full-option f32 cases, `--case f32 --case cap=`; a different subset each run),
# one job at a time: three baseline runs (is it nondeterministic?), the wide cross-entropy
# programs off, every launch awaited (METILE_CUDA_TRACE), the DSL products instead of cuBLAS,
# then compute-sanitizer memcheck, initcheck and racecheck on the same cases; the generated
# sources are dumped. Then the CUDA oracle check of every operator (the offline changes of
# session 5 have not run on a GPU). Release binary in .device/bin/metile. Carry [".device"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
F="check --device cuda --jobs 1 fused_linear_cross_entropy --case f32 --case cap="
c() { lim=$1; name=$2; shift 2; timeout $lim "$@" $B $F > $R/$name.txt 2> $R/$name.err
  t "$name rc=$? $(grep -E 'passed' $R/$name.txt | tail -1)"; grep FAIL $R/$name.txt | cut -c1-190 | head -4; }
c 40 base1 env METILE_DUMP_DIR=$R/src
c 40 base2 env
c 40 base3 env
c 40 narrow env METILE_CE_WIDE_ROWS_PER_UNIT=0
c 40 trace env METILE_CUDA_TRACE=1
c 40 dsl env METILE_MATMUL_BACKEND=dsl
pack
for tool in memcheck initcheck racecheck; do
  c 90 $tool compute-sanitizer --tool $tool --print-limit 4
  grep -E "ERROR SUMMARY|Invalid|Uninitialized|hazard|Race|at 0x|mt_" $R/$tool.txt | head -10
done; pack
timeout 150 $B check --device cuda --jobs 16 > $R/check_all.txt 2>&1; t "check all rc=$? $(tail -1 $R/check_all.txt)"
grep FAIL $R/check_all.txt | cut -c1-200 | head -12; rm -rf $R/src/*.tile; pack
