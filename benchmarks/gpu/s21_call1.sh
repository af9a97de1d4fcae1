#!/bin/bash
# Session 21, call 1: benchmarks/gpu/s21/flce_sched.cu (built here with nvcc): fused linear
# cross-entropy's products at Liger's 256-row chunks under two-stream schedules.
cd "$(dirname "$0")/../.."
R=/tmp/r21a; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
NVCC=$(command -v nvcc || ls /usr/local/cuda*/bin/nvcc 2>/dev/null | head -1)
HDR=$(dirname "$(find / -name cublasLt.h -not -path '/proc/*' 2>/dev/null | head -1)")
LIB=$(ls /usr/local/cuda/lib64/libcublasLt.so 2>/dev/null || find / -name "libcublasLt.so*" -not -path "/proc/*" 2>/dev/null | head -1)
t "nvcc=$NVCC hdr=$HDR lib=$LIB"
$NVCC -O2 -std=c++17 -arch=sm_90 -I"$HDR" -o $R/flce_sched benchmarks/gpu/s21/flce_sched.cu -L"$(dirname $LIB)" -lcublasLt > $R/build.txt 2>&1; t "build rc=$?"; cat $R/build.txt | head -30
export LD_LIBRARY_PATH=$(dirname $LIB):$LD_LIBRARY_PATH
timeout 400 $R/flce_sched > $R/sched.txt 2>&1; t "sched rc=$?"; cat $R/sched.txt; pack
