#!/bin/bash
# Session 9, call 7 (2026-11-30): after the fix to the broadcast rematerialisation (a source's
# extent-1 `arange` read the broadcast's index: the token-major RoPE kernel's id broadcast read
# other tokens' ids on a GPU, call 6): the device-ids test, and the FP64 check of every operator
# whose kernels have rematerialised broadcasts, on the H200.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 .device/bin/test_rope_device_ids --nocapture > $R/rope_device_ids.txt 2>&1; t "device ids test rc=$?"; grep -E "test result|panicked|skipping|NaN vs" $R/rope_device_ids.txt | head -5; pack
timeout 280 $B check rope llama4_rope qwen2vl_mrope embedding matmul attention fused_linear_cross_entropy layer_norm --device cuda --jobs 16 > $R/check.txt 2>&1; t "check rc=$?"; grep -c FAIL $R/check.txt; tail -1 $R/check.txt; pack
