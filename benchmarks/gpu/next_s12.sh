#!/bin/bash
# Prepared in session 11 (2026-11-30) for the next device session, not run. Rebuild first:
# `cargo build --release -p metile-cli` -> .device/bin/metile; carry [".device", ".whl"] (the
# metile wheel in .whl is session 11's last; rebuild it if python/ or the kernels changed).
# About 5 minutes. What it is for: the last issue-3 gaps are the f32 norms against
# torch.compile (forward 4-5%, fwd+bwd 3-6%) and issue 4's RoPE forward (4%):
# (1) ncu of our f32 RMSNorm and LayerNorm backwards against torch.compile's backward kernels
#     (how Inductor splits dx and dweight; occupancy, DRAM %, stalls);
# (2) ncu of the RoPE forward, ours against torch.compile's (registers, DRAM %);
# (3) the f32 LayerNorm forward under ncu, ours against compile's, for the memory chart.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r12; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
M="--clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats"
S="grep -E '^  [a-z_]+.*\(|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Block Size|Grid Size|L2 Cache Throughput|Eligible Warps|Issued Warp'"
for op in rms_norm layer_norm; do
  timeout 45 ncu $M -k regex:mt_${op}_bwd --launch-skip 2 --launch-count 1 $B bench $op --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 1 > $R/ncu_${op}_bwd_metile.txt 2>&1; t "ncu metile $op bwd rc=$?"; pack
done
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
for op in rms_norm layer_norm; do
  timeout 120 ncu $M -k regex:triton_ --launch-skip 6 --launch-count 4 python3 benchmarks/peers.py --ops $op --modes fwd+bwd --dtypes f32 --rows 16384 --cols 4096 --no-liger --no-metile --quick --copy-mib 64 > $R/ncu_${op}_bwd_compile.txt 2>&1; t "ncu compile $op fwd+bwd rc=$?"; pack
done
timeout 45 ncu $M -k regex:mt_rope --launch-skip 2 --launch-count 1 $B bench rope --lead 8,32 --rows 2048 --cols 128 --dtype bf16 --omit position_ids --device cuda --reps 1 > $R/ncu_rope_metile.txt 2>&1; t "ncu metile rope rc=$?"; pack
timeout 120 ncu $M -k regex:triton_ --launch-skip 3 --launch-count 1 python3 benchmarks/peers.py --ops rope --modes fwd --dtypes bf16 --rows 2048 --cols 128 --no-liger --no-metile --quick --copy-mib 64 > $R/ncu_rope_compile.txt 2>&1; t "ncu compile rope rc=$?"; pack
for f in $R/ncu_*.txt; do echo "== $f"; eval "$S $f" | head -40; done
