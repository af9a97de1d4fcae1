#!/bin/bash
# Session 16, call 3 (after call 2, same method): compute-sanitizer over the operator suite on the H200, many processes side
# by side (each sanitized process is CPU-bound; one process over the suite does not finish in a
# call). Build first, here: cargo build --release -p metile-cli && cp target/release/metile
# .device/bin/; carry [".device"]. About 7 minutes.
# racecheck over what call 2 did not finish or cover: cross-entropy in each dtype, the norms and
# softmax in f32 and f16 one operator per process, attention and RoPE in f32 and f16.
# A process cut off by the time limit reports no summary: its `--log` lines say which cases
# finished, and any hazard is printed as it is found.
cd "$(dirname "$0")/../.."
B=$PWD/.device/bin/metile; R=/tmp/r16c3; rm -rf $R; mkdir -p $R; s=$(date +%s)
T=${T:-380}
run() { # name tool case ops...
  local name=$1 tool=$2 case=$3; shift 3
  ( timeout -s INT $T compute-sanitizer --tool $tool --print-limit 20 $B check "$@" --device cuda --jobs 2 --case $case --log > $R/$name.txt 2>&1; echo "rc=$?" >> $R/$name.txt ) &
}
for d in bf16 f32 f16; do run race_ce_$d racecheck $d cross_entropy; done
for d in f32 f16; do
  run race_rms_$d racecheck $d rms_norm
  run race_ln_$d racecheck $d layer_norm
  run race_addrms_$d racecheck $d add_rms_norm
  run race_softmax_$d racecheck $d softmax log_softmax
done
run race_attn_f32 racecheck f32 attention
run race_rope_f32 racecheck f32 rope llama4_rope qwen2vl_mrope
run race_gated_f32 racecheck f32 swiglu geglu
wait
echo "[$(( $(date +%s) - s )) s] done"
for f in $R/*.txt; do
  n=$(grep -c "^case " $f); h=$(grep -cE "Race reported|Uninitialized|Invalid" $f)
  echo "$(basename $f .txt): $(grep -E 'SUMMARY' $f | tail -1 | sed 's/=* *//') | cases finished $n | hazard lines $h | $(tail -1 $f) | $(grep -E 'passed, [0-9]+ failed' $f | tail -1)"
done
grep -hE "Race reported|Uninitialized|Invalid" $R/*.txt | sort | uniq -c | head -20
tar czf $OUT/r16c3.tar.gz -C $R .
