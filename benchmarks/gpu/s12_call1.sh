#!/bin/bash
# Session 12, call 1 (2026-11-30): (1) the norms' CUDA check with stepped forwards and per-lane
# sums forced (METILE_NORM_FWD_STEP=1024, METILE_NORM_LANE_SUMS=1); (2) f32 forwards stepped like
# torch.compile's two-pass kernel (a 2048-column step, lane sums, 512 threads) against the
# one-tile default; (3) ncu of the f32 norm backwards, ours against torch.compile's, and of the
# RoPE forward; (4) torch.compile's generated Triton for the f32 norms, RoPE and softmax
# (TORCH_LOGS=output_code), to read locally.
# METILE_NORM_FWD_STEP and METILE_NORM_LANE_SUMS were this run's experiment knobs (a stepped GPU
# forward with per-lane sums); both lost and were removed after it, never committed: this
# script no longer reproduces steps (1) and (2).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r12c1; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 90 env METILE_NORM_FWD_STEP=1024 METILE_NORM_LANE_SUMS=1 $B check rms_norm layer_norm add_rms_norm --device cuda --jobs 16 > $R/check_step.txt 2>&1; t "check stepped rc=$?"; tail -1 $R/check_step.txt; pack
N="rms_norm layer_norm add_rms_norm --device cuda --rows 16384 --cols 4096 --reps 20 --json"
run() { local tag=$1 d=$2; shift 2
  timeout 60 env "$@" $B bench $N --dtype $d 2>>$R/sweep.err | sed "s/^{/{\"tag\":\"$tag\",/" >> $R/sweep.jsonl; t "$tag $d rc=$?"; pack; }
F5=rms_norm_fwd=512,layer_norm_fwd=512,add_rms_norm_fwd=512
run def f32 X=1
run s2l1 f32 METILE_NORM_FWD_STEP=2048 METILE_NORM_LANE_SUMS=1
run s2l1t5 f32 METILE_NORM_FWD_STEP=2048 METILE_NORM_LANE_SUMS=1 METILE_CUDA_THREADS=$F5
run s1l1t5 f32 METILE_NORM_FWD_STEP=1024 METILE_NORM_LANE_SUMS=1 METILE_CUDA_THREADS=$F5
run s2l0t5 f32 METILE_NORM_FWD_STEP=2048 METILE_NORM_LANE_SUMS=0 METILE_CUDA_THREADS=$F5
run def2 f32 X=1
python3 benchmarks/sweep_table.py $R/sweep.jsonl | tee $R/sweep.md
pack
M="--clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats"
for op in rms_norm layer_norm; do
  timeout 45 ncu $M -k regex:mt_${op}_bwd --launch-skip 2 --launch-count 1 $B bench $op --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 1 > $R/ncu_${op}_bwd_metile.txt 2>&1; t "ncu metile $op bwd rc=$?"; pack
  timeout 100 ncu $M -k regex:triton_ --launch-skip 6 --launch-count 4 python3 benchmarks/peers.py --ops $op --modes fwd+bwd --dtypes f32 --rows 16384 --cols 4096 --no-liger --no-metile --quick --copy-mib 64 > $R/ncu_${op}_bwd_compile.txt 2>&1; t "ncu compile $op fwd+bwd rc=$?"; pack
done
timeout 45 ncu $M -k regex:mt_rope --launch-skip 2 --launch-count 1 $B bench rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --device cuda --reps 1 > $R/ncu_rope_metile.txt 2>&1; t "ncu metile rope rc=$?"; pack
timeout 100 ncu $M -k regex:triton_ --launch-skip 3 --launch-count 1 python3 benchmarks/peers.py --ops rope --modes fwd --dtypes bf16 --rows 2048 --cols 128 --no-liger --no-metile --quick --copy-mib 64 > $R/ncu_rope_compile.txt 2>&1; t "ncu compile rope rc=$?"; pack
for spec in "rms_norm,layer_norm f32 16384 4096" "rope bf16 2048 128" "softmax bf16 16384 4096" "swiglu,geglu bf16 8192 14336"; do
  set -- $spec
  TORCH_LOGS=output_code timeout 120 python3 benchmarks/peers.py --ops $1 --dtypes $2 --rows $3 --cols $4 --no-liger --no-metile --quick --copy-mib 64 > $R/inductor_${1//,/_}_$2.txt 2>&1; t "inductor $1 rc=$?"; pack
done
S="grep -E '^  [a-z_]+.*\(|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Block Size|Grid Size|L2 Cache Throughput|L1/TEX Hit'"
for f in $R/ncu_*.txt; do echo "== $f"; eval "$S $f" | head -40; done
