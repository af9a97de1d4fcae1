#!/bin/bash
# Session 6 (2026-11-30), third device call: what `s6_call2.sh` ran out of time for (the GLU,
# RoPE and cross-entropy peers, joined), the 16-bit norms' backward timed with `grad_dtype=storage`
# (dx in x's dtype, as every peer returns it; the default FP32 dx writes twice the bytes), and
# ncu of the norm backward kernels (rows loop, partial rows, the reduction of partials) in f32
# and bf16. Release binary in .device/bin/metile; Liger wheel in .whl/. Carry [".device", ".whl"].
cd "$(dirname "$0")/../.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/liger*.whl && export PYTHONPATH=/tmp/site
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
N="--device cuda --rows 16384 --cols 4096"; G="--device cuda --rows 8192 --cols 14336 --dtype bf16"
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --reps 20 --json"
( $B bench rms_norm layer_norm add_rms_norm $N --dtype bf16 --reps 20 --json -p grad_dtype=storage
  $B bench swiglu geglu $G --reps 10 --json
  $B bench rope --lead 8,32 $Q
  $B bench rope --lead 8,8 $Q
  $B bench cross_entropy --omit weight --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 10 --json
  $B bench cross_entropy --omit weight --device cuda --rows 4096 --cols 128256 --dtype f32 --reps 10 --json ) > $R/m.jsonl 2> $R/m.err
t "metile bench done"; pack
P="python3 benchmarks/peers.py"; export PYTHONUNBUFFERED=1
timeout 55 $P --dtypes bf16 --ops swiglu,geglu --rows 8192 --cols 14336 --copy-mib 1024 --json $R/p_glu.jsonl > $R/p_glu.log 2>&1; t "peers glu rc=$?"; pack
timeout 50 $P --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"; pack
timeout 50 $P --ops cross_entropy --rows 8192 --cols 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_ce16.jsonl > $R/p_ce16.log 2>&1; t "peers ce bf16 rc=$?"; pack
timeout 40 $P --ops cross_entropy --rows 4096 --cols 128256 --dtypes f32 --copy-mib 1024 --json $R/p_ce32.jsonl > $R/p_ce32.log 2>&1; t "peers ce f32 rc=$?"
cat $R/p_*.jsonl > $R/p_all.jsonl; python3 benchmarks/join.py --metile $R/m.jsonl --peers $R/p_all.jsonl > $R/table.md 2>&1; cat $R/table.md; pack
K="ncu --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats"
for dt in f32 bf16; do
  timeout 45 $K -k regex:"mt_rms_norm_bwd|mt_reduce_partials" --launch-skip 2 --launch-count 2 $B bench rms_norm $N --dtype $dt --reps 1 -p grad_dtype=storage > $R/ncu_rms_bwd_$dt.txt 2>&1; t "ncu rms bwd $dt rc=$?"
  grep -E "mt_|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Warp Cycles Per Issued|Block Size|Grid Size" $R/ncu_rms_bwd_$dt.txt | sed 's/  */ /g' | head -24
done; t "all done"; pack
