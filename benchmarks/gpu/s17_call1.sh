#!/bin/bash
# Session 17, call 1: the f32 norm forwards (issue 3's 3% gap to torch.compile). Carry [".device"]
# (the release binary in .device/bin). (1) Hand-written variants of the f32 RMSNorm forward
# (benchmarks/gpu/s17/norm_fwd_variants.cu), each one change from a replica of metile's emitted
# kernel, timed from CUDA graphs beside a copy; (2) torch.compile's kernels for RMSNorm and
# LayerNorm f32 (Triton source, PTX, SASS) and their graph-replayed times; (3) metile's own entries.
cd "$(dirname "$0")/../.."
R=/tmp/r17; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -o $R/nv benchmarks/gpu/s17/norm_fwd_variants.cu > $R/ptxas.txt 2>&1; t "nvcc rc=$?"
$R/nv | tee $R/variants.txt; t "variants rc=$?"; pack
cuobjdump -sass $R/nv > $R/sass_harness.txt 2>&1; pack
export TRITON_CACHE_DIR=$R/tc
TORCH_LOGS=output_code timeout 200 python3 benchmarks/peers.py --ops rms_norm,layer_norm --modes fwd --dtypes f32 --rows 16384 --cols 4096 --no-liger --no-metile --cuda-graph --copy-mib 1024 > $R/peers.txt 2>&1; t "peers rc=$?"
grep -E "^\| |copy" $R/peers.txt | head -20
for c in $(find $R/tc -name '*.cubin'); do echo "== $c"; cuobjdump -sass $c; done > $R/sass_triton.txt 2>&1; pack
B=.device/bin/metile
$B bench rms_norm layer_norm --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 20 --cuda-graph > $R/metile.txt 2>&1; t "metile rc=$?"; cat $R/metile.txt | head -20
$R/nv > $R/variants2.txt; t "variants again rc=$?"; pack
grep -E "regs|^A|^C4|^T1" $R/variants2.txt | head
