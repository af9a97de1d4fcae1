#!/bin/bash
# Session 18, call 3 (carry [".device"]): (1) RoPE's forward by hand with metile's generated
# kernel edited one way per variant (s18/rope_variants.py); (2) the partial-row sum that
# accumulates [rows, block] lanes and sums columns once (the new reduce_partials) in the f32
# and bf16 norm backwards, at its default (128 columns x 32 rows) and other tiles
# (METILE_REDUCE_PARTIALS), with ncu's kernel times; (3) metile check of the norms with it.
cd "$(dirname "$0")/../.."
R=/tmp/r18c; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R --exclude=nv_rope .; }
python3 benchmarks/gpu/s18/rope_variants.py $R
nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -DROPE_VARIANTS -I$R -o $R/nv_rope benchmarks/gpu/s18/rope_fwd_variants.cu > $R/ptxas_rope.txt 2>&1; t "nvcc rope rc=$?"
grep -E "error" $R/ptxas_rope.txt | head
$R/nv_rope | tee $R/rope_fwd_variants.txt | cut -c1-130; t "rope rc=$?"; pack
B=.device/bin/metile
for round in 1 2; do
  for cfg in default 32x32 64x16 128x8 256x16; do
    if [ $cfg = default ]; then e=""; else e="METILE_REDUCE_PARTIALS=$cfg"; fi
    env $e timeout 60 $B bench rms_norm layer_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 20 --cuda-graph > $R/norm_f32_${cfg}_$round.txt 2>&1
  done
done
t "f32 sweep"
grep -H -E "backward |forward\+backward" $R/norm_f32_*.txt | sed 's/  */ /g' | cut -c1-120
for d in bf16; do timeout 60 $B bench rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --dtype $d --reps 20 --cuda-graph > $R/norm_${d}.txt 2>&1; done
timeout 60 $B bench add_rms_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 20 --cuda-graph > $R/add_f32.txt 2>&1
grep -H -E "backward |forward\+backward" $R/norm_bf16.txt $R/add_f32.txt | sed 's/  */ /g' | cut -c1-120
pack
for cfg in default 32x32; do
  if [ $cfg = default ]; then e=""; else e="METILE_REDUCE_PARTIALS=$cfg"; fi
  env $e timeout 100 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:"reduce_partials" --launch-count 4 \
    $B bench rms_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 2 > $R/ncu_$cfg.txt 2>&1
  grep -E "reduce_partials|gpu__time" $R/ncu_$cfg.txt | head -8
done
t "ncu"; pack
timeout 240 $B check rms_norm layer_norm add_rms_norm dyt poly_norm --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$?"
tail -4 $R/check.txt; pack
