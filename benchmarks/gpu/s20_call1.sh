#!/bin/bash
# Session 20, call 1 (carry [".device", ".whl"]): (1) benchmarks/gpu/s20/gemm_probe.cpp (built on
# the build machine with g++ against the pip CUDA 13 headers): every cuBLASLt heuristic algorithm
# for fused linear cross-entropy's per-chunk products (256 rows) and for 4096-row blocks, beside
# cublasGemmEx's default (metile's path) and a 1 GiB device copy; (2) metile's FLCE at Liger's
# chunk (storage-dtype parameter gradients) and at 512 rows, and the peers, in one run.
cd "$(dirname "$0")/../.."
R=/tmp/r20a; rm -rf $R; mkdir -p $R; s=$(date +%s); t() { echo "[$(( $(date +%s) - s )) s] $*"; }
pack() { tar czf $OUT/all.tar.gz -C $R .; }
L=$(dirname "$(find / -name 'libcublasLt.so.13*' -not -path '*/proc/*' 2>/dev/null | head -1)")
C=$(dirname "$(find / -name 'libcudart.so.13*' -not -path '*/proc/*' 2>/dev/null | head -1)")
export LD_LIBRARY_PATH=$L:$C:$LD_LIBRARY_PATH; t "libs $L $C"
timeout 200 .device/bin/gemm_probe 10 > $R/probe.txt 2>&1; t "probe rc=$?"; pack
grep -E "copy|default" $R/probe.txt
for c in "dW += g^T x (C=256" "dW  = g^T x (C=256" "logits = x W^T (C=256" "dx = g W (C=256" "(T=4096" "7680"; do
  grep -F "$c" $R/probe.txt | grep "lt#" | sort -t' ' -k1,1 | awk '{print $(NF-3), $0}' | sort -n | head -3 | cut -d' ' -f2- | cut -c1-150
done
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl && export PYTHONPATH=/tmp/site
export PYTHONUNBUFFERED=1
B=.device/bin/metile
F="fused_linear_cross_entropy --device cuda --rows 8192 --cols 4096 --out-cols 128256 --dtype bf16 --reps 5 --omit bias --omit ce_weight -p param_grad_dtype=storage --json"
( timeout 60 $B bench $F; timeout 60 $B bench $F -p chunk_rows=512 | sed 's/"op":"fused_linear_cross_entropy"/"op":"fused_linear_cross_entropy(512-row chunks)"/' ) > $R/m_flce.jsonl 2> $R/m_flce.err
t "metile flce"; cut -c1-300 $R/m_flce.jsonl; pack
timeout 240 python3 benchmarks/peers.py --ops fused_linear_cross_entropy --rows 8192 --cols 4096 --vocab 128256 --dtypes bf16 --copy-mib 1024 --json $R/p_flce.jsonl > $R/p_flce.log 2>&1; t "peers flce rc=$?"
grep -v "^ " $R/p_flce.log | tail -8
python3 benchmarks/join.py --metile $R/m_flce.jsonl --peers $R/p_flce.jsonl > $R/table_flce.md 2>&1; cat $R/table_flce.md; pack
