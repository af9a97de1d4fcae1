#!/bin/bash
# Session 18, call 5 (carry [".device"]): RoPE's rows per program now that the 16-bit kernel's
# fast body is its own entry (session 11's sweep ran with the general body beside it; by hand,
# 8 and 16 rows beat 32 by 1%: s18_call3.sh), bf16 and f32, interleaved, two rounds; then the
# torch.compile forward again in the same run for the comparison.
cd "$(dirname "$0")/../.."
R=/tmp/r18e; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
B=.device/bin/metile
Q="--device cuda --rows 2048 --cols 128 --reps 30 --cuda-graph --omit position_ids"
for round in 1 2 3; do for d in bf16 f32; do for r in 32 16 8 4; do
  METILE_ROPE_ROWS_PER_PROGRAM=$r timeout 60 $B bench rope --lead 8,32 $Q --dtype $d > $R/rope_${d}_r${r}_$round.txt 2>&1
done; done; done
for d in bf16 f32; do for r in 32 16 8 4; do
  printf "%s rows %2s:" $d $r; for round in 1 2 3; do grep -h -E "^rope.forward " $R/rope_${d}_r${r}_$round.txt | awk '{printf " fwd %s", $5}'; grep -h -E "^rope.forward\+backward" $R/rope_${d}_r${r}_$round.txt | awk '{printf " f+b %s", $5}'; done; echo; done; done
t "sweep"; pack
export PYTHONUNBUFFERED=1
timeout 120 python3 benchmarks/peers.py --cuda-graph --copy-mib 1024 --ops rope --rows 2048 --cols 128 --dtypes bf16 --no-metile --no-liger --json $R/p.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"
grep -E "^rope" $R/p_rope.log; pack
