#!/bin/bash
# Session 9, call 3 (2026-11-30): RoPE as the peers run it, without position ids. Call 2 found
# that `metile bench rope` generated the optional `position_ids`, whose host-side range check
# downloads them: every call waited for the GPU (host 119 us a call against a 91 us kernel), and
# every earlier sweep of the kernel was bound by that wait. Re-run the sweeps without it, and the
# peers in the same call.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --omit position_ids"
$B bench rope --lead 8,32 $Q --json > $R/m_rope.jsonl 2> $R/m_rope.err
python3 -c "import json; [print(r['entry'], r['mode'], round(r['ms']*1e3,1), 'us;', r.get('host_us'), 'us host') for r in map(json.loads, open('$R/m_rope.jsonl')) if 'entry' in r]"
for v in "" "METILE_CUDA_MIN_PROGRAMS=rope_fwd=5,rope_bwd=5" "METILE_CUDA_MIN_PROGRAMS=rope_fwd=6,rope_bwd=6" "METILE_CUDA_MIN_PROGRAMS=rope_fwd=8,rope_bwd=8" "METILE_CUDA_THREADS=rope_fwd=128,rope_bwd=128" "METILE_CUDA_THREADS=rope_fwd=512,rope_bwd=512" "METILE_ROPE_ROWS_PER_PROGRAM=8" "METILE_ROPE_ROWS_PER_PROGRAM=16" "METILE_ROPE_ROWS_PER_PROGRAM=64" "METILE_ROPE_ROWS_PER_PROGRAM=128" "METILE_ROPE_TOKEN_MAJOR=1" "METILE_CUDA_FAST=0"; do
  env $v $B bench rope --lead 8,32 $Q 2>&1 | grep -E " fwd | bwd " | sed "s/^/[$v] /"
done > $R/variants.txt; t variants; cat $R/variants.txt | awk '{print $1, $2, $7}'; pack
timeout 90 python3 benchmarks/peers.py --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rope rc=$?"; grep -E "^rope|^copy" $R/p_rope.log | cut -c1-110
timeout 90 python3 benchmarks/peers.py --cuda-graph --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/p_rope_graph.jsonl > $R/p_rope_graph.log 2>&1; t "peers rope graph rc=$?"; grep -E "^rope|^copy" $R/p_rope_graph.log | cut -c1-110
pack
