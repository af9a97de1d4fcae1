#!/bin/bash
# Prepared in session 14 (2026-12-01) as next_s15.sh; run as session 16's call 1 (results in
# benchmarks/results/h200-2026-12-01p/call1). Build first, here:
#   cargo build --release -p metile-cli && cp target/release/metile .device/bin/
# carry [".device"]. About 6 minutes. What it is for:
# (1) the CUDA check of matmul, attention, embedding and the distribution losses, whose outputs
#     are now allocated unfilled;
# (2) the f32 norm forwards run at 96% of the copy and torch.compile's at 99.7%, and no per-kernel
#     knob moved ours (sessions 11-14): ncu of both kernels' DRAM traffic (bytes read and written:
#     any extra?), stall reasons and memory pipeline (ncu cannot show the DRAM read/write mix over
#     time; these stand in for it), and of the copy both are measured against (torch's `copy_`);
# (3) racecheck over the norms one dtype at a time (session 14's run over every case did not
#     finish in 90 s).
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r15; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
# Session 14's last code changes ran on the CPU only: matmul, attention, embedding and the
# distribution losses allocate their outputs (and matmul its temporaries) unfilled, no memset, on
# the proof of the checks' poisoned outputs. Their CUDA check first.
timeout 120 $B check matmul attention embedding kl_div jsd tvd --device cuda --jobs 16 > $R/check_unfilled.txt 2>&1; t "check unfilled rc=$? $(tail -1 $R/check_unfilled.txt)"; grep FAIL $R/check_unfilled.txt | cut -c1-200 | head -5; pack
M="--clock-control none --section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,smsp__inst_executed.sum"
for op in rms_norm layer_norm; do
  timeout 45 ncu $M -k regex:mt_${op}_fwd --launch-skip 2 --launch-count 1 $B bench $op --device cuda --rows 16384 --cols 4096 --dtype f32 --reps 1 > $R/ncu_${op}_fwd_metile.txt 2>&1; t "ncu metile $op fwd rc=$?"; pack
  timeout 100 ncu $M -k regex:triton_ --launch-skip 3 --launch-count 2 python3 benchmarks/peers.py --ops $op --modes fwd --dtypes f32 --rows 16384 --cols 4096 --no-liger --no-metile --quick --copy-mib 64 > $R/ncu_${op}_fwd_compile.txt 2>&1; t "ncu compile $op fwd rc=$?"; pack
done
timeout 100 ncu $M -k regex:elementwise --launch-skip 3 --launch-count 2 python3 -c "
import torch; a = torch.randn(16384, 4096, device='cuda'); b = torch.empty_like(a)
for _ in range(8): b.copy_(a)
torch.cuda.synchronize()" > $R/ncu_copy_torch.txt 2>&1; t "ncu torch copy rc=$?"; pack
S="grep -E '^  [a-z_]+.*\(|Duration|DRAM Throughput|dram__bytes|lts__t_sectors|inst_executed|Registers Per|Achieved Occupancy|Block Size|Grid Size|Stall|Warp Cycles Per Issued'"
for f in $R/ncu_*.txt; do echo "== $f"; eval "$S $f" | head -40; done
for d in bf16 f32 f16; do
  timeout -s INT 80 compute-sanitizer --tool racecheck $B check rms_norm layer_norm add_rms_norm --device cuda --case $d > $R/racecheck_$d.txt 2>&1; t "racecheck $d rc=$? $(grep -E 'RACECHECK SUMMARY' $R/racecheck_$d.txt | tail -1)"; pack; done
