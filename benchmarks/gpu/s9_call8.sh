#!/bin/bash
# Session 9, call 8 (2026-11-30): the whole FP64 check suite on the H200 after the
# rematerialisation fix (call 7 checked the operators with rematerialised broadcasts).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s)
timeout 330 $B check --device cuda --jobs 16 > $R/check_all.txt 2>&1; echo "check rc=$? in $(( $(date +%s) - s )) s"
grep -c FAIL $R/check_all.txt; tail -1 $R/check_all.txt; tar czf $OUT/all.tar.gz -C $R .
