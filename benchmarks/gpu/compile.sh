#!/bin/bash
# Compiles every generated source with nvcc for sm_90 and reports registers/spills.
cd "$(dirname "$0")/../../.device"
mkdir -p $OUT
fail=0
for f in src/*.cu; do
  if nvcc -arch=sm_90 -cubin -Xptxas -v -o /tmp/$(basename $f .cu).cubin $f > /tmp/log.txt 2>&1; then
    echo "OK $(basename $f): $(grep -E 'registers|spill' /tmp/log.txt | tr '\n' ' ' | sed 's/ptxas info    ://g' | cut -c1-200)"
  else
    echo "FAIL $f"; head -30 /tmp/log.txt; fail=1
  fi
done
exit $fail
