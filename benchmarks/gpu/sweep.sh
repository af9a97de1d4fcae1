#!/bin/bash
# Sweeps threads per program and backward programs per SM for the norms on bf16 and f32.
cd "$(dirname "$0")/../../.device/bin"
for d in bf16 f32; do
for t in 128 256 512 1024; do
  for p in 4 16 32; do
    echo "== dtype $d threads $t bwd_per_sm $p"
    METILE_CACHE_DIR= METILE_CUDA_THREADS=$t METILE_NORM_BWD_PROGRAMS_PER_UNIT=$p ./metile bench rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --dtype $d --reps 10 2>&1 | grep -v "^entry"
  done
done
done
