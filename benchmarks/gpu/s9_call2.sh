#!/bin/bash
# Session 9, call 2 (2026-11-30): why `metile bench rope` (q+k, 0.157 ms) is 1.7x the pair
# kernel's ncu duration (92 us, call 1). Host time per call at the big shape, every launch of one
# call (trace and ncu over all kernels), the same for RMSNorm; then register and thread variants
# of the RoPE forward.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
Q="--device cuda --rows 2048 --cols 128 --dtype bf16"
$B bench rope --lead 8,32 $Q --json > $R/rope_json.jsonl 2>&1
python3 -c "import json; [print(r['entry'], r['mode'], round(r['ms']*1e3,1), 'us;', r.get('host_us'), 'us host') for r in map(json.loads, open('$R/rope_json.jsonl')) if 'entry' in r]"
METILE_CUDA_TRACE=1 $B bench rope --lead 8,32 $Q --reps 1 > $R/trace_rope.txt 2>&1; t "trace rc=$?"
grep -E "^(launch|done)" $R/trace_rope.txt | awk '{print $1, $2}' | sort | uniq -c
grep -E "^done" $R/trace_rope.txt | head -12
timeout 120 ncu --clock-control none --metrics gpu__time_duration.sum --launch-count 60 $B bench rope --lead 8,32 $Q --reps 1 > $R/ncu_all_rope.txt 2>&1; t "ncu all rc=$?"
grep -E "^  [a-z_0-9]+|gpu__time_duration" $R/ncu_all_rope.txt | paste - - | awk '{print $1, $(NF)}' | head -60
pack
N="--device cuda --rows 16384 --cols 4096 --dtype bf16"
$B bench rms_norm $N --json > $R/rms_json.jsonl 2>&1
python3 -c "import json; [print(r['entry'], r['mode'], round(r['ms']*1e3,1), 'us;', r.get('host_us'), 'us host') for r in map(json.loads, open('$R/rms_json.jsonl')) if 'entry' in r]"
timeout 120 ncu --clock-control none --metrics gpu__time_duration.sum --launch-count 40 $B bench rms_norm $N --reps 1 > $R/ncu_all_rms.txt 2>&1; t "ncu rms rc=$?"
grep -E "^  [a-z_0-9]+|gpu__time_duration" $R/ncu_all_rms.txt | paste - - | awk '{print $1, $(NF)}' | head -40
pack
for v in "" "METILE_CUDA_MIN_PROGRAMS=rope_fwd=6" "METILE_CUDA_MIN_PROGRAMS=rope_fwd=8" "METILE_CUDA_THREADS=rope_fwd=128" "METILE_CUDA_THREADS=rope_fwd=512" "METILE_ROPE_TOKEN_MAJOR=1"; do
  env $v $B bench rope --lead 8,32 $Q 2>&1 | grep -E " fwd | bwd " | sed "s/^/[$v] /"
done > $R/variants.txt; t variants; cat $R/variants.txt; pack
