#!/bin/bash
# Session 16, call 3 (after call 2, same method): compute-sanitizer over the operator suite on the H200, many processes side
# by side (each sanitized process is CPU-bound; one process over the suite does not finish in a
# call). Build first, here: cargo build --release -p metile-cli && cp target/release/metile
# .device/bin/; carry [".device"]. About 7 minutes.
# racecheck over what call 2 did not finish or cover: cross-entropy in each dtype, the norms and
# softmax in f32 and f16 one operator per process, attention, RoPE and SwiGLU/GeGLU in f32.
cd "$(dirname "$0")/../.."
R=/tmp/r16c3; T=${T:-380}
. benchmarks/gpu/sanitize_lib.sh
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
summarize r16c3.tar.gz
