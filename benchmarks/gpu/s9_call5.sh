#!/bin/bash
# Session 9, call 5 (2026-11-30): the RoPE row kernels with their new register budget
# (`RESIDENT_THREADS`: __launch_bounds__(256, 5)), checked against the FP64 oracle on the H200,
# then timed as the peers run them (no position ids) beside the peers, plain and graph-replayed,
# joined; ncu of the new forward.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 150 $B check rope qwen2vl_mrope --device cuda --jobs 16 > $R/check_rope.txt 2>&1; t "check rc=$?"; tail -3 $R/check_rope.txt; pack
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --omit position_ids"
$B bench rope --lead 8,32 $Q --json > $R/m_rope.jsonl 2> $R/m_rope.err
timeout 100 python3 benchmarks/peers.py --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/p_rope.jsonl > $R/p_rope.log 2>&1; t "peers rc=$?"
timeout 100 python3 benchmarks/peers.py --cuda-graph --dtypes bf16 --ops rope --rows 2048 --cols 128 --copy-mib 1024 --json $R/g_rope.jsonl > $R/g_rope.log 2>&1; t "peers graph rc=$?"
$B bench rope --lead 8,32 $Q --json > $R/m_rope2.jsonl 2>> $R/m_rope.err
for p in p g; do python3 benchmarks/join.py --metile $R/m_rope.jsonl --peers $R/${p}_rope.jsonl > $R/table_${p}.md 2>&1; grep "^| rope" $R/table_${p}.md | cut -c1-260; done
python3 -c "import json; [print('second run', r['entry'], r['mode'], round(r['ms']*1e3,1)) for r in map(json.loads, open('$R/m_rope2.jsonl')) if 'entry' in r]"
pack
M="--clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section SchedulerStats"
timeout 90 ncu $M -k regex:mt_rope_fwd --launch-skip 3 --launch-count 1 $B bench rope --lead 8,32 $Q --reps 1 > $R/ncu_rope_metile.txt 2>&1; t "ncu rc=$?"
grep -E "Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Issued Warp Per|Eligible Warps" $R/ncu_rope_metile.txt | head -10; pack
