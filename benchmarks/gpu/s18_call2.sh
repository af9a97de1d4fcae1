#!/bin/bash
# Session 18, call 2 (carry [".device"]): (1) metile's generated f32 RMSNorm backward verbatim
# beside session 17's hand replica (s18/rms_bwd_metile.cu); (2) RoPE's bf16 forward by hand,
# metile's generated kernel and torch.compile's shape (s18/rope_fwd_variants.cu); (3) ncu's
# kernel times of `metile bench rms_norm` f32's backward launches (the kernel and the
# partial-row sum), to split metile's 0.209 ms.
cd "$(dirname "$0")/../.."
R=/tmp/r18b; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R --exclude=nv_rms --exclude=nv_rope .; }
nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -o $R/nv_rms benchmarks/gpu/s18/rms_bwd_metile.cu > $R/ptxas_rms.txt 2>&1; t "nvcc rms rc=$?"
grep -E "error" $R/ptxas_rms.txt | head
$R/nv_rms | tee $R/rms_bwd_metile.txt; t "rms rc=$?"; pack
nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -o $R/nv_rope benchmarks/gpu/s18/rope_fwd_variants.cu > $R/ptxas_rope.txt 2>&1; t "nvcc rope rc=$?"
grep -E "error" $R/ptxas_rope.txt | head
$R/nv_rope | tee $R/rope_fwd_variants.txt; t "rope rc=$?"; pack
B=.device/bin/metile
timeout 200 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:"rms_norm_bwd|reduce_partials" --launch-count 12 \
  $B bench rms_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 3 > $R/ncu_rms.txt 2>&1; t "ncu rc=$?"
grep -E "mt_|gpu__time_duration" $R/ncu_rms.txt | head -40
pack
