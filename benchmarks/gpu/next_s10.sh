#!/bin/bash
# Prepared in session 9 (2026-11-30) for the next device session, not run. Rebuild first:
# `cargo build --release -p metile-cli` -> .device/bin/metile; `cargo test --release -p
# metile-kernels --test device_ids --no-run` -> .device/bin/test_device_ids; the wheel
# into .whl/. Carry [".device", ".whl"].
# (1) Never run on a GPU: the embedding forward's device-index guard and RoPE's token-major
#     default with position ids (the device-ids test's
#     first pass; the check suite's RoPE cases with ids now launch token-major on a GPU), and its
#     time beside the row kernel's.
# (2) The joined table of the bar rows in one run (final.sh), RoPE included without ids.
cd "$(dirname "$0")/../.."
B=.device/bin/metile; R=/tmp/r; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
timeout 60 .device/bin/test_device_ids --nocapture > $R/device_ids.txt 2>&1; t "device ids rc=$?"; grep -E "test result|panicked" $R/device_ids.txt
timeout 150 $B check rope qwen2vl_mrope embedding --device cuda --jobs 16 > $R/check_rope.txt 2>&1; t "check rc=$?"; tail -1 $R/check_rope.txt; pack
Q="--device cuda --rows 2048 --cols 128 --dtype bf16 --lead 8,32 --reps 20"
for tm in "" 0 1; do env ${tm:+METILE_ROPE_TOKEN_MAJOR=$tm} $B bench rope $Q 2>&1 | grep -E " fwd | bwd " | sed "s/^/ids, token-major [$tm]: /"; done > $R/rope_ids.txt; cat $R/rope_ids.txt; pack
