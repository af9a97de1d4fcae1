#!/bin/bash
# Prepared in session 17 (2026-12-01) for the next session's first call; nothing here has run
# yet. No carry needed for (1)-(2); (3) needs the release binary in .device/bin (carry
# [".device"]). About 3 minutes.
# (1) The f32 RMSNorm backward by hand (benchmarks/gpu/s17/rms_bwd_variants.cu): metile's shape
#     (prefetched rows, 264 programs) against torch.compile's (1,024 programs of 16 rows, no
#     prefetch) and between, with and without the L2 evict_last policy: the fwd+bwd still ties
#     torch.compile (0.3365 against 0.3364, session 17's call 6), the backward being the half
#     not yet replicated.
# (2) torch.compile's RoPE forward (its Triton source and PTX, for a replica like session 17's
#     norm forwards): RoPE's forward trails it by 3%.
# (3) metile's RMSNorm f32 and RoPE entries in the same run, for the comparison, and its f32
#     norm backwards with two programs per SM asked of ptxas.
cd "$(dirname "$0")/../.."
R=/tmp/r18; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz --exclude='*.cubin' --exclude='*.llir' --exclude='*.ttir' --exclude=nv -C $R .; }
nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -o $R/nv benchmarks/gpu/s17/rms_bwd_variants.cu > $R/ptxas.txt 2>&1; t "nvcc rc=$?"
$R/nv | tee $R/bwd_variants.txt | cut -c1-150; t "variants rc=$?"; pack
export PYTHONUNBUFFERED=1
TRITON_CACHE_DIR=$R/tc_rope TORCH_LOGS=output_code timeout 90 python3 benchmarks/peers.py --ops rope --modes fwd --rows 2048 --cols 128 --dtypes bf16 --no-liger --no-metile --cuda-graph --copy-mib 256 > $R/rope.txt 2>&1; t "rope rc=$?"; pack
grep -E "^(rope|copy)" $R/rope.txt | grep -v variant
B=.device/bin/metile
# The f32 norm backwards take 136 (RMSNorm) and 168 (LayerNorm) registers since session 17's
# policy: one program of 256 threads per SM. Asked for two (128 registers, 8 and 28 bytes of
# spills by ptxas here), interleaved with the default.
M2="METILE_CUDA_MIN_PROGRAMS=rms_norm_bwd=2,layer_norm_bwd=2"
[ -x $B ] && for round in 1 2; do
  timeout 60 $B bench rms_norm layer_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 20 --cuda-graph > $R/metile_default_$round.txt 2>&1
  env $M2 timeout 60 $B bench rms_norm layer_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 20 --cuda-graph > $R/metile_min2_$round.txt 2>&1; done
[ -x $B ] && timeout 60 $B bench rope --device cuda --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --reps 20 --cuda-graph > $R/metile_rope.txt 2>&1
grep -H -E "backward|forward" $R/metile_*.txt; pack
