#!/bin/bash
# Sweeps the norms' launch shape on the GPU: threads per program (METILE_CUDA_THREADS), forward
# rows per program (METILE_NORM_FWD_ROWS_PER_PROGRAM) and backward programs per SM
# (METILE_NORM_BWD_PROGRAMS_PER_UNIT), for bf16 and f32 at the ANCHORS.md shape.
B=${METILE:-$(cd "$(dirname "$0")/../.." && pwd)/.device/bin/metile}
for d in bf16 f32; do
for t in ${THREADS:-128 256 512}; do
  for r in ${FWD_ROWS:-1}; do
  for p in ${BWD_PER_SM:-4 8 16}; do
    echo "== dtype $d threads $t fwd_rows $r bwd_per_sm $p"
    METILE_CUDA_THREADS=$t METILE_NORM_FWD_ROWS_PER_PROGRAM=$r METILE_NORM_BWD_PROGRAMS_PER_UNIT=$p \
      $B bench rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --dtype $d --reps 10 2>&1 | grep -v "^entry"
  done
  done
done
done
