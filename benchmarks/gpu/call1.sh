#!/bin/bash
# Session 2026-11-29 (2), first device call: correctness of every operator on CUDA, the norms'
# launch sweep, the other operators at ANCHORS.md shapes, and a bounded memcheck.
cd "$(dirname "$0")/../.."
B=.device/bin/metile
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
s=$(date +%s)
timeout 240 $B check --device cuda > $OUT/check_cuda.txt 2>&1; echo "check rc=$? $(tail -1 $OUT/check_cuda.txt) in $(( $(date +%s) - s )) s"
grep -E "FAIL|error" $OUT/check_cuda.txt | head -30
s=$(date +%s)
timeout 170 bash benchmarks/gpu/sweep.sh > $OUT/sweep.txt 2>&1; echo "sweep rc=$? in $(( $(date +%s) - s )) s"
s=$(date +%s)
( $B bench swiglu geglu silu --device cuda --rows 8192 --cols 14336 --dtype bf16 --reps 10
  $B bench softmax log_softmax --device cuda --rows 16384 --cols 4096 --dtype bf16 --reps 10
  $B bench cross_entropy --device cuda --rows 8192 --cols 128256 --dtype bf16 --reps 5
  $B bench cross_entropy --device cuda --rows 4096 --cols 128256 --dtype f32 --reps 5
  $B bench rope embedding --device cuda --rows 65536 --cols 128 --dtype bf16 --reps 10
) > $OUT/others.txt 2>&1; echo "others rc=$? in $(( $(date +%s) - s )) s"
s=$(date +%s)
timeout -s INT 100 compute-sanitizer --tool memcheck $B check softmax cross_entropy rope embedding swiglu --device cuda > $OUT/memcheck.txt 2>&1; echo "memcheck rc=$? in $(( $(date +%s) - s )) s"; grep -E "ERROR SUMMARY|Invalid|passed" $OUT/memcheck.txt | tail -3
