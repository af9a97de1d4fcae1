#!/bin/bash
# Session 9, call 6 (2026-11-30): position ids in device memory are no longer read on the host
# (the kernels guard the table and write NaN rows for unknown ids): the device test, the RoPE
# check, and the bench with and without position ids. Then whether cross-entropy's host read of
# its targets (the same kind of wait) shows in its host time.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 .device/bin/test_rope_device_ids --nocapture > $R/rope_device_ids.txt 2>&1; t "device ids test rc=$?"; grep -E "test result|panicked|skipping" $R/rope_device_ids.txt
timeout 150 $B check rope qwen2vl_mrope --device cuda --jobs 16 > $R/check_rope.txt 2>&1; t "check rc=$?"; tail -1 $R/check_rope.txt; pack
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --lead 8,32"
$B bench rope $Q --json > $R/m_rope_ids.jsonl 2>&1
$B bench rope $Q --omit position_ids --json > $R/m_rope.jsonl 2>&1
for f in m_rope_ids m_rope; do python3 -c "import json; [print('$f', r['entry'], r['mode'], round(r['ms']*1e3,1), 'us;', round(r['host_us'],1), 'us host') for r in map(json.loads, open('$R/$f.jsonl')) if 'entry' in r]"; done
pack
for dt in f32 bf16; do rows=4096; [ $dt = bf16 ] && rows=8192
  $B bench cross_entropy --omit weight --device cuda --rows $rows --cols 128256 --dtype $dt --reps 10 --json > $R/ce_$dt.jsonl 2>&1
  python3 -c "import json; [print('ce $dt', r['entry'], r['mode'], round(r['ms']*1e3,1), 'us;', round(r['host_us'],1), 'us host') for r in map(json.loads, open('$R/ce_$dt.jsonl')) if 'entry' in r]"
done; t ce; pack
