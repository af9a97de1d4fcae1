#!/bin/bash
# Session 16, call 2: compute-sanitizer over the operator suite on the H200, many processes side
# by side (each sanitized process is CPU-bound; one process over the suite does not finish in a
# call). Build first, here: cargo build --release -p metile-cli && cp target/release/metile
# .device/bin/; carry [".device"]. About 7 minutes.
# - racecheck (shared-memory hazards) over every operator's bf16 cases, norms and softmax also
#   f32 and f16, one process per group;
# - initcheck (reads of device memory nothing wrote) over the operators whose outputs are
#   allocated without a fill (matmul, attention, embedding, kl_div, jsd, tvd).
cd "$(dirname "$0")/../.."
R=/tmp/r16c2; T=${T:-380}
. benchmarks/gpu/sanitize_lib.sh
run race_rms_bf16 racecheck bf16 rms_norm
run race_ln_bf16 racecheck bf16 layer_norm
run race_addrms_bf16 racecheck bf16 add_rms_norm poly_norm dyt
run race_gated_bf16 racecheck bf16 swiglu swiglu_packed geglu geglu_packed
run race_act_bf16 racecheck bf16 relu_squared sigmoid tanh relu silu gelu_tanh gelu_erf quick_gelu
run race_matmul_bf16 racecheck bf16 matmul
run race_rope_bf16 racecheck bf16 rope llama4_rope qwen2vl_mrope
run race_softmax_bf16 racecheck bf16 softmax log_softmax
run race_attn_bf16 racecheck bf16 attention
run race_ce_bf16 racecheck bf16 cross_entropy
run race_flce_bf16 racecheck bf16 fused_linear_cross_entropy
run race_distill_bf16 racecheck bf16 kl_div jsd tvd embedding
run race_norms_f32 racecheck f32 rms_norm layer_norm add_rms_norm softmax
run race_norms_f16 racecheck f16 rms_norm layer_norm add_rms_norm softmax
run init_unfilled_bf16 initcheck bf16 matmul attention embedding kl_div jsd tvd
summarize r16c2.tar.gz
