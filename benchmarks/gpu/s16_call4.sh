#!/bin/bash
# Session 16, call 4 (after calls 2 and 3, same method): compute-sanitizer over the operator suite on the H200, many processes side
# by side (each sanitized process is CPU-bound; one process over the suite does not finish in a
# call). Build first, here: cargo build --release -p metile-cli && cp target/release/metile
# .device/bin/; carry [".device"]. About 7 minutes.
# memcheck (out-of-bounds and misaligned accesses, device-side faults) over every operator in
# every dtype, one process per group (no --case filter: `x` as the case means none).
cd "$(dirname "$0")/../.."
R=/tmp/r16c4; T=${T:-330}
. benchmarks/gpu/sanitize_lib.sh
run mem_rms memcheck x rms_norm
run mem_ln memcheck x layer_norm
run mem_addrms memcheck x add_rms_norm poly_norm dyt
run mem_gated memcheck x swiglu swiglu_packed geglu geglu_packed
run mem_act memcheck x relu_squared sigmoid tanh relu silu gelu_tanh gelu_erf quick_gelu
run mem_matmul memcheck x matmul
run mem_rope memcheck x rope llama4_rope qwen2vl_mrope
run mem_softmax memcheck x softmax log_softmax
run mem_attn memcheck x attention
run mem_ce memcheck x cross_entropy
run mem_flce memcheck x fused_linear_cross_entropy
run mem_distill memcheck x kl_div jsd tvd
run mem_embed memcheck x embedding adamw
summarize r16c4.tar.gz
