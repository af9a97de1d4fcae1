#!/bin/bash
# Session 17, call 3: which of torch.compile's load hints carry its 2%: the reloading RMSNorm
# forward with each hint on its own, and LayerNorm replicas (held row vs reloaded, hints).
# (LayerNorm rows' maxdiff compares against the RMSNorm reference: ignore it.)
cd "$(dirname "$0")/../.."
R=/tmp/r17c; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -o $R/nv benchmarks/gpu/s17/norm_fwd_variants.cu > $R/ptxas.txt 2>&1; t "nvcc rc=$?"
$R/nv > $R/variants.txt; t "variants rc=$?"; grep -E "copy" $R/variants.txt; grep -A30 "round 1" $R/variants.txt | cut -c1-100
cuobjdump -sass $R/nv > $R/sass.txt; tar czf $OUT/all.tar.gz -C $R .
