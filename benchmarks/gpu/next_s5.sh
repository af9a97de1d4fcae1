#!/bin/bash
# Prepared at the end of session 4 (2026-11-30) for the next session's first device call:
#   1. fused linear cross-entropy 8192x4096x128256 bf16: wide (1024-thread) cross-entropy
#      programs for its 256-row chunks on (default) and off (`METILE_CE_WIDE_ROWS_PER_UNIT=0`),
#      then the storage-dtype parameter gradients; peak extra memory in the JSON;
#   2. ncu of the chunk's kernels (which of products, epilogue, cross-entropy takes the time);
#   3. the cross-entropy check on CUDA (the wide kernels run there for few-row cases);
#   4. LayerNorm bf16 forward under ncu (the one norm forward under 80% of copy).
# Release binary in .device/bin/metile. Carry [".device"].
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
F="$B bench fused_linear_cross_entropy --device cuda --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --reps 3 --omit bias --omit ce_weight --json"
$F > $R/flce_wide.jsonl 2>&1; t "flce wide"; cat $R/flce_wide.jsonl
METILE_CE_WIDE_ROWS_PER_UNIT=0 $F > $R/flce_narrow.jsonl 2>&1; t "flce narrow"; cat $R/flce_narrow.jsonl
$F -p param_grad_dtype=storage > $R/flce_storage.jsonl 2>&1; t "flce storage"; cat $R/flce_storage.jsonl; pack
# Chunk rows against the weight gradient's read-modify-write per chunk (2 V H s bytes each:
# 2.1 GB at bf16, 4.2 GB at f32): 256 (Liger's rule), 512, 1024; peak extra memory in the JSON.
for c in 512 1024; do $F -p param_grad_dtype=storage -p chunk_rows=$c > $R/flce_c$c.jsonl 2>&1; t "flce chunk $c"; cat $R/flce_c$c.jsonl; done; pack
timeout 90 ncu --clock-control none --section SpeedOfLight --launch-skip 40 --launch-count 12 $B bench fused_linear_cross_entropy --device cuda --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --reps 1 --omit bias --omit ce_weight > $R/ncu_flce.txt 2>&1
t "ncu flce rc=$?"; grep -E "^  [a-zA-Z_]|Duration|DRAM Throughput|Compute \(SM\)" $R/ncu_flce.txt | head -60; pack
timeout 60 $B check --device cuda --jobs 16 cross_entropy fused_linear_cross_entropy > $R/check.txt 2>&1; t "check rc=$? $(tail -1 $R/check.txt)"
timeout 60 ncu --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats -k regex:mt_layer_norm_fwd --launch-skip 2 --launch-count 1 $B bench layer_norm --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 1 > $R/ncu_ln_fwd.txt 2>&1
t "ncu ln fwd rc=$?"; grep -E "Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Theoretical Occupancy|Warp Cycles Per Issued|Block Size" $R/ncu_ln_fwd.txt | sed 's/  */ /g'; pack
# LayerNorm bf16 forward at 256 (the model's choice: 52 registers, 4 programs per SM) against
# 512 and 1024 threads (fewer columns per thread, fewer registers: more warps resident).
for th in 256 512 1024; do METILE_CUDA_THREADS=$th $B bench layer_norm --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 20 2>&1 | grep "forward " | sed "s/^/threads $th: /"; done
pack
