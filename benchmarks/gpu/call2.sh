#!/bin/bash
# Session 2026-11-29 (2), second device call: isolate the bf16 conversion (A: software rounding,
# B: cvt.rn.bf16.f32), sweep elements per program for the elementwise kernels and threads for
# softmax, and read the hardware counters of the main kernels with ncu.
cd "$(dirname "$0")/../.."
A=.device/bin/metile_a; B=.device/bin/metile
R0="--device cuda --rows 16384 --cols 4096 --dtype bf16"; R="$R0 --reps 10"
G0="--device cuda --rows 8192 --cols 14336 --dtype bf16"; G="$G0 --reps 10"
for bin in $A $B; do echo "== $bin threads 256"; METILE_CUDA_THREADS=256 $bin bench rms_norm layer_norm add_rms_norm $R | grep fwd; $bin bench silu swiglu $G | grep -v "^entry"; done
for t in 128 256 512; do for blk in 2048 8192 16384; do echo "== act threads $t block $blk"; METILE_CUDA_THREADS=$t METILE_ACT_BLOCK=$blk $B bench swiglu $G | grep -v "^entry"; done; done
for t in 128 256 512 1024; do echo "== softmax threads $t"; METILE_CUDA_THREADS=$t $B bench softmax $R | grep -v "^entry"; done
M=gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,smsp__inst_executed.sum,launch__registers_per_thread,sm__warps_active.avg.pct_of_peak_sustained_active,smsp__issue_active.avg.pct_of_peak_sustained_active,launch__grid_size,launch__block_size
for k in rms_norm_fwd rms_norm_bwd layer_norm_fwd softmax_fwd; do
  METILE_CUDA_THREADS=256 timeout 60 ncu --clock-control none --metrics $M -k regex:mt_$k --launch-count 1 $B bench ${k%_*} $R0 --reps 1 2>&1 | grep -E "mt_|duration|throughput|inst_executed|registers|warps_active|issue_active|grid_size|block_size" | head -12
done
for k in swiglu_fwd swiglu_bwd; do
  timeout 60 ncu --clock-control none --metrics $M -k regex:mt_$k --launch-count 1 $B bench swiglu $G0 --reps 1 2>&1 | grep -E "mt_|duration|throughput|inst_executed|registers|warps_active|issue_active|grid_size|block_size" | head -12
done
