#!/bin/bash
# Session 11, call 6 (2026-11-30): racecheck of the three norms on their small cases (the whole
# sweep does not finish under racecheck in 40 s): the prefetching 33x100 tile and the 6x999 rows,
# forward, backward, backward with saved statistics (one round of three or four sibling
# reductions) and in place.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r11c6; rm -rf $R; mkdir -p $R
for oc in layer_norm:33x100 add_rms_norm:33x100 rms_norm:33x100 layer_norm:6x999; do op=${oc%%:*}; c=${oc##*:}
  timeout -s INT 45 compute-sanitizer --tool racecheck --print-limit 5 $B check --device cuda --jobs 1 --log $op --case $c > $R/racecheck_${op}_$c.txt 2>&1; rc=$?
  echo "racecheck $op $c rc=$rc $(grep -E 'RACECHECK SUMMARY' $R/racecheck_${op}_$c.txt | tail -1) $(grep -E 'passed' $R/racecheck_${op}_$c.txt | tail -1)"
  tar czf $OUT/all.tar.gz -C $R .
done
